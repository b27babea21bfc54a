// The stats' charts (@mui/x-charts): loaded with import() by the stats screens only, so no other
// screen carries the chart library. Each chart is a picture of the table beside it: the picture is
// one image to assistive technology, named for what it shows; the table has the numbers. The bars
// are drawn at once (no growing animation): they arrive after the tables, and nothing should move then.
import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import { BarChart } from '@mui/x-charts/BarChart'
import type { YearStats } from '@shelfwise/contracts'
import { groupDigits } from '@shelfwise/contracts/numbers'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const HEIGHT = 220
/**
 * Room around the plot (the axes' own sizes are set on each axis). The top leaves the highest tick's
 * label its full height above the tick (as the chart measures it): with less, the label is dropped.
 */
const MARGIN = { top: 20, right: 12, bottom: 0, left: 0 }

const SHORT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
/** A count as an axis's tick says it: 950, 1.5K, 12K. */
const shortCount = (n: number) => SHORT.format(n)

const plural = (n: number, one: string, many: string) => `${groupDigits(n)} ${n === 1 ? one : many}`

function Figure({ label, title, height = HEIGHT, children }: { label: string; title?: string; height?: number; children: ReactNode }) {
  return (
    <Box>
      {title && (
        <Typography variant="subtitle2" component="p" aria-hidden sx={{ color: 'text.secondary' }}>
          {title}
        </Typography>
      )}
      <Box role="img" aria-label={label} sx={{ height, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  )
}

/**
 * One series of bars in the stats' look: no legend, no animation, rounded, a line at each count.
 * Categories run along the bottom, or down the side (`horizontal`) so long names have room.
 */
function Bars(props: {
  categories: string[]
  values: number[]
  label: string
  /** What a bar counts, one and many, for the value a pointer shows. */
  unit: readonly [string, string]
  color: string
  height?: number
  horizontal?: boolean
  /** The room between bars, as a share of a category's width. */
  categoryGapRatio?: number
}) {
  const { categories, values, label, unit, color, height = HEIGHT, horizontal = false, categoryGapRatio } = props
  // Counts' ticks in short form (12K), so a year of many pages still fits the axis's width.
  const counts = { tickMinStep: 1, valueFormatter: (v: number | null) => (v === null ? '' : shortCount(v)) }
  const band = { scaleType: 'band' as const, data: categories, ...(categoryGapRatio === undefined ? {} : { categoryGapRatio }) }
  return (
    <BarChart
      height={height}
      margin={MARGIN}
      layout={horizontal ? 'horizontal' : 'vertical'}
      hideLegend
      skipAnimation
      grid={horizontal ? { vertical: true } : { horizontal: true }}
      borderRadius={3}
      xAxis={[horizontal ? { ...counts, height: 28 } : { ...band, height: 28 }]}
      yAxis={[horizontal ? { ...band, width: 112 } : { ...counts, width: 44 }]}
      series={[{ data: values, label, color, valueFormatter: (v) => (v === null ? '' : plural(v, ...unit)) }]}
    />
  )
}

const BOOKS = ['book', 'books'] as const
const PAGES = ['page', 'pages'] as const

/** Books and pages finished each month: two bar charts, one scale each. */
export function MonthCharts({ year, byMonth }: { year: number; byMonth: YearStats['byMonth'] }) {
  const { palette } = useTheme()
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Figure title="Books" label={`Bar chart: books finished in each month of ${year}. The numbers are in the table.`}>
        <Bars categories={MONTHS} values={byMonth.map((m) => m.books)} label="Books" unit={BOOKS} color={palette.primary.main} />
      </Figure>
      <Figure title="Pages" label={`Bar chart: pages read in each month of ${year}. The numbers are in the table.`}>
        <Bars categories={MONTHS} values={byMonth.map((m) => m.pages)} label="Pages" unit={PAGES} color={palette.secondary.main} />
      </Figure>
    </Box>
  )
}

/** How many of the year's books got each number of stars. */
export function RatingsChart({ year, ratings }: { year: number; ratings: YearStats['ratings'] }) {
  const { palette } = useTheme()
  const stars = [1, 2, 3, 4, 5] as const
  return (
    <Figure label={`Bar chart: the books of ${year} by the stars they were given. The numbers are in the table.`}>
      <Bars categories={stars.map((s) => `${s} ★`)} values={stars.map((s) => ratings[s])} label="Books" unit={BOOKS} color={palette.warning.dark} />
    </Figure>
  )
}

/** The year's books by genre, most first: horizontal bars, so long genre names have room. */
export function GenresChart({ year, genres }: { year: number; genres: YearStats['genres'] }) {
  const { palette } = useTheme()
  const height = Math.max(120, genres.length * 30 + 36)
  return (
    <Figure height={height} label={`Bar chart: the books of ${year} by genre. The numbers are in the table.`}>
      <Bars
        horizontal
        height={height}
        categories={genres.map((g) => g.genre)}
        values={genres.map((g) => g.books)}
        label="Books"
        unit={BOOKS}
        color={palette.success.main}
      />
    </Figure>
  )
}

/** Books finished each year, oldest first (the all-time page). */
export function YearsChart({ years }: { years: { year: number; booksRead: number }[] }) {
  const { palette } = useTheme()
  const shown = years.toSorted((a, b) => a.year - b.year)
  return (
    <Figure label="Bar chart: books finished each year. The numbers are in the table.">
      <Bars
        categories={shown.map((y) => String(y.year))}
        values={shown.map((y) => y.booksRead)}
        label="Books"
        unit={BOOKS}
        color={palette.primary.main}
        // A few years' bars stay bars, not blocks.
        categoryGapRatio={shown.length < 6 ? 0.7 : 0.2}
      />
    </Figure>
  )
}

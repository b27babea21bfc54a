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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const HEIGHT = 220
/**
 * Room around the plot (the axes' own sizes are set on each axis). The top leaves the highest tick's
 * label its full height above the tick (as the chart measures it): with less, the label is dropped.
 */
const MARGIN = { top: 20, right: 12, bottom: 0, left: 0 }

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

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

/** Books and pages finished each month: two bar charts, one scale each. */
export function MonthCharts({ year, byMonth }: { year: number; byMonth: YearStats['byMonth'] }) {
  const { palette } = useTheme()
  const chart = (what: 'books' | 'pages', color: string) => (
    <BarChart
      height={HEIGHT}
      margin={MARGIN}
      hideLegend
      skipAnimation
      grid={{ horizontal: true }}
      borderRadius={3}
      xAxis={[{ scaleType: 'band', data: MONTHS, height: 28 }]}
      yAxis={[{ tickMinStep: 1, width: 44 }]}
      series={[
        {
          data: byMonth.map((m) => m[what]),
          label: what === 'books' ? 'Books' : 'Pages',
          color,
          valueFormatter: (v) => (v === null ? '' : what === 'books' ? plural(v, 'book', 'books') : plural(v, 'page', 'pages')),
        },
      ]}
    />
  )
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Figure title="Books" label={`Bar chart: books finished in each month of ${year}. The numbers are in the table.`}>
        {chart('books', palette.primary.main)}
      </Figure>
      <Figure title="Pages" label={`Bar chart: pages read in each month of ${year}. The numbers are in the table.`}>
        {chart('pages', palette.secondary.main)}
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
      <BarChart
        height={HEIGHT}
        margin={MARGIN}
        hideLegend
        skipAnimation
        grid={{ horizontal: true }}
        borderRadius={3}
        xAxis={[{ scaleType: 'band', data: stars.map((s) => `${s} ★`), height: 28 }]}
        yAxis={[{ tickMinStep: 1, width: 44 }]}
        series={[
          {
            data: stars.map((s) => ratings[s]),
            label: 'Books',
            color: palette.warning.dark,
            valueFormatter: (v) => (v === null ? '' : plural(v, 'book', 'books')),
          },
        ]}
      />
    </Figure>
  )
}

/** The year's books by genre, most first: horizontal bars, so long genre names have room. */
export function GenresChart({ year, genres }: { year: number; genres: YearStats['genres'] }) {
  const { palette } = useTheme()
  const height = Math.max(120, genres.length * 30 + 36)
  return (
    <Figure height={height} label={`Bar chart: the books of ${year} by genre. The numbers are in the table.`}>
      <BarChart
        height={height}
        margin={MARGIN}
        layout="horizontal"
        hideLegend
        skipAnimation
        grid={{ vertical: true }}
        borderRadius={3}
        yAxis={[{ scaleType: 'band', data: genres.map((g) => g.genre), width: 112 }]}
        xAxis={[{ tickMinStep: 1, height: 28 }]}
        series={[
          {
            data: genres.map((g) => g.books),
            label: 'Books',
            color: palette.success.main,
            valueFormatter: (v) => (v === null ? '' : plural(v, 'book', 'books')),
          },
        ]}
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
      <BarChart
        height={HEIGHT}
        margin={MARGIN}
        hideLegend
        skipAnimation
        grid={{ horizontal: true }}
        borderRadius={3}
        // A few years' bars stay bars, not blocks.
        xAxis={[{ scaleType: 'band', data: shown.map((y) => String(y.year)), height: 28, categoryGapRatio: shown.length < 6 ? 0.7 : 0.2 }]}
        yAxis={[{ tickMinStep: 1, width: 44 }]}
        series={[
          {
            data: shown.map((y) => y.booksRead),
            label: 'Books',
            color: palette.primary.main,
            valueFormatter: (v) => (v === null ? '' : plural(v, 'book', 'books')),
          },
        ]}
      />
    </Figure>
  )
}

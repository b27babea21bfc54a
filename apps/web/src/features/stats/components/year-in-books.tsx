import { lazy, Suspense, type ReactNode } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { YearStats } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { ApiError, errorMessage } from '#/lib/api-client.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useYearStats } from '#/features/stats/api/year-stats.ts'
import { useReaderStats } from '#/features/stats/api/reader-stats.ts'
import { ChartSection } from '#/features/stats/components/chart-section.tsx'
import { DataTable } from '#/features/stats/components/data-table.tsx'
import { YearFigures } from '#/features/stats/components/figure-tiles.tsx'
import { GoalForm } from '#/features/stats/components/goal-form.tsx'
import { GoalProgress } from '#/features/stats/components/goal-progress.tsx'
import type { DateInWords } from '#/features/stats/components/year-books.tsx'
import { YearNav } from '#/features/stats/components/year-nav.tsx'
import { possessive, STATS_TEXT } from '#/features/stats/components/stats-text.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

// The chart library loads after the figures and tables have drawn; a chart's room is kept meanwhile.
const charts = () => import('#/features/stats/components/charts.tsx')
const MonthCharts = lazy(async () => ({ default: (await charts()).MonthCharts }))
const RatingsChart = lazy(async () => ({ default: (await charts()).RatingsChart }))
const GenresChart = lazy(async () => ({ default: (await charts()).GenresChart }))
// The year's books and the image come below the figures, after their own requests: loaded the same way.
const YearBooks = lazy(async () => ({ default: (await import('#/features/stats/components/year-books.tsx')).YearBooks }))
const YearImage = lazy(async () => ({ default: (await import('#/features/stats/components/year-image.tsx')).YearImage }))

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const ChartSlot = ({ height, children }: { height: number; children: ReactNode }) => <Suspense fallback={<Box sx={{ height }} />}>{children}</Suspense>

function GoalSection({ userId, stats, own, name }: { userId: string; stats: YearStats; own: boolean; name: string }) {
  const { goal, year } = stats
  if (!goal && !own) return null
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="goal-heading"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Typography id="goal-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {possessive(own, name)} {year} goal
      </Typography>
      {goal ? (
        <GoalProgress goal={goal} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No goal for {year} yet. How many books or pages would you like to read? Fill in one or both.
        </Typography>
      )}
      {own && (
        <Box>
          {goal && (
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Change your goal
            </Typography>
          )}
          <GoalForm userId={userId} year={year} goal={goal} />
        </Box>
      )}
    </Paper>
  )
}

function EmptyYear({ userId, year, own, name }: { userId: string; year: number; own: boolean; name: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>
        {own ? `You have not finished a book in ${year} yet. Every book you mark as read counts here.` : `${name} has not finished a book in ${year}.`}
      </Typography>
      <Button component={RouterLink} to={paths.library.href(userId)} variant="outlined">
        {own ? 'Go to your library' : `See ${name}’s library`}
      </Button>
    </Paper>
  )
}

/** The charts with their tables, and the image: for a year with books. */
function YearCharts({ userId, stats, own, name, dateInWords }: { userId: string; stats: YearStats; own: boolean; name: string; dateInWords: DateInWords }) {
  const { year } = stats
  const ratedBooks = Object.values(stats.ratings).reduce((s, n) => s + n, 0)
  return (
    <>
      <ChartSection
        id="months"
        title="Books and pages by month"
        chart={
          <ChartSlot height={480}>
            <MonthCharts year={year} byMonth={stats.byMonth} />
          </ChartSlot>
        }
        table={
          <DataTable
            caption={`Books and pages by month, ${year}`}
            columns={['Month', 'Books', 'Pages']}
            rows={stats.byMonth.map((m) => ({ key: m.month, cells: [MONTH_NAMES[m.month - 1]!, m.books, m.pages] }))}
          />
        }
        note={
          stats.yearOnly > 0 && (
            <Typography variant="body2" sx={{ mt: 1.5 }}>
              Finished in {year}, month unknown: {groupDigits(stats.yearOnly)}
            </Typography>
          )
        }
      />
      <ChartSection
        id="ratings"
        title="Ratings"
        chart={
          ratedBooks > 0 ? (
            <ChartSlot height={220}>
              <RatingsChart year={year} ratings={stats.ratings} />
            </ChartSlot>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {own ? 'You have not rated' : `${name} has not rated`} any of these books yet.
            </Typography>
          )
        }
        table={
          <DataTable
            caption={`Books by rating, ${year}`}
            columns={['Rating', 'Books']}
            rows={([5, 4, 3, 2, 1] as const).map((s) => ({ key: s, cells: [`${s} ${s === 1 ? 'star' : 'stars'}`, stats.ratings[s]] }))}
          />
        }
      />
      {stats.genres.length > 0 && (
        <ChartSection
          id="genres"
          title="Genres"
          chart={
            <ChartSlot height={stats.genres.length * 30 + 36}>
              <GenresChart year={year} genres={stats.genres} />
            </ChartSlot>
          }
          table={
            <DataTable
              caption={`Books by genre, ${year}`}
              columns={['Genre', 'Books']}
              rows={stats.genres.map((g) => ({ key: g.genre, cells: [g.genre, g.books] }))}
            />
          }
        />
      )}
      <ChartSlot height={240}>
        <YearBooks userId={userId} year={year} dateInWords={dateInWords} />
      </ChartSlot>
      <ChartSlot height={480}>
        <YearImage
          userId={userId}
          stats={stats}
          name={name}
          alt={`${possessive(own, name)} ${year} in books: ${groupDigits(stats.booksRead)} ${stats.booksRead === 1 ? 'book' : 'books'} and ${groupDigits(stats.pagesRead)} pages, with the cover of every book.`}
        />
      </ChartSlot>
    </>
  )
}

/** A reader's year in books: figures, charts with their tables, the goal and the year-in-review image. */
export function YearInBooks({
  userId,
  year,
  own,
  name,
  dateInWords,
}: {
  userId: string
  year: number
  own: boolean
  name: string
  /** How a finish reads ('30 September 2025'): the reading log's words, passed in by the screen. */
  dateInWords: DateInWords
}) {
  const stats = useYearStats(userId, year)
  const reader = useReaderStats(userId)
  const years = reader.data?.years.map((y) => y.year) ?? []
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <YearNav userId={userId} year={year} years={years} />
      {stats.isPending ? (
        <SectionSpinner label="Loading stats" />
      ) : stats.isError ? (
        <ErrorAlert>
          {stats.error instanceof ApiError && stats.error.status === 404 ? STATS_TEXT.notFound : errorMessage(stats.error, STATS_TEXT.loadFailed)}
        </ErrorAlert>
      ) : (
        <>
          {stats.data.booksRead === 0 ? <EmptyYear userId={userId} year={year} own={own} name={name} /> : <YearFigures stats={stats.data} />}
          <GoalSection userId={userId} stats={stats.data} own={own} name={name} />
          {stats.data.booksRead > 0 && <YearCharts userId={userId} stats={stats.data} own={own} name={name} dateInWords={dateInWords} />}
        </>
      )}
    </Box>
  )
}

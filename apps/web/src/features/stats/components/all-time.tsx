import { lazy, Suspense } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { ApiError, errorMessage } from '#/lib/api-client.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useReaderStats } from '#/features/stats/api/reader-stats.ts'
import { ChartSection } from '#/features/stats/components/chart-section.tsx'
import { DataTable, type DataRow } from '#/features/stats/components/data-table.tsx'
import { FigureTiles } from '#/features/stats/components/figure-tiles.tsx'
import { STATS_TEXT } from '#/features/stats/components/stats-text.ts'
import { yearsWithoutHoles } from '#/features/stats/lib/year-axis.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

const YearsChart = lazy(async () => ({ default: (await import('#/features/stats/components/charts.tsx')).YearsChart }))

const DATE_UNKNOWN = 'Date unknown'

/** Every year a reader finished books in, with all-time totals; finishes nobody dated count in the totals as "date unknown". */
export function AllTimeStats({ userId, own, name }: { userId: string; own: boolean; name: string }) {
  const stats = useReaderStats(userId)
  const thisYear = new Date().getFullYear()
  if (stats.isPending) return <SectionSpinner label="Loading stats" />
  if (stats.isError) {
    return (
      <ErrorAlert>
        {stats.error instanceof ApiError && stats.error.status === 404 ? STATS_TEXT.notFound : errorMessage(stats.error, STATS_TEXT.loadFailed)}
      </ErrorAlert>
    )
  }
  const { years, allTime } = stats.data
  // The undated finishes' pages: what the totals hold beyond the years'.
  const undatedPages = Math.max(0, allTime.pagesRead - years.reduce((s, y) => s + y.pagesRead, 0))
  // Every year from the first to the last, a year without books as zeros: the chart and the table have no holes.
  const axis = yearsWithoutHoles(years)
  const rows: DataRow[] = axis.map((y) => ({
    key: y.year,
    cells: [
      <Link key="year" component={RouterLink} to={paths.stats.href(userId, y.year)}>
        {y.year}
      </Link>,
      y.booksRead,
      y.pagesRead,
    ],
  }))
  if (allTime.undated > 0) rows.push({ key: 'undated', cells: [DATE_UNKNOWN, allTime.undated, undatedPages] })

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Box component="nav" aria-label="Years" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.stats.href(userId, thisYear)} size="small" variant="outlined">
          {own ? `Your ${thisYear} in books` : `${thisYear} in books`}
        </Button>
      </Box>
      {allTime.booksRead === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>
            {own ? 'You have not finished a book yet. Every book you mark as read counts here.' : `${name} has not finished a book yet.`}
          </Typography>
          <Button component={RouterLink} to={paths.library.href(userId)} variant="outlined">
            {own ? 'Go to your library' : `See ${name}’s library`}
          </Button>
        </Paper>
      ) : (
        <>
          <FigureTiles
            label="All-time figures"
            tiles={[
              { label: 'Reads finished', value: groupDigits(allTime.booksRead), detail: 're-reads count' },
              { label: 'Pages read', value: groupDigits(allTime.pagesRead) },
              { label: years.length === 1 ? 'Year with books' : 'Years with books', value: groupDigits(years.length) },
              ...(allTime.undated > 0 ? [{ label: `Finished, ${DATE_UNKNOWN.toLowerCase()}`, value: groupDigits(allTime.undated) }] : []),
            ]}
          />
          <ChartSection
            id="years"
            title="Books by year"
            chart={
              years.length > 0 ? (
                <Suspense fallback={<Box sx={{ height: 220 }} />}>
                  <YearsChart years={axis} />
                </Suspense>
              ) : null
            }
            table={<DataTable caption="Books and pages by year" columns={['Year', 'Books', 'Pages']} rows={rows} />}
            note={
              allTime.undated > 0 && (
                <Typography variant="body2" sx={{ mt: 1.5 }}>
                  {DATE_UNKNOWN}: {groupDigits(allTime.undated)} finished {allTime.undated === 1 ? 'read has' : 'reads have'} no date. They count in the totals,
                  in no year.
                </Typography>
              )
            }
          />
        </>
      )}
    </Box>
  )
}

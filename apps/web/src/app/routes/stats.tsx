import type { ReactNode } from 'react'
import { Link as RouterLink, useParams } from '#/lib/router/react.tsx'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { User } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { errorMessage } from '#/lib/api-client.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useUser } from '#/features/users/api/get-user.ts'
import { YearInBooks } from '#/features/stats/components/year-in-books.tsx'
import { partialDateInWords } from '#/features/reading/components/partial-date.ts'
import { AllTimeStats } from '#/features/stats/components/all-time.tsx'
import { FIRST_YEAR } from '#/features/stats/components/year-nav.tsx'
import { STATS_TEXT } from '#/features/stats/components/stats-text.ts'

const LAST_YEAR = 2100

export const STATS_ROUTE_TEXT = {
  badYear: `There are stats for the years ${FIRST_YEAR} to ${LAST_YEAR} only.`,
  loadUser: 'Failed to load user profile',
} as const

/**
 * The frame of both stats screens: the heading ("Your …" for the reader themself, else the reader's
 * name, linking to their profile), and the screen once the reader is known.
 */
function StatsScreen({
  userId,
  title,
  words,
  children,
}: {
  userId: string
  title: (own: boolean, user: User | undefined) => string
  words: string
  children: (own: boolean, name: string) => ReactNode
}) {
  const { user: viewer } = useAuth()
  const own = viewer?._id === userId
  const user = useUser(userId)
  const known = own || Boolean(user.data)
  useDocumentTitle(known ? title(own, user.data ?? undefined) : user.data === null ? STATS_TEXT.notFound : undefined)
  return (
    // A long name or title breaks where it must rather than widen the page.
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, overflowWrap: 'break-word' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2, overflowWrap: 'anywhere' }}>
        {own ? (
          title(true, undefined)
        ) : user.data ? (
          <>
            <Link component={RouterLink} to={paths.user.href(userId)} underline="hover" color="inherit" dir="auto">
              {user.data.name}
            </Link>
            ’s {words}
          </>
        ) : (
          'Reading stats'
        )}
      </Typography>
      {known ? (
        children(own, user.data?.name ?? viewer?.name ?? '')
      ) : user.isPending ? (
        <SectionSpinner label="Loading profile" />
      ) : user.isError ? (
        <ErrorAlert>{errorMessage(user.error, STATS_ROUTE_TEXT.loadUser)}</ErrorAlert>
      ) : (
        <ErrorAlert>{STATS_TEXT.notFound}</ErrorAlert>
      )}
    </Container>
  )
}

/** /user/:userId/stats/:year — a reader's year in books. */
function YearStatsScreen({ userId, raw }: { userId: string; raw: string }) {
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN
  const valid = year >= FIRST_YEAR && year <= LAST_YEAR
  const words = valid ? `${year} in books` : 'reading stats'
  return (
    <StatsScreen userId={userId} title={(own, user) => (own ? `Your ${words}` : `${user?.name ?? ''}’s ${words}`)} words={words}>
      {(own, name) =>
        valid ? (
          <YearInBooks userId={userId} year={year} own={own} name={name} dateInWords={partialDateInWords} />
        ) : (
          <ErrorAlert>{STATS_ROUTE_TEXT.badYear}</ErrorAlert>
        )
      }
    </StatsScreen>
  )
}

/** /user/:userId/stats — every year with books, and the all-time totals. */
function AllTimeScreen({ userId }: { userId: string }) {
  return (
    <StatsScreen userId={userId} title={(own, user) => (own ? 'Your reading, all time' : `${user?.name ?? ''}’s reading, all time`)} words="reading, all time">
      {(own, name) => <AllTimeStats userId={userId} own={own} name={name} />}
    </StatsScreen>
  )
}

/** A reader's stats: a year's (/user/:userId/stats/:year), or every year's (/user/:userId/stats). */
export function StatsRoute() {
  const { userId = '', year } = useParams()
  return year === undefined ? <AllTimeScreen userId={userId} /> : <YearStatsScreen key={year} userId={userId} raw={year} />
}

import { lazy, Suspense, useState } from 'react'
import { useLocation, useNavigate, useParams } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { FollowResult, User } from '@shelfwise/contracts'
import { paths, PROFILE_SECTIONS_ID } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ApiError, errorMessage } from '#/lib/api-client.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useFeedLinks } from '#/lib/feed-link.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { TopBarActions } from '#/components/chrome/top-bar-slot.tsx'
import { useUser } from '#/features/users/api/get-user.ts'
import { useToggleFollow } from '#/features/users/api/toggle-follow.ts'
import { UserSearch } from '#/features/users/components/user-search.tsx'
import { ProfileStats } from '#/features/users/components/profile-stats.tsx'
import { CurrentlyReading } from '#/features/reading/components/currently-reading.tsx'
import { LibrarySummary } from '#/features/reading/components/library-summary.tsx'
import { StatsLink } from '#/features/stats/components/stats-link.tsx'
import { ProfileBanner } from '#/features/users/components/profile-banner.tsx'
import { FollowButton } from '#/features/users/components/follow-button.tsx'
import { ShelfGrid } from '#/features/users/components/shelf-grid.tsx'
import { BioText } from '#/features/users/components/profile-bio.tsx'
import { UserReviewList } from '#/features/reviews/components/user-review-list.tsx'
import { useAddressTab } from '#/features/users/use-address-tab.ts'
import { SafetyMenu } from '#/features/safety/components/safety-menu.tsx'
import { RemovedByModerators } from '#/components/safety/report-button.tsx'

// Read when the Credited tab opens (decision 0059).
const CreditedTalk = lazy(() => import('#/features/feed/components/credited-talk.tsx'))

export const USER_TEXT = {
  idRequired: 'User ID is required',
  notFound: 'User not found',
  loadFailed: 'Failed to load user profile',
  followData: 'Failed to load follow data',
  noBio: 'No bio available',
  noReviews: 'No reviews yet',
  noBooks: 'No books read yet',
  noCredits: 'No book credits this reader as its author or publisher yet.',
} as const

function PublicProfile({ user }: { user: User }) {
  const navigate = useNavigate()
  const location = useLocation()
  const { user: viewer, isAuthenticated } = useAuth()
  const [tab, setTab] = useAddressTab(['reviews', 'books-read', 'credited'])
  const [follow, setFollow] = useState<FollowResult | null>(null)
  const toggle = useToggleFollow({ onSuccess: (res) => setFollow(res) })
  const isSelf = viewer?._id === user._id
  const isFollowing = follow?.isFollowing ?? user.isFollowing
  const handleFollow = () => (isAuthenticated ? toggle.mutate(user._id) : navigate(paths.login.href(), { state: { from: location } }))

  return (
    <>
      <ProfileBanner
        name={user.name}
        username={user.username}
        profileImage={user.profileImage}
        actions={
          isSelf ? undefined : (
            <>
              <FollowButton userId={user._id} isFollowing={isFollowing} isBusy={toggle.isPending} onClick={handleFollow} />
              {isAuthenticated && <SafetyMenu userId={user._id} username={user.username} />}
            </>
          )
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, mt: 3 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Bio
          </Typography>
          {/* A profile the moderators hid comes without bio and image (decision 0058). */}
          {user.removedByModerators ? <RemovedByModerators /> : <BioText bio={user.bio} placeholder={USER_TEXT.noBio} />}
        </Paper>
        <ProfileStats
          userId={user._id}
          isOwn={false}
          errorText={USER_TEXT.followData}
          counts={follow ? { followers: follow.followerCount, following: follow.followingCount } : undefined}
        />
        <CurrentlyReading userId={user._id} own={isSelf} />
        <LibrarySummary userId={user._id} own={isSelf} />
        <StatsLink userId={user._id} />
        <Box id={PROFILE_SECTIONS_ID}>
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Profile sections">
            <Tab label="Reviews" />
            <Tab label="Books Read" />
            <Tab label="Credited" />
          </Tabs>
          <Box sx={{ pt: 2 }}>
            {tab === 0 ? (
              <UserReviewList userId={user._id} />
            ) : tab === 1 ? (
              <ShelfGrid userId={user._id} shelf="recently-read" emptyMessage={USER_TEXT.noBooks} errorMessage="Failed to load read books" label="Books Read" />
            ) : (
              <>
                <ShelfGrid userId={user._id} shelf="credited-books" emptyMessage={USER_TEXT.noCredits} label="Credited" />
                <Suspense fallback={<SectionSpinner label="Loading" />}>
                  <CreditedTalk userId={user._id} />
                </Suspense>
              </>
            )}
          </Box>
        </Box>
      </Box>
    </>
  )
}

export function UserRoute() {
  const { userId } = useParams()
  const { data, isPending, isError, error } = useUser(userId)
  useDocumentTitle(data ? `${data.name} (@${data.username})` : isError || data === null || !userId ? USER_TEXT.notFound : undefined)
  useFeedLinks(
    data
      ? [
          { href: `/api/users/${encodeURIComponent(data._id)}/reviews.atom`, title: `Reviews by ${data.name}` },
          { href: `/api/users/${encodeURIComponent(data._id)}/reads.atom`, title: `Books read by ${data.name}` },
        ]
      : [],
  )
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <TopBarActions>
        <UserSearch dense />
      </TopBarActions>
      {!userId ? (
        <ErrorAlert>{USER_TEXT.idRequired}</ErrorAlert>
      ) : isPending ? (
        <SectionSpinner label="Loading profile" />
      ) : isError ? (
        <ErrorAlert>{error instanceof ApiError && error.status === 400 ? USER_TEXT.notFound : errorMessage(error, USER_TEXT.loadFailed)}</ErrorAlert>
      ) : data === null ? (
        <ErrorAlert>{USER_TEXT.notFound}</ErrorAlert>
      ) : (
        <PublicProfile user={data} />
      )}
    </Container>
  )
}

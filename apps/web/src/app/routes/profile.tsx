import { lazy, Suspense, useRef, useState } from 'react'
import { Link as RouterLink, Navigate, useLocation, useNavigate } from '#/lib/router/react.tsx'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { User } from '@shelfwise/contracts'
import { paths, PROFILE_SECTIONS_ID } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useFeedLinks } from '#/lib/feed-link.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { NoticeSnackbar, type Notice } from '#/components/feedback/notice-snackbar.tsx'
import { useUser } from '#/features/users/api/get-user.ts'
import { UserSearch } from '#/features/users/components/user-search.tsx'
import { ProfileBanner } from '#/features/users/components/profile-banner.tsx'
import { AvatarUpload } from '#/features/users/components/avatar-upload.tsx'
import { ChangeUsernameDialog } from '#/features/users/components/change-username-dialog.tsx'
import { ChangePasswordDialog } from '#/features/auth/components/change-password-dialog.tsx'
import { DeleteAccountDialog, DELETE_ACCOUNT_TEXT } from '#/features/auth/components/delete-account-dialog.tsx'
import { ProfileBio } from '#/features/users/components/profile-bio.tsx'
import { ProfileShelves } from '#/features/users/components/profile-shelves.tsx'
import { ProfileStats } from '#/features/users/components/profile-stats.tsx'
import { CurrentlyReading } from '#/features/reading/components/currently-reading.tsx'
import { LibrarySummary } from '#/features/reading/components/library-summary.tsx'
import { GoalCard } from '#/features/stats/components/goal-card.tsx'
import { StatsLink } from '#/features/stats/components/stats-link.tsx'
import { EditProfileActions } from '#/features/users/components/edit-profile-actions.tsx'
import { UserReviewList } from '#/features/reviews/components/user-review-list.tsx'
import { YourDataSection } from '#/features/imports/components/your-data-section.tsx'
import { useLibraryCounts } from '#/features/reading/api/library.ts'
import { useFirstRun } from '#/features/onboarding/use-first-run.ts'
import { useAddressTab } from '#/features/users/use-address-tab.ts'

// Muted words, blocked readers and the reader's reports (decisions 0057, 0058): loaded after the profile itself.
const SafetySection = lazy(() => import('#/features/safety/components/safety-section.tsx').then((m) => ({ default: m.SafetySection })))

// Only for a reader whose library is empty: its code loads when it shows.
const FirstRunInvitation = lazy(() => import('#/features/onboarding/components/first-run-invitation.tsx'))
// Who can see the reader's reading (decision 0055): a setting, loaded with its own code.
const PrivacySection = lazy(() => import('#/features/reading/components/privacy-section.tsx'))

export const PROFILE_TEXT = {
  hiddenByModerators: 'The moderators hid your bio and profile image: other readers see “removed by the moderators” instead.',
  signedOut: 'Please login to view your profile',
  loadUser: 'Failed to load user data',
  loadStats: 'Failed to load user statistics',
  loadReviews: 'Failed to load reviews',
  noBio: 'No bio added yet.',
  bioUpdated: 'Bio updated successfully',
  bioFailed: 'Failed to update bio',
} as const

function OwnProfile({ userId, onLogout, onDeleted }: { userId: string; onLogout: () => void; onDeleted: () => void }) {
  const { user: stored, updateUser, replaceToken } = useAuth()
  const profile = useUser(userId)
  useFeedLinks([
    { href: `/api/users/${encodeURIComponent(userId)}/reviews.atom`, title: 'Your reviews' },
    { href: `/api/users/${encodeURIComponent(userId)}/reads.atom`, title: 'Books you read' },
  ])
  // A page that sent the reader here may leave a word for them (a book deleted).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice
  const [snack, setSnack] = useState<Notice>(() => (typeof notice === 'string' ? { message: notice, severity: 'success' } : null))
  const [dialog, setDialog] = useState<'username' | 'password' | 'delete' | null>(null)
  const [tab, setTab] = useAddressTab(['books', 'reviews'])
  const firstRun = useFirstRun(userId, useLibraryCounts(userId).data)

  const onUserChanged = (user: User, message?: string) => {
    updateUser({ ...stored, ...user })
    if (message) setSnack({ message, severity: 'success' })
  }

  if (profile.isPending) return <SectionSpinner label="Loading profile" />
  if (profile.isError || !profile.data) return <ErrorAlert>{PROFILE_TEXT.loadUser}</ErrorAlert>
  const user = profile.data

  return (
    <>
      <ProfileBanner
        name={user.name}
        username={user.username}
        profileImage={user.profileImage}
        avatarSlot={
          <AvatarUpload
            username={user.username}
            profileImage={user.profileImage}
            onDone={onUserChanged}
            onError={(message) => setSnack({ message, severity: 'error' })}
          />
        }
        actions={<EditProfileActions onChangeUsername={() => setDialog('username')} onChangePassword={() => setDialog('password')} onLogout={onLogout} />}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, mt: 3 }}>
        {firstRun.isShown && (
          <Suspense fallback={null}>
            <FirstRunInvitation userId={userId} onDismiss={firstRun.hide} />
          </Suspense>
        )}
        {user.removedByModerators && (
          // Its reader still sees bio and image; others see neither (decision 0058).
          <Alert severity="warning">{PROFILE_TEXT.hiddenByModerators}</Alert>
        )}
        <ProfileBio
          bio={user.bio}
          placeholder={PROFILE_TEXT.noBio}
          failedMessage={PROFILE_TEXT.bioFailed}
          onSaved={(u) => onUserChanged(u, PROFILE_TEXT.bioUpdated)}
          onError={(message) => setSnack({ message, severity: 'error' })}
        />
        <ProfileStats userId={userId} isOwn errorText={PROFILE_TEXT.loadStats} />
        <GoalCard userId={userId} />
        <CurrentlyReading userId={userId} own />
        <LibrarySummary userId={userId} own />
        <StatsLink userId={userId} />
        <Suspense fallback={null}>
          <PrivacySection />
        </Suspense>
        <YourDataSection onDeleteAccount={() => setDialog('delete')} />
        <Suspense fallback={null}>
          <SafetySection />
        </Suspense>
        <Box id={PROFILE_SECTIONS_ID}>
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Profile sections">
            <Tab label="Books" />
            <Tab label="Reviews" />
          </Tabs>
          <Box sx={{ pt: 2 }}>{tab === 0 ? <ProfileShelves userId={userId} /> : <UserReviewList userId={userId} />}</Box>
        </Box>
      </Box>
      <ChangeUsernameDialog open={dialog === 'username'} current={user.username} onClose={() => setDialog(null)} onDone={onUserChanged} />
      <ChangePasswordDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        onDone={(token, message) => {
          replaceToken(token)
          setSnack({ message, severity: 'success' })
        }}
      />
      <DeleteAccountDialog open={dialog === 'delete'} onClose={() => setDialog(null)} onDeleted={onDeleted} />
      <NoticeSnackbar notice={snack} onClose={() => setSnack(null)} />
    </>
  )
}

export function ProfileRoute() {
  const { isAuthenticated, user, logout } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  useDocumentTitle('Profile')
  // Set by Logout: a reader who chose to leave is not sent back here after signing in again.
  const loggedOut = useRef(false)
  const handleLogout = () => {
    loggedOut.current = true
    logout()
    navigate(paths.login.href(), { replace: true })
  }
  // Set once the account is deleted: the page is on its way Home and sends nobody to sign in meanwhile.
  const deleted = useRef(false)
  const handleDeleted = async () => {
    deleted.current = true
    await navigate(paths.home.href(), { replace: true, state: { notice: DELETE_ACCOUNT_TEXT.done } })
    logout()
  }
  // The guard: signed-out readers go to /login, which sends them back here afterwards.
  if (!isAuthenticated) {
    return deleted.current ? null : <Navigate to={paths.login.href()} state={loggedOut.current ? undefined : { from: location }} replace />
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      {user?._id ? (
        <>
          <Box sx={{ mb: 2, maxWidth: 420 }}>
            <UserSearch />
          </Box>
          <OwnProfile userId={user._id} onLogout={handleLogout} onDeleted={() => void handleDeleted()} />
        </>
      ) : (
        <Box sx={{ textAlign: 'center', py: 8 }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {PROFILE_TEXT.signedOut}
          </Typography>
          <Button component={RouterLink} to={paths.login.href()} variant="contained">
            Go to Login
          </Button>
        </Box>
      )}
    </Container>
  )
}

import { useRef, useState } from 'react'
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Snackbar from '@mui/material/Snackbar'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import EditIcon from '@mui/icons-material/Edit'
import AddIcon from '@mui/icons-material/Add'
import type { User } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { SNACKBAR_MS } from '#/theme/theme.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useUser } from '#/features/users/api/get-user.ts'
import { useUserStats } from '#/features/users/api/get-user-stats.ts'
import { UserSearch } from '#/features/users/components/user-search.tsx'
import { StatTiles } from '#/features/users/components/stat-tiles.tsx'
import { ProfileBanner } from '#/features/users/components/profile-banner.tsx'
import { AvatarUpload } from '#/features/users/components/avatar-upload.tsx'
import { ShelfGrid } from '#/features/users/components/shelf-grid.tsx'
import { ChangeUsernameDialog } from '#/features/users/components/change-username-dialog.tsx'
import { ChangePasswordDialog } from '#/features/auth/components/change-password-dialog.tsx'
import { ProfileBio } from '#/features/users/components/profile-bio.tsx'
import { UserReviewList } from '#/features/reviews/components/user-review-list.tsx'

export const PROFILE_TEXT = {
  signedOut: 'Please login to view your profile',
  loadUser: 'Failed to load user data',
  loadStats: 'Failed to load user statistics',
  loadReviews: 'Failed to load reviews',
  noBio: 'No bio added yet.',
  bioUpdated: 'Bio updated successfully',
  bioFailed: 'Failed to update bio',
} as const

type Snack = { message: string; severity: 'success' | 'error' } | null

const shelves = [
  { label: 'Wishlist', shelf: 'wishlist' },
  { label: 'Recently Read', shelf: 'recently-read' },
  { label: 'Listed', shelf: 'listed-books' },
  { label: 'Created', shelf: 'created-books' },
] as const

function OwnProfile({ userId, onLogout }: { userId: string; onLogout: () => void }) {
  const { user: stored, updateUser, replaceToken } = useAuth()
  const profile = useUser(userId)
  const stats = useUserStats(userId)
  const [snack, setSnack] = useState<Snack>(null)
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null)
  const [dialog, setDialog] = useState<'username' | 'password' | null>(null)
  const [tab, setTab] = useState(0)
  const [shelfTab, setShelfTab] = useState(0)

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
        actions={
          <>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={(e) => setMenuAnchor(e.currentTarget)} aria-haspopup="menu" aria-controls={menuAnchor ? 'edit-profile-menu' : undefined}>
              Edit Profile
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.addBook.href()}>Add Book</Button>
          </>
        }
      />
      <Menu id="edit-profile-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={() => { setMenuAnchor(null); setDialog('username') }}>Change Username</MenuItem>
        <MenuItem onClick={() => { setMenuAnchor(null); setDialog('password') }}>Change Password</MenuItem>
        <MenuItem onClick={() => { setMenuAnchor(null); onLogout() }}>Logout</MenuItem>
      </Menu>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, mt: 3 }}>
        <ProfileBio
          bio={user.bio}
          placeholder={PROFILE_TEXT.noBio}
          failedMessage={PROFILE_TEXT.bioFailed}
          onSaved={(u) => onUserChanged(u, PROFILE_TEXT.bioUpdated)}
          onError={(message) => setSnack({ message, severity: 'error' })}
        />
        {stats.isPending ? (
          <SectionSpinner label="Loading statistics" />
        ) : stats.isError ? (
          <ErrorAlert>{PROFILE_TEXT.loadStats}</ErrorAlert>
        ) : (
          <StatTiles
            tiles={[
              { label: 'Reviews', value: stats.data.reviews },
              { label: 'Books Read', value: stats.data.readBooks },
              { label: 'Wishlist', value: stats.data.wishlistCount ?? 0 },
              { label: 'Following', value: stats.data.following, to: paths.followers.href(userId, 'following') },
              { label: 'Followers', value: stats.data.followers, to: paths.followers.href(userId) },
            ]}
          />
        )}
        <Box>
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Profile sections">
            <Tab label="Books" />
            <Tab label="Reviews" />
          </Tabs>
          <Box sx={{ pt: 2 }}>
            {tab === 0 ? (
              <>
                <Tabs value={shelfTab} onChange={(_, v: number) => setShelfTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Book lists" sx={{ mb: 2 }}>
                  {shelves.map((s) => <Tab key={s.shelf} label={s.label} />)}
                </Tabs>
                <ShelfGrid key={shelves[shelfTab]!.shelf} userId={userId} shelf={shelves[shelfTab]!.shelf} label={shelves[shelfTab]!.label} />
              </>
            ) : (
              <UserReviewList userId={userId} />
            )}
          </Box>
        </Box>
      </Box>
      <ChangeUsernameDialog open={dialog === 'username'} current={user.username} onClose={() => setDialog(null)} onDone={onUserChanged} />
      <ChangePasswordDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        onDone={(token, message) => { replaceToken(token); setSnack({ message, severity: 'success' }) }}
      />
      {/* It hides after 6000 ms or when closed, not on a click elsewhere: a click that itself fails (Upload with no token) must still show its message. */}
      <Snackbar open={snack !== null} autoHideDuration={SNACKBAR_MS} onClose={(_, reason) => { if (reason !== 'clickaway') setSnack(null) }} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        {snack ? <Alert severity={snack.severity} variant="filled" onClose={() => setSnack(null)}>{snack.message}</Alert> : undefined}
      </Snackbar>
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
  // The guard: signed-out readers go to /login, which sends them back here afterwards.
  if (!isAuthenticated) return <Navigate to={paths.login.href()} state={loggedOut.current ? undefined : { from: location }} replace />
  return (
    <>
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
        {user?._id ? (
          <>
            <Box sx={{ mb: 2, maxWidth: 420 }}><UserSearch /></Box>
            <OwnProfile userId={user._id} onLogout={handleLogout} />
          </>
        ) : (
          <Box sx={{ textAlign: 'center', py: 8 }}>
            <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{PROFILE_TEXT.signedOut}</Typography>
            <Button component={RouterLink} to={paths.login.href()} variant="contained">Go to Login</Button>
          </Box>
        )}
      </Container>
    </>
  )
}

import { useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { PersonRow } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { formatFullDate, profileImageUrl } from '#/lib/format.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useFollows, type FollowDirection } from '#/features/users/api/get-follows.ts'
import { useToggleFollow } from '#/features/users/api/toggle-follow.ts'
import { useUser } from '#/features/users/api/get-user.ts'
import { FollowButton } from '#/features/users/components/follow-button.tsx'

export const FOLLOWERS_TEXT = {
  noFollowers: 'No followers yet',
  noFollowing: 'Not following anyone yet',
  failed: 'Failed to load follow data',
} as const

function PersonItem({ person, viewedId }: { person: PersonRow; viewedId: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  const { user: viewer, isAuthenticated } = useAuth()
  const [isFollowing, setFollowing] = useState(person.isFollowing)
  const toggle = useToggleFollow({ onSuccess: (res) => setFollowing(res.isFollowing) })
  // No button for the person whose page this is, nor for the viewer themself.
  const showButton = person._id !== viewedId && person._id !== viewer?._id
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Avatar src={profileImageUrl(person.profileImage)} alt={person.username}>{person.username.charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Link component={RouterLink} to={paths.user.href(person._id)} underline="hover" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{person.username}</Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>Joined {formatFullDate(person.createdAt)}</Typography>
      </Box>
      {showButton && (
        <FollowButton
          size="small"
          isFollowing={isFollowing}
          isBusy={toggle.isPending}
          onClick={() => (isAuthenticated ? toggle.mutate(person._id) : navigate(paths.login.href(), { state: { from: location } }))}
        />
      )}
    </Box>
  )
}

function PeopleList({ userId, direction, tab }: { userId: string; direction: FollowDirection; tab: FollowDirection }) {
  const q = useFollows(userId, direction)
  if (direction !== tab) return null
  if (q.isPending) return <SectionSpinner label="Loading people" />
  if (q.isError) return <ErrorAlert>{FOLLOWERS_TEXT.failed}</ErrorAlert>
  if (q.data.items.length === 0) return <EmptyState message={direction === 'followers' ? FOLLOWERS_TEXT.noFollowers : FOLLOWERS_TEXT.noFollowing} />
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {q.data.items.map((p) => <PersonItem key={p._id} person={p} viewedId={userId} />)}
    </Box>
  )
}

export function FollowersRoute() {
  const { userId = '' } = useParams()
  const location = useLocation()
  const [tab, setTab] = useState<FollowDirection>(location.hash === '#following' ? 'following' : 'followers')
  const user = useUser(userId)
  const followers = useFollows(userId, 'followers')
  const following = useFollows(userId, 'following')
  const count = (q: typeof followers) => q.data?.total ?? q.data?.items.length ?? 0
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {/* Usernames are one long word: let them wrap on a phone rather than push the page sideways. */}
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2, overflowWrap: 'anywhere' }}>
        {user.data ? (
          <Link component={RouterLink} to={paths.user.href(userId)} underline="hover" color="inherit">@{user.data.username}</Link>
        ) : 'Connections'}
      </Typography>
      <Paper variant="outlined" sx={{ px: { xs: 1, sm: 2 }, pb: 1 }}>
        <Tabs value={tab} onChange={(_, v: FollowDirection) => setTab(v)} aria-label="Followers and following" variant="fullWidth">
          <Tab value="followers" label={`Followers (${count(followers)})`} />
          <Tab value="following" label={`Following (${count(following)})`} />
        </Tabs>
        <PeopleList userId={userId} direction="followers" tab={tab} />
        <PeopleList userId={userId} direction="following" tab={tab} />
      </Paper>
    </Container>
  )
}

import { useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from '#/lib/router/react.tsx'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { PersonRow as Person } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { formatFullDate, profileImageUrl } from '#/lib/format.ts'
import { useToggleFollow } from '#/features/users/api/toggle-follow.ts'
import { FollowButton } from '#/features/users/components/follow-button.tsx'

/** One person on the followers page: avatar (or first letter), username, 'Joined {date}', Follow / Unfollow. */
export function PersonRow({ person, viewedId }: { person: Person; viewedId: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  const { user: viewer, isAuthenticated } = useAuth()
  const [isFollowing, setFollowing] = useState(person.isFollowing)
  const toggle = useToggleFollow({ onSuccess: (res) => setFollowing(res.isFollowing) })
  // No button for the person whose page this is, nor for the viewer themself.
  const showButton = person._id !== viewedId && person._id !== viewer?._id
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Avatar src={profileImageUrl(person.profileImage)} alt={person.username}>
        {person.username.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Link component={RouterLink} to={paths.user.href(person._id)} underline="hover" dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {person.username}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Joined {formatFullDate(person.createdAt)}
        </Typography>
      </Box>
      {showButton && (
        <FollowButton
          userId={person._id}
          size="small"
          isFollowing={isFollowing}
          isBusy={toggle.isPending}
          onClick={() => (isAuthenticated ? toggle.mutate(person._id) : navigate(paths.login.href(), { state: { from: location } }))}
        />
      )}
    </Box>
  )
}

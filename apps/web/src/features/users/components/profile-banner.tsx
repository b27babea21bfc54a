import type { ReactNode } from 'react'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { profileImageUrl } from '#/lib/format.ts'

/** Banner, avatar, name and @username; `avatarSlot` replaces the plain avatar (own profile's upload). */
export function ProfileBanner({
  name,
  username,
  profileImage,
  avatarSlot,
  actions,
}: {
  name: string
  username: string
  profileImage: string
  avatarSlot?: ReactNode
  actions?: ReactNode
}) {
  return (
    <Box>
      <Box
        aria-hidden
        sx={{
          height: { xs: 120, md: 180 },
          borderRadius: 2,
          background: (t) => `linear-gradient(120deg, ${t.palette.primary.dark}, ${t.palette.primary.main} 55%, ${t.palette.secondary.main})`,
        }}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'flex-end' },
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          mt: { xs: -6, md: -8 },
          px: { xs: 2, md: 3 },
        }}
      >
        {avatarSlot ?? (
          <Avatar
            src={profileImageUrl(profileImage)}
            alt={`${username}'s profile picture`}
            sx={{ width: { xs: 96, md: 128 }, height: { xs: 96, md: 128 }, border: 4, borderColor: 'background.paper', fontSize: 48 }}
          >
            {(username || name).charAt(0).toUpperCase()}
          </Avatar>
        )}
        {/* Only the avatar overlaps the banner: a name of many lines grows downwards, never onto it. */}
        <Box sx={{ flexGrow: 1, minWidth: 0, mt: { sm: 6, md: 8 } }}>
          {/* Names are the reader's own: their own direction, and a long word wraps rather than widening the page. */}
          <Typography variant="h4" component="h1" dir="auto" sx={{ fontWeight: 800, overflowWrap: 'anywhere', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {name}
          </Typography>
          <Typography dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            @{username}
          </Typography>
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flexShrink: 0, mt: { sm: 6, md: 8 } }}>{actions}</Box>}
      </Box>
    </Box>
  )
}

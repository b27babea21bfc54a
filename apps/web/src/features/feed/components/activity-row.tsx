import type { ReactNode } from 'react'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { FeedItem } from '@shelfwise/contracts'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { formatFullDate, profileImageUrl } from '#/lib/format.ts'

/**
 * One row of a feed (the followed feed, the talk about a credited reader's books): the reader's avatar;
 * their name, linked, and `action` after it; a discussion's `title`; `children` (what they said); then
 * when, and the link to what it is about (`open`: its words, where, and the book it names for a screen reader).
 */
export function ActivityRow({
  actor,
  action,
  title,
  at,
  open,
  children,
}: {
  actor: FeedItem['actor']
  action: ReactNode
  title?: string | null | false
  at: string
  open?: { label: string; to: string; book: string } | undefined
  children?: ReactNode
}) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: { xs: 1.5, sm: 2 }, py: 1.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Avatar src={profileImageUrl(actor.profileImage)} alt="" sx={{ flexShrink: 0 }}>
        {actor.username.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={paths.user.href(actor._id)} underline="always" dir="auto" sx={{ fontWeight: 700 }}>
            {actor.name || actor.username}
          </Link>
          {action}
        </Typography>
        {title && (
          <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        )}
        {children}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <time dateTime={at}>{formatFullDate(at)}</time>
          {open && (
            <>
              {' · '}
              <Link component={RouterLink} to={open.to} underline="always" aria-label={`${open.label}: ${open.book}`}>
                {open.label}
              </Link>
            </>
          )}
        </Typography>
      </Box>
    </Box>
  )
}

/** A book an activity is about, linked to its page. */
export function ActivityBook({ book }: { book: { _id: string; title: string } }) {
  return (
    <Link component={RouterLink} to={paths.book.href(book._id)} underline="always" dir="auto" sx={{ fontStyle: 'italic' }}>
      {book.title}
    </Link>
  )
}

import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { FeedItem } from '@shelfwise/contracts'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { formatFullDate, profileImageUrl } from '#/lib/format.ts'
import { FEED_OPEN, FEED_TEXT, feedAction } from '#/features/feed/components/feed-texts.ts'

/** Where an item leads: the discussion, or the book (its reviews and their comments are there). */
const targetOf = (item: FeedItem): string | undefined =>
  item.type === 'discussion' && item.discussionId ? paths.discussion.href(item.discussionId) : item.book ? paths.book.href(item.book._id) : undefined

/** One activity: who, what, which book, when, and a link to what it is about. */
export function FeedItemRow({ item }: { item: FeedItem }) {
  const { before, after } = feedAction(item)
  const target = targetOf(item)
  const open = item.type === 'review' || item.type === 'comment' || item.type === 'discussion' ? FEED_OPEN[item.type] : undefined
  return (
    <Box component="li" sx={{ display: 'flex', gap: { xs: 1.5, sm: 2 }, py: 1.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Avatar src={profileImageUrl(item.actor.profileImage)} alt="" sx={{ flexShrink: 0 }}>
        {item.actor.username.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={paths.user.href(item.actor._id)} underline="always" dir="auto" sx={{ fontWeight: 700 }}>
            {item.actor.name || item.actor.username}
          </Link>{' '}
          {before}{' '}
          {item.book ? (
            <Link component={RouterLink} to={paths.book.href(item.book._id)} underline="always" dir="auto" sx={{ fontStyle: 'italic' }}>
              {item.book.title}
            </Link>
          ) : (
            FEED_TEXT.aRemovedBook
          )}
          {after}
        </Typography>
        {item.type === 'discussion' && item.title && (
          <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <time dateTime={item.at}>{formatFullDate(item.at)}</time>
          {open && target && (
            <>
              {' · '}
              <Link component={RouterLink} to={target} underline="always" aria-label={`${open}: ${item.book?.title ?? FEED_TEXT.aRemovedBook}`}>
                {open}
              </Link>
            </>
          )}
        </Typography>
      </Box>
    </Box>
  )
}

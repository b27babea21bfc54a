import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { Post } from '@shelfwise/contracts'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { formatFullDate } from '#/lib/format.ts'
import { SpoilerText } from '#/components/spoiler-text.tsx'
import { DISCUSSION_TEXT } from '#/features/discussions/components/discussion-texts.ts'
import { positionText } from '#/components/spoilers/position-texts.ts'
import { WithheldNotice } from '#/components/spoilers/withheld-notice.tsx'
import { WriterBadge } from '#/components/writer-badge.tsx'
import { RemovedByModerators, ReportButton } from '#/components/safety/report-button.tsx'

/**
 * One post: its author and day, and its text with `||spoilers||` hidden; a post the server withheld
 * says how far in it is, with Reveal; a deleted one says so (its replies stay under it).
 */
export function PostCard({
  post,
  onReveal,
  actions,
}: {
  post: Post
  onReveal: (id: string) => void
  /** Reply and Delete, as the screen offers them. */
  actions?: ReactNode
}) {
  const headingId = `post-${post._id}-by`
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{ ml: post.parentId ? { xs: 2, sm: 5 } : 0, borderLeft: post.parentId ? 3 : 0, borderColor: 'divider', pl: post.parentId ? 2 : 0, py: 1.5 }}
    >
      <Typography id={headingId} variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {post.user ? (
          <Link component={RouterLink} to={paths.user.href(post.user._id)} underline="hover" sx={{ fontWeight: 600 }}>
            {post.user.username}
          </Link>
        ) : (
          <span>{DISCUSSION_TEXT.deleted}</span>
        )}
        {post.user && <WriterBadge badge={post.badge} />}
        {' · '}
        {formatFullDate(post.createdAt)}
        {post.editedAt && !post.deleted ? ` · ${DISCUSSION_TEXT.edited}` : ''}
        {post.position && !post.withheld ? ` · at ${positionText(post.position)}` : ''}
      </Typography>
      {post.deleted ? (
        <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{DISCUSSION_TEXT.deleted}</Typography>
      ) : post.removedByModerators ? (
        <RemovedByModerators />
      ) : post.withheld && post.position ? (
        <WithheldNotice position={post.position} onReveal={() => onReveal(post._id)} />
      ) : (
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>
          <SpoilerText text={post.text ?? ''} />
        </Typography>
      )}
      {(actions || !(post.deleted || post.removedByModerators)) && (
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          {actions}
          {!post.deleted && !post.removedByModerators && (
            // The opening post stands for its thread (it has the thread's id): reported as the discussion.
            <ReportButton targetType={post._id === post.discussionId ? 'discussion' : 'post'} targetId={post._id} writerId={post.user?._id} />
          )}
        </Box>
      )}
    </Box>
  )
}

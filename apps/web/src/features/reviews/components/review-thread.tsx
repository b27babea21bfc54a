import { useState } from 'react'
import Alert from '@mui/material/Alert'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Comment, Position, Review } from '@shelfwise/contracts'
import { LIMITS } from '@shelfwise/contracts/constants'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { errorMessage } from '#/lib/api-client.ts'
import { formatFullDate, profileImageUrl } from '#/lib/format.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { useReviewComments } from '#/features/reviews/api/get-review-comments.ts'
import { useCreateComment, useDeleteComment, useUpdateComment } from '#/features/reviews/api/change-comment.ts'
import { likeComment } from '#/features/reviews/api/like-review.ts'
import { LikeButton } from '#/features/reviews/components/like-button.tsx'
import { CommentText } from '#/features/reviews/components/comment-text.tsx'
import { RemovedByModerators, ReportButton } from '#/components/safety/report-button.tsx'
import { SignInPrompt } from '#/features/reviews/components/sign-in-prompt.tsx'
import { WriterBadge } from '#/components/writer-badge.tsx'
import { choiceOf, PositionField, positionOf } from '#/components/spoilers/position-field.tsx'
import { POSITION_TEXT, positionText } from '#/components/spoilers/position-texts.ts'
import { WithheldNotice } from '#/components/spoilers/withheld-notice.tsx'

const COMMENT_DELETED = 'comment deleted'

/**
 * A text box with a send button, for a new comment, a reply or an edit, and how far into the book it
 * is (the discussion post form's control, decision 0059).
 */
function CommentForm({
  id,
  label,
  submitLabel,
  initial = '',
  initialPosition = null,
  onSubmit,
  onCancel,
  isPending,
  error,
}: {
  id: string
  label: string
  submitLabel: string
  initial?: string
  initialPosition?: Position | null
  onSubmit: (text: string, position: Position | null) => Promise<unknown>
  onCancel?: () => void
  isPending: boolean
  error: string | null
}) {
  const [text, setText] = useState(initial)
  const [choice, setChoice] = useState(() => choiceOf(initialPosition))
  const [positionError, setPositionError] = useState<string>()
  const trimmed = text.trim()
  const tooLong = text.length > LIMITS.commentMax
  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!trimmed || tooLong) return
    const { position, error: wrong } = positionOf(choice)
    setPositionError(wrong)
    if (wrong) return
    void onSubmit(trimmed, position ?? null).then(
      () => {
        setText('')
        setChoice(choiceOf(null))
      },
      () => {},
    )
  }
  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ mt: 1 }}>
      <TextField
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        size="small"
        error={tooLong}
        helperText={tooLong ? `At most ${LIMITS.commentMax} characters` : undefined}
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      <Box sx={{ mt: 1.5 }}>
        <PositionField id={id} choice={choice} onChange={setChoice} error={positionError} />
      </Box>
      {choice.kind !== 'none' && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {POSITION_TEXT.readersBehind}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={!trimmed || tooLong || isPending}>
          {isPending ? 'Sending...' : submitLabel}
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Box>
    </Box>
  )
}

/** One comment: its writer, date, "edited", text, and what the reader may do with it. */
function CommentItem({
  comment,
  review,
  onReply,
  onReveal,
}: {
  comment: Comment
  review: Review
  onReply: (c: Comment) => void
  onReveal: (id: string) => void
}) {
  const { user, isAuthenticated } = useAuth()
  const [isEditing, setEditing] = useState(false)
  const [needsSignIn, setNeedsSignIn] = useState(false)
  const update = useUpdateComment(review._id)
  const remove = useDeleteComment(review._id)
  const isMine = isAuthenticated && comment.user?._id === user?._id
  const mayDelete = isMine || (isAuthenticated && review.user._id === user?._id)
  if (comment.deleted) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic', py: 0.5 }}>
        {COMMENT_DELETED}
      </Typography>
    )
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.5, minWidth: 0 }}>
      <Avatar src={comment.user ? profileImageUrl(comment.user.profileImage) : undefined} alt={comment.user?.username ?? ''} sx={{ width: 28, height: 28 }}>
        {comment.user?.username.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {comment.user && (
            <Link component={RouterLink} to={paths.user.href(comment.user._id)} underline="hover" sx={{ fontWeight: 600 }}>
              {comment.user.username}
            </Link>
          )}
          {comment.user && <WriterBadge badge={comment.badge} />}{' '}
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            {formatFullDate(comment.createdAt)}
            {comment.editedAt && ' · edited'}
            {comment.position && !comment.withheld ? ` · at ${positionText(comment.position)}` : ''}
          </Typography>
        </Typography>
        {isEditing ? (
          <CommentForm
            id={`edit-${comment._id}`}
            label="Edit your comment"
            submitLabel="Save"
            initial={comment.text ?? ''}
            initialPosition={comment.position ?? null}
            isPending={update.isPending}
            error={update.isError ? errorMessage(update.error, 'Failed to save your comment') : null}
            onSubmit={(text, position) => update.mutateAsync({ id: comment._id, text, position }).then(() => setEditing(false))}
            onCancel={() => setEditing(false)}
          />
        ) : comment.removedByModerators ? (
          <RemovedByModerators />
        ) : comment.withheld && comment.position ? (
          <WithheldNotice position={comment.position} onReveal={() => onReveal(comment._id)} small />
        ) : (
          <Typography variant="body2" component="div" data-testid="comment-text" sx={{ overflowWrap: 'anywhere' }}>
            <CommentText text={comment.text ?? ''} mentions={comment.mentions} />
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <LikeButton
            key={`${comment._id}:${comment.likes}:${comment.likedByMe}`}
            initial={{ likes: comment.likes, likedByMe: comment.likedByMe }}
            send={(liked) => likeComment(comment._id, liked)}
            what="comment"
            {...(isAuthenticated ? {} : { onSignInNeeded: () => setNeedsSignIn(true) })}
          />
          <Button size="small" onClick={() => (isAuthenticated ? onReply(comment) : setNeedsSignIn(true))}>
            Reply
          </Button>
          {isMine && !isEditing && (
            <Button size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {mayDelete && (
            <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(comment._id)}>
              {isMine ? 'Delete' : 'Remove'}
            </Button>
          )}
          {!comment.removedByModerators && <ReportButton targetType="comment" targetId={comment._id} writerId={comment.user?._id} />}
        </Box>
        {remove.isError && <Alert severity="error">{errorMessage(remove.error, 'Failed to delete the comment')}</Alert>}
        {needsSignIn && <SignInPrompt action="like and answer comments" />}
      </Box>
    </Box>
  )
}

/** A review's comments: each top-level one with its replies indented under it, a reply box, and a new comment box. */
export default function ReviewThread({ review }: { review: Review }) {
  const { isAuthenticated } = useAuth()
  const [revealed, setRevealed] = useState<string[]>([])
  const reveal = (id: string) => setRevealed((r) => (r.includes(id) ? r : [...r, id]))
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useReviewComments(review._id, revealed)
  const create = useCreateComment(review._id)
  const [replyTo, setReplyTo] = useState<Comment | null>(null)
  const reply = useCreateComment(review._id)
  if (isError) return <Alert severity="error">{errorMessage(error, 'Failed to load comments')}</Alert>
  if (isPending) return <SectionSpinner label="Loading comments" />
  const all = data.pages.flatMap((p) => p.items)
  const tops = all.filter((c) => c.parentId === null)
  const repliesOf = (id: string) => all.filter((c) => c.parentId === id)
  const threadOf = (c: Comment) => c.parentId ?? c._id
  return (
    <Box>
      {tops.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No comments yet.
        </Typography>
      )}
      <Box component="ul" aria-label="Comments" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {tops.map((top) => (
          <Box component="li" key={top._id} sx={{ borderTop: 1, borderColor: 'divider' }}>
            <CommentItem comment={top} review={review} onReply={setReplyTo} onReveal={reveal} />
            <Box component="ul" aria-label="Replies" sx={{ p: 0, m: 0, pl: { xs: 2, sm: 4 }, listStyle: 'none' }}>
              {repliesOf(top._id).map((r) => (
                <Box component="li" key={r._id}>
                  <CommentItem comment={r} review={review} onReply={setReplyTo} onReveal={reveal} />
                </Box>
              ))}
            </Box>
            {replyTo && threadOf(replyTo) === top._id && (
              <Box sx={{ pl: { xs: 2, sm: 4 }, pb: 1 }}>
                <CommentForm
                  key={replyTo._id}
                  id={`reply-${replyTo._id}`}
                  label={`Reply to ${replyTo.user?.username ?? 'the comment'}`}
                  submitLabel="Reply"
                  initial={replyTo.parentId && replyTo.user ? `@${replyTo.user.username} ` : ''}
                  isPending={reply.isPending}
                  error={reply.isError ? errorMessage(reply.error, 'Failed to send your reply') : null}
                  onSubmit={(text, position) =>
                    reply.mutateAsync({ text, parentId: replyTo._id, ...(position ? { position } : {}) }).then(() => setReplyTo(null))
                  }
                  onCancel={() => setReplyTo(null)}
                />
              </Box>
            )}
          </Box>
        ))}
      </Box>
      {hasNextPage && (
        <Button size="small" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading...' : 'More comments'}
        </Button>
      )}
      {isAuthenticated ? (
        <CommentForm
          id={`comment-${review._id}`}
          label="Add a comment"
          submitLabel="Comment"
          isPending={create.isPending}
          error={create.isError ? errorMessage(create.error, 'Failed to send your comment') : null}
          onSubmit={(text, position) => create.mutateAsync({ text, ...(position ? { position } : {}) })}
        />
      ) : (
        <SignInPrompt action="comment" />
      )}
    </Box>
  )
}

import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Divider from '@mui/material/Divider'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { Link as RouterLink, useParams } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ApiError, errorMessage } from '#/lib/api-client.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { useDiscussion } from '#/features/discussions/api/get-discussion.ts'
import { useDiscussionPosts } from '#/features/discussions/api/get-posts.ts'
import { useAddPost } from '#/features/discussions/api/add-post.ts'
import { useDeletePost } from '#/features/discussions/api/delete-post.ts'
import { useUpdatePost } from '#/features/discussions/api/update-post.ts'
import { PostCard } from '#/features/discussions/components/post-card.tsx'
import { PostForm } from '#/features/discussions/components/post-form.tsx'
import { DISCUSSION_TEXT, postCountText } from '#/features/discussions/components/discussion-texts.ts'

/**
 * One discussion (decision 0043): its posts oldest first, each with its replies under it; posts ahead
 * of the reader withheld by the server until revealed; a reply form under a post and a post form at
 * the end for a signed-in reader.
 */
export function DiscussionRoute() {
  const { id = '' } = useParams()
  const { isAuthenticated, user } = useAuth()
  const [revealed, setRevealed] = useState<string[]>([])
  const [replyTo, setReplyTo] = useState<string | null>(null)
  const thread = useDiscussion(id)
  const posts = useDiscussionPosts(id, revealed)
  const add = useAddPost(id, { onSuccess: () => setReplyTo(null) })
  const remove = useDeletePost(id)
  const [editing, setEditing] = useState<string | null>(null)
  const update = useUpdatePost(id, { onSuccess: () => setEditing(null) })
  useDocumentTitle(thread.data?.title ?? DISCUSSION_TEXT.listHeading)
  const reveal = (postId: string) => setRevealed((r) => (r.includes(postId) ? r : [...r, postId]))

  if (thread.isError) {
    const absent = thread.error instanceof ApiError && (thread.error.status === 404 || thread.error.status === 400)
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <ErrorAlert>{absent ? DISCUSSION_TEXT.threadNotFound : errorMessage(thread.error, DISCUSSION_TEXT.postsError)}</ErrorAlert>
      </Container>
    )
  }
  if (!thread.data) return <SectionSpinner label="Loading discussion" minHeight="60vh" />
  const d = thread.data
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Link component={RouterLink} to={paths.bookDiscussions.href(d.bookId)} underline="hover">
        {DISCUSSION_TEXT.allDiscussions}
      </Link>
      <Box>
        <Typography variant="h4" component="h1" dir="auto" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {d.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {postCountText(d.postCount)}
          {d.user ? ` · started by ${d.user.username}` : ''}
        </Typography>
      </Box>
      {posts.isPending ? (
        <SectionSpinner label="Loading posts" />
      ) : posts.isError ? (
        <ErrorAlert>{errorMessage(posts.error, DISCUSSION_TEXT.postsError)}</ErrorAlert>
      ) : (
        <Box component="section" aria-label="Posts" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {posts.items.map((p) => (
            <Box key={p._id}>
              {editing === p._id ? (
                <Box sx={{ ml: p.parentId ? { xs: 2, sm: 5 } : 0, py: 1.5 }}>
                  <PostForm
                    id={`edit-${p._id}`}
                    // The opening post carries the discussion's title (decision 0059).
                    withTitle={p._id === d._id}
                    initial={{ ...(p._id === d._id ? { title: d.title } : {}), text: p.text ?? '', position: p.position }}
                    textLabel={DISCUSSION_TEXT.editLabel}
                    submit={DISCUSSION_TEXT.save}
                    failed={DISCUSSION_TEXT.editFailed}
                    busy={update.isPending}
                    send={async (v) =>
                      void (await update.mutateAsync({ id: p._id, text: v.text, position: v.position ?? null, ...(p._id === d._id ? { title: v.title } : {}) }))
                    }
                    onCancel={() => setEditing(null)}
                  />
                </Box>
              ) : (
                <PostCard
                  post={p}
                  onReveal={reveal}
                  actions={
                    isAuthenticated && !p.deleted ? (
                      <>
                        {p.parentId === null && (
                          <Button size="small" onClick={() => setReplyTo(p._id)} aria-label={`Reply to ${p.user?.username ?? 'this post'}`}>
                            {DISCUSSION_TEXT.reply}
                          </Button>
                        )}
                        {user && p.user?._id === user._id && (
                          <>
                            <Button
                              size="small"
                              onClick={() => setEditing(p._id)}
                              aria-label={p._id === d._id ? DISCUSSION_TEXT.editOpening : DISCUSSION_TEXT.edit}
                            >
                              {DISCUSSION_TEXT.edit}
                            </Button>
                            <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(p._id)}>
                              Delete
                            </Button>
                          </>
                        )}
                      </>
                    ) : undefined
                  }
                />
              )}
              {replyTo === p._id && (
                <Box sx={{ ml: { xs: 2, sm: 5 }, mb: 2 }}>
                  <PostForm
                    id={`reply-${p._id}`}
                    textLabel={DISCUSSION_TEXT.replyLabel}
                    submit={DISCUSSION_TEXT.reply}
                    failed={DISCUSSION_TEXT.postFailed}
                    busy={add.isPending}
                    send={async (v) => void (await add.mutateAsync({ text: v.text, parentId: p._id, ...(v.position ? { position: v.position } : {}) }))}
                    onCancel={() => setReplyTo(null)}
                  />
                </Box>
              )}
            </Box>
          ))}
          {remove.isError && <ErrorAlert>{errorMessage(remove.error, DISCUSSION_TEXT.deleteFailed)}</ErrorAlert>}
          <PagedListFooter list={posts} errorText={DISCUSSION_TEXT.postsError} what="posts" />
        </Box>
      )}
      <Divider />
      {isAuthenticated ? (
        <Box component="section" aria-labelledby="post-heading">
          <Typography id="post-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Add a post
          </Typography>
          <PostForm
            id="new-post"
            textLabel={DISCUSSION_TEXT.textLabel}
            submit={DISCUSSION_TEXT.post}
            failed={DISCUSSION_TEXT.postFailed}
            busy={add.isPending}
            send={async (v) => void (await add.mutateAsync({ text: v.text, ...(v.position ? { position: v.position } : {}) }))}
          />
        </Box>
      ) : (
        <Link component={RouterLink} to={paths.login.href()}>
          {DISCUSSION_TEXT.signIn}
        </Link>
      )}
    </Container>
  )
}

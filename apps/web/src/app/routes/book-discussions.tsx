import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { Link as RouterLink, useNavigate, useParams } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { errorMessage } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { useBook } from '#/features/books/api/get-book.ts'
import { useBookDiscussions } from '#/features/discussions/api/get-book-discussions.ts'
import { useStartDiscussion } from '#/features/discussions/api/start-discussion.ts'
import { PostForm } from '#/features/discussions/components/post-form.tsx'
import { DISCUSSION_TEXT, postCountText } from '#/features/discussions/components/discussion-texts.ts'

/** A book's discussions, newest activity first, and the form to start one (decision 0043). */
export function BookDiscussionsRoute() {
  const { id = '' } = useParams()
  const { isAuthenticated } = useAuth()
  const navigate = useNavigate()
  const book = useBook(id)
  const list = useBookDiscussions(id)
  const start = useStartDiscussion(id, { onSuccess: (d) => navigate(paths.discussion.href(d._id)) })
  const [composing, setComposing] = useState(false)
  useDocumentTitle(book.data ? DISCUSSION_TEXT.title(book.data.title) : DISCUSSION_TEXT.listHeading)
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Link component={RouterLink} to={paths.book.href(id)} underline="hover">
        {DISCUSSION_TEXT.backToBook}
      </Link>
      <Typography variant="h4" component="h1" dir="auto" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
        {book.data ? DISCUSSION_TEXT.title(book.data.title) : DISCUSSION_TEXT.listHeading}
      </Typography>
      {isAuthenticated ? (
        composing ? (
          <Box component="section" aria-labelledby="start-heading">
            <Typography id="start-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
              {DISCUSSION_TEXT.start}
            </Typography>
            <PostForm
              id="new-discussion"
              withTitle
              textLabel={DISCUSSION_TEXT.textLabel}
              submit={DISCUSSION_TEXT.start}
              failed={DISCUSSION_TEXT.startFailed}
              busy={start.isPending}
              send={async (v) => void (await start.mutateAsync({ title: v.title, text: v.text, ...(v.position ? { position: v.position } : {}) }))}
              onCancel={() => setComposing(false)}
            />
          </Box>
        ) : (
          <Box>
            <Button variant="contained" onClick={() => setComposing(true)}>
              {DISCUSSION_TEXT.start}
            </Button>
          </Box>
        )
      ) : (
        <Link component={RouterLink} to={paths.login.href()}>
          {DISCUSSION_TEXT.signIn}
        </Link>
      )}
      {list.isPending ? (
        <SectionSpinner label="Loading discussions" />
      ) : list.isError ? (
        <ErrorAlert>{errorMessage(list.error, DISCUSSION_TEXT.listError)}</ErrorAlert>
      ) : list.items.length === 0 ? (
        <EmptyState message={DISCUSSION_TEXT.empty} />
      ) : (
        <Box component="ul" aria-label={DISCUSSION_TEXT.listHeading} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {list.items.map((d) => (
            <Box component="li" key={d._id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
              <Link component={RouterLink} to={paths.discussion.href(d._id)} dir="auto" sx={{ fontWeight: 700, fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
                {d.title}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {postCountText(d.postCount)} · last activity {formatFullDate(d.lastActivityAt)}
                {d.user ? ` · started by ${d.user.username}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {list.items.length > 0 && <PagedListFooter list={list} errorText={DISCUSSION_TEXT.listError} what="discussions" />}
    </Container>
  )
}

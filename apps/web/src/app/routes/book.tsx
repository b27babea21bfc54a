import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link as RouterLink, useParams } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Container from '@mui/material/Container'
import Divider from '@mui/material/Divider'
import Rating from '@mui/material/Rating'
import Typography from '@mui/material/Typography'
import RateReviewIcon from '@mui/icons-material/RateReview'
import ForumIcon from '@mui/icons-material/Forum'
import type { Book } from '@shelfwise/contracts'
import { ApiError, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { formatAverage } from '#/lib/format.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useFeedLinks } from '#/lib/feed-link.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useAuth } from '#/lib/auth.tsx'
import { bookQuery, useBook } from '#/features/books/api/get-book.ts'
import { BookListButtons } from '#/features/books/components/book-list-buttons.tsx'
import { BookOwnerActions } from '#/features/books/components/book-owner-actions.tsx'
import { bookReviewsQuery } from '#/features/reviews/api/get-book-reviews.ts'
import { useDeferredData } from '#/lib/deferred.ts'
import { BookReviews } from '#/features/reviews/components/book-reviews.tsx'
import { MyRating } from '#/features/reviews/components/my-rating.tsx'
import { OwnReviewActions } from '#/features/reviews/components/own-review-actions.tsx'
import { useReviewComposer } from '#/features/reviews/components/review-composer.tsx'
import { getUserByUsername } from '#/features/users/api/get-user-by-username.ts'
import { BookNameLink } from '#/features/books/components/book-name-link.tsx'
import { BookFacts } from '#/features/books/components/book-facts.tsx'
import { BookTopBarActions } from '#/features/books/components/book-top-bar-actions.tsx'
import { BookRemovedNotice } from '#/features/books/components/book-removed-notice.tsx'
import { ReadingPanel } from '#/features/reading/components/reading-panel.tsx'
import { useReading, useUpdateReading } from '#/features/reading/api/reading.ts'
import type { ReaderBook } from '#/features/reviews/components/write-review-dialog.tsx'
import { groupDigits } from '@shelfwise/contracts/numbers'

// The reader's shelves of the book come with their own chunk, after the page (decision 0028).
const BookShelvesControl = lazy(() => import('#/features/bookshelves/components/book-shelves-control.tsx'))
// The work's editions, and the reader's choice among them, come with their own chunks (decision 0027).
const BookEditions = lazy(() => import('#/features/books/components/book-editions.tsx'))
const EditionBanner = lazy(async () => ({ default: (await import('#/features/books/components/book-editions.tsx')).EditionBanner }))
const EditionSelect = lazy(() => import('#/features/books/components/edition-select.tsx'))
// "Report a duplicate" (decision 0030) comes with its own chunk, for a signed-in reader only.
const ReportDuplicate = lazy(() => import('#/features/merges/components/report-duplicate.tsx'))

/**
 * The pages of the edition the signed-in reader reads, as the API counts progress (decision 0027):
 * that edition's when it says, else the work's; undefined until known (the page's book then counts).
 */
function useReadPages(book: Book, isAuthenticated: boolean): number | null | undefined {
  const entry = useReading(book._id, isAuthenticated).data
  const asked = Boolean(entry)
  // On the work's own page with its main edition read, both are the page's answer: nothing is fetched.
  const read = useQuery({ ...bookQuery(entry?.editionId ?? book._id), enabled: asked })
  const work = useQuery({ ...bookQuery(book._id), enabled: asked && read.data !== undefined && read.data.pageCount === null })
  if (!read.data) return undefined
  return read.data.pageCount ?? (work.data ? work.data.pageCount : undefined)
}

/** The reader's entry for the book and a way to mark it Read, for a new review (decision 0036). */
function useReaderBook(bookId: string, isAuthenticated: boolean): ReaderBook {
  const reading = useReading(bookId, isAuthenticated)
  const update = useUpdateReading(bookId)
  return { entry: !isAuthenticated || reading.isError ? null : reading.data, markRead: () => update.mutate({ status: 'read' }) }
}

const BOOK_ERROR = 'Failed to fetch book details'
const BOOK_NOT_FOUND = 'Book not found'
/**
 * The top of a book's page: the cover beside (small screens: above) the title and what follows it.
 * Also drawn, with the title alone, by the shell (src/shell/render.tsx) the boot script fills in as
 * soon as the book's answer comes, before the app's code has arrived: the title then stays where it is.
 */
export function BookLayout({ cover, title, children }: { cover: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, gap: { xs: 3, md: 5 }, alignItems: 'start' }}>
      <Box sx={{ maxWidth: { xs: 260, md: 'none' }, mx: { xs: 'auto', md: 0 }, width: '100%' }}>{cover}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" dir="auto" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Box>
  )
}

/** The page's frame around a book, its heading or its spinner. */
export const BookPage = ({ children }: { children: ReactNode }) => (
  <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
    {children}
  </Container>
)

function BookDetail({ book }: { book: Book }) {
  const [navError, setNavError] = useState<string | null>(null)
  const [listError, setListError] = useState<string | null>(null)
  // The generic rule (spec §8): the server's message, else 'An error occurred'; no answer at all: 'An unexpected error occurred'.
  const onListError = (err: unknown) => setListError(err instanceof ApiError ? err.message : FALLBACK_ERROR)
  const { isAuthenticated } = useAuth()
  const composer = useReviewComposer(book._id, useReaderBook(book._id, isAuthenticated))
  const average = formatAverage(book.averageRating, book.ratingsCount)
  const readPages = useReadPages(book, isAuthenticated)
  // Without the reader's entry (signed out, or it could not be read) the spec's buttons stand alone.
  const hasEntry = !useReading(book._id, isAuthenticated).isError && isAuthenticated
  const isOtherEdition = book.editionId !== undefined && book.editionId !== book._id

  return (
    <>
      <BookTopBarActions amazonLink={book.amazonLink} onWriteReview={composer.open} />
      {/* A book the moderators hid opens marked at the top (decision 0058). */}
      <BookRemovedNotice book={book} />
      <BookLayout cover={<BookCover title={book.title} author={book.author} src={book.coverImage} loading="eager" sx={{ boxShadow: 3 }} />} title={book.title}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          by <BookNameLink field="author" name={book.author} username={book.author_username} lookupUser={getUserByUsername} onError={setNavError} />
        </Typography>
        {isOtherEdition && (
          <Suspense fallback={null}>
            <EditionBanner book={book} />
          </Suspense>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
          <Rating value={book.averageRating || 0} precision={0.5} readOnly aria-label={`Average rating ${average} out of 5`} />
          <Typography sx={{ fontWeight: 700 }}>{average}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            ({book.totalReviews} {book.totalReviews === 1 ? 'review' : 'reviews'}
            {book.ratingsCount > book.totalReviews ? ` · ${groupDigits(book.ratingsCount)} ${book.ratingsCount === 1 ? 'rating' : 'ratings'}` : ''})
          </Typography>
        </Box>
        {composer.myReview && <MyRating review={composer.myReview} onEdit={composer.open} />}
        {book.genre.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            {book.genre.map((g) => (
              <Chip key={g} label={g} size="small" />
            ))}
          </Box>
        )}
        {navError && (
          <Alert severity="error" onClose={() => setNavError(null)} sx={{ mb: 2 }}>
            {navError}
          </Alert>
        )}
        {listError && (
          <Alert severity="error" onClose={() => setListError(null)} sx={{ mb: 2 }}>
            {listError}
          </Alert>
        )}
        {/* A signed-in reader finds the spec's list buttons inside their reading status (decision 0039). */}
        {!hasEntry && <BookListButtons book={book} onError={onListError} />}
        <ReadingPanel
          book={book}
          hasReview={Boolean(composer.myReview)}
          shelves={(hasStatus) => (
            <Suspense fallback={null}>
              <BookShelvesControl bookId={book._id} hasStatus={hasStatus} />
            </Suspense>
          )}
          edition={(picker) => (
            <Suspense fallback={null}>
              <EditionSelect book={book} {...picker} />
            </Suspense>
          )}
          pageCount={readPages}
          lists={(offer) => <BookListButtons book={book} onError={onListError} offer={offer} size="small" />}
        />
        <BookOwnerActions book={book} />
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 3 }}>
          {book.description}
        </Typography>
        <BookFacts book={book} lookupUser={getUserByUsername} onNameError={setNavError} />
        {/* A visitor sees nothing of a work's only edition: its chunk is not even asked for. */}
        {(isAuthenticated || (book.editionCount ?? 1) > 1) && (
          <Suspense fallback={null}>
            <BookEditions book={book} isSignedIn={isAuthenticated} />
          </Suspense>
        )}
        {isAuthenticated && (
          <Suspense fallback={null}>
            <ReportDuplicate book={book} />
          </Suspense>
        )}
      </BookLayout>
      <Divider sx={{ my: 4 }} />
      <Box component="section" aria-labelledby="reviews-heading">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}>
          <Typography id="reviews-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            Reviews
          </Typography>
          <Button variant="contained" startIcon={<RateReviewIcon />} onClick={composer.open}>
            Write a Review
          </Button>
        </Box>
        {composer.isSubmittingPending && <SectionSpinner label="Submitting your review" />}
        <BookReviews bookId={book._id} mine={composer.myReview} ownActions={(r) => <OwnReviewActions review={r} onEdit={composer.open} />} />
      </Box>
      <Divider sx={{ my: 4 }} />
      {/* Discussions of the book (decision 0043): the count here, the threads on their own screen. */}
      <Box
        component="section"
        aria-labelledby="discussions-heading"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id="discussions-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Discussions ({groupDigits(book.discussionCount ?? 0)})
        </Typography>
        <Button component={RouterLink} to={paths.bookDiscussions.href(book._id)} variant="outlined" startIcon={<ForumIcon />}>
          {book.discussionCount ? 'Read the discussions' : 'Start a discussion'}
        </Button>
      </Box>
      {composer.element}
    </>
  )
}

/** The queries a book's first render asks for (RouteHandle.prefetch). */
export function prefetchBook(client: QueryClient, id: string): void {
  void client.prefetchQuery(bookQuery(id))
  void client.prefetchInfiniteQuery(bookReviewsQuery(id))
}

export function BookRoute() {
  const { id = '' } = useParams()
  const { data, isPending, isError, error } = useBook(id)
  const shown = useDeferredData(data)
  useDocumentTitle(data?.title)
  useFeedLinks(data ? [{ href: `/api/books/${encodeURIComponent(data._id)}/reviews.atom`, title: `Reviews of ${data.title}` }] : [])
  return (
    <BookPage>
      {isError ? (
        <ErrorAlert>{error instanceof ApiError && (error.status === 404 || error.status === 400) ? BOOK_NOT_FOUND : BOOK_ERROR}</ErrorAlert>
      ) : isPending || !shown || shown._id !== data._id ? (
        // A screen's height kept for the book to come: the footer stays below, out of view.
        <SectionSpinner label="Loading book" minHeight="100vh" />
      ) : (
        <BookDetail book={shown} />
      )}
    </BookPage>
  )
}

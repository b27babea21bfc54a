import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Container from '@mui/material/Container'
import Divider from '@mui/material/Divider'
import Link from '@mui/material/Link'
import Rating from '@mui/material/Rating'
import Typography from '@mui/material/Typography'
import RateReviewIcon from '@mui/icons-material/RateReview'
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart'
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd'
import BookmarkRemoveIcon from '@mui/icons-material/BookmarkRemove'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck'
import type { Book } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ApiError, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { formatAverage, formatMonthYear } from '#/lib/format.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { TopBarActions } from '#/components/chrome/top-bar-slot.tsx'
import type { QueryClient } from '@tanstack/react-query'
import { bookQuery, useBook } from '#/features/books/api/get-book.ts'
import { bookReviewsQuery } from '#/features/reviews/api/get-book-reviews.ts'
import { useDeferredData } from '#/lib/deferred.ts'
import { useToggleWishlist } from '#/features/books/api/toggle-wishlist.ts'
import { useToggleRecentlyRead } from '#/features/books/api/toggle-recently-read.ts'
import { BookReviews } from '#/features/reviews/components/book-reviews.tsx'
import { getUserByUsername } from '#/features/users/api/get-user-by-username.ts'

const WriteReviewDialog = lazy(() => import('#/features/reviews/components/write-review-dialog.tsx'))

export const BOOK_ERROR = 'Failed to fetch book details'
export const BOOK_NOT_FOUND = 'Book not found'
export const PROFILE_NAV_ERROR = 'Failed to navigate to user profile. Please try again later.'
export const NO_USERNAME = 'Cannot navigate to profile: Username not available.'
export const userNotFound = (name: string) => `User "${name}" not found`

/** Author and publisher names open the user's profile, looked up by username. */
function PersonLink({ name, username, onError }: { name: string; username: string | null; onError: (m: string) => void }) {
  const navigate = useNavigate()
  const [isBusy, setBusy] = useState(false)
  const handleClick = async () => {
    if (!username) {
      onError(NO_USERNAME)
      return
    }
    setBusy(true)
    try {
      const user = await getUserByUsername(username)
      navigate(paths.user.href(user._id))
    } catch (err) {
      onError(err instanceof ApiError && err.status === 404 ? userNotFound(username) : PROFILE_NAV_ERROR)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Link component="button" type="button" onClick={handleClick} disabled={isBusy} underline="hover" sx={{ font: 'inherit', verticalAlign: 'baseline' }}>
      {name}
    </Link>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>{label}</Typography>
      <Typography component="dd" sx={{ m: 0 }}>{children}</Typography>
    </Box>
  )
}

/**
 * The top of a book's page: the cover beside (small screens: above) the title and what follows it.
 * Also drawn, with the title alone, by the shell (src/shell/render.tsx) the boot script fills in as
 * soon as the book's answer comes, before the app's code has arrived: the title then stays where it is.
 */
export function BookLayout({ cover, title, children }: { cover: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, gap: { xs: 3, md: 5 }, alignItems: 'start' }}>
      <Box sx={{ maxWidth: { xs: 260, md: 'none' }, mx: { xs: 'auto', md: 0 }, width: '100%' }}>{cover}</Box>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>{title}</Typography>
        {children}
      </Box>
    </Box>
  )
}

/** The page's frame around a book, its heading or its spinner. */
export const BookPage = ({ children }: { children: ReactNode }) => <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>{children}</Container>

export function BookDetail({ book }: { book: Book }) {
  const navigate = useNavigate()
  const location = useLocation()
  const { isAuthenticated } = useAuth()
  const [isDialogOpen, setDialogOpen] = useState(false)
  const [hasOpenedDialog, setHasOpenedDialog] = useState(false)
  const [navError, setNavError] = useState<string | null>(null)
  const [listError, setListError] = useState<string | null>(null)
  // The generic rule (spec §8): the server's message, else 'An error occurred'; no answer at all: 'An unexpected error occurred'.
  const onListError = (err: unknown) => setListError(err instanceof ApiError ? err.message : FALLBACK_ERROR)
  const wishlist = useToggleWishlist(book._id, { onError: onListError })
  const read = useToggleRecentlyRead(book._id, { onError: onListError })
  const toLogin = () => navigate(paths.login.href(), { state: { from: location } })
  const openDialog = () => {
    setHasOpenedDialog(true)
    setDialogOpen(true)
  }
  const average = formatAverage(book.averageRating, book.totalReviews)

  return (
    <>
      <TopBarActions>
        <Button color="inherit" variant="outlined" size="small" startIcon={<RateReviewIcon />} onClick={openDialog}>Write Review</Button>
        {book.amazonLink ? (
          <Button color="inherit" variant="outlined" size="small" startIcon={<ShoppingCartIcon />} href={book.amazonLink} target="_blank" rel="noopener noreferrer">
            Buy on Amazon
          </Button>
        ) : (
          <Button color="inherit" variant="outlined" size="small" startIcon={<ShoppingCartIcon />} disabled>Buy on Amazon</Button>
        )}
      </TopBarActions>
      <BookLayout cover={<BookCover title={book.title} author={book.author} src={book.coverImage} loading="eager" sx={{ boxShadow: 3 }} />} title={book.title}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, color: 'text.secondary' }}>
          by <PersonLink name={book.author} username={book.author_username} onError={setNavError} />
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
          <Rating value={book.averageRating || 0} precision={0.5} readOnly aria-label={`Average rating ${average} out of 5`} />
          <Typography sx={{ fontWeight: 700 }}>{average}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>({book.totalReviews} {book.totalReviews === 1 ? 'review' : 'reviews'})</Typography>
        </Box>
        {book.genre.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            {book.genre.map((g) => <Chip key={g} label={g} size="small" />)}
          </Box>
        )}
        {navError && <Alert severity="error" onClose={() => setNavError(null)} sx={{ mb: 2 }}>{navError}</Alert>}
        {listError && <Alert severity="error" onClose={() => setListError(null)} sx={{ mb: 2 }}>{listError}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }}>
          <Button
            variant={book.inWishlist ? 'outlined' : 'contained'}
            color="secondary"
            startIcon={book.inWishlist ? <BookmarkRemoveIcon /> : <BookmarkAddIcon />}
            disabled={wishlist.isPending}
            onClick={() => (isAuthenticated ? wishlist.mutate() : toLogin())}
          >
            {book.inWishlist ? 'Remove from Wishlist' : 'Add to Wishlist'}
          </Button>
          <Button
            variant={book.inRecentlyRead ? 'outlined' : 'contained'}
            startIcon={book.inRecentlyRead ? <CheckCircleIcon /> : <LibraryAddCheckIcon />}
            disabled={read.isPending}
            onClick={() => (isAuthenticated ? read.mutate() : toLogin())}
          >
            {book.inRecentlyRead ? 'Remove from Recently Read' : 'Add to Recently Read'}
          </Button>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-line', mb: 3 }}>{book.description}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          <Detail label="Published">{formatMonthYear(book.publishedDate)}</Detail>
          <Detail label="Language">{book.language || '—'}</Detail>
          <Detail label="Pages">{book.pageCount ?? '—'}</Detail>
          <Detail label="Edition">{book.edition || '—'}</Detail>
          <Detail label="Publisher">
            {book.publisher ? <PersonLink name={book.publisher} username={book.publisher_username} onError={setNavError} /> : '—'}
          </Detail>
          {book.isbn && <Detail label="ISBN">{book.isbn}</Detail>}
        </Box>
      </BookLayout>
      <Divider sx={{ my: 4 }} />
      <Box component="section" aria-labelledby="reviews-heading">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}>
          <Typography id="reviews-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>Reviews</Typography>
          <Button variant="contained" startIcon={<RateReviewIcon />} onClick={openDialog}>Write a Review</Button>
        </Box>
        <BookReviews bookId={book._id} />
      </Box>
      {hasOpenedDialog && (
        <Suspense fallback={null}>
          <WriteReviewDialog
            bookId={book._id}
            open={isDialogOpen}
            onClose={() => setDialogOpen(false)}
            isAuthenticated={isAuthenticated}
            onRequireLogin={toLogin}
          />
        </Suspense>
      )}
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

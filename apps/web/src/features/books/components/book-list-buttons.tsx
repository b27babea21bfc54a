import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd'
import BookmarkRemoveIcon from '@mui/icons-material/BookmarkRemove'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck'
import { useQueryClient } from '@tanstack/react-query'
import type { Book } from '@shelfwise/contracts'
import { useAuth } from '#/lib/auth.tsx'
import { usePendingAction, useSignInFirst, type PendingAction } from '#/lib/pending-action.ts'
import { bookQuery } from '#/features/books/api/get-book.ts'
import { useToggleRecentlyRead, useToggleWishlist } from '#/features/books/api/toggle-lists.ts'

type ListAction = Extract<PendingAction, { kind: 'wishlist' | 'recently-read' }>

/**
 * Add to / Remove from Wishlist and Recently Read. Each flips after its call succeeds (spec §4). A
 * signed-out reader's press is remembered, they sign in, and back here it is carried out once —
 * unless the book is already where they wanted it. Inside the reading panel, `offer` says which
 * "Add" agrees with the book's status (decision 0039); a "Remove" shows whenever the book is on its list.
 */
export function BookListButtons({
  book,
  onError,
  offer = { wishlist: true, recentlyRead: true },
  size = 'medium',
}: {
  book: Book
  onError: (err: unknown) => void
  offer?: { wishlist: boolean; recentlyRead: boolean }
  size?: 'small' | 'medium'
}) {
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const signInFirst = useSignInFirst()
  const wishlist = useToggleWishlist(book._id, { onError })
  const read = useToggleRecentlyRead(book._id, { onError })
  const inWishlist = Boolean(book.inWishlist)
  const inRead = Boolean(book.inRecentlyRead)

  usePendingAction(
    (a): a is ListAction => (a.kind === 'wishlist' || a.kind === 'recently-read') && a.bookId === book._id,
    isAuthenticated,
    (a) => {
      // Asked afresh as the signed-in reader: a toggle already in the wanted state is left alone.
      queryClient.fetchQuery({ ...bookQuery(book._id), staleTime: 0 }).then((fresh) => {
        if (a.kind === 'wishlist' && Boolean(fresh.inWishlist) !== a.want) wishlist.mutate()
        if (a.kind === 'recently-read' && Boolean(fresh.inRecentlyRead) !== a.want) read.mutate()
      }, onError)
    },
  )

  const press = (kind: ListAction['kind'], isOn: boolean, toggle: () => void) =>
    isAuthenticated ? toggle() : signInFirst({ kind, bookId: book._id, want: !isOn })

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ...(size === 'medium' ? { mb: 3 } : {}) }}>
      {(inWishlist || offer.wishlist) && (
        <Button
          size={size}
          variant={inWishlist ? 'outlined' : 'contained'}
          color="secondary"
          startIcon={inWishlist ? <BookmarkRemoveIcon /> : <BookmarkAddIcon />}
          disabled={wishlist.isPending}
          onClick={() => press('wishlist', inWishlist, () => wishlist.mutate())}
        >
          {inWishlist ? 'Remove from Wishlist' : 'Add to Wishlist'}
        </Button>
      )}
      {(inRead || offer.recentlyRead) && (
        <Button
          size={size}
          variant={inRead ? 'outlined' : 'contained'}
          startIcon={inRead ? <CheckCircleIcon /> : <LibraryAddCheckIcon />}
          disabled={read.isPending}
          onClick={() => press('recently-read', inRead, () => read.mutate())}
        >
          {inRead ? 'Remove from Recently Read' : 'Add to Recently Read'}
        </Button>
      )}
    </Box>
  )
}

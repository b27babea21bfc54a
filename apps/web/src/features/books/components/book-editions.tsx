import { lazy, Suspense, useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import ExpandLessIcon from '@mui/icons-material/ExpandLess'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import type { Book, Edition } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { EditionList } from '#/features/books/components/edition-list.tsx'
import { editionLine, editionName } from '#/features/books/components/edition-text.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

// The form comes with its own chunk, when a reader opens it.
const AddEditionDialog = lazy(() => import('#/features/books/components/add-edition-dialog.tsx'))

/** Whether a page shows a work as one of its other editions (not its main one). */
const isOtherEdition = (book: Book) => book.editionId !== undefined && book.editionId !== book._id

/**
 * Under a book's title when the page shows one of the work's other editions (decision 0027): which
 * one, and a link to the work's main page. Ratings and reviews are the work's, on every edition's page.
 */
export function EditionBanner({ book }: { book: Book }) {
  if (!isOtherEdition(book)) return null
  return (
    // A note, not an alert: it is part of the page, not news to interrupt a screen reader with.
    <Alert severity="info" variant="outlined" role="note" sx={{ my: 1.5, overflowWrap: 'anywhere' }}>
      <Typography sx={{ fontWeight: 700 }} dir="auto">
        {editionLine(book)}
      </Typography>
      <Typography variant="body2">
        Ratings and reviews are shared by every edition of this book.{' '}
        <Link component={RouterLink} to={paths.book.href(book._id)}>
          See the main edition
        </Link>
      </Typography>
    </Alert>
  )
}

/**
 * A book's editions (decision 0027): "Other editions (n)" opens the list of the work's editions
 * but the one on the page; a signed-in reader can add one. Nothing for a visitor when the work has
 * no other edition.
 */
export default function BookEditions({ book, isSignedIn }: { book: Book; isSignedIn: boolean }) {
  const others = Math.max(0, (book.editionCount ?? 1) - 1)
  const [isOpen, setOpen] = useState(false)
  const [isAdding, setAdding] = useState(false)
  const [added, setAdded] = useState<Edition | null>(null)
  if (others === 0 && !isSignedIn && !added) return null
  return (
    <Box component="section" aria-labelledby="editions-heading" sx={{ mt: 3 }}>
      <Typography id="editions-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Editions
      </Typography>
      {added && (
        <Alert severity="success" onClose={() => setAdded(null)} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Edition added:{' '}
          <Link component={RouterLink} to={paths.book.href(added._id)} dir="auto">
            {editionName(added)}
          </Link>
        </Alert>
      )}
      {others === 0 && <Typography sx={{ color: 'text.secondary', mb: 1 }}>This is the only edition on Shelfwise so far.</Typography>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {others > 0 && (
          <Button
            variant="outlined"
            aria-expanded={isOpen}
            aria-controls="other-editions"
            endIcon={isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            onClick={() => setOpen((o) => !o)}
          >
            {`Other editions (${groupDigits(others)})`}
          </Button>
        )}
        {isSignedIn && (
          <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
            Add an edition
          </Button>
        )}
      </Box>
      {isOpen && others > 0 && <EditionList book={book} id="other-editions" />}
      {isAdding && (
        <Suspense fallback={null}>
          <AddEditionDialog
            book={book}
            onClose={() => setAdding(false)}
            onAdded={(edition) => {
              setAdding(false)
              setAdded(edition)
              setOpen(true)
            }}
          />
        </Suspense>
      )}
    </Box>
  )
}

import { useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import LockIcon from '@mui/icons-material/LockOutlined'
import { shelfNameKey, type Shelf } from '@shelfwise/contracts'
import { useUserShelves } from '#/features/bookshelves/api/shelves.ts'
import { ManageShelvesDialog } from '#/features/bookshelves/components/manage-shelves-dialog.tsx'
import { groupDigits } from '@shelfwise/contracts/numbers'

const books = (n: number) => `${groupDigits(n)} ${n === 1 ? 'book' : 'books'}`

/** One shelf as a link to the library filtered by it, with its count; the open one marked. */
function ShelfLink({ shelf, isOpen, own }: { shelf: Shelf; isOpen: boolean; own: boolean }) {
  const isPrivate = own && !shelf.public
  return (
    <Chip
      component={RouterLink}
      to={{ search: `?shelf=${encodeURIComponent(shelf.name)}` }}
      clickable
      color={isOpen ? 'primary' : 'default'}
      variant={isOpen ? 'filled' : 'outlined'}
      aria-current={isOpen ? 'page' : undefined}
      aria-label={`${shelf.name}, ${books(shelf.count)}${isPrivate ? ', private' : ''}`}
      {...(isPrivate ? { icon: <LockIcon fontSize="small" /> } : {})}
      label={
        <>
          <span dir="auto">{shelf.name}</span> ({groupDigits(shelf.count)})
        </>
      }
      // Long names wrap inside the chip instead of running off a phone's screen.
      sx={{ height: 'auto', maxWidth: '100%', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
    />
  )
}

/**
 * A reader's shelves on their library page (decision 0028): each a link to the library filtered by
 * it, with how many books it holds; on the reader's own library, a way to make, rename, open up and
 * delete them. Others see the public ones; a reader with none to show shows nothing to others.
 */
export default function LibraryShelves({ userId, own, selected }: { userId: string; own: boolean; selected: string | undefined }) {
  const shelves = useUserShelves(userId)
  const [managing, setManaging] = useState(false)
  const list = shelves.data ?? []
  if (!own && list.length === 0) return null
  const open = selected === undefined ? undefined : shelfNameKey(selected)
  return (
    <Box component="section" aria-labelledby="library-shelves" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="library-shelves" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Shelves
        </Typography>
        {own && (
          <Button size="small" variant="outlined" onClick={() => setManaging(true)} aria-haspopup="dialog">
            Manage shelves
          </Button>
        )}
      </Box>
      {shelves.isError ? (
        <Typography sx={{ color: 'text.secondary' }}>Failed to load the shelves</Typography>
      ) : list.length === 0 ? (
        shelves.isSuccess && <Typography sx={{ color: 'text.secondary' }}>No shelves yet. Make one, or add a book to one from its page.</Typography>
      ) : (
        <Box component="ul" aria-label="Shelves" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {list.map((s) => (
            <Box component="li" key={s._id} sx={{ maxWidth: '100%' }}>
              <ShelfLink shelf={s} isOpen={open === shelfNameKey(s.name)} own={own} />
            </Box>
          ))}
        </Box>
      )}
      {own && managing && <ManageShelvesDialog shelves={list} onClose={() => setManaging(false)} />}
    </Box>
  )
}

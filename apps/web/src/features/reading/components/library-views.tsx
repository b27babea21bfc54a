import Box from '@mui/material/Box'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { READING_STATUS_LABELS } from '@shelfwise/contracts/constants'
import type { LibraryEntry } from '@shelfwise/contracts'
import { BookCover } from '#/components/book-cover.tsx'
import { GridList } from '#/components/grid-list.tsx'
import { dateAddedInWords, dateReadInWords, EntryStars, EntryTitle } from '#/features/reading/components/library-entry-parts.tsx'

// The library's other two views (issue 22), in a chunk of their own: covers in a grid, and a compact table.

const clamp = (lines: number) => ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const

/** The books as covers, each with its title and author under it. */
export function LibraryGrid({ entries }: { entries: LibraryEntry[] }) {
  return (
    <GridList label="Books" pt={1} columns={{ xs: 'repeat(auto-fill, minmax(96px, 1fr))', sm: 'repeat(auto-fill, minmax(128px, 1fr))' }}>
      {entries.map((e) => (
        <Box component="li" key={e.book._id} sx={{ minWidth: 0 }}>
          <BookCover title={e.book.title} author={e.book.author} src={e.book.coverImage} />
          <Box sx={{ mt: 0.75, minWidth: 0 }}>
            <EntryTitle entry={e} sx={{ ...clamp(2), fontSize: 14 }} />
            <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', ...clamp(1) }}>
              {e.book.author}
            </Typography>
            <EntryStars entry={e} size={14} />
          </Box>
        </Box>
      ))}
    </GridList>
  )
}

/** The books in a compact table: title, author, status, rating, date read and date added. */
export function LibraryTable({ entries }: { entries: LibraryEntry[] }) {
  return (
    <TableContainer sx={{ mt: 1, overflowX: 'auto' }}>
      <Table size="small" aria-label="Books">
        <TableHead>
          <TableRow>
            {['Title', 'Author', 'Status', 'Rating', 'Date read', 'Date added'].map((h) => (
              <TableCell key={h} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.book._id}>
              <TableCell sx={{ minWidth: 160, maxWidth: 320 }}>
                <EntryTitle entry={e} />
              </TableCell>
              <TableCell dir="auto" sx={{ minWidth: 120, maxWidth: 220, overflowWrap: 'anywhere' }}>
                {e.book.author}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.status ? READING_STATUS_LABELS[e.status] : '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.rating !== null ? <EntryStars entry={e} size={14} /> : '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateReadInWords(e) || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateAddedInWords(e.addedAt) || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

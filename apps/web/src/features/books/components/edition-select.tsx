import { useQuery } from '@tanstack/react-query'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Book } from '@shelfwise/contracts'
import { useEditions } from '#/features/books/api/editions.ts'
import { bookQuery } from '#/features/books/api/get-book.ts'
import { editionLength, editionName } from '#/features/books/components/edition-text.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

/** An option's words: the edition's name, its length and ISBN, and whether it is the main one. */
const optionText = (e: Parameters<typeof editionName>[0], primary: boolean) =>
  [editionName(e), editionLength(e), e.isbn ? `ISBN ${e.isbn}` : ''].filter(Boolean).join(' · ') + (primary ? ' (main edition)' : '')

/**
 * "Which edition are you reading?" (decision 0027): the work's editions, the main one first, a page
 * of them at a time ("Load more editions" past the first). The reader's choice is the value: null
 * for the main edition. A chosen edition not among the pages read yet is read on its own, so the
 * select always shows it.
 */
export default function EditionSelect({
  book,
  value,
  onChange,
  disabled,
}: {
  book: Book
  value: string | null
  onChange: (editionId: string | null) => void
  disabled: boolean
}) {
  const list = useEditions(book._id)
  const chosen = value ?? book._id
  const isListed = list.items.some((e) => e._id === chosen)
  const elsewhere = useQuery({ ...bookQuery(chosen), enabled: !list.isPending && !isListed })
  if ((book.editionCount ?? 1) <= 1 && value === null) {
    return <Typography sx={{ color: 'text.secondary', mb: 1 }}>Reading another edition? Add it under Editions, then choose it here.</Typography>
  }
  if (list.isPending) return null
  if (list.isError) return <Typography sx={{ color: 'text.secondary', mb: 1 }}>Failed to load the editions</Typography>
  const listed = list.total ?? list.items.length
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
      <TextField
        select
        size="small"
        label="Which edition are you reading?"
        value={chosen}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === book._id ? null : e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 18rem', minWidth: 0, maxWidth: '100%' }}
      >
        {!isListed && <option value={chosen}>{elsewhere.data ? optionText(elsewhere.data, false) : 'The edition you chose'}</option>}
        {list.items.map((e) => (
          <option key={e._id} value={e._id}>
            {optionText(e, e.primary)}
          </option>
        ))}
      </TextField>
      {list.hasNextPage && (
        <Button size="small" onClick={list.fetchNextPage} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? 'Loading...' : 'Load more editions'}
        </Button>
      )}
      {list.hasNextPage && (
        <Typography variant="body2" sx={{ color: 'text.secondary', width: '100%' }} aria-live="polite">
          {`${groupDigits(list.items.length)} of ${groupDigits(listed)} editions listed`}
        </Typography>
      )}
    </Box>
  )
}

import { useState } from 'react'
import Alert from '@mui/material/Alert'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import CloseIcon from '@mui/icons-material/Close'
import { cleanShelfName, SHELF_LIMITS, SHELF_MESSAGES, shelfNameKey } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useBookShelves, useSetBookShelves, useUserShelves } from '#/features/bookshelves/api/shelves.ts'
import { shelfNameError } from '#/features/bookshelves/components/shelf-name.ts'

const SAVE_FAILED = 'Could not save your shelves. Please try again.'

/**
 * "On your shelves" on a book's page (decision 0028): the signed-in reader's shelves this book is
 * on, each with a button taking it off, and a field to put it on another: typing finds their
 * shelves, and a new name makes a private shelf. A book without a status goes on Want to Read.
 */
export default function BookShelvesControl({ bookId, hasStatus }: { bookId: string; hasStatus: boolean }) {
  const { user } = useAuth()
  const onBook = useBookShelves(bookId)
  const mine = useUserShelves(user?._id ?? '')
  const set = useSetBookShelves(bookId)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const current = onBook.data ?? []
  const currentKeys = new Set(current.map((s) => shelfNameKey(s.name)))
  const options = (mine.data ?? []).map((s) => s.name).filter((n) => !currentKeys.has(shelfNameKey(n)))
  const isFull = current.length >= SHELF_LIMITS.perBook

  const save = (names: string[], onSuccess?: () => void) => {
    setError(null)
    set.mutate(names, { onSuccess, onError: (err) => setError(errorMessage(err, SAVE_FAILED)) })
  }
  const add = (raw: string) => {
    const name = cleanShelfName(raw)
    if (name === '') return
    const problem = shelfNameError(name)
    if (problem) return setError(problem)
    // Already there, in any letter case: nothing to send.
    if (currentKeys.has(shelfNameKey(name))) return setTyped('')
    save([...current.map((s) => s.name), name], () => setTyped(''))
  }

  return (
    <Box component="section" aria-labelledby={`on-your-shelves-${bookId}`} sx={{ mt: 2 }}>
      <Typography id={`on-your-shelves-${bookId}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        On your shelves
      </Typography>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {error}
        </Alert>
      )}
      {onBook.isError ? (
        <Typography sx={{ color: 'text.secondary' }}>Failed to load your shelves</Typography>
      ) : (
        <>
          {current.length > 0 && (
            <Box component="ul" aria-label="Shelves this book is on" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
              {current.map((s) => (
                <Box component="li" key={s._id} sx={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%' }}>
                  <Chip
                    label={<span dir="auto">{s.name}</span>}
                    variant="outlined"
                    sx={{ height: 'auto', maxWidth: '100%', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                  />
                  <IconButton
                    size="small"
                    aria-label={`Take this book off ${s.name}`}
                    disabled={set.isPending}
                    onClick={() => save(current.filter((c) => c._id !== s._id).map((c) => c.name))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Box>
          )}
          <Autocomplete<string, false, false, true>
            freeSolo
            options={options}
            value={null}
            inputValue={typed}
            onInputChange={(_, text, reason) => {
              if (reason === 'input' || reason === 'clear') setTyped(text)
            }}
            // A chosen shelf, or a new name and Enter.
            onChange={(_, value) => typeof value === 'string' && add(value)}
            disabled={isFull || set.isPending || !onBook.isSuccess}
            blurOnSelect
            renderOption={(props, name) => {
              const { key, ...rest } = props as typeof props & { key: string }
              return (
                <li key={key} {...rest} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </li>
              )
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label="Add to a shelf"
                helperText={
                  isFull
                    ? SHELF_MESSAGES.tooManyOnBook
                    : `Type to find one of your shelves, or a new name and Enter to make a private shelf.${hasStatus ? '' : ' The book goes on Want to Read.'}`
                }
                inputProps={{ ...params.inputProps, dir: 'auto', maxLength: SHELF_LIMITS.nameMax * 2 }}
              />
            )}
            sx={{ maxWidth: 420 }}
          />
        </>
      )}
    </Box>
  )
}

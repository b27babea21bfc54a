import type { Ref } from 'react'
import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { GENRES } from '@shelfwise/contracts/constants'
import { splitGenres } from '#/features/books/components/add-book-values.ts'

/** The genre being typed: what follows the last comma. */
const lastOf = (text: string) => text.slice(text.lastIndexOf(',') + 1).trim()

/**
 * Genre as the spec has it (comma-separated text), offering the catalogue's genres for the one being
 * typed; choosing one puts it in that one's place, ready for the next.
 */
export function GenreField({
  value,
  onChange,
  inputRef,
  error,
  helperText,
}: {
  value: string
  onChange: (text: string) => void
  inputRef: Ref<HTMLInputElement>
  error: boolean
  helperText: string
}) {
  const typed = lastOf(value).toLocaleLowerCase()
  const chosen = new Set(splitGenres(value).map((g) => g.toLocaleLowerCase()))
  const options = GENRES.filter((g) => !chosen.has(g.toLocaleLowerCase()) || g.toLocaleLowerCase() === typed).filter((g) =>
    g.toLocaleLowerCase().includes(typed),
  )
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={options}
      // The text is the state: choosing completes the genre being typed.
      value={null}
      filterOptions={(o) => o}
      inputValue={value}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(text)
      }}
      onChange={(_, genre) => {
        if (typeof genre !== 'string' || !genre) return
        const before = value.slice(0, value.lastIndexOf(',') + 1)
        onChange(`${before}${before ? ' ' : ''}${genre}, `)
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="genre"
          label="Genre"
          required
          inputRef={inputRef}
          error={error}
          helperText={helperText}
          inputProps={{ ...params.inputProps, dir: 'auto' }}
        />
      )}
    />
  )
}

import { useEffect, useState } from 'react'
import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import type { UserSummary } from '@shelfwise/contracts'
import { useSearchUsers } from '#/features/users/api/search-users.ts'
import type { PersonFieldProps } from '#/components/person-field.ts'

/** A name field that suggests users as you type; choosing one links its username. */
export function UserSuggestField({ label, value, onChange, error, helperText, required, name, inputRef, onBlur }: PersonFieldProps) {
  const [query, setQuery] = useState(value)
  useEffect(() => setQuery(value), [value])
  // Suggestions follow every change and clear when the text is empty (spec §5).
  const { data } = useSearchUsers(query)
  const options: UserSummary[] = query.trim() ? (data ?? []) : []
  return (
    <Autocomplete<UserSummary, false, false, true>
      freeSolo
      options={options}
      // Uncontrolled selection would ignore choosing the same person twice; the text is the state.
      value={null}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      getOptionKey={(o) => (typeof o === 'string' ? o : o._id)}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string }
        return (
          <li key={key} {...rest}>
            {o.name} (@{o.username})
          </li>
        )
      }}
      inputValue={query}
      onInputChange={(_, text, reason) => {
        // Typing unlinks the chosen user; choosing an option is handled by onChange.
        if (reason !== 'input' && reason !== 'clear') return
        setQuery(text)
        onChange(text, null)
      }}
      onChange={(_, o) => {
        if (o && typeof o !== 'string') {
          setQuery(o.name)
          onChange(o.name, o.username)
        }
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          name={name}
          inputRef={inputRef}
          inputProps={{ ...params.inputProps, dir: 'auto' }}
        />
      )}
    />
  )
}

import type { FormEvent } from 'react'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import type { Scope } from '#/features/books/browse-url.ts'

/** Browse's search box, its scope (all fields, title, author) and Search. */
export function BrowseSearchForm({
  text,
  scope,
  onText,
  onScope,
  onSubmit,
}: {
  text: string
  scope: Scope
  onText: (text: string) => void
  onScope: (scope: Scope) => void
  onSubmit: (e: FormEvent) => void
}) {
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={onSubmit}
      variant="outlined"
      sx={{ p: 1.5, mb: 3, display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <TextField
        value={text}
        onChange={(e) => onText(e.target.value)}
        placeholder="Search by title, author, or keyword..."
        size="small"
        fullWidth
        slotProps={{ htmlInput: { 'aria-label': 'Search books' } }}
      />
      <TextField
        select
        size="small"
        label="Search in"
        value={scope}
        onChange={(e) => onScope(e.target.value as Scope)}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 150, flexShrink: 0 }}
      >
        <option value="all">All Fields</option>
        <option value="title">Title Only</option>
        <option value="author">Author Only</option>
      </TextField>
      <Button type="submit" variant="contained" sx={{ flexShrink: 0, px: 3 }}>
        Search
      </Button>
    </Paper>
  )
}

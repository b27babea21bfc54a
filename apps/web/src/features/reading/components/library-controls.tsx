import { useCallback, useEffect, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import ClearIcon from '@mui/icons-material/Clear'
import GridViewIcon from '@mui/icons-material/GridView'
import SearchIcon from '@mui/icons-material/Search'
import TableRowsIcon from '@mui/icons-material/TableRows'
import ViewListIcon from '@mui/icons-material/ViewList'
import type { LibrarySort } from '@shelfwise/contracts'
import { NativeSelectField } from '#/features/reading/components/reading-fields.tsx'
import {
  ORDER_WORDS,
  rememberView,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX,
  SORT_OPTIONS,
  type LibraryLayout,
  type LibraryView,
} from '#/features/reading/components/library-layout.ts'

// The controls of a list of the library (issue 22), in a chunk of their own: its search box, order and view.

/** The search box: what the reader types is searched once they pause, and follows the address back. */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q)
  // Back, Forward or a cleared search move the address: the box follows.
  useEffect(() => setText((t) => (t.trim() === q.trim() ? t : q)), [q])
  useEffect(() => {
    if (text.trim() === q.trim()) return
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, q, onSearch])
  return (
    <TextField
      type="search"
      size="small"
      label="Search this list"
      placeholder="Title or author"
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        htmlInput: { maxLength: SEARCH_MAX },
        inputLabel: { shrink: true },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label="Empty the search box"
                onClick={() => {
                  setText('')
                  onSearch('')
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
      // One way to empty the box: ours, not the browser's own as well.
      sx={{ flex: '1 1 220px', minWidth: 0, '& input::-webkit-search-cancel-button': { display: 'none' } }}
    />
  )
}

/** The order, search and view of a list of the library. */
export default function LibraryControls({ layout, onChange }: { layout: LibraryLayout; onChange: (change: Partial<LibraryLayout>) => void }) {
  const { sort, order, q, view } = layout
  const words = ORDER_WORDS[sort][order]
  const onSearch = useCallback((text: string) => onChange({ q: text }), [onChange])
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', pt: 2, pb: 1 }}>
      <SearchBox q={q} onSearch={onSearch} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <NativeSelectField label="Sort by" value={sort} options={SORT_OPTIONS} onChange={(v) => onChange({ sort: v as LibrarySort })} sx={{ minWidth: 140 }} />
        <Button
          variant="outlined"
          size="small"
          aria-label={`Order: ${words}. Change it`}
          startIcon={order === 'desc' ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
          onClick={() => onChange({ order: order === 'desc' ? 'asc' : 'desc' })}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {words}
        </Button>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          aria-label="View"
          onChange={(_, v: LibraryView | null) => {
            if (!v) return
            rememberView(v)
            onChange({ view: v })
          }}
        >
          <ToggleButton value="list" aria-label="List">
            <ViewListIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="grid" aria-label="Covers">
            <GridViewIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="table" aria-label="Table">
            <TableRowsIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
    </Box>
  )
}

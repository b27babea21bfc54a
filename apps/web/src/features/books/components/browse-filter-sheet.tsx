import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Drawer from '@mui/material/Drawer'
import Typography from '@mui/material/Typography'
import { BrowseFilters, emptyFilters, type FilterOptions, type Filters } from '#/features/books/components/browse-filters.tsx'
import { useBookCount, type BookSearchParams } from '#/features/books/api/search-books.ts'
import { booksFound } from '#/features/books/browse-url.ts'

/**
 * Browse's filters on a phone (issue 22): a sheet over the results. Choices are a draft until Apply,
 * the sheet counting live what they would find; 'Hide Filters' leaves without applying.
 */
/** What Browse hands its filters, wide or in the sheet. */
export interface FilterSource {
  filters: Filters
  yearBounds: { min: number; max: number }
  options: FilterOptions
  /** The search call's parameters for these filters with the current words (null: the whole catalogue). */
  searchFor: (f: Filters) => BookSearchParams | null
}

export function BrowseFilterSheet({ open, onApply, onClose, ...source }: FilterSource & { open: boolean; onApply: (f: Filters) => void; onClose: () => void }) {
  const { filters, yearBounds, options, searchFor } = source
  // The draft starts from the applied filters each time the sheet opens.
  const [draft, setDraft] = useState({ for: filters, open, value: filters })
  if (draft.open !== open || (!open && draft.for !== filters)) setDraft({ for: filters, open, value: filters })
  const count = useBookCount(searchFor(draft.value), open)
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id: 'browse-filters',
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': 'filter-sheet-title',
          sx: { maxHeight: '92dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1.5 }}>
        <Typography id="filter-sheet-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Filters
        </Typography>
        <Button size="small" onClick={onClose}>
          Hide Filters
        </Button>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', px: 2, pt: 2, flex: 1 }}>
        <BrowseFilters filters={draft.value} onChange={(value) => setDraft({ ...draft, value })} yearBounds={yearBounds} options={options} columns={2} />
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, flexWrap: 'wrap' }}>
        <Typography role="status" aria-live="polite" sx={{ fontWeight: 600, flex: '1 1 auto', minWidth: 0 }} data-testid="sheet-count">
          {count.isError ? 'Failed to apply filters' : count.data === undefined ? 'Counting…' : booksFound(count.data)}
        </Typography>
        <Button onClick={() => setDraft({ ...draft, value: emptyFilters() })}>Clear All Filters</Button>
        <Button variant="contained" onClick={() => onApply(draft.value)} sx={{ flex: '1 0 100%' }}>
          Apply
        </Button>
      </Box>
    </Drawer>
  )
}

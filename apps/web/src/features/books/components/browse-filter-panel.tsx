import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import FilterListIcon from '@mui/icons-material/FilterList'
import { activeFilterCount, BrowseFilters, type Filters } from '#/features/books/components/browse-filters.tsx'
import { BrowseFilterSheet, type FilterSource } from '#/features/books/components/browse-filter-sheet.tsx'

/**
 * Browse's filters: beside the results on a wide screen, applied as they are ticked; on a small one
 * behind 'Show Filters' with the count of active filters, in a sheet applied with its Apply button.
 */
export function BrowseFilterPanel({
  isWide,
  onChange,
  onClear,
  ...source
}: FilterSource & { isWide: boolean; onChange: (f: Filters) => void; onClear: () => void }) {
  const { filters, yearBounds, options } = source
  const [isFiltersOpen, setFiltersOpen] = useState(false)
  const count = activeFilterCount(filters)
  return (
    <Box component="aside" aria-label="Filters">
      {!isWide && (
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          onClick={() => setFiltersOpen((o) => !o)}
          aria-expanded={isFiltersOpen}
          aria-controls="browse-filters"
          fullWidth
        >
          {isFiltersOpen ? 'Hide Filters' : 'Show Filters'}
          {/* The count badge, after the label so the button reads 'Show Filters 2'; absent at 0. */}
          {count > 0 && (
            <Box
              component="span"
              data-testid="filter-count"
              sx={{
                ml: 1,
                minWidth: 20,
                height: 20,
                px: 0.75,
                borderRadius: 10,
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                fontSize: 12,
                fontWeight: 700,
                lineHeight: '20px',
              }}
            >
              {count}
            </Box>
          )}
        </Button>
      )}
      {isWide ? (
        <Paper variant="outlined" sx={{ p: 2 }} id="browse-filters">
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              Filters
            </Typography>
            <Button size="small" onClick={onClear}>
              Clear All Filters
            </Button>
          </Box>
          <BrowseFilters filters={filters} onChange={onChange} yearBounds={yearBounds} options={options} />
        </Paper>
      ) : (
        <BrowseFilterSheet
          {...source}
          open={isFiltersOpen}
          onApply={(f) => {
            onChange(f)
            setFiltersOpen(false)
          }}
          onClose={() => setFiltersOpen(false)}
        />
      )}
    </Box>
  )
}

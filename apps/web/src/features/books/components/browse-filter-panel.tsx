import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import FilterListIcon from '@mui/icons-material/FilterList'
import { activeFilterCount, BrowseFilters, type Filters } from '#/features/books/components/browse-filters.tsx'

/**
 * Browse's filters: beside the results on a wide screen; on a small one behind 'Show Filters' with
 * the count of active filters. The panel (dozens of checkboxes) is drawn the first time it shows.
 */
export function BrowseFilterPanel({
  filters,
  isWide,
  yearBounds,
  onChange,
  onClear,
}: {
  filters: Filters
  isWide: boolean
  yearBounds: { min: number; max: number }
  onChange: (f: Filters) => void
  onClear: () => void
}) {
  const [isFiltersOpen, setFiltersOpen] = useState(false)
  const [hasShownFilters, setHasShownFilters] = useState(false)
  if ((isWide || isFiltersOpen) && !hasShownFilters) setHasShownFilters(true)
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
      <Collapse in={isWide || isFiltersOpen} id="browse-filters">
        {(isWide || isFiltersOpen || hasShownFilters) && (
          <Paper variant="outlined" sx={{ p: 2, mt: isWide ? 0 : 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                Filters
              </Typography>
              <Button size="small" onClick={onClear}>
                Clear All Filters
              </Button>
            </Box>
            <BrowseFilters filters={filters} onChange={onChange} yearBounds={yearBounds} />
          </Paper>
        )}
      </Collapse>
    </Box>
  )
}

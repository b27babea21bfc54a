import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Slider from '@mui/material/Slider'
import Typography from '@mui/material/Typography'
import { CATEGORIES, DEFAULT_YEAR_RANGE, GENRES, LANGUAGES, PAGE_RANGES, RATING_FILTERS } from '@shelfwise/contracts/constants'

export interface Filters {
  genres: string[]
  categories: string[]
  languages: string[]
  rating: number | null
  pageRange: string | null
  years: [number, number]
}

export const emptyFilters = (): Filters => ({
  genres: [],
  categories: [],
  languages: [],
  rating: null,
  pageRange: null,
  years: [DEFAULT_YEAR_RANGE.min, DEFAULT_YEAR_RANGE.max],
})

export const isDefaultYears = (y: [number, number]) => y[0] === DEFAULT_YEAR_RANGE.min && y[1] === DEFAULT_YEAR_RANGE.max

/** How many filters are set: the badge on 'Show Filters'. */
export const activeFilterCount = (f: Filters) =>
  f.genres.length + f.categories.length + f.languages.length + (f.rating ? 1 : 0) + (f.pageRange ? 1 : 0) + (isDefaultYears(f.years) ? 0 : 1)

export const YEAR_BOUNDS = { min: 1800, max: new Date().getFullYear() }

/** A titled group of checkboxes, each option checked when `isChecked` says so; a click asks `onToggle`. */
function CheckboxGroup<T extends string | number>({
  title,
  options,
  isChecked,
  onToggle,
}: {
  title: string
  options: { value: T; label: string }[]
  isChecked: (value: T) => boolean
  onToggle: (value: T) => void
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <FormGroup>
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            sx={{ my: -0.5 }}
            control={<Checkbox size="small" checked={isChecked(o.value)} onChange={() => onToggle(o.value)} />}
            label={o.label}
          />
        ))}
      </FormGroup>
    </Box>
  )
}

/** Any number of choices. */
const MultiGroup = ({
  title,
  options,
  selected,
  onChange,
}: {
  title: string
  options: readonly string[]
  selected: string[]
  onChange: (next: string[]) => void
}) => (
  <CheckboxGroup
    title={title}
    options={options.map((o) => ({ value: o, label: o }))}
    isChecked={(o) => selected.includes(o)}
    onToggle={(o) => onChange(selected.includes(o) ? selected.filter((x) => x !== o) : [...selected, o])}
  />
)

/** One choice at a time; choosing the selected one again clears it. */
function SingleGroup<T extends string | number>({
  title,
  options,
  selected,
  onChange,
}: {
  title: string
  options: { value: T; label: string }[]
  selected: T | null
  onChange: (next: T | null) => void
}) {
  return <CheckboxGroup title={title} options={options} isChecked={(v) => selected === v} onToggle={(v) => onChange(selected === v ? null : v)} />
}

/** What each list offers: the values books carry (GET /books/facets), the spec's lists until they come. */
export interface FilterOptions {
  genres: readonly string[]
  categories: readonly string[]
  languages: readonly string[]
}

export const SPEC_FILTER_OPTIONS: FilterOptions = { genres: GENRES, categories: CATEGORIES, languages: LANGUAGES }

/** The lists of values to tick, in their order on screen. */
const MULTI_GROUPS: [keyof FilterOptions, string][] = [
  ['genres', 'Genres'],
  ['categories', 'Categories'],
  ['languages', 'Languages'],
]

/** The offered values, plus any chosen one the catalogue no longer carries (so it can be unticked). */
const withChosen = (offered: readonly string[], chosen: string[]) => [...offered, ...chosen.filter((c) => !offered.includes(c))]

export function BrowseFilters({
  filters,
  onChange,
  yearBounds = YEAR_BOUNDS,
  options = SPEC_FILTER_OPTIONS,
  columns = 1,
}: {
  filters: Filters
  onChange: (f: Filters) => void
  yearBounds?: { min: number; max: number }
  options?: FilterOptions
  /** Checkbox columns where there is room (the phone sheet): 2. */
  columns?: 1 | 2
}) {
  const isAnyYear = isDefaultYears(filters.years)
  return (
    <Box sx={columns === 2 ? { '& .MuiFormGroup-root': { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' } } : undefined}>
      {MULTI_GROUPS.map(([key, title]) => (
        <MultiGroup
          key={key}
          title={title}
          options={withChosen(options[key], filters[key])}
          selected={filters[key]}
          onChange={(chosen) => onChange({ ...filters, [key]: chosen })}
        />
      ))}
      <SingleGroup
        title="Rating"
        options={RATING_FILTERS.map((r) => ({ value: r, label: `${r}+ Stars` }))}
        selected={filters.rating}
        onChange={(rating) => onChange({ ...filters, rating })}
      />
      <SingleGroup
        title="Page Count"
        options={PAGE_RANGES.map((p) => ({ value: p.label, label: p.label }))}
        selected={filters.pageRange}
        onChange={(pageRange) => onChange({ ...filters, pageRange })}
      />
      <Box sx={{ px: 1 }}>
        {/* Untouched, the range is the spec's 2000–2023, which is never sent: no year filter, so it says so. */}
        <Typography variant="subtitle2" id="year-range-label" sx={{ fontWeight: 700, ml: -1 }}>
          Published: {isAnyYear ? 'any year' : `${filters.years[0]}–${filters.years[1]}`}
        </Typography>
        <YearSlider
          value={isAnyYear ? [yearBounds.min, yearBounds.max] : filters.years}
          bounds={yearBounds}
          onCommit={(years) =>
            onChange({ ...filters, years: years[0] <= yearBounds.min && years[1] >= yearBounds.max ? [DEFAULT_YEAR_RANGE.min, DEFAULT_YEAR_RANGE.max] : years })
          }
        />
      </Box>
    </Box>
  )
}

function YearSlider({ value, bounds, onCommit }: { value: [number, number]; bounds: { min: number; max: number }; onCommit: (v: [number, number]) => void }) {
  return (
    <Slider
      key={value.join('-')}
      defaultValue={value}
      min={Math.min(bounds.min, value[0])}
      max={Math.max(bounds.max, value[1])}
      valueLabelDisplay="auto"
      getAriaLabel={(i) => (i === 0 ? 'Earliest year' : 'Latest year')}
      onChangeCommitted={(_, v) => onCommit(v as [number, number])}
    />
  )
}

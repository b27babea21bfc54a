import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import CheckIcon from '@mui/icons-material/Check'
import type { BookFormat, Owned } from '@shelfwise/contracts'
import { COPY_FORMAT_LABELS, COPY_FORMATS, ownedInWords } from '#/features/reading/components/copy-formats.ts'
import { NativeSelectField } from '#/features/reading/components/reading-fields.tsx'

const FORMAT_OPTIONS = [{ value: '', label: 'Any format' }, ...COPY_FORMATS.map((f) => ({ value: f, label: COPY_FORMAT_LABELS[f] }))]

/** The library's filters by the reader's copies, as the address keeps them (?owned=true&format=ebook). */
export interface CopyFilter {
  owned: boolean
  format: BookFormat | undefined
}

/**
 * On the reader's own library, beside their shelves (decision 0027): only the books they own, and
 * only those whose copy is in one format (the copies' format, else the edition's they read). Both
 * combine with a status tab or a shelf; the screen keeps them in the address.
 */
export default function LibraryFilters({ filter, onChange }: { filter: CopyFilter; onChange: (next: CopyFilter) => void }) {
  return (
    <Box role="group" aria-labelledby="library-filters" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography id="library-filters" variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
        Filter your books
      </Typography>
      <Chip
        label="Owned"
        clickable
        aria-pressed={filter.owned}
        color={filter.owned ? 'primary' : 'default'}
        variant={filter.owned ? 'filled' : 'outlined'}
        {...(filter.owned ? { icon: <CheckIcon fontSize="small" /> } : {})}
        onClick={() => onChange({ ...filter, owned: !filter.owned })}
      />
      <NativeSelectField
        label="Format"
        value={filter.format ?? ''}
        options={FORMAT_OPTIONS}
        onChange={(v) => onChange({ ...filter, format: (v || undefined) as BookFormat | undefined })}
        sx={{ minWidth: 160 }}
      />
    </Box>
  )
}

/** On a row of the reader's own library: the copies they own ("Owned: 2 copies · Paperback"). */
export function OwnedNote({ owned }: { owned: Owned }) {
  return <Typography variant="body2">{`Owned: ${ownedInWords(owned)}`}</Typography>
}

import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { PROGRESS_UNITS, type ProgressUnit } from '@shelfwise/contracts/constants'
import type { ReadingEntry, ReadingUpdate } from '@shelfwise/contracts'
import { NativeSelectField, NumberEntryForm, wholeNumberProblem } from '#/features/reading/components/reading-fields.tsx'
import { progressInWords, progressPercentIn, PROGRESS_UNIT_LABELS, unitOf } from '#/features/reading/components/progress.ts'

const UNIT_OPTIONS = PROGRESS_UNITS.map((u) => ({ value: u, label: PROGRESS_UNIT_LABELS[u] }))

/** The field of each unit: its label, its bounds, the API's words for a wrong number, and the change it sends. */
const FIELDS: Record<ProgressUnit, { label: string; check: (typed: string) => string | undefined; progress: (n: number) => ReadingUpdate['progress'] }> = {
  pages: { label: 'Page', check: (t) => wholeNumberProblem('Page', t, 0), progress: (page) => ({ page }) },
  percent: {
    label: 'Percent',
    check: (t) => {
      const n = Number(t)
      if (t.trim() === '' || !Number.isFinite(n)) return 'Percent must be a number'
      return n < 0 ? 'Percent must be at least 0' : n > 100 ? 'Percent must be at most 100' : undefined
    },
    progress: (percent) => ({ percent }),
  },
  minutes: { label: 'Minutes', check: (t) => wholeNumberProblem('Minutes', t, 0), progress: (minutes) => ({ minutes }) },
}

type Save = (change: Pick<ReadingUpdate, 'progress' | 'progressUnit'>, onSuccess?: () => void) => void

/**
 * Where the reader is in the book (decision 0039), in the unit they choose for it — pages, percent,
 * or minutes for an audiobook — remembered on their entry so it follows them to every device. The
 * bar shows whenever a share is known: pages of the book's pages, or a percent (a book without a
 * page count too). On a paused book the form is there as well; saving progress resumes it.
 */
export function ReadingProgress({ entry, pages, disabled, save }: { entry: ReadingEntry; pages: number | null | undefined; disabled: boolean; save: Save }) {
  const unit = unitOf(entry.progressUnit, pages)
  const field = FIELDS[unit]
  const percent = progressPercentIn(unit, entry.progress, pages)
  return (
    <Box component="section" aria-labelledby="reading-progress" sx={{ mb: 2 }}>
      <Typography id="reading-progress" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Progress
      </Typography>
      <Typography sx={{ mb: 1 }}>{progressInWords(unit, entry.progress, pages)}</Typography>
      {percent !== undefined && <LinearProgress variant="determinate" value={percent} aria-label="Progress" sx={{ mb: 1, height: 8, borderRadius: 4 }} />}
      {entry.status === 'paused' && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Paused. Saving your progress moves the book back to Currently Reading.
        </Typography>
      )}
      {/* A new unit starts the field again. */}
      <NumberEntryForm
        key={unit}
        formLabel="Reading progress"
        label={field.label}
        min={0}
        max={unit === 'percent' ? 100 : unit === 'pages' ? pages || undefined : undefined}
        step={unit === 'percent' ? 'any' : 1}
        submit="Update progress"
        disabled={disabled}
        check={field.check}
        // The typed number stays until the server took it: a refusal leaves it there to correct.
        onSave={(n, clear) => save({ progress: field.progress(n) }, clear)}
        before={
          <NativeSelectField<ProgressUnit>
            label="Progress in"
            value={unit}
            options={UNIT_OPTIONS}
            disabled={disabled}
            onChange={(next) => next && save({ progressUnit: next })}
            sx={{ minWidth: 170 }}
          />
        }
      />
    </Box>
  )
}

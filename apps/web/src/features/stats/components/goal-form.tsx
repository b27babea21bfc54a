import { useId, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Goal } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { useSetGoal, type GoalTargets } from '#/features/stats/api/set-goal.ts'

const GOAL_FORM_TEXT = {
  save: 'Save goal',
  saved: 'Goal saved',
  removed: 'Goal removed',
  needsTarget: 'Enter a number of books, pages or both',
  failed: 'Could not save the goal. Please try again.',
  // Goals are public, as the books a reader finishes are (decision 0022).
  visibility: 'Your goal is public: anyone who opens your year in books sees it and your progress.',
} as const

const MAX_TARGET = 1_000_000

/** A field's text as a target: empty is none (null); otherwise a whole number from 1 to 1,000,000, or the reason it is not. */
function readTarget(label: string, text: string): { value: number | null; error?: string } {
  if (text.trim() === '') return { value: null }
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1 || n > MAX_TARGET) return { value: null, error: `${label} must be a whole number from 1 to 1,000,000` }
  return { value: n }
}

/**
 * The year's goal in one step: books, pages (either may stay empty) and Save. Emptying both removes
 * a goal the reader had.
 */
export function GoalForm({ userId, year, goal }: { userId: string; year: number; goal: Goal | null }) {
  const save = useSetGoal(userId, year)
  const [books, setBooks] = useState(goal?.books?.toString() ?? '')
  const [pages, setPages] = useState(goal?.pages?.toString() ?? '')
  const [errors, setErrors] = useState<{ books?: string | undefined; pages?: string | undefined; form?: string | undefined }>({})
  const [done, setDone] = useState('')
  const visibilityId = useId()

  const submit = () => {
    const b = readTarget('Books', books)
    const p = readTarget('Pages', pages)
    setDone('')
    if (b.error || p.error) return setErrors({ books: b.error, pages: p.error })
    if (b.value === null && p.value === null && !goal) return setErrors({ form: GOAL_FORM_TEXT.needsTarget })
    setErrors({})
    const targets: GoalTargets = { books: b.value, pages: p.value }
    save.mutate(targets, {
      onSuccess: (saved) => setDone(saved.books === null && saved.pages === null ? GOAL_FORM_TEXT.removed : GOAL_FORM_TEXT.saved),
      onError: (err) => setErrors({ form: errorMessage(err, GOAL_FORM_TEXT.failed) }),
    })
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Reading goal for ${year}`}
      aria-describedby={visibilityId}
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {(
          [
            ['Books', books, setBooks, errors.books],
            ['Pages', pages, setPages, errors.pages],
          ] as const
        ).map(([label, value, set, error]) => (
          <TextField
            key={label}
            size="small"
            label={label}
            type="number"
            value={value}
            onChange={(e) => set(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { min: 1, max: MAX_TARGET, inputMode: 'numeric' } }}
            sx={{ width: { xs: 'calc(50% - 4px)', sm: 140 } }}
          />
        ))}
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 0.25 }}>
          {GOAL_FORM_TEXT.save}
        </Button>
      </Box>
      <Typography id={visibilityId} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {GOAL_FORM_TEXT.visibility}
      </Typography>
      {errors.form && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.dark', mt: 1 }}>
          {errors.form}
        </Typography>
      )}
      <Typography role="status" variant="body2" sx={{ color: 'success.dark', mt: done ? 1 : 0 }}>
        {done}
      </Typography>
    </Box>
  )
}

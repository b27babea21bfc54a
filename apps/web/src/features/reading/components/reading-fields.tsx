import { useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import type { SxProps, Theme } from '@mui/material/styles'

// The shapes the reading panel, the reader's copy and the library share: a native choice, and a
// number typed and saved with its own button (a number is not sent at every key).

/** A small native select with its label always raised: the browser's own list on a phone, and each reads the same. */
export function NativeSelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  accessibleName,
  disabled,
  errorText,
  sx,
}: {
  label: string
  value: T | ''
  options: readonly { value: T | ''; label: string }[]
  onChange: (value: T | '') => void
  /** A fuller name than the label, for a select repeated on every row ("Status of Middlemarch"). */
  accessibleName?: string
  disabled?: boolean
  /** Shown under the select, and marks it as in error. */
  errorText?: string | undefined
  sx?: SxProps<Theme>
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      error={errorText !== undefined}
      helperText={errorText}
      onChange={(e) => onChange(e.target.value as T | '')}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, ...(accessibleName ? { htmlInput: { 'aria-label': accessibleName } } : {}) }}
      sx={sx}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  )
}

/**
 * A whole number typed and saved with its button. `check` names what is wrong in the API's words
 * (shown under the field, nothing sent); `onSave` gets the number. What was typed stays until `key`
 * changes, so a refused number can be corrected.
 */
export function NumberEntryForm({
  formLabel,
  label,
  initial = '',
  min,
  max,
  step,
  width = 120,
  submit,
  submitLabel,
  disabled,
  canSubmit = () => true,
  check,
  onSave,
  before,
}: {
  formLabel: string
  label: string
  initial?: string
  min: number
  max?: number | undefined
  step?: number | 'any'
  width?: number
  submit: string
  /** The button's accessible name when `submit` alone would not say what it saves. */
  submitLabel?: string
  disabled: boolean
  canSubmit?: (typed: string) => boolean
  check: (typed: string) => string | undefined
  onSave: (n: number, clear: () => void) => void
  /** A control shown before the field in the same row (the progress unit). */
  before?: ReactNode
}) {
  const [typed, setTyped] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <Box
      component="form"
      noValidate
      aria-label={formLabel}
      onSubmit={(e) => {
        e.preventDefault()
        const found = check(typed)
        setProblem(found ?? null)
        if (!found) onSave(Number(typed), () => setTyped(''))
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      {before}
      <TextField
        size="small"
        type="number"
        label={label}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={problem !== null}
        helperText={problem}
        slotProps={{ htmlInput: { min, max, step, inputMode: step === 'any' ? 'decimal' : 'numeric' }, inputLabel: { shrink: true } }}
        sx={{ width }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={disabled || !canSubmit(typed)}
        {...(submitLabel ? { 'aria-label': submitLabel } : {})}
        sx={{ mt: 0.25 }}
      >
        {submit}
      </Button>
    </Box>
  )
}

/** Why a typed whole number cannot be kept, naming the field as the API does; undefined when it can. */
export function wholeNumberProblem(field: string, typed: string, min: number, max?: number | null): string | undefined {
  const n = Number(typed)
  if (typed.trim() === '' || !Number.isInteger(n)) return `${field} must be a whole number`
  if (n < min) return `${field} must be at least ${min}`
  return max && n > max ? `${field} must be at most ${max}` : undefined
}

import { useState } from 'react'
import Box from '@mui/material/Box'
import TextField from '@mui/material/TextField'
import { NativeSelectField } from '#/features/reading/components/reading-fields.tsx'

/** How much of a date the reader knows: the day, the month, or the year alone. */
export type Precision = 'day' | 'month' | 'year'

const PRECISIONS = [
  { value: 'day', label: 'Day' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year only' },
] as const

const LENGTH: Record<Precision, number> = { day: 10, month: 7, year: 4 }

const precisionOf = (value: string): Precision => (value.length === 4 ? 'year' : value.length === 7 ? 'month' : 'day')

/** A date made as precise as asked: cut to the month or year, or made whole again from its first day. */
function withPrecision(value: string, precision: Precision): string {
  if (value === '') return ''
  const [y, m = '01', d = '01'] = value.split('-')
  return [y, m, d].join('-').slice(0, LENGTH[precision])
}

/**
 * A date as a reader knows it, with the browser's own pickers: a day (a calendar), a month (a month
 * picker), or a year alone (a number). The value is the API's text, YYYY, YYYY-MM or YYYY-MM-DD;
 * '' when empty. `latest` is the last day it may be (the reader's today).
 */
export function PartialDateField({
  id,
  label,
  value,
  onChange,
  latest,
  error,
  helperText,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  latest: string
  error?: boolean
  helperText?: string | undefined
}) {
  // Kept apart from the value so an empty field remembers the precision chosen for it.
  const [precision, setPrecision] = useState<Precision>(value ? precisionOf(value) : 'day')
  const input =
    precision === 'day'
      ? { type: 'date', max: latest }
      : precision === 'month'
        ? { type: 'month', max: latest.slice(0, 7), placeholder: 'YYYY-MM' }
        : { type: 'number', min: 1000, max: Number(latest.slice(0, 4)), inputMode: 'numeric' as const }
  return (
    <Box role="group" aria-labelledby={`${id}-label`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        id={id}
        size="small"
        label={label}
        type={input.type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        helperText={helperText}
        slotProps={{ htmlInput: input, inputLabel: { shrink: true, id: `${id}-label` } }}
        sx={{ flex: '1 1 11rem', minWidth: 0 }}
      />
      <NativeSelectField<Precision>
        label="Precision"
        value={precision}
        options={PRECISIONS}
        onChange={(next) => {
          if (!next) return
          setPrecision(next)
          onChange(withPrecision(value, next))
        }}
        sx={{ flex: '0 0 8.5rem' }}
      />
    </Box>
  )
}

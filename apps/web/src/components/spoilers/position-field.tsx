import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import type { Position } from '@shelfwise/contracts'
import { POSITION_TEXT } from '#/components/spoilers/position-texts.ts'

/** What the reader picks: no position, a page, a percent, or the ending; the number as typed. */
export interface PositionChoice {
  kind: 'none' | 'page' | 'percent' | 'finished'
  value: string
}

export const NO_POSITION: PositionChoice = { kind: 'none', value: '' }

/** The choice that stands for a position already given (to edit it). */
export const choiceOf = (p: Position | null | undefined): PositionChoice =>
  !p
    ? NO_POSITION
    : 'page' in p
      ? { kind: 'page', value: String(p.page) }
      : 'percent' in p
        ? { kind: 'percent', value: String(p.percent) }
        : { kind: 'finished', value: '' }

/** The position to send, or a message naming what is wrong with the number. */
export function positionOf(choice: PositionChoice): { position?: Position; error?: string } {
  if (choice.kind === 'none') return {}
  if (choice.kind === 'finished') return { position: { finished: true } }
  const n = Number(choice.value)
  const max = choice.kind === 'page' ? 100_000 : 100
  if (choice.value.trim() === '' || !Number.isInteger(n) || n < 1 || n > max) {
    return { error: choice.kind === 'page' ? 'Give a whole page number from 1' : 'Give a whole percent from 1 to 100' }
  }
  return { position: choice.kind === 'page' ? { page: n } : { percent: n } }
}

/** "How far in is this?": none, a page, a percent or the ending, with the number beside it. */
export function PositionField({ id, choice, onChange, error }: { id: string; choice: PositionChoice; onChange: (c: PositionChoice) => void; error?: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        id={`${id}-kind`}
        label={POSITION_TEXT.howFar}
        value={choice.kind}
        onChange={(e) => onChange({ kind: e.target.value as PositionChoice['kind'], value: choice.value })}
        sx={{ minWidth: 200 }}
        size="small"
      >
        <MenuItem value="none">Not a spoiler</MenuItem>
        <MenuItem value="page">A page</MenuItem>
        <MenuItem value="percent">A percent</MenuItem>
        <MenuItem value="finished">The ending</MenuItem>
      </TextField>
      {(choice.kind === 'page' || choice.kind === 'percent') && (
        <TextField
          id={`${id}-value`}
          label={choice.kind === 'page' ? 'Page' : 'Percent'}
          value={choice.value}
          onChange={(e) => onChange({ kind: choice.kind, value: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          error={Boolean(error)}
          helperText={error}
          size="small"
          sx={{ maxWidth: 160 }}
        />
      )}
    </Stack>
  )
}

import { useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import Typography from '@mui/material/Typography'

/**
 * Several choices of a fixed list under a legend (a token's scopes, a webhook's events): the chosen
 * ones are kept in the list's own order whatever order they were ticked in, and `missing` says under
 * the group that at least one is needed.
 */
/**
 * A group's choice when one at least is needed: `field` goes to the group, and `check()` before
 * sending says whether anything is chosen, else shows the group's missing message until it changes.
 */
export function useRequiredChoice<V extends string>(initial: V[]) {
  const [value, setValue] = useState(initial)
  const [missing, setMissing] = useState(false)
  return {
    value,
    field: {
      value,
      missing,
      onChange: (v: V[]) => {
        setMissing(false)
        setValue(v)
      },
    },
    check: () => {
      if (!value.length) setMissing(true)
      return value.length > 0
    },
    /** Back to the first choice, after sending. */
    reset: () => setValue(initial),
  }
}

export function CheckboxGroup<V extends string>({
  id,
  legend,
  options,
  labels,
  value,
  onChange,
  missing,
  missingText,
}: {
  /** A unique id the missing message is named by. */
  id: string
  legend: string
  options: readonly V[]
  labels: Record<V, ReactNode>
  value: readonly V[]
  onChange: (value: V[]) => void
  missing: boolean
  missingText: string
}) {
  const toggle = (option: V) => onChange(value.includes(option) ? value.filter((v) => v !== option) : options.filter((o) => o === option || value.includes(o)))
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={missing ? `${id}-missing` : undefined}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {legend}
      </Typography>
      <FormGroup>
        {options.map((option) => (
          <FormControlLabel key={option} control={<Checkbox checked={value.includes(option)} onChange={() => toggle(option)} />} label={labels[option]} />
        ))}
      </FormGroup>
      {missing && (
        <FormHelperText id={`${id}-missing`} error>
          {missingText}
        </FormHelperText>
      )}
    </Box>
  )
}

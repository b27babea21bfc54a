import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import { DEV_TEXT } from '#/features/developers/components/developer-texts.ts'

/** A read-only value (a token, a password, a URL) with a Copy button beside it. */
export function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const [copied, setCopied] = useState(false)
  const handleCopy = async () => {
    await navigator.clipboard?.writeText(value)
    setCopied(true)
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <TextField
        value={value}
        label={label}
        fullWidth
        size="small"
        multiline={multiline}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        onFocus={(e) => e.target.select()}
      />
      <Button variant="outlined" size="small" sx={{ mt: 0.5, flexShrink: 0 }} onClick={() => void handleCopy()} aria-label={`${DEV_TEXT.copy} ${label}`}>
        {copied ? DEV_TEXT.copied : DEV_TEXT.copy}
      </Button>
    </Box>
  )
}

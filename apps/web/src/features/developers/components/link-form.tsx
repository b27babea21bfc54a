import { useId, useState, type FormEvent } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import { USER_CODE_ALPHABET, type TokenScope } from '@shelfwise/contracts'
import { ApiError, errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { useApproveDevice, useDenyDevice } from '#/features/developers/api/tokens.ts'
import { DEV_TEXT } from '#/features/developers/components/developer-texts.ts'
import { ExpiryChoice, ScopeChoice } from '#/features/developers/components/tokens-section.tsx'
import { FormCard } from '#/components/form-card.tsx'
import { useRequiredChoice } from '#/components/checkbox-group.tsx'

/** The code as the server wants it: upper case, no dash or spaces; null when it cannot be one. */
function normalizeUserCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '')
  return code.length === 8 && [...code].every((c) => USER_CODE_ALPHABET.includes(c)) ? code : null
}

const shown = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`

/** The device-link form (issue 25, point 5): the device's code, the scopes, Approve or Deny. */
export function LinkForm({ initialCode }: { initialCode: string }) {
  const id = useId()
  const [code, setCode] = useState(initialCode)
  const [badCode, setBadCode] = useState(false)
  const scopes = useRequiredChoice<TokenScope>(['read', 'reading:write'])
  const [days, setDays] = useState(90)
  const [done, setDone] = useState<{ status: 'approved' | 'denied'; clientName: string } | null>(null)
  const approve = useApproveDevice()
  const deny = useDenyDevice()
  const failed = approve.error ?? deny.error
  const busy = approve.isPending || deny.isPending

  const decide = (kind: 'approve' | 'deny') => {
    const userCode = normalizeUserCode(code)
    setBadCode(!userCode)
    if (!userCode) return
    approve.reset()
    deny.reset()
    if (kind === 'deny') return deny.mutate(userCode, { onSuccess: setDone })
    if (!scopes.check()) return
    approve.mutate({ user_code: userCode, scopes: scopes.value, expiresInDays: days }, { onSuccess: setDone })
  }
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    decide('approve')
  }

  if (done)
    return (
      <Alert severity={done.status === 'approved' ? 'success' : 'info'} sx={{ overflowWrap: 'anywhere' }}>
        {done.status === 'approved' ? DEV_TEXT.approved(done.clientName) : DEV_TEXT.denied(done.clientName)}
      </Alert>
    )
  return (
    <FormCard
      title={DEV_TEXT.link}
      heading="h2"
      intro={DEV_TEXT.linkIntro}
      onSubmit={handleSubmit}
      error={failed ? (failed instanceof ApiError && failed.status === 404 ? DEV_TEXT.unknownCode : errorMessage(failed, FALLBACK_ERROR)) : null}
    >
      <TextField
        label={DEV_TEXT.code}
        required
        value={code}
        error={badCode}
        helperText={badCode ? DEV_TEXT.codeInvalid : DEV_TEXT.codeHelp}
        onChange={(e) => {
          setBadCode(false)
          setCode(e.target.value)
        }}
        onBlur={() => {
          const c = normalizeUserCode(code)
          if (c) setCode(shown(c))
        }}
        slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <ScopeChoice id={id} {...scopes.field} />
      <ExpiryChoice value={days} onChange={setDays} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {DEV_TEXT.approve}
        </Button>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => decide('deny')}>
          {DEV_TEXT.deny}
        </Button>
      </Box>
    </FormCard>
  )
}

import { useId, useState, type FormEvent } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { TOKEN_LIMITS, TOKEN_SCOPES, type CreatedToken, type PersonalToken, type TokenScope } from '@shelfwise/contracts'
import { errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { RemovableCard } from '#/components/removable-card.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { useCreateToken, useRevokeToken, useTokens } from '#/features/developers/api/tokens.ts'
import { CopyField } from '#/features/developers/components/copy-field.tsx'
import { DEV_TEXT, EXPIRY_CHOICES, SCOPE_LINES } from '#/features/developers/components/developer-texts.ts'

/** Scope checkboxes, a line each on what the scope allows; shared with the device-link page. */
export function ScopeChoice({ value, onChange, missing, id }: { value: TokenScope[]; onChange: (v: TokenScope[]) => void; missing: boolean; id: string }) {
  const toggle = (scope: TokenScope) =>
    onChange(value.includes(scope) ? value.filter((s) => s !== scope) : TOKEN_SCOPES.filter((s) => s === scope || value.includes(s)))
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={missing ? `${id}-missing` : undefined}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {DEV_TEXT.scopes}
      </Typography>
      <FormGroup>
        {TOKEN_SCOPES.map((scope) => (
          <FormControlLabel key={scope} control={<Checkbox checked={value.includes(scope)} onChange={() => toggle(scope)} />} label={SCOPE_LINES[scope]} />
        ))}
      </FormGroup>
      {missing && (
        <FormHelperText id={`${id}-missing`} error>
          {DEV_TEXT.scopesMissing}
        </FormHelperText>
      )}
    </Box>
  )
}

/** How long a token lives, from a few choices. */
export function ExpiryChoice({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  return (
    <TextField select label={DEV_TEXT.expiry} value={value} onChange={(e) => onChange(Number(e.target.value))} sx={{ maxWidth: 240 }}>
      {EXPIRY_CHOICES.map((d) => (
        <MenuItem key={d} value={d}>
          {DEV_TEXT.days(d)}
        </MenuItem>
      ))}
    </TextField>
  )
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<TokenScope[]>([])
  const [days, setDays] = useState(30)
  const [missing, setMissing] = useState(false)
  const create = useCreateToken()
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!scopes.length) return setMissing(true)
    create.mutate(
      { name: name.trim(), scopes, expiresInDays: days },
      {
        onSuccess: (made) => {
          setName('')
          setScopes([])
          onCreated(made)
        },
      },
    )
  }
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={handleSubmit}
      noValidate
      sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
      aria-labelledby={`${id}-title`}
    >
      <Typography id={`${id}-title`} variant="h6" component="h3">
        {DEV_TEXT.newToken}
      </Typography>
      {create.isError && <ErrorAlert sx={{ my: 0 }}>{errorMessage(create.error, FALLBACK_ERROR)}</ErrorAlert>}
      <TextField
        label={DEV_TEXT.name}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: TOKEN_LIMITS.nameMax, autoComplete: 'off' } }}
      />
      <ScopeChoice
        id={id}
        value={scopes}
        missing={missing}
        onChange={(v) => {
          setMissing(false)
          setScopes(v)
        }}
      />
      <ExpiryChoice value={days} onChange={setDays} />
      <Box>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {create.isPending ? DEV_TEXT.creating : DEV_TEXT.create}
        </Button>
      </Box>
    </Paper>
  )
}

function TokenCard({ token }: { token: PersonalToken }) {
  const revoke = useRevokeToken()
  return (
    <RemovableCard
      name={token.name}
      end={{
        label: DEV_TEXT.revoke,
        busyLabel: DEV_TEXT.revoking,
        title: DEV_TEXT.revokeTitle,
        body: DEV_TEXT.revokeBody(token.name),
        state: revoke,
        run: (done) => revoke.mutate(token._id, { onSuccess: done }),
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {token.scopes.map((s) => (
          <Chip key={s} size="small" label={s} variant="outlined" />
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {DEV_TEXT.endsWith(token.hint)} · {DEV_TEXT.created} {formatFullDate(token.createdAt)} · {DEV_TEXT.expires} {formatFullDate(token.expiresAt)} ·{' '}
        {token.lastUsedAt ? `${DEV_TEXT.lastUsed} ${formatFullDate(token.lastUsedAt)}` : DEV_TEXT.neverUsed}
      </Typography>
    </RemovableCard>
  )
}

/** Personal tokens (issue 25, point 8): make one (shown once), the list with last use, revoke. */
export function TokensSection() {
  const tokens = useTokens()
  const [created, setCreated] = useState<CreatedToken | null>(null)
  return (
    <Box component="section" id="tokens" aria-labelledby="tokens-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id="tokens-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {DEV_TEXT.tokens}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: '75ch' }}>{DEV_TEXT.tokensIntro}</Typography>
      {created && (
        <Alert severity="success" sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1, display: 'grid', gap: 1 } }}>
          <Typography sx={{ fontWeight: 700 }}>{DEV_TEXT.tokenOnce}</Typography>
          <Typography variant="body2">{DEV_TEXT.tokenWarning}</Typography>
          <CopyField label={DEV_TEXT.tokenOnce} value={created.token} />
          <Box>
            <Button size="small" onClick={() => setCreated(null)}>
              {DEV_TEXT.done}
            </Button>
          </Box>
        </Alert>
      )}
      {tokens.isPending ? (
        <SectionSpinner />
      ) : tokens.isError ? (
        <ErrorAlert>{DEV_TEXT.listError}</ErrorAlert>
      ) : tokens.data.length === 0 ? (
        <Typography>{DEV_TEXT.noTokens}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label={DEV_TEXT.yourTokens}>
          {tokens.data.map((t) => (
            <TokenCard key={t._id} token={t} />
          ))}
        </Box>
      )}
      <CreateTokenForm onCreated={setCreated} />
    </Box>
  )
}

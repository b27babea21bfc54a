import { useId, useState, type FormEvent } from 'react'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { TOKEN_LIMITS, TOKEN_SCOPES, type CreatedToken, type PersonalToken, type TokenScope } from '@shelfwise/contracts'
import { errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { RemovableCard } from '#/components/removable-card.tsx'
import { useCreateToken, useRevokeToken, useTokens } from '#/features/developers/api/tokens.ts'
import { CopyField } from '#/features/developers/components/copy-field.tsx'
import { DEV_TEXT, EXPIRY_CHOICES, SCOPE_LINES } from '#/features/developers/components/developer-texts.ts'
import { FormCard } from '#/components/form-card.tsx'
import { QueryList } from '#/components/query-list.tsx'
import { CheckboxGroup, useRequiredChoice } from '#/components/checkbox-group.tsx'
import { PanelSection } from '#/components/panel-section.tsx'
import { ShownOnce } from '#/components/shown-once.tsx'

/** Scope checkboxes, a line each on what the scope allows; shared with the device-link page. */
export function ScopeChoice({ value, onChange, missing, id }: { value: TokenScope[]; onChange: (v: TokenScope[]) => void; missing: boolean; id: string }) {
  return (
    <CheckboxGroup
      id={id}
      legend={DEV_TEXT.scopes}
      options={TOKEN_SCOPES}
      labels={SCOPE_LINES}
      value={value}
      onChange={onChange}
      missing={missing}
      missingText={DEV_TEXT.scopesMissing}
    />
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
  const scopes = useRequiredChoice<TokenScope>([])
  const [days, setDays] = useState(30)
  const create = useCreateToken()
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!scopes.check()) return
    create.mutate(
      { name: name.trim(), scopes: scopes.value, expiresInDays: days },
      {
        onSuccess: (made) => {
          setName('')
          scopes.reset()
          onCreated(made)
        },
      },
    )
  }
  return (
    <FormCard
      title={DEV_TEXT.newToken}
      onSubmit={handleSubmit}
      error={create.isError ? errorMessage(create.error, FALLBACK_ERROR) : null}
      submit={{ label: DEV_TEXT.create, busyLabel: DEV_TEXT.creating, isBusy: create.isPending }}
    >
      <TextField
        label={DEV_TEXT.name}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: TOKEN_LIMITS.nameMax, autoComplete: 'off' } }}
      />
      <ScopeChoice id={id} {...scopes.field} />
      <ExpiryChoice value={days} onChange={setDays} />
    </FormCard>
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
    <PanelSection id="tokens" title={DEV_TEXT.tokens} intro={DEV_TEXT.tokensIntro}>
      {created && (
        <ShownOnce title={DEV_TEXT.tokenOnce} doneLabel={DEV_TEXT.done} onDone={() => setCreated(null)}>
          <Typography variant="body2">{DEV_TEXT.tokenWarning}</Typography>
          <CopyField label={DEV_TEXT.tokenOnce} value={created.token} />
        </ShownOnce>
      )}
      <QueryList query={tokens} label={DEV_TEXT.yourTokens} empty={DEV_TEXT.noTokens} error={DEV_TEXT.listError}>
        {(t) => <TokenCard key={t._id} token={t} />}
      </QueryList>
      <CreateTokenForm onCreated={setCreated} />
    </PanelSection>
  )
}

import { useId, useState, type FormEvent } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { WEBHOOK_EVENTS, type CreatedWebhook, type Webhook, type WebhookEvent } from '@shelfwise/contracts'
import { errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { RemovableCard } from '#/components/removable-card.tsx'
import { useWebhooks } from '#/features/webhooks/api/get-webhooks.ts'
import { useCreateWebhook } from '#/features/webhooks/api/create-webhook.ts'
import { useDeleteWebhook } from '#/features/webhooks/api/delete-webhook.ts'
import { useEnableWebhook } from '#/features/webhooks/api/enable-webhook.ts'
import { WebhookDeliveries } from '#/features/webhooks/components/webhook-deliveries.tsx'
import { EVENT_LABELS, WEBHOOK_TEXT } from '#/features/webhooks/components/webhook-texts.ts'
import { FormCard } from '#/components/form-card.tsx'
import { QueryList } from '#/components/query-list.tsx'
import { CheckboxGroup, useRequiredChoice } from '#/components/checkbox-group.tsx'
import { PanelSection } from '#/components/panel-section.tsx'

/** The secret of a hook just made, shown this once, with a copy button. */
function SecretOnce({ hook, onDone }: { hook: CreatedWebhook; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const handleCopy = async () => {
    await navigator.clipboard?.writeText(hook.secret)
    setCopied(true)
  }
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <Typography sx={{ fontWeight: 700 }}>{WEBHOOK_TEXT.secretTitle}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {WEBHOOK_TEXT.secretNote}
      </Typography>
      <TextField
        value={hook.secret}
        fullWidth
        size="small"
        label={WEBHOOK_TEXT.secretTitle}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        onFocus={(e) => e.target.select()}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" onClick={() => void handleCopy()}>
          {copied ? WEBHOOK_TEXT.copied : WEBHOOK_TEXT.copy}
        </Button>
        <Button size="small" onClick={onDone}>
          {WEBHOOK_TEXT.hide}
        </Button>
      </Box>
    </Alert>
  )
}

function CreateWebhookForm({ onCreated }: { onCreated: (hook: CreatedWebhook) => void }) {
  const id = useId()
  const [url, setUrl] = useState('')
  const events = useRequiredChoice<WebhookEvent>([])
  const create = useCreateWebhook()
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!events.check()) return
    create.mutate(
      { url: url.trim(), events: events.value },
      {
        onSuccess: (hook) => {
          setUrl('')
          events.reset()
          onCreated(hook)
        },
      },
    )
  }
  return (
    <FormCard
      title={WEBHOOK_TEXT.formTitle}
      onSubmit={handleSubmit}
      error={create.isError ? errorMessage(create.error, FALLBACK_ERROR) : null}
      submit={{ label: WEBHOOK_TEXT.add, busyLabel: WEBHOOK_TEXT.adding, isBusy: create.isPending }}
    >
      <TextField
        label={WEBHOOK_TEXT.url}
        helperText={WEBHOOK_TEXT.urlHelp}
        type="url"
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000, inputMode: 'url', autoComplete: 'off' } }}
      />
      <CheckboxGroup
        id={id}
        legend={WEBHOOK_TEXT.events}
        options={WEBHOOK_EVENTS}
        labels={EVENT_LABELS}
        {...events.field}
        missingText={WEBHOOK_TEXT.eventsMissing}
      />
    </FormCard>
  )
}

function WebhookCard({ hook }: { hook: Webhook }) {
  const id = useId()
  const [showLog, setShowLog] = useState(false)
  const remove = useDeleteWebhook()
  const enable = useEnableWebhook()
  return (
    <RemovableCard
      name={hook.url}
      end={{
        label: WEBHOOK_TEXT.delete,
        busyLabel: WEBHOOK_TEXT.deleting,
        title: WEBHOOK_TEXT.deleteTitle,
        body: WEBHOOK_TEXT.deleteBody(hook.url),
        state: remove,
        run: (done) => remove.mutate(hook._id, { onSuccess: done }),
      }}
      buttons={
        <Button size="small" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog} aria-controls={`${id}-log`}>
          {showLog ? WEBHOOK_TEXT.hideLog : WEBHOOK_TEXT.showLog}
        </Button>
      }
      below={<Box id={`${id}-log`}>{showLog && <WebhookDeliveries webhookId={hook._id} />}</Box>}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {hook.events.map((e) => (
          <Chip key={e} size="small" label={e} variant="outlined" />
        ))}
        {hook.disabledAt && <Chip size="small" color="error" label={WEBHOOK_TEXT.disabled} />}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {WEBHOOK_TEXT.created} {formatFullDate(hook.createdAt)}
      </Typography>
      {hook.disabledAt && (
        <Alert severity="warning" sx={{ overflowWrap: 'anywhere', '& .MuiAlert-message': { minWidth: 0, display: 'grid', gap: 1 } }}>
          {hook.disabledReason && <span>{hook.disabledReason}</span>}
          <span>{WEBHOOK_TEXT.enableHelp}</span>
          <Box>
            <Button size="small" variant="outlined" disabled={enable.isPending} onClick={() => enable.mutate(hook._id)}>
              {enable.isPending ? WEBHOOK_TEXT.enabling : WEBHOOK_TEXT.enable}
            </Button>
          </Box>
          {enable.isError && <span role="alert">{errorMessage(enable.error, WEBHOOK_TEXT.enableError)}</span>}
        </Alert>
      )}
    </RemovableCard>
  )
}

/**
 * The reader's webhooks (issue 25, point 6): the list with each one's state and delivery log, a form
 * to add one (its secret shown once), and deleting. Made to sit on the Developers page.
 */
export function WebhooksPanel() {
  const hooks = useWebhooks()
  const [created, setCreated] = useState<CreatedWebhook | null>(null)
  return (
    <PanelSection id="webhooks-panel" title={WEBHOOK_TEXT.title} intro={WEBHOOK_TEXT.intro}>
      {created && <SecretOnce hook={created} onDone={() => setCreated(null)} />}
      <QueryList query={hooks} label="Your webhooks" empty={WEBHOOK_TEXT.none} error={WEBHOOK_TEXT.listError}>
        {(h) => <WebhookCard key={h._id} hook={h} />}
      </QueryList>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {WEBHOOK_TEXT.limit}
      </Typography>
      <CreateWebhookForm onCreated={setCreated} />
    </PanelSection>
  )
}

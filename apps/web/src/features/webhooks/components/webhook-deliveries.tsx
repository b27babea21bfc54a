import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import type { WebhookDelivery } from '@shelfwise/contracts'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useWebhookDeliveries } from '#/features/webhooks/api/get-webhook-deliveries.ts'
import { STATE_LABELS, WEBHOOK_TEXT } from '#/features/webhooks/components/webhook-texts.ts'

const moment = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const STATE_COLOR = { pending: 'default', delivered: 'success', failed: 'error' } as const

function DeliveryRow({ d }: { d: WebhookDelivery }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {d.event}
        </Typography>
        <Chip size="small" label={STATE_LABELS[d.state]} color={STATE_COLOR[d.state]} variant={d.state === 'pending' ? 'outlined' : 'filled'} />
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {moment(d.createdAt)} · {WEBHOOK_TEXT.attempts(d.attempts)}
          {d.lastStatus !== null ? ` · HTTP ${d.lastStatus}` : ''}
        </Typography>
      </Box>
      {d.lastError && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }} dir="auto">
          {d.lastError}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {d.deliveredAt
          ? `${WEBHOOK_TEXT.deliveredAt} ${moment(d.deliveredAt)}`
          : d.nextAttemptAt
            ? `${WEBHOOK_TEXT.nextAttempt} ${moment(d.nextAttemptAt)}`
            : ''}
        {' · '}
        {WEBHOOK_TEXT.deliveryId} <code>{d._id}</code>
      </Typography>
    </Box>
  )
}

/** A hook's delivery log, newest first, a page at a time. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const list = useWebhookDeliveries(webhookId, true)
  if (list.isPending) return <SectionSpinner />
  if (list.isError) return <ErrorAlert>{WEBHOOK_TEXT.logError}</ErrorAlert>
  if (!list.items.length) return <Typography sx={{ color: 'text.secondary', py: 1 }}>{WEBHOOK_TEXT.logEmpty}</Typography>
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Deliveries">
        {list.items.map((d) => (
          <DeliveryRow key={d._id} d={d} />
        ))}
      </Box>
      <PagedListFooter list={list} errorText={WEBHOOK_TEXT.logError} what="deliveries" />
    </Box>
  )
}

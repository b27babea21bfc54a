import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, type WebhookEvent } from '@shelfwise/contracts'

// The words of the webhooks panel (issue 25, point 6; decisions 0048 and 0049).

export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  intro:
    `Shelfwise sends a POST to your URL when something happens in your library. Each delivery carries ${WEBHOOK_HEADERS.delivery} (the same id on every retry) ` +
    `and ${WEBHOOK_HEADERS.signature}: t=UNIX_SECONDS,v1=HEX, where HEX is the HMAC-SHA256 of t + "." + body with the webhook’s secret. ` +
    'Failed deliveries are retried with growing waits for a day; then the webhook is stopped.',
  formTitle: 'Add a webhook',
  url: 'Receiver URL',
  urlHelp: 'A public http(s) address',
  events: 'Events',
  eventsMissing: 'Choose at least one event',
  add: 'Add Webhook',
  adding: 'Adding…',
  secretTitle: 'Your webhook’s secret',
  secretNote: 'Copy it now: it is shown only once. Use it to check each delivery’s signature.',
  copy: 'Copy Secret',
  copied: 'Copied',
  hide: 'Done',
  none: 'No webhooks yet.',
  limit: `You can keep up to ${WEBHOOK_LIMITS.hooksPerReader} webhooks.`,
  listError: 'Your webhooks could not be loaded.',
  created: 'Added',
  showLog: 'Show Deliveries',
  hideLog: 'Hide Deliveries',
  logEmpty: 'Nothing has been sent to this webhook yet.',
  logError: 'The deliveries could not be loaded.',
  delete: 'Delete',
  deleteTitle: 'Delete this webhook?',
  deleteBody: (url: string) => `Nothing more will be sent to ${url}, and its delivery log is deleted.`,
  deleting: 'Deleting…',
  disabled: 'Stopped',
  enable: 'Turn Back On',
  enabling: 'Turning on...',
  enableHelp: 'Once your URL answers again: events from now on are sent; the ones it missed are not.',
  enableError: 'Could not turn this webhook back on. Please try again.',
  attempts: (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`,
  nextAttempt: 'Next attempt',
  deliveredAt: 'Delivered',
  deliveryId: 'Delivery id',
} as const

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'reading.progress': 'Reading progress (reading.progress)',
  'read.finished': 'Finished a book (read.finished)',
  'review.published': 'Published a review (review.published)',
  'library.changed': 'Any change to your library (library.changed)',
}

export const STATE_LABELS = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' } as const

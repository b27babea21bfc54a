import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, oneOf, PagingQuerySchema } from '#/common.ts'

// Signed webhooks (issue 25, point 6, decisions 0048 and 0049): a reader registers a URL for events;
// every delivery is a POST of `{id, event, createdAt, data}` signed with the hook's secret, retried
// with backoff for a day, then the hook is disabled and shows why.

export const WEBHOOK_EVENTS = ['reading.progress', 'read.finished', 'review.published', 'library.changed'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export const WEBHOOK_LIMITS = {
  /** Hooks one reader may keep. */
  hooksPerReader: 10,
  urlMax: 2000,
  /** Characters of a receiver's answer kept in the delivery log. */
  excerptMax: 200,
} as const

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found',
  tooMany: `You can keep at most ${WEBHOOK_LIMITS.hooksPerReader} webhooks: delete one first`,
  privateUrl: 'This URL points to a loopback, private or link-local address: webhooks are only sent to public addresses',
  unresolvable: 'This URL’s host name could not be resolved',
} as const

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = { delivery: 'Shelfwise-Delivery', signature: 'Shelfwise-Signature' } as const

export const WebhookInputSchema = z.object({
  url: z
    .string({ error: 'must be a URL' })
    .trim()
    .max(WEBHOOK_LIMITS.urlMax, `must be at most ${WEBHOOK_LIMITS.urlMax} characters long`)
    .refine((v) => {
      try {
        const u = new URL(v)
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && u.username === '' && u.password === ''
      } catch {
        return false
      }
    }, 'must be an http(s) URL without a user name or password'),
  events: z
    .array(oneOf(WEBHOOK_EVENTS), { error: 'must be a list of events' })
    .min(1, `must name at least one of ${WEBHOOK_EVENTS.join(', ')}`)
    .max(WEBHOOK_EVENTS.length, `must name each event at most once`)
    .refine((list) => new Set(list).size === list.length, 'must name each event at most once'),
})
export type WebhookInput = z.infer<typeof WebhookInputSchema>

export const WebhookSchema = z.object({
  _id: IdSchema,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: IsoDateTimeSchema,
  /** When the hook was disabled after a day of failed deliveries; null while it works. */
  disabledAt: IsoDateTimeSchema.nullable(),
  /** Why, in words for the reader; null while it works. */
  disabledReason: z.string().nullable(),
})
export type Webhook = z.infer<typeof WebhookSchema>

/** The answer to creating a hook: the only time its secret is shown. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() })
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>

export const WebhookListSchema = z.array(WebhookSchema)

export const WebhookIdParamsSchema = z.object({ id: IdSchema })

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const

export const WebhookDeliverySchema = z.object({
  /** The delivery id, sent as Shelfwise-Delivery on every attempt. */
  _id: IdSchema,
  event: z.enum(WEBHOOK_EVENTS),
  createdAt: IsoDateTimeSchema,
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.int(),
  /** The receiver's HTTP status at the last attempt; null when none answered. */
  lastStatus: z.int().nullable(),
  /** What went wrong at the last attempt (a timeout, a refused connection, a short excerpt of the answer). */
  lastError: z.string().nullable(),
  nextAttemptAt: IsoDateTimeSchema.nullable(),
  deliveredAt: IsoDateTimeSchema.nullable(),
})
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>
export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema)
export const WebhookDeliveriesQuerySchema = PagingQuerySchema

/** What a receiver gets as the body of a delivery. */
export const WebhookPayloadSchema = z.object({
  id: IdSchema,
  event: z.enum(WEBHOOK_EVENTS),
  createdAt: IsoDateTimeSchema,
  data: z.record(z.string(), z.unknown()),
})
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>

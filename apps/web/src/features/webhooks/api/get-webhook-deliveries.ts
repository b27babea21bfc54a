import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { webhookKeys } from '#/features/webhooks/api/get-webhooks.ts'

/** Deliveries per page of a hook's log. */
const LOG_PAGE_SIZE = 20

/** GET /me/webhooks/{id}/deliveries: the hook's log, newest first, a page at a time. */
export const useWebhookDeliveries = (id: string, enabled: boolean) =>
  usePagedList(
    pagedListQuery(webhookKeys.deliveries(id), `/me/webhooks/${encodeURIComponent(id)}/deliveries`, (c) => c.WebhookDeliveryListSchema, LOG_PAGE_SIZE),
    enabled,
  )

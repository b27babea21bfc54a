import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

// The keys of this feature live here rather than in query-keys.ts, which Home's first chunk holds
// (decision 0007).
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
}

const webhooksQuery = () =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => api.get('/me/webhooks', (c) => c.WebhookListSchema, { signal }) })

/** GET /me/webhooks: the reader's hooks, without their secrets. */
export const useWebhooks = () => useQuery(webhooksQuery())

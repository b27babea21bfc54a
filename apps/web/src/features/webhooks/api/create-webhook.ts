import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreatedWebhook, WebhookInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { webhookKeys } from '#/features/webhooks/api/get-webhooks.ts'

/** POST /me/webhooks: the answer carries the secret, shown this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WebhookInput): Promise<CreatedWebhook> => api.post('/me/webhooks', (c) => c.CreatedWebhookSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  })
}

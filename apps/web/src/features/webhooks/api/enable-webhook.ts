import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { webhookKeys } from '#/features/webhooks/api/get-webhooks.ts'

/** POST /me/webhooks/{id}/enable: a stopped hook is sent events again from now on. */
export function useEnableWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post(`/me/webhooks/${encodeURIComponent(id)}/enable`, (c) => c.WebhookSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  })
}

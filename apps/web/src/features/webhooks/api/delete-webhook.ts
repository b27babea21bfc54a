import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { webhookKeys } from '#/features/webhooks/api/get-webhooks.ts'

/** DELETE /me/webhooks/{id}: the hook and its log. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete(`/me/webhooks/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  })
}

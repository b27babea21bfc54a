import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationSettingsInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { notificationKeys } from '#/lib/notifications.ts'
import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'

// The notifications screen's calls (issue 24, decision 0052); the count and the stream are the bell's (lib/notifications.ts).

const PAGE_SIZE = 20

/** GET /me/notifications: grouped, latest activity first, a page at a time. */
export const useNotifications = () => usePagedList(pagedListQuery(notificationKeys.list, '/me/notifications', (c) => c.NotificationListSchema, PAGE_SIZE))

/** POST /me/notifications/read: the named ones, or (no ids) all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids?: string[]) => api.post('/me/notifications/read', (c) => c.MarkReadResultSchema, ids ? { ids } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

export const useNotificationSettings = () =>
  useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => api.get('/me/notification-settings', (c) => c.NotificationSettingsSchema, { signal }),
  })

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => api.put('/me/notification-settings', (c) => c.NotificationSettingsSchema, input),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  })
}

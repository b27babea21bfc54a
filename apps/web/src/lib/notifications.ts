import { useEffect } from 'react'
import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { Notification, NotificationWithdrawn } from '@shelfwise/contracts'
import { api, type Page } from '#/lib/api-client.ts'

// The reader's notifications as the top bar's bell needs them (issue 24, decisions 0052 and 0053):
// the count and the live stream. Not in query-keys.ts, which Home's first chunk holds (decision 0007);
// only the bell (loaded for a signed-in reader) and the notifications screen import this file.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
}

/** GET /me/notifications/unread-count: the bell's number. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api.get('/me/notifications/unread-count', (c) => c.CountSchema, { signal }),
    enabled,
    staleTime: 30_000,
  })

/** The stream's event for notifications taken back with their cause (contracts' NOTIFICATION_WITHDRAWN_EVENT; the name only, so zod stays out of this chunk). */
const WITHDRAWN_EVENT = 'withdrawn'

const isWithdrawn = (v: unknown): v is NotificationWithdrawn =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as NotificationWithdrawn).ids) &&
  (v as NotificationWithdrawn).ids.every((id) => typeof id === 'string') &&
  Number.isInteger((v as NotificationWithdrawn).unreadCount)

/**
 * Notifications withdrawn with their cause (an unlike, a deleted or hidden comment, decision 0053): the
 * bell shows the stream's count at once and the list loses them without a reload (no read: the count
 * is the server's, taken in the same read as the withdrawal was seen).
 */
function applyWithdrawn(queryClient: QueryClient, { ids, unreadCount }: NotificationWithdrawn) {
  const gone = new Set(ids)
  queryClient.setQueryData(notificationKeys.unread, { count: unreadCount })
  queryClient.setQueryData<InfiniteData<Page<Notification>>>(notificationKeys.list, (data) => {
    if (!data) return data
    const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((n) => !gone.has(n._id)) }))
    const removed = data.pages.reduce((sum, p, i) => sum + p.items.length - pages[i]!.items.length, 0)
    return { ...data, pages: pages.map((p) => ({ ...p, total: p.total === undefined ? undefined : p.total - removed })) }
  })
}

/** Waits before reopening a dropped stream: longer after each failure in a row, up to 30 s. */
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000]

/**
 * Keeps a live stream open while the reader is signed in (decision 0053): a browser's EventSource
 * cannot send the bearer header, so each connection starts with a single-use ticket. A new
 * notification (or a reconnect, which may have missed some) refreshes the count and the list; a
 * withdrawn one leaves them at once (applyWithdrawn).
 */
export function useLiveNotifications(enabled: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let stopped = false
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all, refetchType: 'active' })
    const open = async () => {
      try {
        const { ticket } = await api.post('/me/notifications/ticket', (c) => c.StreamTicketSchema)
        if (stopped) return
        source = new EventSource(`/api/me/notifications/stream?ticket=${encodeURIComponent(ticket)}`)
        source.onopen = () => {
          if (failures > 0) refresh()
          failures = 0
        }
        source.addEventListener('notification', refresh)
        source.addEventListener(WITHDRAWN_EVENT, (e) => {
          let data: unknown
          try {
            data = JSON.parse((e as MessageEvent<string>).data)
          } catch {
            return refresh()
          }
          if (isWithdrawn(data)) applyWithdrawn(queryClient, data)
          else refresh()
        })
        // The ticket is used: the browser's own retry would be refused, so a fresh ticket is asked for.
        source.onerror = () => {
          source?.close()
          retry()
        }
      } catch {
        retry()
      }
    }
    const retry = () => {
      if (stopped) return
      const wait = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]
      timer = setTimeout(() => void open(), wait)
    }
    void open()
    return () => {
      stopped = true
      clearTimeout(timer)
      source?.close()
    }
  }, [enabled, queryClient])
}

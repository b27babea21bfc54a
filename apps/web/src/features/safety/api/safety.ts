import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ModerationAction, ReportStatus } from '@shelfwise/contracts'
import { api, toPage } from '#/lib/api-client.ts'

// Blocks, mutes, muted words, the reader's reports and the moderators' queue (decisions 0057, 0058).

const safetyKeys = {
  state: (userId: string) => ['safety', 'state', userId] as const,
  words: ['safety', 'muted-words'] as const,
  myReports: ['safety', 'my-reports'] as const,
  queue: (status: ReportStatus) => ['safety', 'queue', status] as const,
  flagged: ['safety', 'flagged'] as const,
  blocks: ['safety', 'blocks'] as const,
}

const user = (id: string) => encodeURIComponent(id)

/** Whether the signed-in reader blocked or muted another (off while `enabled` is false). */
export const useSafetyState = (userId: string, enabled: boolean) =>
  useQuery({ queryKey: safetyKeys.state(userId), queryFn: () => api.get(`/users/${user(userId)}/safety`, (c) => c.SafetyStateSchema), enabled })

/**
 * Block or unblock, mute or unmute. The profile is not read again: after a block it would answer 404
 * (decision 0057); the page stays as it was until the reader leaves, and Unblock is in their settings.
 */
export function useSafetyToggle(userId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ what, on }: { what: 'block' | 'mute'; on: boolean }) =>
      on ? api.put(`/users/${user(userId)}/${what}`, (c) => c.SafetyStateSchema) : api.delete(`/users/${user(userId)}/${what}`, (c) => c.SafetyStateSchema),
    onSuccess: (state) => {
      client.setQueryData(safetyKeys.state(userId), state)
      void client.invalidateQueries({ queryKey: safetyKeys.blocks })
    },
  })
}

export const useMutedWords = () => useQuery({ queryKey: safetyKeys.words, queryFn: () => api.get('/me/muted-words', (c) => c.MutedWordsSchema) })

export function useSaveMutedWords() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (words: string[]) => api.put('/me/muted-words', (c) => c.MutedWordsSchema, { words }),
    onSuccess: (saved) => client.setQueryData(safetyKeys.words, saved),
  })
}

export const useMyReports = () =>
  useQuery({ queryKey: safetyKeys.myReports, queryFn: () => api.get('/me/reports', (c) => c.ReportListSchema, { query: { limit: 20 } }) })

/** The moderators' queue in a status, a page at a time (20). */
export const useModerationQueue = (status: ReportStatus) =>
  useInfiniteQuery({
    queryKey: safetyKeys.queue(status),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const res = await api.getWithHeaders('/moderation/reports', (c) => c.ModerationReportListSchema, {
        query: { status, limit: 20, ...(pageParam ? { cursor: pageParam } : {}) },
      })
      return toPage(res.data, res.headers)
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  })

export const useFlagged = () => useQuery({ queryKey: safetyKeys.flagged, queryFn: () => api.get('/moderation/flagged', (c) => c.FlaggedReaderListSchema) })

export function useDecide() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: ModerationAction & { id: string }) => api.post(`/moderation/reports/${encodeURIComponent(id)}`, (c) => c.ReportSchema, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['safety', 'queue'] }),
  })
}

/** The readers the signed-in reader blocked (the first 50, newest first), and unblocking one. */
export const useMyBlocks = () =>
  useQuery({ queryKey: safetyKeys.blocks, queryFn: () => api.get('/me/blocks', (c) => c.BlockedPersonListSchema, { query: { limit: 50 } }) })

export function useUnblock() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/users/${user(userId)}/block`, (c) => c.SafetyStateSchema),
    onSuccess: () => void client.invalidateQueries({ queryKey: safetyKeys.blocks }),
  })
}

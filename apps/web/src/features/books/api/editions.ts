import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateEditionInput, Edition } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { bookKeys } from '#/lib/query-keys.ts'

// A work's editions (decision 0027). Their key sits under the work's own detail key rather than in
// query-keys.ts, which Home's first chunk holds (decision 0007): refreshing the work refreshes them.

/** Editions per page: the API's default, so the book page's list and the reading panel's choice share pages. */
const EDITIONS_PAGE_SIZE = 50

const editionsKey = (workId: string) => [...bookKeys.detail(workId), 'editions', { pageSize: EDITIONS_PAGE_SIZE }] as const
const editionsPath = (workId: string) => `/books/${encodeURIComponent(workId)}/editions`

/** A work's editions, its main (shown) edition first, a page at a time. */
export const useEditions = (workId: string, enabled = true) =>
  usePagedList(
    pagedListQuery(editionsKey(workId), editionsPath(workId), (c) => c.EditionListSchema, EDITIONS_PAGE_SIZE),
    Boolean(workId) && enabled,
  )

/** The body POST /books/{id}/editions takes: what the form sends (the API fills the rest with its defaults). */
export type EditionBody = Partial<Record<keyof CreateEditionInput, string | number | null>>

/** A signed-in reader adds an edition of a work; the work's page (seen as any of its editions) counts it at once. */
export function useAddEdition(workId: string, shownId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EditionBody): Promise<Edition> => api.post(editionsPath(workId), (c) => c.EditionSchema, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookKeys.detail(workId) })
      if (shownId !== workId) void queryClient.invalidateQueries({ queryKey: bookKeys.detail(shownId) })
    },
  })
}

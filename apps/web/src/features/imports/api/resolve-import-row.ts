import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { ImportRow, ImportRowResolve } from '@shelfwise/contracts'
import { api, type Page } from '#/lib/api-client.ts'
import { bookKeys, importKeys, readingKeys, reviewKeys, userKeys } from '#/lib/query-keys.ts'

/** Whether a row still belongs in the report (it waits for a choice or failed). */
export const stillOpen = (row: ImportRow) => row.outcome === 'needs_review' || row.outcome === 'failed'

const resolveRow = (importId: string, line: number, action: ImportRowResolve) =>
  api.post(`/imports/${encodeURIComponent(importId)}/rows/${line}/resolve`, (c) => c.ImportRowSchema, action)

/**
 * Settles a row of the report: choose a candidate, create the book, correct and look again, or skip.
 * A settled row leaves the report's pages at once; one still open is shown as the server answers it
 * (a correction that still matches nothing, or now several books). The job's counts are read again.
 */
export function useResolveImportRow(importId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ line, action }: { line: number; action: ImportRowResolve }) => resolveRow(importId, line, action),
    onSuccess: (row) => {
      const open = stillOpen(row)
      queryClient.setQueryData<InfiniteData<Page<ImportRow>>>(importKeys.rows(importId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: open ? page.items.map((r) => (r.line === row.line ? row : r)) : page.items.filter((r) => r.line !== row.line),
                total: page.total === undefined || open ? page.total : Math.max(0, page.total - 1),
              })),
            }
          : data,
      )
      void queryClient.invalidateQueries({ queryKey: importKeys.detail(importId) })
      void queryClient.invalidateQueries({ queryKey: importKeys.list })
      if (!open) for (const queryKey of [readingKeys.all, bookKeys.all, reviewKeys.all, userKeys.all]) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

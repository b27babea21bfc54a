import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { ImportRow, ImportRowResolve } from '@shelfwise/contracts'
import { api, type Page } from '#/lib/api-client.ts'
import { bookKeys, importKeys, readingKeys, reviewKeys, userKeys } from '#/lib/query-keys.ts'
import { filterKey, OPEN_ROWS } from '#/features/imports/api/get-import-rows.ts'

/** Whether a row still belongs in the report (it waits for a choice or failed). */
export const stillOpen = (row: ImportRow) => row.outcome === 'needs_review' || row.outcome === 'failed'

const resolveRow = (importId: string, line: number, action: ImportRowResolve) =>
  api.post(`/imports/${encodeURIComponent(importId)}/rows/${line}/resolve`, (c) => c.ImportRowSchema, action)

/**
 * Settles a row of the report: choose a candidate, create the book, correct and look again, or skip.
 * A settled row leaves the list of rows that need the reader at once; one still open (a correction
 * that still matches nothing, or now several books), or a row in another list, is shown as the server
 * answers it. The job's counts and notes are read again.
 */
export function useResolveImportRow(importId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ line, action }: { line: number; action: ImportRowResolve }) => resolveRow(importId, line, action),
    onSuccess: (row) => {
      const open = stillOpen(row)
      // Every list of the import's rows: a settled row leaves the list of rows that need the reader; elsewhere it shows as it is now.
      for (const [queryKey] of queryClient.getQueriesData<InfiniteData<Page<ImportRow>>>({ queryKey: importKeys.rows(importId) })) {
        const leaves = !open && queryKey[3] === filterKey(OPEN_ROWS)
        queryClient.setQueryData<InfiniteData<Page<ImportRow>>>(queryKey, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: leaves ? page.items.filter((r) => r.line !== row.line) : page.items.map((r) => (r.line === row.line ? row : r)),
                  total: page.total === undefined || !leaves ? page.total : Math.max(0, page.total - 1),
                })),
              }
            : data,
        )
      }
      void queryClient.invalidateQueries({ queryKey: importKeys.detail(importId) })
      void queryClient.invalidateQueries({ queryKey: importKeys.list })
      if (!open)
        for (const queryKey of [importKeys.importedBooks, readingKeys.all, bookKeys.all, reviewKeys.all, userKeys.all])
          void queryClient.invalidateQueries({ queryKey })
    },
  })
}

import { useEffect, useRef } from 'react'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ImportJob, ImportStatus } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookKeys, importKeys, readingKeys, reviewKeys, userKeys } from '#/lib/query-keys.ts'

/** How often a queued or running import is asked for again. */
const IMPORT_POLL_MS = 1000

const isRunning = (status: ImportStatus) => status === 'queued' || status === 'running'

const importQuery = (id: string) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: () => api.get(`/imports/${encodeURIComponent(id)}`, (c) => c.ImportJobSchema),
    // Asked again every second while it runs; a finished (or failed) job, or a refused request, stops it.
    refetchInterval: (query) => {
      const job = query.state.data
      return job && isRunning(job.status) && query.state.status !== 'error' ? IMPORT_POLL_MS : false
    },
  })

/**
 * One import, polled while it runs. `known` (the list's copy) shows until the first answer. When a
 * job seen running finishes, what it changed is read again: the list of imports, and the reader's
 * library, books, reviews and counts.
 */
export function useImportJob(id: string, known?: ImportJob) {
  const query = useQuery({ ...importQuery(id), placeholderData: known })
  const queryClient = useQueryClient()
  const status = query.data?.status
  const seen = useRef(status)
  useEffect(() => {
    const before = seen.current
    seen.current = status
    if (!before || !status || !isRunning(before) || isRunning(status)) return
    for (const queryKey of [importKeys.list, importKeys.importedBooks, readingKeys.all, bookKeys.all, reviewKeys.all, userKeys.all])
      void queryClient.invalidateQueries({ queryKey })
  }, [status, queryClient])
  return query
}

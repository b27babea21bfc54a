import { LIST_PAGE_SIZE, pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { importKeys } from '#/lib/query-keys.ts'

/** The outcomes the report lists: rows waiting for the reader's choice, and rows that could not be imported. */
export const NOT_IMPORTED = 'needs_review,failed'

const importRowsQuery = (id: string) =>
  pagedListQuery(importKeys.rows(id), `/imports/${encodeURIComponent(id)}/rows`, (c) => c.ImportRowListSchema, LIST_PAGE_SIZE, { outcome: NOT_IMPORTED })

/** An import's rows that wait or failed, a page at a time (asked for once the job is done). */
export const useImportRows = (id: string, enabled: boolean) => usePagedList(importRowsQuery(id), enabled)

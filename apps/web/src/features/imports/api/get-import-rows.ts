import type { ImportNoteKind, ImportOutcome } from '@shelfwise/contracts'
import { LIST_PAGE_SIZE, pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { importKeys } from '#/lib/query-keys.ts'

/** The outcomes the report lists first: rows waiting for the reader's choice, and rows that could not be imported. */
export const NOT_IMPORTED = 'needs_review,failed'

/** Which of an import's rows a list shows: those of some outcomes (comma-joined), or those with a kind of note. */
export type RowFilter = { outcome: string } | { note: ImportNoteKind }

/** The rows that need the reader: what the report shows until another list is chosen. */
export const OPEN_ROWS: RowFilter = { outcome: NOT_IMPORTED }

/** A filter as one part of a query key, and as the list's query. */
export const filterKey = (f: RowFilter) => ('note' in f ? `note:${f.note}` : `outcome:${f.outcome}`)
export const sameFilter = (a: RowFilter, b: RowFilter) => filterKey(a) === filterKey(b)
export const outcomeFilter = (...outcomes: ImportOutcome[]): RowFilter => ({ outcome: outcomes.join(',') })

const importRowsQuery = (id: string, filter: RowFilter) =>
  pagedListQuery(
    [...importKeys.rows(id), filterKey(filter)],
    `/imports/${encodeURIComponent(id)}/rows`,
    (c) => c.ImportRowListSchema,
    LIST_PAGE_SIZE,
    'note' in filter ? { note: filter.note } : { outcome: filter.outcome },
  )

/** An import's rows of one list (by default those that wait or failed), a page at a time (asked for once the job is done). */
export const useImportRows = (id: string, enabled: boolean, filter: RowFilter = OPEN_ROWS) => usePagedList(importRowsQuery(id, filter), enabled)

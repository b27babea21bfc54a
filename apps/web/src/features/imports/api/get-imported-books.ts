import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { importKeys } from '#/lib/query-keys.ts'

/** The books the signed-in reader's imports added, newest first, a page at a time (GET /me/imported-books). */
export const useImportedBooks = () => usePagedList(pagedListQuery(importKeys.importedBooks, '/me/imported-books', (c) => c.ImportedBookListSchema))

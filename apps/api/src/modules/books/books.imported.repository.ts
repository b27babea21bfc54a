import { rowCount, type Db } from '#/db/portable.ts'
import { cutPage, rowsToRead } from '#/paging.ts'

// The books a reader's imports made (decision 0032), read along books_imported_by_idx
// (imported_by_user_id, id): ids are time-ordered UUIDv7, so newest first is the index backwards.

/** One page of the ids of the books a reader's imports made, newest first, and the last id when more follow. */
export async function listImportedBookIdsPage(
  db: Db,
  userId: string,
  page: { limit: number; before?: string | undefined },
): Promise<{ ids: string[]; next?: string }> {
  let query = db.selectFrom('books').select('id').where('importedByUserId', '=', userId)
  if (page.before) query = query.where('id', '<', page.before)
  const rows = await query.orderBy('importedByUserId', 'desc').orderBy('id', 'desc').limit(rowsToRead(page.limit)!).execute()
  const cut = cutPage(rows, page.limit, (last) => last.id)
  return { ids: cut.rows.map((r) => r.id), ...(cut.next ? { next: cut.next } : {}) }
}

/** How many books a reader's imports made. */
export const countImportedBooks = (db: Db, userId: string): Promise<number> => rowCount(db.selectFrom('books').where('importedByUserId', '=', userId))

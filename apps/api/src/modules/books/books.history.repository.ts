import type { Insertable } from 'kysely'
import type { BookEdit, BookEditField } from '@shelfwise/contracts'
import { rowCount, toIso, type Db, type RowOf } from '#/db/portable.ts'
import type { BookEditsTable } from '#/db/schema.ts'
import { cutPage, rowsToRead } from '#/paging.ts'

// A book's history (decision 0023): one row per changed field of each edit, newest first by id
// (time-ordered UUIDv7). Link fields keep user ids and are read back as the users' current
// usernames, so a closed account's name leaves every history with the account.

/** The fields whose values are user ids. */
const LINK_FIELDS = ['author_username', 'publisher_username', 'listed_by_username'] as const satisfies readonly BookEditField[]

const selectEdits = (db: Db) =>
  db
    .selectFrom('bookEdits as e')
    .leftJoin('users as u', 'u.id', 'e.userId')
    .leftJoin('users as ou', (j) => j.onRef('ou.id', '=', 'e.oldValue').on('e.field', 'in', LINK_FIELDS))
    .leftJoin('users as nu', (j) => j.onRef('nu.id', '=', 'e.newValue').on('e.field', 'in', LINK_FIELDS))
    .select([
      'e.id',
      'e.bookId',
      'e.userId',
      'e.field',
      'e.oldValue',
      'e.newValue',
      'e.editedAt',
      'u.username as editorUsername',
      'ou.username as oldUsername',
      'nu.username as newUsername',
    ])

type EditRow = RowOf<typeof selectEdits>

const isLink = (field: string) => (LINK_FIELDS as readonly string[]).includes(field)

function toBookEdit(row: EditRow): BookEdit {
  const link = isLink(row.field)
  return {
    _id: row.id,
    bookId: row.bookId,
    field: row.field as BookEditField,
    oldValue: link ? (row.oldUsername ?? null) : row.oldValue,
    newValue: link ? (row.newUsername ?? null) : row.newValue,
    editedBy: row.userId && row.editorUsername ? { _id: row.userId, username: row.editorUsername } : null,
    editedAt: toIso(row.editedAt),
  }
}

/** Records the changed fields of one edit; call in the edit's transaction. */
export async function insertBookEdits(db: Db, edits: Insertable<BookEditsTable>[]): Promise<void> {
  if (edits.length) await db.insertInto('bookEdits').values(edits).execute()
}

interface EditsPage {
  limit: number
  /** The id of the last row of the page before. */
  after?: string | undefined
}

/** The statement of one page of a book's history, newest first (built apart, so its plan can be checked). */
export function buildBookEditsPageQuery(db: Db, bookId: string, page: EditsPage) {
  let query = selectEdits(db).where('e.bookId', '=', bookId)
  if (page.after) query = query.where('e.id', '<', page.after)
  return query.orderBy('e.id', 'desc').limit(rowsToRead(page.limit)!)
}

/** One page of a book's history, newest first, and the id of its last row when more follow. */
export async function listBookEditsPage(db: Db, bookId: string, page: EditsPage): Promise<{ edits: BookEdit[]; next?: string }> {
  const rows = await buildBookEditsPageQuery(db, bookId, page).execute()
  const cut = cutPage(rows, page.limit, (last) => last.id)
  const edits = cut.rows.map(toBookEdit)
  return cut.next ? { edits, next: cut.next } : { edits }
}

/** How many changed fields a book's history holds. */
export const countBookEdits = (db: Db, bookId: string): Promise<number> => rowCount(db.selectFrom('bookEdits').where('bookId', '=', bookId))

/** One page of the edits a reader made, oldest first, for their export; the id of the last when more follow. */
export async function listBookEditsByUserPage(db: Db, userId: string, page: EditsPage): Promise<{ edits: BookEdit[]; next?: string }> {
  let query = selectEdits(db).where('e.userId', '=', userId)
  if (page.after) query = query.where('e.id', '>', page.after)
  const rows = await query.orderBy('e.id').limit(rowsToRead(page.limit)!).execute()
  const cut = cutPage(rows, page.limit, (last) => last.id)
  const edits = cut.rows.map(toBookEdit)
  return cut.next ? { edits, next: cut.next } : { edits }
}

import { sql } from 'kysely'
import type { Book } from '@shelfwise/contracts'
import { nameKey, nameKeyOf, type Db } from '#/db/portable.ts'
import { cutPage, rowsToRead } from '#/paging.ts'
import { listBooksByIds, shownBooks } from '#/modules/books/books.repository.ts'

// Author and publisher pages: the books whose author (or publisher) is one name, compared with letter
// case and accents folded, in title order. Both statements are ranges of one name-key index
// (migration 2026_11_25_0200), so their cost follows the name's books, never the catalogue's size.

/** Which name of a book a page lists by. */
export type NameField = 'author' | 'publisher'

/** Where a page ends: the last book's lower-cased title and its id (the title order, made total). */
export type NameKeyset = [titleKey: string, id: string]

export interface NamePageRequest {
  field: NameField
  name: string
  limit: number
  after?: NameKeyset | undefined
}

const COLUMN: Record<NameField, string> = { author: 'b.author', publisher: 'b.publisher' }

// The books shown only (decision 0058): the name-key indexes hold no hidden book (migration 2026_12_20_0100).
const matching = (db: Db, field: NameField, name: string) =>
  db.selectFrom('books as b').where(nameKey(db, COLUMN[field]), '=', nameKeyOf(db, name)).where(shownBooks())

/** The ids and title keys of a page (and one more, to tell whether more follow): built apart to check its plan. */
export function buildNamePageQuery(db: Db, req: NamePageRequest) {
  const query = matching(db, req.field, req.name)
    .select(['b.id', sql<string>`lower(b.title)`.as('titleKey')])
    .orderBy(sql`lower(b.title)`)
    .orderBy('b.id')
    // Not a bare `limit ?`: SQLite prepares a statement whose LIMIT is a bare parameter again on every
    // run (measured: 1.8 ms for this one, whose name keys spell out some 500 functions; 0.02 ms cast).
    .limit(sql<number>`cast(${rowsToRead(req.limit)} as integer)`)
  return req.after ? query.where(sql<boolean>`(lower(b.title), b.id) > (${req.after[0]}, ${req.after[1]})`) : query
}

/** The count of a name's books: built apart to check its plan. */
export const buildNameCountQuery = (db: Db, field: NameField, name: string) => matching(db, field, name).select(sql<number>`count(*)`.as('n'))

/** One page of the books carrying a name, by title, and the keyset of its last book when more follow. */
export async function listBooksByNamePage(db: Db, req: NamePageRequest): Promise<{ books: Book[]; next?: NameKeyset }> {
  const page = cutPage(await buildNamePageQuery(db, req).execute(), req.limit, (last): NameKeyset => [last.titleKey, last.id])
  const books = await listBooksByIds(
    db,
    page.rows.map((r) => r.id),
  )
  return page.next ? { books, next: page.next } : { books }
}

/** How many books carry a name. */
export async function countBooksByName(db: Db, field: NameField, name: string): Promise<number> {
  const row = await buildNameCountQuery(db, field, name).executeTakeFirstOrThrow()
  return Number(row.n)
}

import type { Book } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'

// The book as stored plus the usernames of its linked people, joined in on read so a rename
// never breaks a link.

/** Selects every column a Book needs; compose with where/order/limit. */
export const selectBooks = (db: Db) =>
  db.selectFrom('books as b')
    .leftJoin('users as au', 'au.id', 'b.authorUserId')
    .leftJoin('users as pu', 'pu.id', 'b.publisherUserId')
    .leftJoin('users as lu', 'lu.id', 'b.listedByUserId')
    .select([
      'b.id', 'b.title', 'b.author', 'b.publisher', 'b.description', 'b.coverImage', 'b.publishedDate', 'b.language',
      'b.edition', 'b.pageCount', 'b.amazonLink', 'b.isbn', 'b.category', 'b.averageRating', 'b.totalReviews',
      'b.createdAt', 'b.updatedAt', 'au.username as authorUsername', 'pu.username as publisherUsername',
      'lu.username as listedByUsername',
    ])

export type BookRow = Awaited<ReturnType<ReturnType<typeof selectBooks>['execute']>>[number]

/** The genres of many books in one query, by book id. */
export async function listGenresByBook(db: Db, bookIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (!bookIds.length) return out
  const rows = await db.selectFrom('bookGenres').select(['bookId', 'genre']).where('bookId', 'in', bookIds).orderBy('genre').execute()
  for (const r of rows) {
    const list = out.get(r.bookId)
    if (list) list.push(r.genre)
    else out.set(r.bookId, [r.genre])
  }
  return out
}

export function toBook(row: BookRow, genres: string[]): Book {
  return {
    _id: row.id,
    title: row.title,
    author: row.author,
    author_username: row.authorUsername ?? null,
    publisher: row.publisher,
    publisher_username: row.publisherUsername ?? null,
    description: row.description ?? '',
    coverImage: row.coverImage,
    averageRating: Math.round(Number(row.averageRating) * 100) / 100,
    totalReviews: Number(row.totalReviews),
    publishedDate: row.publishedDate,
    language: row.language,
    edition: row.edition,
    pageCount: row.pageCount === null ? null : Number(row.pageCount),
    amazonLink: row.amazonLink,
    isbn: row.isbn ?? '',
    genre: genres,
    category: row.category,
    listed_by_username: row.listedByUsername ?? null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  }
}

/** Rows to Books, fetching all their genres in one more query. */
export async function toBooks(db: Db, rows: BookRow[]): Promise<Book[]> {
  const genres = await listGenresByBook(db, rows.map((r) => r.id))
  return rows.map((r) => toBook(r, genres.get(r.id) ?? []))
}

export async function findBookById(db: Db, id: string): Promise<Book | undefined> {
  const row = await selectBooks(db).where('b.id', '=', id).executeTakeFirst()
  return row && (await toBooks(db, [row]))[0]
}

/** Books by id, in the order of the ids given; ids that match no book are skipped. */
export async function listBooksByIds(db: Db, ids: string[]): Promise<Book[]> {
  if (!ids.length) return []
  const rows = await selectBooks(db).where('b.id', 'in', [...new Set(ids)]).execute()
  const byId = new Map((await toBooks(db, rows)).map((b) => [b._id, b]))
  return ids.map((id) => byId.get(id)).filter((b): b is Book => b !== undefined)
}

/** True when a book with this id exists. */
export async function bookExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

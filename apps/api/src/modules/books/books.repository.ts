import { sql, type CompiledQuery, type Insertable, type RawBuilder, type SqlBool } from 'kysely'
import { roundAverage, type Book, type BookFormat } from '@shelfwise/contracts'
import { jsonArrayValue, sortedJsonArray, toIso, type Db, type RowOf } from '#/db/portable.ts'
import type { BooksTable } from '#/db/schema.ts'
import { precompile, type Precompiled } from '#/db/precompiled.ts'

// The book as stored plus the usernames of its linked people, joined in on read so a rename
// never breaks a link. The catalogue in an order is in books.list.repository.ts; correcting and
// removing a book in books.edit.repository.ts.

/**
 * The books the catalogue's lists show: those the moderators did not hide (decision 0058). A literal
 * term, spelled as the partial indexes of migration 2026_12_20_0100 are, so both planners take them.
 */
export const shownBooks = (alias: 'b' | 'books' = 'b'): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(`${alias}.hidden`)} = 0`

/**
 * SQLite: the search rows (`alias`.doc_id) of books the moderators did not hide. The few hidden books
 * are read once off their own partial index (books_hidden_idx), never a book per match.
 */
export const shownSearchDocs = (alias: string, column = 'doc_id'): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${alias}.${column}`)} not in (select hd.doc_id from book_search_docs hd where hd.book_id in (select hb.id from books hb where hb.hidden = 1))`

/** Selects every column a Book needs; compose with where/order/limit. */
const selectBooks = (db: Db) =>
  db
    .selectFrom('books as b')
    .leftJoin('users as au', 'au.id', 'b.authorUserId')
    .leftJoin('users as pu', 'pu.id', 'b.publisherUserId')
    .leftJoin('users as lu', 'lu.id', 'b.listedByUserId')
    .select([
      'b.id',
      'b.title',
      'b.author',
      'b.publisher',
      'b.description',
      'b.coverImage',
      'b.publishedDate',
      'b.language',
      'b.edition',
      'b.pageCount',
      'b.amazonLink',
      // An import's book shows the ISBN it came with, though it holds it against nobody (decision 0023).
      sql<string | null>`coalesce(b.isbn, b.unclaimed_isbn)`.as('isbn'),
      'b.category',
      'b.format',
      'b.audioSeconds',
      'b.editionCount',
      'b.averageRating',
      'b.totalReviews',
      'b.loneRatings',
      'b.createdAt',
      'b.updatedAt',
      'b.hidden',
      'au.username as authorUsername',
      'pu.username as publisherUsername',
      'lu.username as listedByUsername',
    ])

type BookRow = RowOf<typeof selectBooks>

/**
 * selectBooks plus each book's genres as a JSON array column: a book, or a page of them, is then one
 * statement instead of two (the second, for genres, cost as much as the first on a point read).
 */
export const selectWholeBooks = (db: Db) =>
  selectBooks(db).select(sql<unknown>`(select ${sortedJsonArray(db, sql.ref('bg.genre'))} from book_genres as bg where bg.book_id = b.id)`.as('genres'))

type WholeBookRow = BookRow & { genres: unknown }

export const wholeBook = (row: WholeBookRow): Book => toBook(row, jsonArrayValue<string>(row.genres))

type CompiledQueryBuilder<R> = { compile(): CompiledQuery<R> }

/** Id lists are padded up to one of these lengths, so a handful of precompiled statements serve every list. */
const ID_LIST_SIZES = [1, 8, 24, 100]

/** A precompiled query per padded id-list length; a longer list runs in chunks (SQLite binds at most 32,766 values). */
function byIdList<R>(build: (db: Db, ids: string[]) => CompiledQueryBuilder<R>) {
  const prepared = new Map<number, Precompiled<string[], R>>(ID_LIST_SIZES.map((n) => [n, precompile(n, (db, ...ids: string[]) => build(db, ids))]))
  const largest = ID_LIST_SIZES.at(-1)!
  const run = (db: Db, ids: string[]): Promise<R[]> => {
    const size = ID_LIST_SIZES.find((n) => n >= ids.length)!
    // Repeating an id in an IN list changes nothing.
    const padded = [...ids, ...Array<string>(size - ids.length).fill(ids[0]!)]
    return prepared.get(size)!.all(db, ...padded)
  }
  return async (db: Db, ids: string[]): Promise<R[]> => {
    if (ids.length <= largest) return run(db, ids)
    const out: R[] = []
    for (let i = 0; i < ids.length; i += largest) out.push(...(await run(db, ids.slice(i, i + largest))))
    return out
  }
}

const genresOfBooks = byIdList((db, ids) => db.selectFrom('bookGenres').select(['bookId', 'genre']).where('bookId', 'in', ids).orderBy('genre'))

/** The genres of many books in one query, by book id. */
export async function listGenresByBook(db: Db, bookIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (!bookIds.length) return out
  const rows = await genresOfBooks(db, [...new Set(bookIds)])
  for (const r of rows) {
    const list = out.get(r.bookId)
    if (list) list.push(r.genre)
    else out.set(r.bookId, [r.genre])
  }
  return out
}

function toBook(row: BookRow, genres: string[]): Book {
  return {
    _id: row.id,
    title: row.title,
    author: row.author,
    author_username: row.authorUsername ?? null,
    publisher: row.publisher,
    publisher_username: row.publisherUsername ?? null,
    description: row.description ?? '',
    coverImage: row.coverImage,
    averageRating: roundAverage(Number(row.averageRating)),
    totalReviews: Number(row.totalReviews),
    ratingsCount: Number(row.totalReviews) + Number(row.loneRatings),
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
    // A work shows its primary edition, whose id is the work's (decision 0027).
    workId: row.id,
    editionId: row.id,
    format: row.format as BookFormat | null,
    audioSeconds: row.audioSeconds === null ? null : Number(row.audioSeconds),
    editionCount: Number(row.editionCount),
    // Hidden by the moderators (decision 0058): its page still opens, marked; no list shows it.
    ...(Number(row.hidden) ? { removedByModerators: true as const } : {}),
  }
}

const booksById = byIdList((db, ids) => selectWholeBooks(db).where('b.id', 'in', ids))

export async function findBookById(db: Db, id: string): Promise<Book | undefined> {
  const [row] = await booksById(db, [id])
  return row && wholeBook(row)
}

/** Books by id, in the order of the ids given; ids that match no book are skipped. */
export async function listBooksByIds(db: Db, ids: string[]): Promise<Book[]> {
  if (!ids.length) return []
  const rows = await booksById(db, [...new Set(ids)])
  const byId = new Map(rows.map((r) => [r.id, r]))
  const out: Book[] = []
  for (const id of ids) {
    const row = byId.get(id)
    if (row) out.push(wholeBook(row))
  }
  return out
}

const bookIdOf = precompile(1, (db, id: string) => db.selectFrom('books').select('id').where('id', '=', id))

const pageCountOf = precompile(1, (db, id: string) => db.selectFrom('books').select('pageCount').where('id', '=', id))

/** A book's page count (null when unknown); undefined when there is no such book. */
export async function findBookPageCount(db: Db, id: string): Promise<number | null | undefined> {
  const row = await pageCountOf.first(db, id)
  return row === undefined ? undefined : row.pageCount === null ? null : Number(row.pageCount)
}

/** True when a book with this id exists. */
export async function bookExists(db: Db, id: string): Promise<boolean> {
  return (await bookIdOf.first(db, id)) !== undefined
}

const catalogueVersion = precompile(0, (db) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('books')
      .select((e) => e.fn.max('id').as('id'))
      .as('newest'),
    eb.selectFrom('catalogueEdits').select('edits').where('id', '=', 1).as('edits'),
  ]),
)

/**
 * The catalogue's version: the newest book's id (ids are time-ordered UUIDv7) and the count of its
 * corrections and removals. It changes whenever a book is added, edited or deleted, anywhere.
 */
export async function findCatalogueVersion(db: Db): Promise<string> {
  const row = await catalogueVersion.first(db)
  return `${row?.newest ?? ''}:${Number(row?.edits ?? 0)}`
}

/** Counts a correction or removal of a book, in the caller's transaction (see findCatalogueVersion). */
export async function countCatalogueEdit(db: Db): Promise<void> {
  await db
    .updateTable('catalogueEdits')
    .set((eb) => ({ edits: eb('edits', '+', 1) }))
    .where('id', '=', 1)
    .execute()
}

/** How many books the catalogue shows (the moderators' hidden ones aside): off a partial index alone. */
export async function countBooks(db: Db): Promise<number> {
  const row = await buildCountBooksQuery(db).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The count of the books shown: built apart to check its plan. */
export const buildCountBooksQuery = (db: Db) =>
  db
    .selectFrom('books as b')
    .select(sql<number>`count(*)`.as('n'))
    .where(shownBooks())

/**
 * The moderators hid a book or showed it again (decision 0058), in their decision's transaction: the
 * catalogue's version moves, so every kept list and count is made again.
 */
export async function setBookHidden(db: Db, id: string, hidden: boolean): Promise<void> {
  await db
    .updateTable('books')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .execute()
  await countCatalogueEdit(db)
}

// ---- One book for a signed-in viewer, and adding a book ----------------------------------------

/** Whether a book is on a user's wishlist and recently-read list, and whether the user added it or is credited on it. */
const viewerFlags = precompile(2, (db, bookId: string, userId: string) =>
  db.selectNoFrom((eb) => [
    eb.exists(eb.selectFrom('wishlist').select('bookId').where('userId', '=', userId).where('bookId', '=', bookId)).as('inWishlist'),
    eb.exists(eb.selectFrom('reads').select('bookId').where('userId', '=', userId).where('bookId', '=', bookId)).as('inRecentlyRead'),
    eb.exists(eb.selectFrom('books').select('id').where('id', '=', bookId).where('createdByUserId', '=', userId)).as('addedByViewer'),
    eb
      .exists(
        eb
          .selectFrom('books')
          .select('id')
          .where('id', '=', bookId)
          .where((w) => w.or([w('authorUserId', '=', userId), w('publisherUserId', '=', userId)])),
      )
      .as('creditsViewer'),
  ]),
)

export interface ViewerFlags {
  inWishlist: boolean
  inRecentlyRead: boolean
  addedByViewer: boolean
  creditsViewer: boolean
}

export async function findViewerFlags(db: Db, bookId: string, userId: string): Promise<ViewerFlags> {
  const row = (await viewerFlags.first(db, bookId, userId))!
  return {
    inWishlist: Boolean(row.inWishlist),
    inRecentlyRead: Boolean(row.inRecentlyRead),
    addedByViewer: Boolean(row.addedByViewer),
    creditsViewer: Boolean(row.creditsViewer),
  }
}

export interface UserRef {
  id: string
  username: string
}

/** A user's id and username. */
export async function findUserRefById(db: Db, id: string): Promise<UserRef | undefined> {
  return db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst()
}

/** Users by username in any letter case, keyed by the lower-cased username. */
export async function listUserRefsByUsernames(db: Db, usernames: string[]): Promise<Map<string, UserRef>> {
  const lowered = [...new Set(usernames.map((u) => u.toLowerCase()))]
  if (!lowered.length) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', lowered))
    .execute()
  return new Map(rows.map((r) => [r.username.toLowerCase(), r]))
}

/** Stores a book and its genres; call inside a transaction so both land or neither does. */
export async function insertBookWithGenres(db: Db, book: Insertable<BooksTable>, genres: string[]): Promise<void> {
  await db.insertInto('books').values(book).execute()
  if (genres.length)
    await db
      .insertInto('bookGenres')
      .values(genres.map((genre) => ({ bookId: book.id, genre })))
      .execute()
}

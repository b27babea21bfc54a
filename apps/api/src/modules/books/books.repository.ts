import { sql, type CompiledQuery, type Insertable, type RawBuilder, type SqlBool, type Updateable } from 'kysely'
import { roundAverage, type Book, type BookListQuery } from '@shelfwise/contracts'
import { dialectOf, jsonArrayValue, sortedJsonArray, toIso, type Db } from '#/db/portable.ts'
import type { BooksTable } from '#/db/schema.ts'
import { precompile, type Precompiled } from '#/db/precompiled.ts'
import { cutPage, rowsToRead } from '#/paging.ts'

// The book as stored plus the usernames of its linked people, joined in on read so a rename
// never breaks a link.

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
      'b.averageRating',
      'b.totalReviews',
      'b.loneRatings',
      'b.createdAt',
      'b.updatedAt',
      'au.username as authorUsername',
      'pu.username as publisherUsername',
      'lu.username as listedByUsername',
    ])

type BookRow = Awaited<ReturnType<ReturnType<typeof selectBooks>['execute']>>[number]

/**
 * selectBooks plus each book's genres as a JSON array column: a book, or a page of them, is then one
 * statement instead of two (the second, for genres, cost as much as the first on a point read).
 */
const selectWholeBooks = (db: Db) =>
  selectBooks(db).select(sql<unknown>`(select ${sortedJsonArray(db, sql.ref('bg.genre'))} from book_genres as bg where bg.book_id = b.id)`.as('genres'))

type WholeBookRow = BookRow & { genres: unknown }

const wholeBook = (row: WholeBookRow): Book => toBook(row, jsonArrayValue<string>(row.genres))

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

// ---- The catalogue in a chosen order, with keyset paging ----------------------------------------

export type BookSort = BookListQuery['sort']
/** The sort key of the last book of a page: the order's columns, then the id. */
export type BookKeyset = (string | number | null)[]

export interface BookListRequest {
  sort: BookSort
  /** At most this many books (the whole catalogue is walked a page at a time, see the service). */
  limit: number
  after?: BookKeyset | undefined
}

/** Top Rated's prior: a book is ranked as if it also had this many reviews of RATING_PRIOR_MEAN stars. */
const RATING_PRIOR_REVIEWS = 5
const RATING_PRIOR_MEAN = 3.5

/**
 * The confidence-weighted average a book ranks by in Top Rated, (C·m + Σ ratings) / (C + n), spelled
 * exactly as migration 2026_11_25_0100 indexes it so both databases walk that index. The rating a
 * book shows stays its plain average.
 */
export const weightedRating = (alias: 'b' | 'd') =>
  sql.raw(
    `((${alias}.average_rating * ${alias}.total_reviews + ${RATING_PRIOR_REVIEWS * RATING_PRIOR_MEAN}) / (${alias}.total_reviews + ${RATING_PRIOR_REVIEWS}))`,
  )

/** The same weighted average in memory, for ranking candidates already read. */
export const weightedRatingOf = (average: number, reviews: number) =>
  (average * reviews + RATING_PRIOR_REVIEWS * RATING_PRIOR_MEAN) / (reviews + RATING_PRIOR_REVIEWS)

// Every order ends in the id, so it is total and a keyset never skips or repeats a book.
// Raw SQL over `b` because the title order is an expression (lower(title)) and the keys must compare
// exactly as the database orders them.
const ORDERS: Record<BookSort, { orderBy: RawBuilder<unknown>; after: (k: BookKeyset) => RawBuilder<SqlBool> }> = {
  recent: {
    orderBy: sql`b.created_at desc, b.id desc`,
    after: ([at, id]) => sql<SqlBool>`(b.created_at, b.id) < (${at}, ${id})`,
  },
  published: {
    // A book without a date has the key '', which sorts after every date in descending order.
    orderBy: sql`coalesce(b.published_date, '') desc, b.id desc`,
    after: ([date, id]) => sql<SqlBool>`(coalesce(b.published_date, ''), b.id) < (${date}, ${id})`,
  },
  rating: {
    // Confidence-weighted (decision 0009), as books_weighted_rating_idx spells it.
    orderBy: sql`${weightedRating('b')} desc, b.total_reviews desc, b.id desc`,
    after: ([score, count, id]) => sql<SqlBool>`(${weightedRating('b')}, b.total_reviews, b.id) < (${score}, ${count}, ${id})`,
  },
  title: {
    orderBy: sql`lower(b.title), b.id`,
    after: ([title, id]) => sql<SqlBool>`(lower(b.title), b.id) > (${title}, ${id})`,
  },
}

/** How many values a keyset of each order has. */
export const KEYSET_ARITY: Record<BookSort, number> = { recent: 2, published: 2, rating: 3, title: 2 }

const pageQuery = (db: Db, sort: BookSort, after: BookKeyset | undefined, limit: number) => {
  let query = selectWholeBooks(db)
    .select(sql<string>`lower(b.title)`.as('titleKey'))
    .select(sql<number>`${weightedRating('b')}`.as('weightedRating'))
    .orderBy(ORDERS[sort].orderBy)
  if (after) query = query.where(ORDERS[sort].after(after))
  return query.limit(limit)
}

// The grid's pages are the hottest list: each order's first and later pages are built once (db/precompiled.ts).
const firstPages = new Map(
  (Object.keys(ORDERS) as BookSort[]).map((sort) => [sort, precompile(1, (db, limit: number) => pageQuery(db, sort, undefined, limit))]),
)
const laterPages = new Map(
  (Object.keys(ORDERS) as BookSort[]).map((sort) => [
    sort,
    precompile(KEYSET_ARITY[sort] + 1, (db, limit: number, ...after: BookKeyset) => pageQuery(db, sort, after, limit)),
  ]),
)

/** One page of the catalogue in the given order, and the keyset of its last book when more follow. */
export async function listBooksPage(db: Db, req: BookListRequest): Promise<{ books: Book[]; next?: BookKeyset }> {
  const take = rowsToRead(req.limit)!
  const rows = req.after ? await laterPages.get(req.sort)!.all(db, take, ...req.after) : await firstPages.get(req.sort)!.all(db, take)
  const keyOf: Record<BookSort, (last: (typeof rows)[number]) => BookKeyset> = {
    recent: (last) => [toIso(last.createdAt), last.id],
    published: (last) => [last.publishedDate ?? '', last.id],
    rating: (last) => [Number(last.weightedRating), Number(last.totalReviews), last.id],
    title: (last) => [last.titleKey, last.id],
  }
  const cut = cutPage(rows, req.limit, keyOf[req.sort])
  const books = cut.rows.map(wholeBook)
  return cut.next ? { books, next: cut.next } : { books }
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

/** How many books the catalogue holds. */
export async function countBooks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('books')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
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

// ---- Correcting and removing a book, by the reader who added it --------------------------------

/** Who a book belongs to and what an edit must let go of; locked for the rest of the transaction. */
export interface BookOwnership {
  id: string
  createdByUserId: string | null
  authorUserId: string | null
  publisherUserId: string | null
  listedByUserId: string | null
  coverImage: string
}

/**
 * The book's owners, its row locked until the transaction ends. On PostgreSQL FOR UPDATE also waits
 * for (and then blocks) the key-share locks a review, wishlist or read row takes on its book, so a
 * reader shelving the book while it is deleted either lands first (and is counted) or finds it gone.
 * SQLite's writer is one connection at a time, so the transaction alone does that there.
 */
export async function findBookOwnershipForWrite(db: Db, id: string): Promise<BookOwnership | undefined> {
  let query = db.selectFrom('books').select(['id', 'createdByUserId', 'authorUserId', 'publisherUserId', 'listedByUserId', 'coverImage']).where('id', '=', id)
  if (dialectOf(db) === 'postgres') query = query.forUpdate()
  return query.executeTakeFirst()
}

/** What an edit compares and records: the book's own fields, its links and genres as stored. */
export interface EditableBook extends BookOwnership {
  title: string
  author: string
  publisher: string
  description: string
  publishedDate: string | null
  language: string
  edition: string
  pageCount: number | null
  amazonLink: string
  isbn: string | null
  unclaimedIsbn: string | null
  category: string
  genres: string[]
}

/** The book as an edit finds it, its row locked as findBookOwnershipForWrite locks it. */
export async function findEditableBookForWrite(db: Db, id: string): Promise<EditableBook | undefined> {
  let query = db
    .selectFrom('books')
    .select([
      'id',
      'createdByUserId',
      'authorUserId',
      'publisherUserId',
      'listedByUserId',
      'coverImage',
      'title',
      'author',
      'publisher',
      'description',
      'publishedDate',
      'language',
      'edition',
      'pageCount',
      'amazonLink',
      'isbn',
      'unclaimedIsbn',
      'category',
    ])
    .where('id', '=', id)
  if (dialectOf(db) === 'postgres') query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  const genres = await db.selectFrom('bookGenres').select('genre').where('bookId', '=', id).orderBy('genre').execute()
  return { ...row, pageCount: row.pageCount === null ? null : Number(row.pageCount), genres: genres.map((g) => g.genre) }
}

/** Rewrites a book's own fields and its genres; call inside a transaction. */
export async function updateBookWithGenres(db: Db, id: string, book: Updateable<BooksTable>, genres: string[]): Promise<void> {
  await db.updateTable('books').set(book).where('id', '=', id).execute()
  const before = await db.selectFrom('bookGenres').select('genre').where('bookId', '=', id).execute()
  // Only what changed is written: each genre row rewrites the book's search entry (triggers).
  const keep = new Set(genres)
  const gone = before.map((r) => r.genre).filter((g) => !keep.has(g))
  const had = new Set(before.map((r) => r.genre))
  const added = genres.filter((g) => !had.has(g))
  if (gone.length) await db.deleteFrom('bookGenres').where('bookId', '=', id).where('genre', 'in', gone).execute()
  if (added.length)
    await db
      .insertInto('bookGenres')
      .values(added.map((genre) => ({ bookId: id, genre })))
      .execute()
}

/**
 * How many readers other than `userId` rely on the book (decision 0023): they reviewed it, rated it,
 * have it on their wishlist or read list, or have anything in their reading log for it (a status, a
 * rating, a read, kept or taken off Recently Read). An entry emptied of all of these does not count.
 */
export async function countOtherReaders(db: Db, bookId: string, userId: string): Promise<number> {
  const others = db
    .selectFrom('reviews')
    .select('userId')
    .where('bookId', '=', bookId)
    .where('userId', '<>', userId)
    .union(db.selectFrom('wishlist').select('userId').where('bookId', '=', bookId).where('userId', '<>', userId))
    .union(db.selectFrom('reads').select('userId').where('bookId', '=', bookId).where('userId', '<>', userId))
    .union(
      db
        .selectFrom('readingEntries as e')
        .select('e.userId')
        .where('e.bookId', '=', bookId)
        .where('e.userId', '<>', userId)
        .where((eb) =>
          eb.or([
            eb('e.status', 'is not', null),
            eb('e.rating', 'is not', null),
            eb.exists(eb.selectFrom('readThroughs as r').select('r.id').whereRef('r.userId', '=', 'e.userId').whereRef('r.bookId', '=', 'e.bookId')),
          ]),
        ),
    )
  const row = await db
    .selectFrom(others.as('o'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Removes a book with what only its adder had on it (their review, wishlist and read rows), its
 * genres and its history; call inside a transaction, after countOtherReaders found nobody else.
 */
export async function deleteBookWithOwnRows(db: Db, bookId: string): Promise<void> {
  // Each written out rather than left to the foreign keys' cascades, so the rows' triggers (the
  // reviewer's profile version, the search index) run the same way on both databases.
  await db.deleteFrom('reviews').where('bookId', '=', bookId).execute()
  await db.deleteFrom('wishlist').where('bookId', '=', bookId).execute()
  await db.deleteFrom('reads').where('bookId', '=', bookId).execute()
  await db.deleteFrom('bookGenres').where('bookId', '=', bookId).execute()
  await db.deleteFrom('bookEdits').where('bookId', '=', bookId).execute()
  await db.deleteFrom('books').where('id', '=', bookId).execute()
}

/** Sets a book's links to readers (author, publisher, lister) and its updatedAt. */
export async function updateBookLinks(
  db: Db,
  id: string,
  links: Pick<Updateable<BooksTable>, 'authorUserId' | 'publisherUserId' | 'listedByUserId' | 'updatedAt'>,
): Promise<void> {
  await db.updateTable('books').set(links).where('id', '=', id).execute()
}

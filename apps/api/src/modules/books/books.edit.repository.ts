import type { Updateable } from 'kysely'
import { BOOK_DETAIL_FIELDS } from '@shelfwise/contracts'
import { lockedForUpdate, rowCount, type Db } from '#/db/portable.ts'
import type { BooksTable } from '#/db/schema.ts'

// Correcting and removing a book, by the reader who added it (decisions 0011 and 0023): its row read
// and locked for the rest of the transaction, how many other readers rely on it, and the writes.

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
  return lockedForUpdate(
    db,
    db.selectFrom('books').select(['id', 'createdByUserId', 'authorUserId', 'publisherUserId', 'listedByUserId', 'coverImage']).where('id', '=', id),
  ).executeTakeFirst()
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
  /** The shown edition's format and audio length (decision 0027); not part of the history. */
  format: string | null
  audioSeconds: number | null
  genres: string[]
}

/** The book as an edit finds it, its row locked as findBookOwnershipForWrite locks it. */
export async function findEditableBookForWrite(db: Db, id: string): Promise<EditableBook | undefined> {
  const query = db
    .selectFrom('books')
    .select([
      'id',
      'createdByUserId',
      'authorUserId',
      'publisherUserId',
      'listedByUserId',
      'title',
      'author',
      'publisher',
      ...BOOK_DETAIL_FIELDS,
      'unclaimedIsbn',
      'category',
      'format',
      'audioSeconds',
    ])
    .where('id', '=', id)
  const row = await lockedForUpdate(db, query).executeTakeFirst()
  if (!row) return undefined
  const genres = await db.selectFrom('bookGenres').select('genre').where('bookId', '=', id).orderBy('genre').execute()
  return {
    ...row,
    pageCount: row.pageCount === null ? null : Number(row.pageCount),
    audioSeconds: row.audioSeconds === null ? null : Number(row.audioSeconds),
    genres: genres.map((g) => g.genre),
  }
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
    // A reader who added an edition of the book said it is this work (decision 0027).
    .union(
      db
        .selectFrom('editions')
        .select((eb) => eb.fn.coalesce('createdByUserId', eb.val(userId)).as('userId'))
        .where('bookId', '=', bookId)
        .where('createdByUserId', '<>', userId),
    )
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
  return rowCount(db.selectFrom(others.as('o')))
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
  // Its other editions (decision 0027): its adder's or nobody's, since another reader's edition counts above.
  await db.deleteFrom('editions').where('bookId', '=', bookId).execute()
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

import { sql, type Insertable, type Selectable } from 'kysely'
import type { BookFormat, Edition } from '@shelfwise/contracts'
import { isIsbn10Shape, withIsbn10Check, withIsbn13Check } from '@shelfwise/library-files'
import { dialectOf, type Db } from '#/db/portable.ts'
import type { EditionsTable } from '#/db/schema.ts'
import { precompile } from '#/db/precompiled.ts'
import { cutPage, rowsToRead } from '#/paging.ts'

// Works and their editions (decision 0027). A work is a books row, which also holds its shown
// (primary) edition; its other editions are rows of `editions`. An ISBN names one edition in the
// whole catalogue: `books.isbn` (as the form gave it, ISBN-10 or ISBN-13) and `editions.isbn` (always
// the ISBN-13) are checked against each other here, in the writer's transaction.

/** An ISBN (normalised: digits and X) as its ISBN-13: an ISBN-10 becomes the 978 ISBN-13 it is printed as. */
export const isbn13Of = (isbn: string): string => (isIsbn10Shape(isbn) ? withIsbn13Check(`978${isbn.slice(0, 9)}`) : isbn)

/** Both ways an ISBN may be written: its ISBN-13, and its ISBN-10 when it has one (978 only). */
function isbnForms(isbn: string): string[] {
  const thirteen = isbn13Of(isbn)
  return thirteen.length === 13 && thirteen.startsWith('978') ? [thirteen, withIsbn10Check(thirteen.slice(3, 12))] : [thirteen]
}

// ---- The resolver ----------------------------------------------------------------------------

const workOfId = precompile(1, (db, id: string) =>
  db
    .selectFrom('books')
    .select('id as workId')
    .where('id', '=', id)
    .unionAll(db.selectFrom('editions').select('bookId as workId').where('id', '=', id)),
)

/** The work an id names: the id itself for a work, the edition's work for an edition; undefined for neither. One indexed read. */
export async function findWorkIdOf(db: Db, id: string): Promise<string | undefined> {
  return (await workOfId.first(db, id))?.workId
}

// ---- Editions --------------------------------------------------------------------------------

const EDITION_COLUMNS = [
  'id',
  'bookId',
  'isbn',
  'unclaimedIsbn',
  'format',
  'pageCount',
  'audioSeconds',
  'language',
  'publisher',
  'publishedDate',
  'edition',
  'coverImage',
] as const

type EditionRow = Pick<Selectable<EditionsTable>, (typeof EDITION_COLUMNS)[number]>

const toEdition = (r: EditionRow): Edition => ({
  _id: r.id,
  workId: r.bookId,
  isbn: r.isbn ?? r.unclaimedIsbn ?? '',
  format: r.format as BookFormat | null,
  pageCount: r.pageCount === null ? null : Number(r.pageCount),
  audioSeconds: r.audioSeconds === null ? null : Number(r.audioSeconds),
  language: r.language,
  publisher: r.publisher,
  publishedDate: r.publishedDate,
  edition: r.edition,
  coverImage: r.coverImage,
  primary: false,
})

const editionById = precompile(1, (db, id: string) =>
  db
    .selectFrom('editions')
    .select([...EDITION_COLUMNS, 'mergedInto'])
    .where('id', '=', id),
)

/** One edition (not a work's primary one) by its id, as stored (one merged into another included). */
export async function findEdition(db: Db, id: string): Promise<Edition | undefined> {
  const row = await editionById.first(db, id)
  return row && toEdition(row)
}

/**
 * One edition by its id as readers see it: an edition merged into another printing (decision 0030)
 * answers as the edition it was merged into, which is an edition's id or, for the work's shown
 * edition, the work's own (`work`).
 */
export async function findLiveEdition(db: Db, id: string): Promise<{ edition: Edition } | { work: string } | undefined> {
  const row = await editionById.first(db, id)
  if (!row) return undefined
  if (row.mergedInto === null) return { edition: toEdition(row) }
  const into = await editionById.first(db, row.mergedInto)
  return into ? { edition: toEdition(into) } : { work: row.mergedInto }
}

/** The edition holding an ISBN (either form), when one of a work's other editions does. */
export async function findEditionByIsbn(db: Db, isbn: string): Promise<Edition | undefined> {
  const row = await db.selectFrom('editions').select(EDITION_COLUMNS).where('isbn', '=', isbn13Of(isbn)).executeTakeFirst()
  return row && toEdition(row)
}

/** A page of a work's editions (its primary one aside), in the order they were added, and the last id when more follow. */
export async function listEditionsPage(
  db: Db,
  workId: string,
  page: { limit: number; after?: string | undefined },
): Promise<{ editions: Edition[]; next?: string }> {
  // An edition merged into another printing (decision 0030) is not listed: its id answers as that one.
  let query = db.selectFrom('editions').select(EDITION_COLUMNS).where('bookId', '=', workId).where('mergedInto', 'is', null)
  if (page.after) query = query.where('id', '>', page.after)
  const rows = await query.orderBy('id').limit(rowsToRead(page.limit)!).execute()
  const cut = cutPage(rows, page.limit, (last) => last.id)
  const editions = cut.rows.map(toEdition)
  return cut.next ? { editions, next: cut.next } : { editions }
}

/** Stores an edition and counts it on its work (books.edition_count); call inside a transaction. */
export async function insertEdition(db: Db, edition: Insertable<EditionsTable>): Promise<void> {
  await db.insertInto('editions').values(edition).execute()
  await db
    .updateTable('books')
    .set((eb) => ({ editionCount: eb('editionCount', '+', 1) }))
    .where('id', '=', edition.bookId)
    .execute()
}

// ---- Who holds an ISBN -----------------------------------------------------------------------

/**
 * Makes writers of one ISBN take turns until the transaction ends, so the check across the two
 * tables below and the write after it are one step: PostgreSQL's advisory lock on the ISBN-13's hash
 * (two ISBNs sharing a hash merely wait for each other); SQLite's write transactions already run alone.
 */
export async function lockIsbn(db: Db, isbn: string): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${`isbn:${isbn13Of(isbn)}`}, 0))`.execute(db)
}

/**
 * The book or edition holding an ISBN (in either of its forms), with its work's title and author;
 * undefined when none does. The one holding it as written comes first (two old books may hold the
 * two forms: hand-added books were not checked across forms before decision 0027).
 */
export async function findIsbnHolder(db: Db, isbn: string): Promise<{ workId: string; editionId: string; title: string; author: string } | undefined> {
  const forms = isbnForms(isbn)
  const row = await db
    .selectFrom('books')
    .select(['id as workId', 'id as editionId', 'title', 'author', sql<number>`case when isbn = ${isbn} then 0 else 1 end`.as('rank')])
    .where('isbn', 'in', forms)
    .unionAll(
      db
        .selectFrom('editions as e')
        .innerJoin('books as b', 'b.id', 'e.bookId')
        .select(['b.id as workId', 'e.id as editionId', 'b.title', 'b.author', sql<number>`case when e.isbn = ${isbn} then 0 else 1 end`.as('rank')])
        .where('e.isbn', '=', forms[0]!),
    )
    .orderBy('rank')
    .executeTakeFirst()
  return row && { workId: row.workId, editionId: row.editionId, title: row.title, author: row.author }
}

/**
 * The editions holding one of these ISBNs (normalised; either form), each with its work's id and the
 * ISBN as the caller wrote it. Also those an import attached for `userId` without holding their ISBN.
 */
/** A book holding an ISBN: the work, the edition when it is not the work's shown one, and the format when it is known without another read. */
export interface IsbnHolderRow {
  id: string
  isbn: string
  editionId?: string
  format?: BookFormat | null
}

export async function listEditionsByIsbns(db: Db, isbns: string[], userId?: string): Promise<IsbnHolderRow[]> {
  if (!isbns.length) return []
  const asWritten = new Map<string, string>()
  for (const isbn of isbns) if (!asWritten.has(isbn13Of(isbn))) asWritten.set(isbn13Of(isbn), isbn)
  const thirteens = [...asWritten.keys()]
  let query = db.selectFrom('editions').select(['id', 'bookId', 'isbn', 'unclaimedIsbn', 'mergedInto', 'format'])
  query = userId ? query.where('unclaimedIsbn', 'in', thirteens).where('createdByUserId', '=', userId) : query.where('isbn', 'in', thirteens)
  const rows = await query.orderBy('id').execute()
  // An edition merged into another (decision 0030) keeps its ISBN but names the edition that stayed:
  // that one is the reader's, or none when it is the work's shown edition (the work's own id).
  return rows.map((r) => {
    const isbn = asWritten.get((userId ? r.unclaimedIsbn : r.isbn)!)!
    const editionId = r.mergedInto ?? r.id
    // Its format is the edition's own unless it was merged into another (then unknown here).
    const format = r.mergedInto === null ? { format: r.format as BookFormat | null } : {}
    return editionId === r.bookId ? { id: r.bookId, isbn } : { id: r.bookId, editionId, isbn, ...format }
  })
}

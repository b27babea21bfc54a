import { sql, type SqlBool } from 'kysely'
import { dialectOf, type Db } from '#/db/portable.ts'
import { lookupWords, queryWords, sameTitleAndAuthor } from '#/modules/books/books.match-keys.ts'

// Likely duplicates of a book about to be added (decision 0011): the same ISBN (the unique index),
// or the same title and author, letter case, accents and punctuation aside. An index narrows the
// catalogue to a few candidates — SQLite: the FTS5 index (kept by triggers whoever writes books),
// books whose title holds every word of the title and whose author every word of the author;
// PostgreSQL: books_match_key_idx, the same words in any order — which are then compared word for
// word here (books.match-keys.ts), so both databases answer alike.

/** At most this many index matches are compared: books whose title and author hold all the words. */
const DUPLICATE_CANDIDATES = 200

/** The id of the book holding this ISBN (already normalised: no spaces or hyphens, upper case). */
export async function findBookIdByIsbn(db: Db, isbn: string): Promise<string | undefined> {
  const row = await db.selectFrom('books').select('id').where('isbn', '=', isbn).executeTakeFirst()
  return row?.id
}

/**
 * The ids of books with the same title and author as given (their words equal after folding),
 * most-reviewed first on SQLite; none when either has no word at all.
 */
export async function listSameTitleAndAuthor(db: Db, title: string, author: string): Promise<string[]> {
  const titleWords = queryWords(title)
  const authorWords = queryWords(author)
  if (!titleWords.length || !authorWords.length) return []
  const rows = dialectOf(db) === 'postgres' ? await candidatesPostgres(db, title, author) : await candidatesSqlite(db, titleWords, authorWords)
  return rows.filter(sameTitleAndAuthor(title, author)).map((r) => r.id)
}

type Candidate = { id: string; title: string; author: string }

type FtsTables = {
  booksFts: { rowid: number }
  bookSearchDocs: { docId: number; bookId: string; title: string; author: string }
}

// Words are letters, digits and marks only, so quoting them is all the escaping FTS5 needs.
const fts5All = (column: string, words: string[]) => `{${column}} : (${words.map((w) => `"${w}"`).join(' AND ')})`

async function candidatesSqlite(db: Db, titleWords: string[], authorWords: string[]): Promise<Candidate[]> {
  // The search row carries the title and author (migration 2026_11_24_0910): books is not read.
  return db
    .withTables<FtsTables>()
    .selectFrom('booksFts')
    .innerJoin('bookSearchDocs as d', 'd.docId', 'booksFts.rowid')
    .where(sql<SqlBool>`books_fts match ${`${fts5All('title', titleWords)} AND ${fts5All('author', authorWords)}`}`)
    .select(['d.bookId as id', 'd.title', 'd.author'])
    .orderBy('booksFts.rowid')
    .limit(DUPLICATE_CANDIDATES)
    .execute()
}

async function candidatesPostgres(db: Db, title: string, author: string): Promise<Candidate[]> {
  // One lookup of books_match_key_idx (migration 2026_11_25_0300): the same words, in any order.
  return db
    .selectFrom('books as b')
    .where(sql<SqlBool>`books_match_key(b.title) = books_match_key(${title})`)
    .where(sql<SqlBool>`books_match_key(b.author) = books_match_key(${author})`)
    .select(['b.id', 'b.title', 'b.author'])
    .limit(DUPLICATE_CANDIDATES)
    .execute()
}

/**
 * Books whose title holds the words of `title` (its series note aside) and whose author holds
 * `family`, at most DUPLICATE_CANDIDATES of them, for an imported row's title and author to be
 * compared with (books.import-match.ts decides). The ids of books whose ISBN is one of `isbns` come too.
 */
export async function listImportCandidates(db: Db, title: string, family: string): Promise<Candidate[]> {
  const titleWords = queryWords(title)
  if (!titleWords.length) return []
  if (dialectOf(db) === 'postgres') {
    // The leading column of books_match_key_idx: the title's words in any order.
    return db
      .selectFrom('books as b')
      .where(sql<SqlBool>`books_match_key(b.title) = books_match_key(${title})`)
      .select(['b.id', 'b.title', 'b.author'])
      .limit(DUPLICATE_CANDIDATES)
      .execute()
  }
  return candidatesSqlite(db, lookupWords(titleWords), [family])
}

/** The ids of the books holding one of these ISBNs (normalised: digits and X, no hyphens). */
export async function listBookIdsByIsbns(db: Db, isbns: string[]): Promise<{ id: string; isbn: string }[]> {
  if (!isbns.length) return []
  const rows = await db.selectFrom('books').select(['id', 'isbn']).where('isbn', 'in', isbns).execute()
  return rows.map((r) => ({ id: r.id, isbn: r.isbn! }))
}

/**
 * The ids of books a reader's import made that carry one of these ISBNs without holding it
 * (decision 0023), oldest first.
 */
export async function listOwnUnclaimedByIsbns(db: Db, userId: string, isbns: string[]): Promise<{ id: string; isbn: string }[]> {
  if (!isbns.length) return []
  const rows = await db
    .selectFrom('books')
    .select(['id', 'unclaimedIsbn'])
    .where('unclaimedIsbn', 'in', isbns)
    .where('createdByUserId', '=', userId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: r.id, isbn: r.unclaimedIsbn! }))
}

/** The ids of the books that carry this ISBN without holding it (books imports made), at most `limit`, oldest first. */
export async function listUnclaimedIsbnHolders(db: Db, isbn: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('books').select('id').where('unclaimedIsbn', '=', isbn).orderBy('id').limit(limit).execute()
  return rows.map((r) => r.id)
}

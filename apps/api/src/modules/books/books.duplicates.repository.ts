import { sql, type SqlBool } from 'kysely'
import { dialectOf, type Db } from '#/db/portable.ts'
import { listEditionsByIsbns, type IsbnHolderRow } from '#/modules/books/books.editions.repository.ts'
import type { BookFormat } from '@shelfwise/contracts'
import { lookupWords, queryWords, sameTitleAndAuthor } from '#/modules/books/books.match-keys.ts'
import { quotedWordsSql, tsQueryParts, tsQuerySql, tsQueryText } from '#/modules/books/books.search-query.ts'
import type { WordGroup } from '#/modules/books/books.search-terms.ts'

// Likely duplicates of a book about to be added (decision 0011): the same ISBN (the unique index),
// or the same title and author, letter case, accents and punctuation aside. An index narrows the
// catalogue to a few candidates — SQLite: the FTS5 index (kept by triggers whoever writes books),
// books whose title holds every word of the title and whose author every word of the author;
// PostgreSQL: books_match_key_idx, the same words in any order — which are then compared word for
// word here (books.match-keys.ts), so both databases answer alike.

/** At most this many index matches are compared: books whose title and author hold all the words. */
const DUPLICATE_CANDIDATES = 200

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

/** At most this many books are compared with an imported row (issue 21): books whose title holds its main title's words and whose author one of its names. */
export const IMPORT_CANDIDATES = 200

/**
 * Books whose title holds the words of `title` (an imported row's main title, its notes and subtitle
 * aside; the commonest words left out unless all are) and whose author holds one of `authorWords`
 * (any author when there are none), at most IMPORT_CANDIDATES of them, for the row to be compared
 * with (books.import-match.ts decides). One lookup of the search index on either database: FTS5's
 * title and author columns, or the tsvector's title (A) and author (B) weights.
 */
export async function listImportCandidates(db: Db, title: string, authorWords: string[]): Promise<Candidate[]> {
  const titleWords = lookupWords(queryWords(title))
  if (!titleWords.length) return []
  if (dialectOf(db) === 'postgres')
    return db
      .selectFrom('books as b')
      .where(sql<SqlBool>`b.search_vector @@ (${importTsQuery(titleWords, authorWords)})`)
      .select(['b.id', 'b.title', 'b.author'])
      .limit(IMPORT_CANDIDATES)
      .execute()
  const match = authorWords.length
    ? `${fts5All('title', titleWords)} AND {author} : (${authorWords.map((w) => `"${w}"`).join(' OR ')})`
    : fts5All('title', titleWords)
  return db
    .withTables<FtsTables>()
    .selectFrom('booksFts')
    .innerJoin('bookSearchDocs as d', 'd.docId', 'booksFts.rowid')
    .where(sql<SqlBool>`books_fts match ${match}`)
    .select(['d.bookId as id', 'd.title', 'd.author'])
    .orderBy('booksFts.rowid')
    .limit(IMPORT_CANDIDATES)
    .execute()
}

/** listImportCandidates's words on PostgreSQL: every title word in the title (A), and the first author word or another in the author (B; none: any author). */
const importWordGroups = (titleWords: string[], authorWords: string[]): { title: WordGroup[]; author: WordGroup[] | null } => {
  const [first, ...others] = authorWords
  return {
    title: titleWords.map((word) => ({ word, prefix: false, corrections: [] })),
    author: first === undefined ? null : [{ word: first, prefix: false, corrections: others }],
  }
}

/** listImportCandidates's condition on PostgreSQL (importWordGroups), built in the statement. */
const importTsQuery = (titleWords: string[], authorWords: string[]) => {
  const groups = importWordGroups(titleWords, authorWords)
  const titleQuery = tsQuerySql(groups.title, 'title', [])
  return groups.author === null ? titleQuery : sql`${titleQuery} && ${tsQuerySql(groups.author, 'author', [])}`
}

/** Lookups one statement of listImportCandidatesByQueries or importLookupsFinding makes at most (each some ten values). */
const IMPORT_LOOKUPS_PER_STATEMENT = 100

/** A row's lookup (listImportCandidates's condition on PostgreSQL) as the texts to_tsquery reads: its title's, and its author's when it names one. */
export interface ImportQuery {
  title: string
  author: string | null
}

/** Words quoted per statement at most (one text[] parameter). */
const WORDS_PER_STATEMENT = 1_000

/**
 * The PostgreSQL condition of each row's lookup (listImportCandidates's), as the texts to_tsquery
 * reads: null for a row without title words to look up. Their words are unaccented and quoted by
 * PostgreSQL in one small statement (a text[] of the distinct words); the rest is our own text. An
 * import's batch sends these conditions once to look its rows up and again for every book it makes
 * (importLookupsFinding): built in the statement from their words, 100 of them made a statement of
 * thousands of parameters that took 16.6 ms to read, before any lookup.
 */
export async function importQueriesOf(db: Db, rows: readonly { title: string; authorWords: string[] }[]): Promise<(ImportQuery | null)[]> {
  const parts = rows.map((row) => {
    const titleWords = lookupWords(queryWords(row.title))
    if (!titleWords.length) return null
    const groups = importWordGroups(titleWords, row.authorWords)
    return { title: tsQueryParts(groups.title, 'title', []), author: groups.author && tsQueryParts(groups.author, 'author', []) }
  })
  const words = [...new Set(parts.flatMap((p) => (p ? [...p.title.words, ...(p.author?.words ?? [])] : [])))]
  const quoted = new Map<string, string>()
  for (let n = 0; n < words.length; n += WORDS_PER_STATEMENT)
    for (const { word, quoted: q } of (await quotedWordsSql(words.slice(n, n + WORDS_PER_STATEMENT)).execute(db)).rows) quoted.set(word, q)
  return parts.map((p) => (p ? { title: tsQueryText(p.title, quoted), author: p.author ? tsQueryText(p.author, quoted) : null } : null))
}

/** An ImportQuery as the tsquery it stands for (the same as importTsQuery builds from the words). */
const importTsQueryOf = (q: ImportQuery) =>
  q.author === null ? sql`to_tsquery('simple', ${q.title})` : sql`(to_tsquery('simple', ${q.title}) && to_tsquery('simple', ${q.author}))`

/**
 * listImportCandidates for many rows at once, on PostgreSQL (where each statement is a round trip):
 * one statement of one index lookup per row, for rows whose conditions importQueriesOf gave (null:
 * no lookup, no candidates), answering each row's candidates in the rows' order.
 */
export async function listImportCandidatesByQueries(db: Db, queries: readonly (ImportQuery | null)[]): Promise<Candidate[][]> {
  const found: Candidate[][] = queries.map(() => [])
  const asked = queries.flatMap((q, i) => (q === null ? [] : [{ i, q }]))
  for (let n = 0; n < asked.length; n += IMPORT_LOOKUPS_PER_STATEMENT) {
    const lookups = asked
      .slice(n, n + IMPORT_LOOKUPS_PER_STATEMENT)
      .map(
        ({ i, q }) =>
          sql`(select ${i}::int as k, b.id, b.title, b.author from books b where b.search_vector @@ ${importTsQueryOf(q)} limit ${IMPORT_CANDIDATES})`,
      )
    const { rows: hits } = await sql<Candidate & { k: number }>`${sql.join(lookups, sql` union all `)}`.execute(db)
    for (const { k, ...candidate } of hits) found[k]!.push(candidate)
  }
  return found
}

/**
 * Which of these lookups (importQueriesOf's conditions, each with its row's index `k`) find one book,
 * on PostgreSQL: the book's row read once by its key and each condition tried on it (no index scan
 * per row). Answers the rows' indexes, and the book as a candidate.
 */
export async function importLookupsFinding(
  db: Db,
  queries: readonly { k: number; q: ImportQuery }[],
  bookId: string,
): Promise<{ rows: number[]; book?: Candidate }> {
  const finding: number[] = []
  let book: Candidate | undefined
  for (let n = 0; n < queries.length; n += IMPORT_LOOKUPS_PER_STATEMENT) {
    const tried = sql.join(
      queries.slice(n, n + IMPORT_LOOKUPS_PER_STATEMENT).map(({ k, q }) => sql`(${k}::int, ${importTsQueryOf(q)})`),
      sql`, `,
    )
    const { rows: hits } = await sql<
      Candidate & { k: number }
    >`select q.k, b.id, b.title, b.author from books b cross join (values ${tried}) as q(k, query) where b.id = ${bookId} and b.search_vector @@ q.query`.execute(
      db,
    )
    for (const { k, ...candidate } of hits) {
      finding.push(k)
      book = candidate
    }
  }
  return { rows: finding, ...(book ? { book } : {}) }
}

/**
 * The ids of the works holding one of these ISBNs (normalised: digits and X, no hyphens): books
 * holding it, and works one of whose other editions holds it (decision 0027), with that `editionId`.
 */
export async function listBookIdsByIsbns(db: Db, isbns: string[]): Promise<IsbnHolderRow[]> {
  if (!isbns.length) return []
  const [rows, editions] = await Promise.all([
    db.selectFrom('books').select(['id', 'isbn', 'format']).where('isbn', 'in', isbns).execute(),
    listEditionsByIsbns(db, isbns),
  ])
  return [...rows.map((r) => ({ id: r.id, isbn: r.isbn!, format: r.format as BookFormat | null })), ...editions]
}

/**
 * The ids of books a reader's import made that carry one of these ISBNs without holding it
 * (decision 0023), oldest first; then the works one of whose editions their import attached so
 * (decision 0027), with that `editionId`.
 */
export async function listOwnUnclaimedByIsbns(db: Db, userId: string, isbns: string[]): Promise<IsbnHolderRow[]> {
  if (!isbns.length) return []
  const [rows, editions] = await Promise.all([
    db
      .selectFrom('books')
      .select(['id', 'unclaimedIsbn', 'format'])
      .where('unclaimedIsbn', 'in', isbns)
      .where('createdByUserId', '=', userId)
      .orderBy('id')
      .execute(),
    listEditionsByIsbns(db, isbns, userId),
  ])
  return [...rows.map((r) => ({ id: r.id, isbn: r.unclaimedIsbn!, format: r.format as BookFormat | null })), ...editions]
}

/** The ids of the books that carry this ISBN without holding it (books imports made), at most `limit`, oldest first. */
export async function listUnclaimedIsbnHolders(db: Db, isbn: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('books').select('id').where('unclaimedIsbn', '=', isbn).orderBy('id').limit(limit).execute()
  return rows.map((r) => r.id)
}

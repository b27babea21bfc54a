import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { BookSearchQuery } from '@shelfwise/contracts'
import { dialectOf, type Db } from '#/db/portable.ts'
import { resolveWords, toSearchWords, type Vocabulary, type WordGroup } from '#/modules/books/books.search-terms.ts'

// Book search (DESIGN.md §5): one implementation per dialect — SQLite FTS5, PostgreSQL tsvector —
// behind `searchBookIds`. Both answer ids in rank order plus a capped count; the service loads the books.
// Every match is ranked (the count stops at the cap, the page has a LIMIT). A word query uses the
// index, so its cost follows the number of matches: a few ms for a distinctive word; a query made only
// of words in most books ('the', 'a') scores them all — ~0.1–0.2 s at 100k books. A rating-ordered
// candidate set was measured and dropped: both planners walk the rating index for it, which is much
// slower for the many words found in 2–20% of books.

type SearchType = BookSearchQuery['type']

/** A search never counts further than this, so a very common word costs no more than a rare one. */
export const SEARCH_COUNT_CAP = 1000

export interface SearchFilters {
  genres?: string[] | undefined
  categories?: string[] | undefined
  languages?: string[] | undefined
  minPages?: number | undefined
  maxPages?: number | undefined
  minRating?: number | undefined
  minYear?: number | undefined
  maxYear?: number | undefined
}

export interface SearchRequest {
  /** The text as typed; it is reduced to plain words here. */
  query: string
  type: SearchType
  filters: SearchFilters
  limit: number
  offset: number
}

export interface SearchHits {
  /** Book ids, best first. */
  ids: string[]
  /** How many books match, counted up to SEARCH_COUNT_CAP. */
  total: number
}

/** Ids of the books matching a search, by relevance then rating; filters alone order by rating. */
export async function searchBookIds(db: Db, req: SearchRequest): Promise<SearchHits> {
  const words = toSearchWords(req.query)
  if (!words.length) return filterBookIds(db, req)
  return dialectOf(db) === 'postgres' ? searchBookIdsPostgres(db, req, words) : searchBookIdsSqlite(db, req, words)
}

const yearStart = (y: number) => `${String(y).padStart(4, '0')}-01-01`
const yearEnd = (y: number) => `${String(y).padStart(4, '0')}-12-31`

// Raw SQL over the alias `b` (books), so it fits both dialects' queries; values are always bound.
function filterSql(f: SearchFilters): RawBuilder<SqlBool> {
  const conds: RawBuilder<unknown>[] = []
  if (f.genres?.length) conds.push(sql`exists (select 1 from book_genres g where g.book_id = b.id and g.genre in (${sql.join(f.genres)}))`)
  if (f.categories?.length) conds.push(sql`b.category in (${sql.join(f.categories)})`)
  if (f.languages?.length) conds.push(sql`b.language in (${sql.join(f.languages)})`)
  if (f.minPages !== undefined) conds.push(sql`b.page_count >= ${f.minPages}`)
  if (f.maxPages !== undefined) conds.push(sql`b.page_count <= ${f.maxPages}`)
  if (f.minRating !== undefined) conds.push(sql`b.average_rating >= ${f.minRating}`)
  // published_date is 'YYYY-MM-DD' text on both databases; a book without one never matches a year.
  if (f.minYear !== undefined) conds.push(sql`b.published_date >= ${yearStart(f.minYear)}`)
  if (f.maxYear !== undefined) conds.push(sql`b.published_date <= ${yearEnd(f.maxYear)}`)
  return conds.length ? sql<SqlBool>`(${sql.join(conds, sql` and `)})` : sql<SqlBool>`1 = 1`
}

// Counts the rows of a query, stopping at the cap.
async function countCapped(db: Db, query: SelectQueryBuilder<any, any, any>, cap = SEARCH_COUNT_CAP): Promise<number> {
  const row = await db.selectFrom(query.limit(cap).as('m'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** No words: the books passing the filters (or all books), best rated first. */
async function filterBookIds(db: Db, req: SearchRequest): Promise<SearchHits> {
  const base = db.selectFrom('books as b').where(filterSql(req.filters)).select('b.id')
  const rows = await base
    .orderBy('b.averageRating', 'desc').orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc')
    .limit(req.limit).offset(req.offset)
    .execute()
  return { ids: rows.map((r) => r.id), total: await countCapped(db, base) }
}

// ---- SQLite: FTS5 over (title, author, genres, description, isbn), ranked by bm25 -------------

type FtsTables = {
  booksFts: { rowid: number }
  bookSearchDocs: { docId: number; bookId: string }
}

const sqliteVocabulary = (db: Db): Vocabulary => ({
  async existing(words) {
    if (!words.length) return new Set()
    const { rows } = await sql<{ term: string }>`select term from books_fts_vocab where term in (select value from json_each(${JSON.stringify(words)}))`.execute(db)
    return new Set(rows.map((r) => r.term))
  },
  async hasPrefix(word) {
    const { rows } = await sql`select term from books_fts_vocab where term >= ${word} and term <= ${`${word}\u{10ffff}`} limit 1`.execute(db)
    return rows.length > 0
  },
})

/** FTS5 query text from plain words: each one quoted (so no word is ever an operator), the last a prefix. */
export function toFts5Query(groups: WordGroup[], type: SearchType): string {
  const column = type === 'title' ? '{title} : ' : type === 'author' ? '{author} : ' : ''
  return groups.map((g) => {
    const options = [`${column}"${g.word}"${g.prefix ? ' *' : ''}`, ...g.corrections.map((c) => `${column}"${c}"`)]
    return `(${options.join(' OR ')})`
  }).join(' AND ')
}

/** SQLite search: FTS5 MATCH, bm25 with the title weighted highest, then rating. */
export async function searchBookIdsSqlite(db: Db, req: SearchRequest, words: string[]): Promise<SearchHits> {
  const match = toFts5Query(await resolveWords(words, sqliteVocabulary(db)), req.type)
  // The FTS5 table cannot be aliased in MATCH, so it keeps its name.
  const matched = db.withTables<FtsTables>().selectFrom('booksFts')
    .innerJoin('bookSearchDocs as d', 'd.docId', 'booksFts.rowid')
    .innerJoin('books as b', 'b.id', 'd.bookId')
    .where(sql<SqlBool>`books_fts match ${match}`)
    .where(filterSql(req.filters))
  const total = await countCapped(db, matched.select('b.id'))
  if (!total) return { ids: [], total }
  const rows = await matched
    // Column weights: title, author, genres, description, isbn.
    .select(['b.id', sql<number>`bm25(books_fts, 10.0, 6.0, 3.0, 1.0, 4.0)`.as('score')])
    .orderBy('score').orderBy('b.averageRating', 'desc').orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc')
    .limit(req.limit).offset(req.offset)
    .execute()
  return { ids: rows.map((r) => r.id), total }
}

// ---- PostgreSQL: a weighted tsvector column (A title, B author, C genres+ISBN, D description) ----

const postgresVocabulary = (db: Db): Vocabulary => ({
  async existing(words) {
    if (!words.length) return new Set()
    const { rows } = await sql<{ term: string }>`select term from book_search_terms where term = any(${words}::text[])`.execute(db)
    return new Set(rows.map((r) => r.term))
  },
  async hasPrefix(word) {
    // Words are letters and digits only, so they hold no LIKE wildcard.
    const { rows } = await sql`select term from book_search_terms where term like ${`${word}%`} limit 1`.execute(db)
    return rows.length > 0
  },
})

/** tsquery text from plain words: each one quoted, the last a prefix (:*), restricted by weight for a type. */
export function toTsQuery(groups: WordGroup[], type: SearchType): string {
  const weight = type === 'title' ? 'A' : type === 'author' ? 'B' : ''
  const lexeme = (w: string, prefix: boolean) => {
    const label = `${prefix ? '*' : ''}${weight}`
    return label ? `'${w}':${label}` : `'${w}'`
  }
  return groups.map((g) => `(${[lexeme(g.word, g.prefix), ...g.corrections.map((c) => lexeme(c, false))].join(' | ')})`).join(' & ')
}

/** PostgreSQL search: the GIN-indexed tsvector, ts_rank with the title weighted highest, then rating. */
export async function searchBookIdsPostgres(db: Db, req: SearchRequest, words: string[]): Promise<SearchHits> {
  const text = toTsQuery(await resolveWords(words, postgresVocabulary(db)), req.type)
  const query = sql`to_tsquery('simple', shelfwise_unaccent(${text}))`
  const matched = db.selectFrom('books as b')
    .where(sql<SqlBool>`b.search_vector @@ ${query}`)
    .where(filterSql(req.filters))
  const total = await countCapped(db, matched.select('b.id'))
  if (!total) return { ids: [], total }
  const rows = await matched
    // Weights of D, C, B, A.
    .select(['b.id', sql<number>`ts_rank('{0.1, 0.3, 0.6, 1.0}', b.search_vector, ${query})`.as('score')])
    .orderBy('score', 'desc').orderBy('b.averageRating', 'desc').orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc')
    .limit(req.limit).offset(req.offset)
    .execute()
  return { ids: rows.map((r) => r.id), total }
}

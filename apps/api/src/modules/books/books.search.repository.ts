import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { GENRES, type BookSearchQuery } from '@shelfwise/contracts'
import { dialectOf, type Db } from '#/db/portable.ts'
import { foldAccents, MAX_WORDS, resolveWords, toSearchWords, type Vocabulary, type WordGroup } from '#/modules/books/books.search-terms.ts'

// Book search (DESIGN.md §5, decision 0004): one implementation per dialect — SQLite FTS5,
// PostgreSQL tsvector — behind `searchCandidates`. Work is bounded whatever the words: at most the
// SEARCH_COUNT_CAP most-reviewed matches are examined (both indexes yield the most-reviewed first, see
// migration 2026_11_23_0900), then ranked the same way on both: each word scores by the best field it
// is found in (title 10, author 6, genres or ISBN 3, description 1), ties by rating, then review count;
// without words by rating. The filters' genres, categories and languages are facet tokens of the index
// itself; pages, rating and years are checked on the books table as the index yields matches.

type SearchType = BookSearchQuery['type']

/** A search examines, counts and pages at most this many matches: the most-reviewed ones. */
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
}

export interface SearchCandidates {
  /** Book ids, best first: at most SEARCH_COUNT_CAP. */
  ids: string[]
  /** True when more books matched than were examined (a very common word): the answer is worth keeping a moment. */
  capped: boolean
}

/** A candidate as a dialect's query answers it, before ranking. */
interface Candidate {
  id: string
  title: string
  author: string
  isbn: string | null
  rating: number
  reviews: number
}

/** How many most-reviewed title (and author) matches join a capped search. */
const RESCUE_LIMIT = 200

/** What a word is worth in each field; a word found only in the description is worth 1. */
export const FIELD_WEIGHTS = { title: 10, author: 6, genres: 3, isbn: 3 } as const

/**
 * The matching books, best first: by relevance, then rating, then review count; without words by
 * rating. Always bounded: only the SEARCH_COUNT_CAP most-reviewed matches are ranked.
 */
export async function searchCandidates(db: Db, req: SearchRequest): Promise<SearchCandidates> {
  const words = toSearchWords(req.query)
  const f = req.filters
  const faceted = !!(f.genres?.length || f.categories?.length || f.languages?.length)
  const numeric = f.minPages !== undefined || f.maxPages !== undefined || f.minRating !== undefined || f.minYear !== undefined || f.maxYear !== undefined
  if (!words.length && !faceted && !numeric) return bestRated(db)
  const postgres = dialectOf(db) === 'postgres'
  const groups = words.length ? await resolveWords(words, postgres ? postgresVocabulary(db) : sqliteVocabulary(db)) : []
  const find = (type: SearchType, limit = SEARCH_COUNT_CAP) =>
    (postgres ? candidatesPostgres(db, { ...req, type }, groups, limit) : candidatesSqlite(db, { ...req, type }, groups, limit))
  const rows = !groups.length && !faceted ? await candidatesByPopularity(db, f) : await find(req.type)
  const capped = rows.length >= SEARCH_COUNT_CAP
  // More matches than examined: the most-reviewed ones may miss the very book whose title is the
  // query ('pride prejudice', 'hobb'), so the most-reviewed title matches join them, and for several
  // words the author matches too (one common word in authors is rare, and slow to look for).
  if (capped && groups.length && req.type === 'all') {
    const seen = new Set(rows.map((r) => r.id))
    const fields: SearchType[] = groups.length > 1 ? ['title', 'author'] : ['title']
    for (const field of fields) {
      const more = await find(field, RESCUE_LIMIT)
      for (const r of more) {
        if (seen.has(r.id)) continue
        seen.add(r.id)
        rows.push(r)
      }
    }
  }
  const scores = await scoreWords(db, rows, groups)
  const order = rows.map((r, i) => ({ r, score: scores[i]! }))
  order.sort((a, b) => b.score - a.score || b.r.rating - a.r.rating || b.r.reviews - a.r.reviews || (a.r.id < b.r.id ? 1 : a.r.id > b.r.id ? -1 : 0))
  return { ids: order.slice(0, SEARCH_COUNT_CAP).map((o) => o.r.id), capped }
}

// Plain ASCII (most titles and names) has no accents to fold and only ASCII letters and digits:
// the same tokens, without two Unicode normalisations per field of every candidate.
const ASCII = /^[\x00-\x7f]*$/
const tokensOf = (text: string | null): string[] => {
  if (!text) return []
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? []
  return foldAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}
const GENRE_TOKENS = [...new Set(GENRES.flatMap(tokensOf))]
/** How a field holds a word: 2 as a whole word (or a typo's correction), 1 as the start of a longer one, 0 not at all. */
const holds = (g: WordGroup, tokens: string[]): 0 | 1 | 2 => {
  let best: 0 | 1 | 2 = 0
  for (const t of tokens) {
    if (t === g.word || g.corrections.includes(t)) return 2
    if (g.prefix && t.startsWith(g.word)) best = 1
  }
  return best
}
const hasWord = (g: WordGroup, tokens: string[]) => holds(g, tokens) > 0

/**
 * Relevance, the same on both databases: each word scores by the best field it is found in (title
 * 10, author 6, genres or ISBN 3; half a point less as the start of a longer word), else 1 (it
 * matched, so it is in the description). Read off the
 * candidates' own text in memory: asking the index field by field, or FTS5's bm25 (which first
 * counts every document of every word), costs more than the search itself for a common word.
 */
async function scoreWords(db: Db, rows: Candidate[], groups: WordGroup[]): Promise<number[]> {
  if (!groups.length) return rows.map(() => 0)
  // Genres are fetched only when some word could be a genre's.
  const genreWord = groups.some((g) => hasWord(g, GENRE_TOKENS))
  const genres = genreWord && rows.length ? await listGenreTokens(db, rows.map((r) => r.id)) : new Map<string, string[]>()
  return rows.map((r) => {
    const fields: [number, string[]][] = [
      [FIELD_WEIGHTS.title, tokensOf(r.title)], [FIELD_WEIGHTS.author, tokensOf(r.author)],
      [FIELD_WEIGHTS.genres, genres.get(r.id) ?? []], [FIELD_WEIGHTS.isbn, tokensOf(r.isbn?.replaceAll('-', '') ?? '')],
    ]
    // A whole word beats the start of a longer one: 'bronte' puts Brontë before Brontes.
    const worth = (g: WordGroup, w: number, tokens: string[]) => [1, w - 0.5, w][holds(g, tokens)]!
    return groups.reduce((sum, g) => sum + Math.max(1, ...fields.map(([w, tokens]) => worth(g, w, tokens))), 0)
  })
}

async function listGenreTokens(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  const rows = await db.selectFrom('bookGenres').select(['bookId', 'genre']).where('bookId', 'in', ids).execute()
  for (const r of rows) out.set(r.bookId, [...(out.get(r.bookId) ?? []), ...tokensOf(r.genre)])
  return out
}

/** No words, no filters: the best-rated books, straight off the rating index. */
async function bestRated(db: Db): Promise<SearchCandidates> {
  const rows = await db.selectFrom('books').select('id')
    .orderBy('averageRating', 'desc').orderBy('totalReviews', 'desc').orderBy('id', 'desc')
    .limit(SEARCH_COUNT_CAP)
    .execute()
  return { ids: rows.map((r) => r.id), capped: rows.length >= SEARCH_COUNT_CAP }
}

const yearStart = (y: number) => `${String(y).padStart(4, '0')}-01-01`
const yearEnd = (y: number) => `${String(y).padStart(4, '0')}-12-31`

// The filters the index cannot answer, as raw SQL for both dialects over a table with the books
// columns' names: `b` (books) or, on SQLite, `d` (the search rows, which carry copies); values are always bound.
function numericFilterSql(f: SearchFilters, alias: 'b' | 'd' = 'b'): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`)
  const conds: RawBuilder<unknown>[] = []
  if (f.minPages !== undefined) conds.push(sql`${col('page_count')} >= ${f.minPages}`)
  if (f.maxPages !== undefined) conds.push(sql`${col('page_count')} <= ${f.maxPages}`)
  if (f.minRating !== undefined) conds.push(sql`${col('average_rating')} >= ${f.minRating}`)
  // published_date is 'YYYY-MM-DD' text on both databases; a book without one never matches a year.
  if (f.minYear !== undefined) conds.push(sql`${col('published_date')} >= ${yearStart(f.minYear)}`)
  if (f.maxYear !== undefined) conds.push(sql`${col('published_date')} <= ${yearEnd(f.maxYear)}`)
  return conds.length ? sql<SqlBool>`(${sql.join(conds, sql` and `)})` : sql<SqlBool>`1 = 1`
}

/** A facet's token, as both indexes store it: 'xl' + 'french', 'xg' + 'sciencefiction' (letters and digits only). */
export const facetToken = (kind: 'xg' | 'xc' | 'xl', value: string): string => kind + value.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The facet filters as groups of tokens: a book must carry one token of every group. */
function facetGroups(f: SearchFilters): string[][] {
  const groups: string[][] = []
  if (f.genres?.length) groups.push(f.genres.map((g) => facetToken('xg', g)))
  if (f.categories?.length) groups.push(f.categories.map((c) => facetToken('xc', c)))
  if (f.languages?.length) groups.push(f.languages.map((l) => facetToken('xl', l)))
  return groups
}

const toCandidate = (r: { id: string; title: string; author: string; isbn: string | null; rating: number; reviews: number }): Candidate =>
  ({ id: r.id, title: r.title, author: r.author, isbn: r.isbn, rating: Number(r.rating), reviews: Number(r.reviews) })

// ---- SQLite: FTS5 over (title, author, genres, description, isbn, facets) ------------------------

const TEXT_COLUMNS = '{title author genres description isbn}'

// Words are probed with MATCH … LIMIT 1 (the index stops at the first hit; the fts5vocab table would
// count a common word's every document); the many candidate spellings of a typo go to the vocabulary at once.
const sqliteVocabulary = (db: Db): Vocabulary => ({
  async existing(words) {
    if (!words.length) return new Set()
    if (words.length > MAX_WORDS) {
      const { rows } = await sql<{ term: string }>`select term from books_fts_vocab where term in (select value from json_each(${JSON.stringify(words)}))`.execute(db)
      return new Set(rows.map((r) => r.term))
    }
    const found = await Promise.all(words.map((w) => sql`select 1 from books_fts where books_fts match ${`${TEXT_COLUMNS} : "${w}"`} limit 1`.execute(db)))
    return new Set(words.filter((_, i) => found[i]!.rows.length > 0))
  },
  async hasPrefix(word) {
    const { rows } = await sql`select 1 from books_fts where books_fts match ${`${TEXT_COLUMNS} : "${word}" *`} limit 1`.execute(db)
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

/** The whole MATCH: the words in the text columns (or the one column of a type), and every facet group. */
export function toFts5Match(groups: WordGroup[], type: SearchType, facets: string[][]): string {
  const parts: string[] = []
  if (groups.length) parts.push(type === 'all' ? `${TEXT_COLUMNS} : (${toFts5Query(groups, type)})` : toFts5Query(groups, type))
  for (const tokens of facets) parts.push(`{facets} : (${tokens.map((t) => `"${t}"`).join(' OR ')})`)
  return parts.join(' AND ')
}

type FtsTables = {
  booksFts: { rowid: number }
  /** A book's search row, with copies of what a search reads (migration 2026_11_24_0910, kept by triggers). */
  bookSearchDocs: {
    docId: number; bookId: string; title: string; author: string; isbn: string | null
    averageRating: number; totalReviews: number; pageCount: number | null; publishedDate: string | null
  }
}

/**
 * SQLite: the index yields matches in document-number order, which is popularity order, so the
 * first SEARCH_COUNT_CAP rows passing the other filters are the most-reviewed matches. Each match is
 * read from its search row alone (same order as the index, so neighbouring matches share pages),
 * never from books.
 */
async function candidatesSqlite(db: Db, req: SearchRequest, groups: WordGroup[], limit = SEARCH_COUNT_CAP): Promise<Candidate[]> {
  // The FTS5 table cannot be aliased in MATCH, so it keeps its name.
  const rows = await db.withTables<FtsTables>().selectFrom('booksFts')
    .innerJoin('bookSearchDocs as d', 'd.docId', 'booksFts.rowid')
    .where(sql<SqlBool>`books_fts match ${toFts5Match(groups, req.type, facetGroups(req.filters))}`)
    .where(numericFilterSql(req.filters, 'd'))
    .select(['d.bookId as id', 'd.title', 'd.author', 'd.isbn', 'd.averageRating as rating', 'd.totalReviews as reviews'])
    .orderBy('booksFts.rowid')
    .limit(limit)
    .execute()
  return rows.map(toCandidate)
}

/** Filters the index cannot narrow (pages, rating, years) alone: the most-reviewed books passing them. */
async function candidatesByPopularity(db: Db, f: SearchFilters): Promise<Candidate[]> {
  const rows = await db.selectFrom('books as b')
    .where(numericFilterSql(f))
    .select(['b.id', 'b.title', 'b.author', 'b.isbn', 'b.averageRating as rating', 'b.totalReviews as reviews'])
    .orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc')
    .limit(SEARCH_COUNT_CAP)
    .execute()
  return rows.map(toCandidate)
}

// ---- PostgreSQL: a weighted tsvector column (A title, B author, C genres+ISBN, D description and facets) ----

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

/** The facet groups as tsquery text: a book carries one token of every group. */
const facetTsQuery = (facets: string[][]) => facets.map((tokens) => `(${tokens.map((t) => `'${t}'`).join(' | ')})`).join(' & ')

/** PostgreSQL: the GIN index finds the matches, the popularity index orders them; the planner walks whichever is cheaper. */
async function candidatesPostgres(db: Db, req: SearchRequest, groups: WordGroup[], limit = SEARCH_COUNT_CAP): Promise<Candidate[]> {
  const text = [groups.length ? toTsQuery(groups, req.type) : '', facetTsQuery(facetGroups(req.filters))].filter(Boolean).join(' & ')
  const rows = await db.selectFrom('books as b')
    .where(sql<SqlBool>`b.search_vector @@ to_tsquery('simple', shelfwise_unaccent(${text}))`)
    .where(numericFilterSql(req.filters))
    .select(['b.id', 'b.title', 'b.author', 'b.isbn', 'b.averageRating as rating', 'b.totalReviews as reviews'])
    .orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(toCandidate)
}

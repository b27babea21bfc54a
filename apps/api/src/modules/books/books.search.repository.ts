import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { GENRES, type BookSearchQuery } from '@shelfwise/contracts'
import { dialectOf, type Db } from '#/db/portable.ts'
import { weightedRating, weightedRatingOf } from '#/modules/books/books.repository.ts'
import { yieldToLoop } from '#/work-gate.ts'
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

interface SearchFilters {
  genres?: string[] | undefined
  categories?: string[] | undefined
  languages?: string[] | undefined
  minPages?: number | undefined
  maxPages?: number | undefined
  minRating?: number | undefined
  minYear?: number | undefined
  maxYear?: number | undefined
}

type SearchSort = BookSearchQuery['sort']

export interface SearchRequest {
  /** The text as typed; it is reduced to plain words here. */
  query: string
  type: SearchType
  filters: SearchFilters
  /** relevance (default), rating (weighted), published (newest first), popular (reviews this week). */
  sort?: SearchSort | undefined
  /** Popular's counts: reviews of each book in the last 7×24 h (absent books: none). */
  weekCounts?: (() => Promise<Map<string, number>>) | undefined
}

/** Neither words nor filters: the whole catalogue in the sort's order. */
export function asksEverything(req: SearchRequest): boolean {
  const f = req.filters
  return (
    !toSearchWords(req.query).length &&
    !f.genres?.length &&
    !f.categories?.length &&
    !f.languages?.length &&
    f.minPages === undefined &&
    f.maxPages === undefined &&
    f.minRating === undefined &&
    f.minYear === undefined &&
    f.maxYear === undefined
  )
}

export interface SearchCandidates {
  /** Book ids, best first: at most SEARCH_COUNT_CAP. */
  ids: string[]
  /** True when more books matched than were examined (a very common word): the answer is worth keeping a moment. */
  capped: boolean
  /** When capped: where the index walk stands after the examined matches (the rest follow from there). */
  walkFrom?: WalkKey | undefined
}

/** A candidate as a dialect's query answers it, before ranking. */
interface Candidate {
  id: string
  title: string
  author: string
  isbn: string | null
  rating: number
  reviews: number
  published: string | null
  /** Where the index walk stands after this match: the doc number (SQLite's index) or [reviews, id]. */
  key: WalkKey
}

/** A position in a walk over the matches in index (popularity) order. */
export type WalkKey = [number] | [number, string]

/** How many most-reviewed title (and author) matches join a capped search. */
const RESCUE_LIMIT = 200

/** What a word is worth in each field; a word found only in the description is worth 1. */
const FIELD_WEIGHTS = { title: 10, author: 6, genres: 3, isbn: 3 } as const

/**
 * The matching books, best first: by relevance, then rating, then review count; without words by
 * rating. Always bounded: only the SEARCH_COUNT_CAP most-reviewed matches are ranked.
 */
export async function searchCandidates(db: Db, req: SearchRequest): Promise<SearchCandidates> {
  const words = toSearchWords(req.query)
  const f = req.filters
  const faceted = !!(f.genres?.length || f.categories?.length || f.languages?.length)
  const numeric = f.minPages !== undefined || f.maxPages !== undefined || f.minRating !== undefined || f.minYear !== undefined || f.maxYear !== undefined
  if (!words.length && !faceted && !numeric) return req.sort === 'popular' ? popularEverything(db, req) : bestRated(db)
  const postgres = dialectOf(db) === 'postgres'
  const groups = words.length ? await resolveWords(words, postgres ? postgresVocabulary(db) : sqliteVocabulary(db)) : []
  const find = (type: SearchType, limit = SEARCH_COUNT_CAP) =>
    postgres ? candidatesPostgres(db, { ...req, type }, groups, limit) : candidatesSqlite(db, { ...req, type }, groups, limit)
  const rows = !groups.length && !faceted ? await candidatesByPopularity(db, f) : await find(req.type)
  const capped = rows.length >= SEARCH_COUNT_CAP
  const walkFrom = capped ? rows.at(-1)!.key : undefined
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
  const sort = req.sort ?? 'relevance'
  const byWeighted = (a: Candidate, b: Candidate) =>
    weightedRatingOf(b.rating, b.reviews) - weightedRatingOf(a.rating, a.reviews) || b.reviews - a.reviews || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  let order: Candidate[]
  if (sort === 'rating') {
    order = rows.sort(byWeighted)
  } else if (sort === 'published') {
    // Newest first; a book without a date last (as GET /books?sort=published).
    order = rows.sort(
      (a, b) =>
        ((b.published ?? '') < (a.published ?? '') ? -1 : (b.published ?? '') > (a.published ?? '') ? 1 : 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
  } else if (sort === 'popular') {
    const week = await (req.weekCounts?.() ?? Promise.resolve(new Map<string, number>()))
    order = rows.sort((a, b) => (week.get(b.id) ?? 0) - (week.get(a.id) ?? 0) || byWeighted(a, b))
  } else {
    const scores = await scoreWords(db, rows, groups)
    const scored = rows.map((r, i) => ({ r, score: scores[i]! }))
    scored.sort((a, b) => b.score - a.score || b.r.rating - a.r.rating || b.r.reviews - a.r.reviews || (a.r.id < b.r.id ? 1 : a.r.id > b.r.id ? -1 : 0))
    order = scored.map((o) => o.r)
  }
  return { ids: order.slice(0, SEARCH_COUNT_CAP).map((r) => r.id), capped, walkFrom }
}

/**
 * The whole catalogue by reviews this week, then weighted rating: the week's most-reviewed books
 * (up to SEARCH_COUNT_CAP), then the best-rated others up to that many; the rest follow in popularity order.
 */
async function popularEverything(db: Db, req: SearchRequest): Promise<SearchCandidates> {
  const week = await (req.weekCounts?.() ?? Promise.resolve(new Map<string, number>()))
  const byCount = [...week].sort((a, b) => b[1] - a[1])
  // Every book with as many reviews this week as the cap-th one, so ties are broken by rating fairly.
  const floor = byCount[SEARCH_COUNT_CAP - 1]?.[1] ?? 0
  const contenders = byCount
    .filter(([, n]) => n >= floor)
    .slice(0, 4 * SEARCH_COUNT_CAP)
    .map(([id]) => id)
  const rated = new Map<string, number>()
  for (let i = 0; i < contenders.length; i += 500) {
    const rows = await db
      .selectFrom('books')
      .select(['id', 'averageRating', 'totalReviews'])
      .where('id', 'in', contenders.slice(i, i + 500))
      .execute()
    for (const r of rows) rated.set(r.id, weightedRatingOf(Number(r.averageRating), Number(r.totalReviews)))
  }
  const ids = contenders
    .filter((id) => rated.has(id))
    .sort((a, b) => week.get(b)! - week.get(a)! || rated.get(b)! - rated.get(a)! || (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, SEARCH_COUNT_CAP)
  if (ids.length < SEARCH_COUNT_CAP) {
    const seen = new Set(ids)
    for (const id of (await bestRated(db)).ids) {
      if (ids.length >= SEARCH_COUNT_CAP) break
      if (!seen.has(id)) ids.push(id)
    }
  }
  return { ids, capped: ids.length >= SEARCH_COUNT_CAP }
}

/**
 * The matches after `after`, in index (popularity) order: what follows the ranked best
 * SEARCH_COUNT_CAP when a caller pages on or asks for the whole list. Bounded by `limit`.
 */
export async function walkMatches(db: Db, req: SearchRequest, after: WalkKey | undefined, limit: number): Promise<{ ids: string[]; next?: WalkKey }> {
  const f = req.filters
  const faceted = !!(f.genres?.length || f.categories?.length || f.languages?.length)
  const words = toSearchWords(req.query)
  const postgres = dialectOf(db) === 'postgres'
  const groups = words.length ? await resolveWords(words, postgres ? postgresVocabulary(db) : sqliteVocabulary(db)) : []
  // A word the catalogue does not hold matches nothing (resolveWords drops it only when it has no correction).
  if (words.length && !groups.length) return { ids: [] }
  const rows =
    !groups.length && !faceted
      ? await candidatesByPopularity(db, f, after, limit)
      : postgres
        ? await candidatesPostgres(db, req, groups, limit, after)
        : await candidatesSqlite(db, req, groups, limit, after)
  const last = rows.at(-1)
  return { ids: rows.map((r) => r.id), ...(rows.length === limit && last ? { next: last.key } : {}) }
}

/**
 * How many books match, exactly. Words and facets are counted off the index; pages, rating and
 * years are checked on SQLite over the search rows a slice at a time (the event loop is let go
 * between slices), on PostgreSQL in one statement (it runs off this thread).
 */
export async function countMatches(db: Db, req: SearchRequest): Promise<number> {
  const f = req.filters
  const words = toSearchWords(req.query)
  const faceted = !!(f.genres?.length || f.categories?.length || f.languages?.length)
  const numeric = f.minPages !== undefined || f.maxPages !== undefined || f.minRating !== undefined || f.minYear !== undefined || f.maxYear !== undefined
  const postgres = dialectOf(db) === 'postgres'
  const groups = words.length ? await resolveWords(words, postgres ? postgresVocabulary(db) : sqliteVocabulary(db)) : []
  if (words.length && !groups.length) return 0
  if (postgres) {
    let q = db
      .selectFrom('books as b')
      .select(sql<number>`count(*)`.as('n'))
      .where(numericFilterSql(f))
    if (groups.length || faceted) q = q.where(sql<SqlBool>`b.search_vector @@ ${tsQuerySql(groups, req.type, facetGroups(f))}`)
    return Number((await q.executeTakeFirstOrThrow()).n)
  }
  const match = groups.length || faceted ? toFts5Match(groups, req.type, facetGroups(f)) : undefined
  if (match && !numeric) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from books_fts where books_fts match ${match}`.execute(db)
    return Number(rows[0]!.n)
  }
  // COUNT_SLICE matches (or search rows) at a time, in index order, each checked on its search row:
  // a few ms per slice on 100,000 books, and the event loop is let go between slices.
  let total = 0
  let from = -1
  for (;;) {
    const slice = match
      ? sql`select rowid as doc from books_fts where books_fts match ${match} and rowid > ${from} order by rowid limit ${COUNT_SLICE}`
      : sql`select doc_id as doc from book_search_docs where doc_id > ${from} order by doc_id limit ${COUNT_SLICE}`
    const {
      rows: [r],
    } = await sql<{ hi: number | null; n: number; k: number | null }>`select max(s.doc) as hi, count(*) as n,
      sum(case when ${numericFilterSql(f, 'd')} then 1 else 0 end) as k
      from (${slice}) as s join book_search_docs d on d.doc_id = s.doc`.execute(db)
    if (!r || !Number(r.n)) break
    total += Number(r.k ?? 0)
    if (Number(r.n) < COUNT_SLICE) break
    from = Number(r.hi)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return total
}

/** Search rows counted per statement when pages, rating or years must be checked row by row. */
const COUNT_SLICE = 5_000

/** The books reviewed in the last 7×24 h up to `until`, with how many reviews each got then. */
export async function listWeekReviewCounts(db: Db, since: string, until: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('reviews')
    .select((e) => ['bookId', e.fn.countAll<number>().as('n')])
    .where('createdAt', '>=', since)
    .where('createdAt', '<=', until)
    .groupBy('bookId')
    .execute()
  return new Map(rows.map((r) => [r.bookId, Number(r.n)]))
}

/** The categories books carry, among the known ones, each probed off its index. */
export async function listCarriedCategories(db: Db, known: readonly string[]): Promise<string[]> {
  const found = await Promise.all(known.map((c) => db.selectFrom('books').select('id').where('category', '=', c).limit(1).executeTakeFirst()))
  return known.filter((_, i) => found[i] !== undefined)
}

/** The oldest and newest publication years in the catalogue (null when no book has a date). */
export async function findYearBounds(db: Db): Promise<{ minYear: number | null; maxYear: number | null }> {
  // The first dated book in each direction of the published-date index.
  const edge = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('books')
      .select('publishedDate')
      .where('publishedDate', 'is not', null)
      .where('publishedDate', '!=', '')
      .orderBy('publishedDate', direction)
      .limit(1)
      .executeTakeFirst()
  const [lo, hi] = await Promise.all([edge('asc'), edge('desc')])
  const year = (d: string | null | undefined) => (d ? Number(d.slice(0, 4)) : null)
  return { minYear: year(lo?.publishedDate), maxYear: year(hi?.publishedDate) }
}

// Plain ASCII (most titles and names) has no accents to fold and only ASCII letters and digits:
// the same tokens, without two Unicode normalisations per field of every candidate.
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/
const tokensOf = (text: string | null): string[] => {
  if (!text) return []
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? []
  return (
    foldAccents(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
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
  const genres =
    genreWord && rows.length
      ? await listGenreTokens(
          db,
          rows.map((r) => r.id),
        )
      : new Map<string, string[]>()
  return rows.map((r) => {
    const fields: [number, string[]][] = [
      [FIELD_WEIGHTS.title, tokensOf(r.title)],
      [FIELD_WEIGHTS.author, tokensOf(r.author)],
      [FIELD_WEIGHTS.genres, genres.get(r.id) ?? []],
      [FIELD_WEIGHTS.isbn, tokensOf(r.isbn?.replaceAll('-', '') ?? '')],
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

/** No words, no filters: the best-rated books (weighted), straight off the rating index. */
async function bestRated(db: Db): Promise<SearchCandidates> {
  const rows = await db
    .selectFrom('books as b')
    .select('b.id')
    .orderBy(sql`${weightedRating('b')} desc, b.total_reviews desc, b.id desc`)
    .limit(SEARCH_COUNT_CAP)
    .execute()
  return { ids: rows.map((r) => r.id), capped: rows.length >= SEARCH_COUNT_CAP }
}

const yearStart = (y: number) => `${String(y).padStart(4, '0')}-01-01`
const yearEnd = (y: number) => `${String(y).padStart(4, '0')}-12-31`

// The filters the index cannot answer, as raw SQL for both dialects over a table with the books
// columns' names: `b` (books) or, on SQLite, `d` (the search rows, which carry copies); values are always bound.
function numericFilterSql(f: SearchFilters, alias: 'b' | 'd' = 'b', { unindexed = false } = {}): RawBuilder<SqlBool> {
  // SQLite's unary + keeps the planner off a column's own index (to walk another index in its order).
  const col = (name: string) => (unindexed ? sql`+${sql.ref(`${alias}.${name}`)}` : sql.ref(`${alias}.${name}`))
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
const facetToken = (kind: 'xg' | 'xc' | 'xl', value: string): string => kind + value.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The facet filters as groups of tokens: a book must carry one token of every group. */
function facetGroups(f: SearchFilters): string[][] {
  const groups: string[][] = []
  if (f.genres?.length) groups.push(f.genres.map((g) => facetToken('xg', g)))
  if (f.categories?.length) groups.push(f.categories.map((c) => facetToken('xc', c)))
  if (f.languages?.length) groups.push(f.languages.map((l) => facetToken('xl', l)))
  return groups
}

type CandidateRow = { id: string; title: string; author: string; isbn: string | null; rating: number; reviews: number; published: string | null; doc?: number }
const toCandidate = (r: CandidateRow): Candidate => ({
  id: r.id,
  title: r.title,
  author: r.author,
  isbn: r.isbn,
  rating: Number(r.rating),
  reviews: Number(r.reviews),
  published: r.published,
  key: r.doc !== undefined ? [Number(r.doc)] : [Number(r.reviews), r.id],
})

// ---- SQLite: FTS5 over (title, author, genres, description, isbn, facets) ------------------------

const TEXT_COLUMNS = '{title author genres description isbn}'

// Words are probed with MATCH … LIMIT 1 (the index stops at the first hit; the fts5vocab table would
// count a common word's every document); the many candidate spellings of a typo go to the vocabulary at once.
const sqliteVocabulary = (db: Db): Vocabulary => ({
  async existing(words) {
    if (!words.length) return new Set()
    if (words.length > MAX_WORDS) {
      const { rows } = await sql<{
        term: string
      }>`select term from books_fts_vocab where term in (select value from json_each(${JSON.stringify(words)}))`.execute(db)
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
  return groups
    .map((g) => {
      const options = [`${column}"${g.word}"${g.prefix ? ' *' : ''}`, ...g.corrections.map((c) => `${column}"${c}"`)]
      return `(${options.join(' OR ')})`
    })
    .join(' AND ')
}

/** The whole MATCH: the words in the text columns (or the one column of a type), and every facet group. */
function toFts5Match(groups: WordGroup[], type: SearchType, facets: string[][]): string {
  const parts: string[] = []
  if (groups.length) parts.push(type === 'all' ? `${TEXT_COLUMNS} : (${toFts5Query(groups, type)})` : toFts5Query(groups, type))
  for (const tokens of facets) parts.push(`{facets} : (${tokens.map((t) => `"${t}"`).join(' OR ')})`)
  return parts.join(' AND ')
}

type FtsTables = {
  booksFts: { rowid: number }
  /** A book's search row, with copies of what a search reads (migration 2026_11_24_0910, kept by triggers). */
  bookSearchDocs: {
    docId: number
    bookId: string
    title: string
    author: string
    isbn: string | null
    averageRating: number
    totalReviews: number
    pageCount: number | null
    publishedDate: string | null
  }
}

/**
 * SQLite: the index yields matches in document-number order, which is popularity order, so the
 * first SEARCH_COUNT_CAP rows passing the other filters are the most-reviewed matches. Each match is
 * read from its search row alone (same order as the index, so neighbouring matches share pages),
 * never from books.
 */
async function candidatesSqlite(db: Db, req: SearchRequest, groups: WordGroup[], limit = SEARCH_COUNT_CAP, after?: WalkKey): Promise<Candidate[]> {
  // The FTS5 table cannot be aliased in MATCH, so it keeps its name.
  let query = db
    .withTables<FtsTables>()
    .selectFrom('booksFts')
    .innerJoin('bookSearchDocs as d', 'd.docId', 'booksFts.rowid')
    .where(sql<SqlBool>`books_fts match ${toFts5Match(groups, req.type, facetGroups(req.filters))}`)
    .where(numericFilterSql(req.filters, 'd'))
    .select([
      'd.bookId as id',
      'd.title',
      'd.author',
      'd.isbn',
      'd.averageRating as rating',
      'd.totalReviews as reviews',
      'd.publishedDate as published',
      'd.docId as doc',
    ])
  if (after) query = query.where('booksFts.rowid', '>', Number(after[0]))
  const rows = await query.orderBy('booksFts.rowid').limit(limit).execute()
  return rows.map(toCandidate)
}

/** After a book in popularity order (most reviews first, then the id descending). */
const afterPopularity = (after: WalkKey) => sql<SqlBool>`(b.total_reviews, b.id) < (${Number(after[0])}, ${String(after[1] ?? '')})`

/** Books of the popularity order one slice of a filter-only search walks (a few ms of SQLite's time). */
const POPULARITY_SLICE = 3_000

/**
 * Filters the index cannot narrow (pages, rating, years) alone: the most-reviewed books passing them.
 * PostgreSQL runs it as one statement (off this thread). SQLite walks the popularity index
 * POPULARITY_SLICE books at a time, letting the event loop go between two slices, so a narrow
 * range that passes few books (all 100,000 walked) never holds the loop for long.
 */
async function candidatesByPopularity(db: Db, f: SearchFilters, after?: WalkKey, limit = SEARCH_COUNT_CAP): Promise<Candidate[]> {
  const postgres = dialectOf(db) === 'postgres'
  const select = (from: WalkKey | undefined, upTo: WalkKey | undefined, take: number) => {
    let query = db
      .selectFrom('books as b')
      // On SQLite the slice walks the popularity index; a filter's own index would mean sorting every book it passes.
      .where(numericFilterSql(f, 'b', { unindexed: !postgres }))
      .select(['b.id', 'b.title', 'b.author', 'b.isbn', 'b.averageRating as rating', 'b.totalReviews as reviews', 'b.publishedDate as published'])
    if (from) query = query.where(afterPopularity(from))
    if (upTo) query = query.where(sql<SqlBool>`(b.total_reviews, b.id) >= (${Number(upTo[0])}, ${String(upTo[1] ?? '')})`)
    return query.orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc').limit(take).execute()
  }
  if (postgres) return (await select(after, undefined, limit)).map(toCandidate)
  const out: Candidate[] = []
  let from = after
  for (;;) {
    // The slice's last book: the index walked POPULARITY_SLICE entries on (keys only).
    let edge = db.selectFrom('books as b').select(['b.totalReviews', 'b.id'])
    if (from) edge = edge.where(afterPopularity(from))
    const last = await edge
      .orderBy('b.totalReviews', 'desc')
      .orderBy('b.id', 'desc')
      .limit(1)
      .offset(POPULARITY_SLICE - 1)
      .executeTakeFirst()
    const upTo: WalkKey | undefined = last ? [Number(last.totalReviews), last.id] : undefined
    out.push(...(await select(from, upTo, limit - out.length)).map(toCandidate))
    if (out.length >= limit || !upTo) return out
    from = upTo
    await yieldToLoop()
  }
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

/**
 * tsquery text from plain words: each one quoted (by `quote`), the last a prefix (:*), restricted by
 * weight for a type.
 */
export function toTsQuery(groups: WordGroup[], type: SearchType, quote = (w: string) => `'${w}'`): string {
  const weight = type === 'title' ? 'A' : type === 'author' ? 'B' : ''
  const lexeme = (w: string, prefix: boolean) => {
    const label = `${prefix ? '*' : ''}${weight}`
    return label ? `${quote(w)}:${label}` : quote(w)
  }
  return groups.map((g) => `(${[lexeme(g.word, g.prefix), ...g.corrections.map((c) => lexeme(c, false))].join(' | ')})`).join(' & ')
}

/** The facet groups as tsquery text: a book carries one token of every group. */
const facetTsQuery = (facets: string[][]) => facets.map((tokens) => `(${tokens.map((t) => `'${t}'`).join(' | ')})`).join(' & ')

// One word of a tsquery, quoted by PostgreSQL after unaccent: a quote doubled, a backslash escaped.
const quotedWordSql = (word: string) =>
  sql`chr(39) || replace(replace(shelfwise_unaccent(${word}::text), chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39)`

/**
 * The whole tsquery, built by PostgreSQL: each word is unaccented first and only then quoted, so
 * nothing unaccent makes of a letter ('ʻ' and 'ŉ' hold an apostrophe, 'ː' becomes a colon, '⑴'
 * brackets) can leave its quotes and be read as syntax. Inside its quotes a word is split as the
 * documents were ("hawai'i" → 'hawai' <-> 'i'), and one that leaves no word at all (':') is dropped.
 * Only operators, weights and facet tokens (a-z, 0-9) are our own text. Every function here is
 * immutable, so the planner still sees the query itself when it weighs the index against the order.
 */
function tsQuerySql(groups: WordGroup[], type: SearchType, facets: string[][]): RawBuilder<unknown> {
  const words: string[] = []
  const template = [groups.length ? toTsQuery(groups, type, (w) => (words.push(w), '%s')) : '', facetTsQuery(facets)].filter(Boolean).join(' & ')
  const pieces = template.split('%s').flatMap((text, i) => [sql`${text}::text`, ...(i < words.length ? [quotedWordSql(words[i]!)] : [])])
  return sql`to_tsquery('simple', ${sql.join(pieces, sql` || `)})`
}

/** PostgreSQL: the GIN index finds the matches, the popularity index orders them; the planner walks whichever is cheaper. */
async function candidatesPostgres(db: Db, req: SearchRequest, groups: WordGroup[], limit = SEARCH_COUNT_CAP, after?: WalkKey): Promise<Candidate[]> {
  let query = db
    .selectFrom('books as b')
    .where(sql<SqlBool>`b.search_vector @@ ${tsQuerySql(groups, req.type, facetGroups(req.filters))}`)
    .where(numericFilterSql(req.filters))
    .select(['b.id', 'b.title', 'b.author', 'b.isbn', 'b.averageRating as rating', 'b.totalReviews as reviews', 'b.publishedDate as published'])
  if (after) query = query.where(afterPopularity(after))
  const rows = await query.orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc').limit(limit).execute()
  return rows.map(toCandidate)
}

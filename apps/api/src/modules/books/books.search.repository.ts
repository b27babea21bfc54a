import { sql, type SqlBool } from 'kysely'
import { dialectOf, rowCount, type Db } from '#/db/portable.ts'
import { weightedRating } from '#/modules/books/books.list.repository.ts'
import { shownBooks, shownSearchDocs } from '#/modules/books/books.repository.ts'
import {
  byPublished,
  byRelevance,
  byWeekThenRated,
  byWeekThenWeighted,
  byWeighted,
  mayNameAGenre,
  relevanceOf,
  tokensOf,
  weekContenders,
  weightedRatingOf,
  type Candidate,
  type WalkKey,
} from '#/modules/books/books.ranking.ts'
import {
  facetGroups,
  numericFilterSql,
  TEXT_COLUMNS,
  toFts5Match,
  tsQuerySql,
  type SearchFilters,
  type SearchRequest,
  type SearchType,
} from '#/modules/books/books.search-query.ts'
import { SEARCH_COUNT_CAP } from '#/modules/books/books.search-query.ts'
import { MAX_WORDS, resolveWords, toSearchWords, type Vocabulary, type WordGroup } from '#/modules/books/books.search-terms.ts'
import { yieldToLoop } from '#/work-gate.ts'

// Book search (DESIGN.md §5, decision 0004): one implementation per dialect — SQLite FTS5,
// PostgreSQL tsvector — behind `searchCandidates`. Work is bounded whatever the words: at most the
// SEARCH_COUNT_CAP most-reviewed matches are examined (both indexes yield the most-reviewed first, see
// migration 2026_11_23_0900), then ranked the same way on both (books.ranking.ts): each word scores by
// the best field it is found in (title 10, author 6, genres or ISBN 3, description 1), ties by rating,
// then review count; without words by rating. The filters' genres, categories and languages are facet
// tokens of the index itself; pages, rating and years are checked on the books table as the index
// yields matches. What each index is asked is written in books.search-query.ts. A book the moderators
// hid is never a match (decision 0058): on PostgreSQL its row says so; on SQLite its search row is
// left out by the few hidden books' document numbers (books.repository.ts shownSearchDocs).

export interface SearchCandidates {
  /** Book ids, best first: at most SEARCH_COUNT_CAP. */
  ids: string[]
  /** True when more books matched than were examined (a very common word): the answer is worth keeping a moment. */
  capped: boolean
  /** When capped: where the index walk stands after the examined matches (the rest follow from there). */
  walkFrom?: WalkKey | undefined
}

/** How many most-reviewed title (and author) matches join a capped search. */
const RESCUE_LIMIT = 200

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
  let order: Candidate[]
  if (sort === 'rating') {
    order = rows.sort(byWeighted)
  } else if (sort === 'published') {
    order = rows.sort(byPublished)
  } else if (sort === 'popular') {
    const week = await (req.weekCounts?.() ?? Promise.resolve(new Map<string, number>()))
    order = rows.sort(byWeekThenWeighted(week))
  } else {
    order = byRelevance(rows, await scoreWords(db, rows, groups))
  }
  return { ids: order.slice(0, SEARCH_COUNT_CAP).map((r) => r.id), capped, walkFrom }
}

/**
 * The whole catalogue by reviews this week, then weighted rating: the week's most-reviewed books
 * (up to SEARCH_COUNT_CAP), then the best-rated others up to that many; the rest follow in popularity order.
 */
async function popularEverything(db: Db, req: SearchRequest): Promise<SearchCandidates> {
  const week = await (req.weekCounts?.() ?? Promise.resolve(new Map<string, number>()))
  const contenders = weekContenders(week, SEARCH_COUNT_CAP)
  const rated = new Map<string, number>()
  for (let i = 0; i < contenders.length; i += 500) {
    const rows = await db
      .selectFrom('books')
      .select(['id', 'averageRating', 'totalReviews'])
      .where('id', 'in', contenders.slice(i, i + 500))
      .where(shownBooks('books'))
      .execute()
    for (const r of rows) rated.set(r.id, weightedRatingOf(Number(r.averageRating), Number(r.totalReviews)))
  }
  const ids = contenders
    .filter((id) => rated.has(id))
    .sort(byWeekThenRated(week, rated))
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
    let q = db.selectFrom('books as b').where(numericFilterSql(f)).where(shownBooks())
    if (groups.length || faceted) q = q.where(sql<SqlBool>`b.search_vector @@ ${tsQuerySql(groups, req.type, facetGroups(f))}`)
    return rowCount(q)
  }
  const match = groups.length || faceted ? toFts5Match(groups, req.type, facetGroups(f)) : undefined
  if (match && !numeric) {
    const { rows } = await sql<{
      n: number
    }>`select count(*) as n from books_fts where books_fts match ${match} and ${shownSearchDocs('books_fts', 'rowid')}`.execute(db)
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
      sum(case when ${numericFilterSql(f, 'd')} and ${shownSearchDocs('d')} then 1 else 0 end) as k
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

/**
 * Each candidate's relevance (books.ranking.ts), read off its own text in memory: asking the index
 * field by field, or FTS5's bm25 (which first counts every document of every word), costs more than
 * the search itself for a common word.
 */
async function scoreWords(db: Db, rows: Candidate[], groups: WordGroup[]): Promise<number[]> {
  if (!groups.length) return rows.map(() => 0)
  // Genres are fetched only when some word could be a genre's.
  const genreWord = mayNameAGenre(groups)
  const genres =
    genreWord && rows.length
      ? await listGenreTokens(
          db,
          rows.map((r) => r.id),
        )
      : new Map<string, string[]>()
  return rows.map((r) => relevanceOf(r, groups, genres.get(r.id) ?? []))
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
    .where(shownBooks())
    .orderBy(sql`${weightedRating('b')} desc, b.total_reviews desc, b.id desc`)
    .limit(SEARCH_COUNT_CAP)
    .execute()
  return { ids: rows.map((r) => r.id), capped: rows.length >= SEARCH_COUNT_CAP }
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
    .where(shownSearchDocs('d'))
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
      .where(shownBooks())
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
    let edge = db.selectFrom('books as b').select(['b.totalReviews', 'b.id']).where(shownBooks())
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
    // A range on the byte-ordered ("C") terms, not LIKE: this text is sent often enough to be prepared
    // (decision 0069), and PostgreSQL's generic plan of `term like $1` cannot use the index (it knows
    // no prefix without the value) and scanned every term: 4–9 ms a search. Every term starting with
    // the word sorts at or after it and before the word followed by the highest code point.
    const { rows } = await sql`select term from book_search_terms where term >= ${word} and term < ${`${word}\u{10FFFF}`} limit 1`.execute(db)
    return rows.length > 0
  },
})

/** PostgreSQL: the GIN index finds the matches, the popularity index orders them; the planner walks whichever is cheaper. */
async function candidatesPostgres(db: Db, req: SearchRequest, groups: WordGroup[], limit = SEARCH_COUNT_CAP, after?: WalkKey): Promise<Candidate[]> {
  let query = db
    .selectFrom('books as b')
    .where(sql<SqlBool>`b.search_vector @@ ${tsQuerySql(groups, req.type, facetGroups(req.filters))}`)
    .where(numericFilterSql(req.filters))
    .where(shownBooks())
    .select(['b.id', 'b.title', 'b.author', 'b.isbn', 'b.averageRating as rating', 'b.totalReviews as reviews', 'b.publishedDate as published'])
  if (after) query = query.where(afterPopularity(after))
  const rows = await query.orderBy('b.totalReviews', 'desc').orderBy('b.id', 'desc').limit(limit).execute()
  return rows.map(toCandidate)
}

/**
 * The values of a filter's list that at least one book carries, each probed off the search index's
 * facet tokens (the same test the filter makes, so an offered value always finds a book): one
 * single-row lookup per known value.
 */
export async function listCarriedFacets(db: Db, kind: 'genres' | 'languages', known: readonly string[]): Promise<string[]> {
  const postgres = dialectOf(db) === 'postgres'
  const found = await Promise.all(
    known.map(async (value) => {
      const groups = facetGroups({ [kind]: [value] })
      const probe = postgres
        ? sql`select 1 from books where search_vector @@ ${tsQuerySql([], 'all', groups)} and ${shownBooks('books')} limit 1`
        : sql`select 1 from books_fts where books_fts match ${toFts5Match([], 'all', groups)} and ${shownSearchDocs('books_fts', 'rowid')} limit 1`
      return (await probe.execute(db)).rows.length > 0
    }),
  )
  return known.filter((_, i) => found[i])
}

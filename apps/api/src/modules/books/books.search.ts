import {
  bookAsEdition,
  BOOKS_BY_NAME_DEFAULT_LIMIT,
  CATEGORIES,
  GENRES,
  LANGUAGES,
  MESSAGES,
  type Book,
  type BookFacets,
  type BookListQuery,
  type BookSearchQuery,
  type BooksByNameQuery,
} from '@shelfwise/contracts'
import { compactIsbn, isIsbnShape } from '@shelfwise/library-files'
import { dialectOf, type Db } from '#/db/portable.ts'
import { badRequest } from '#/errors.ts'
import { createMemo } from '#/memo.ts'
import { decodeCursor, decodeKeyset, encodeCursor, keyOfKind, type KeyKind, type Page } from '#/paging.ts'
import { createWorkGate } from '#/work-gate.ts'
import { findYearBounds, listCarriedCategories, listWeekReviewCounts } from '#/modules/books/books.browse.repository.ts'
import { countBooksByName, listBooksByNamePage, type NameField } from '#/modules/books/books.by-name.repository.ts'
import { KEYSET_ARITY, listBooksPage, type BookKeyset, type BookSort } from '#/modules/books/books.list.repository.ts'
import type { WalkKey } from '#/modules/books/books.ranking.ts'
import { countBooks, listBooksByIds } from '#/modules/books/books.repository.ts'
import { asksEverything, SEARCH_COUNT_CAP, type SearchRequest } from '#/modules/books/books.search-query.ts'
import { countMatches, listCarriedFacets, searchCandidates, walkMatches, type SearchCandidates } from '#/modules/books/books.search.repository.ts'
import { toSearchWords } from '#/modules/books/books.search-terms.ts'
import { findEditionByIsbn } from '#/modules/books/books.editions.repository.ts'

// Reading the catalogue many books at a time (decisions 0004 and 0015): its pages in an order, search
// by words and filters, an author's or a publisher's books, and Browse's facets. These reads take
// turns through one gate, and the costly answers are kept a few seconds under the catalogue's version.

/** A search that ranked at least this many matches is kept a few seconds like a very common word's. */
const COSTLY_SEARCH_MATCHES = 100

/**
 * How long a very common word's ranking (one that matched more books than a search examines), or a
 * filters-only answer, is reused: it is the same for every reader, and paging through it stays
 * consistent meanwhile. A book added, edited or deleted shows at once (the catalogue's version, read
 * per request, is the memos' version); new reviews move the ranking within this time.
 */
const COMMON_SEARCH_TTL_MS = 5_000

/** How many matches a page answers when the caller sends a cursor but no `limit`. */
export const SEARCH_DEFAULT_LIMIT = 100

/** Books per statement when the whole catalogue is walked: about 400 KB of JSON, a few ms of work. */
export const WALK_PAGE = 500

const badCursor = () => badRequest(MESSAGES.badCursor)

// A forged cursor must be a 400, never a database error: each key is checked against its order.
const KEY_KINDS = {
  recent: ['instant', 'id'],
  published: ['day', 'id'],
  rating: ['rating', 'count', 'id'],
  title: ['text', 'id'],
} as const satisfies Record<BookSort, readonly KeyKind[]>

const keysetOf = (sort: BookSort, cursor: string): BookKeyset => decodeKeyset(cursor, KEY_KINDS[sort])

// A by-name page's cursor: the last book's lower-cased title and its id.
const nameKeysetOf = (cursor: string): [string, string] => decodeKeyset(cursor, ['text', 'id'] as const)

/**
 * A search cursor: an offset into the ranked best SEARCH_COUNT_CAP ([offset]), or, past them, where
 * the walk over the remaining matches stands (['rest', …key]); for the whole catalogue in the
 * rating or published order, that list's own keyset (['list', …keyset]).
 */
type SearchCursor = { offset: number } | { rest: WalkKey } | { list: BookKeyset }

function searchCursorOf(cursor: string, sort: BookSort): SearchCursor {
  let raw: (string | number | null)[]
  try {
    raw = decodeCursor(cursor, 1)
  } catch {
    raw = []
    for (let arity = 2; arity <= 4 && !raw.length; arity++) {
      try {
        raw = decodeCursor(cursor, arity)
      } catch {
        /* next arity */
      }
    }
    if (!raw.length) throw badCursor()
  }
  const [tag, ...key] = raw
  if (raw.length === 1) {
    if (typeof tag !== 'number' || !Number.isInteger(tag) || tag < 0 || tag > SEARCH_COUNT_CAP) throw badCursor()
    return { offset: tag }
  }
  // The walk's key is SQLite's document number (a whole number, negative too), or PostgreSQL's review
  // count (or -1 before the first) and a book id.
  const walkKey =
    key.length === 1
      ? Number.isSafeInteger(key[0])
      : key.length === 2 && (key[0] === -1 || keyOfKind('count', key[0]) !== undefined) && keyOfKind('id', key[1]) !== undefined
  if (tag === 'rest' && walkKey) return { rest: key as WalkKey }
  if (tag === 'list' && key.length === KEYSET_ARITY[sort]) return { list: keysetOf(sort, encodeCursor(key)) }
  throw badCursor()
}

/** The catalogue order a search without words or filters walks. */
const listSortOf = (sort: BookSearchQuery['sort'] | undefined): BookSort => (sort === 'published' ? 'published' : 'rating')

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

export const createBookSearch = ({ db, catalogueVersion }: { db: Db; catalogueVersion: () => Promise<string> }) => {
  // Searches and the pages of whole lists take turns (work-gate.ts): on SQLite every statement runs
  // on this one thread, so one at a time, with the loop's I/O between two; PostgreSQL runs them on
  // its own processes, so two at once (each still parses its rows on this thread).
  const costly = createWorkGate({ concurrency: dialectOf(db) === 'postgres' ? 2 : 1 })
  /** Walks pages through the gate: each page waits its turn, and the loop answers others between two. */
  async function* inTurns<T>(next: () => Promise<{ page: T; more: boolean }>): AsyncGenerator<T> {
    for (;;) {
      const { page, more } = await costly.run(next)
      yield page
      if (!more) return
    }
  }
  const commonSearches = createMemo<SearchCandidates>({ ttlMs: COMMON_SEARCH_TTL_MS, max: 200 })
  // Counting the catalogue walks a whole index; a book added, edited or deleted changes the version.
  const catalogueSize = createMemo<number>({ ttlMs: COMMON_SEARCH_TTL_MS, max: 1 })

  const matchCounts = createMemo<number>({ ttlMs: COMMON_SEARCH_TTL_MS, max: 200 })
  const weekCounts = createMemo<Map<string, number>>({ ttlMs: COMMON_SEARCH_TTL_MS, max: 1 })
  const facetsMemo = createMemo<BookFacets>({ ttlMs: COMMON_SEARCH_TTL_MS, max: 1 })

  const searchRequestOf = (query: BookSearchQuery): SearchRequest => {
    const { genres, categories, languages, minPages, maxPages, minRating, minYear, maxYear } = query
    return {
      query: query.query,
      type: query.type,
      sort: query.sort,
      filters: { genres, categories, languages, minPages, maxPages, minRating, minYear, maxYear },
      // Counted at most once per COMMON_SEARCH_TTL_MS per instance, like Popular This Week.
      weekCounts: () =>
        weekCounts.get('week', () => {
          const now = Date.now()
          return listWeekReviewCounts(db, new Date(now - WEEK_MS).toISOString(), new Date(now).toISOString())
        }),
    }
  }
  /** The request's identity for the memos (without the week's loader). */
  const keyOf = ({ weekCounts: _, ...req }: SearchRequest) => JSON.stringify(req)

  /** The exact number of matches, kept a moment under the catalogue's version (the count of 'the' costs ~12 ms). */
  const countOf = async (req: SearchRequest, version: string): Promise<number> => {
    if (asksEverything(req)) return catalogueSize.get('books', () => countBooks(db), { version })
    const { sort: _, ...rest } = req
    return matchCounts.get(keyOf({ ...rest, sort: 'relevance' }), () => countMatches(db, req), { version })
  }

  // Kept: a very common word's ranking, filters without words (Browse's chips, the same for
  // everyone), and any search that had to rank many matches (a common word with filters).
  const rankedOf = async (req: SearchRequest, version: string): Promise<SearchCandidates> => {
    const shared = !toSearchWords(req.query).length
    const keep = (c: { capped: boolean; ids: string[] }) => c.capped || shared || c.ids.length >= COSTLY_SEARCH_MATCHES
    return commonSearches.get(keyOf(req), () => searchCandidates(db, req), { keep, version })
  }

  /** The matches after the ranked ones, in index order, skipping those already ranked. */
  const restOf = async (req: SearchRequest, ranked: SearchCandidates, after: WalkKey | undefined, limit: number) => {
    const seen = new Set(ranked.ids)
    const ids: string[] = []
    let next = after
    // Whole pages that were all ranked are skipped; at most SEARCH_COUNT_CAP + RESCUE ids can be.
    do {
      const page = await walkMatches(db, req, next, limit)
      ids.push(...page.ids.filter((id) => !seen.has(id)))
      next = page.next
    } while (next && ids.length === 0)
    return { ids, next }
  }

  /**
   * A search for a whole ISBN that one of a work's other editions holds (decision 0027): the search
   * index knows the books' own ISBNs only, so such a query answers that work, shown as that edition.
   */
  const editionOfIsbn = async (query: BookSearchQuery): Promise<Book | undefined> => {
    if (query.type !== 'all' || query.cursor !== undefined) return undefined
    const isbn = compactIsbn(query.query)
    if (!isIsbnShape(isbn)) return undefined
    const edition = await findEditionByIsbn(db, isbn)
    const [work] = edition ? await listBooksByIds(db, [edition.workId]) : []
    // A book the moderators hid is found by no search (decision 0058).
    return work && edition && !work.removedByModerators ? bookAsEdition(work, edition) : undefined
  }

  return {
    /** One page of the catalogue in one order. */
    async list(query: BookListQuery & { limit: number }): Promise<Page<Book>> {
      const after = query.cursor ? keysetOf(query.sort, query.cursor) : undefined
      const { books, next } = await listBooksPage(db, { sort: query.sort, limit: query.limit, after })
      const total = await catalogueSize.get('books', () => countBooks(db), { version: await catalogueVersion() })
      return { items: books, total, ...(next ? { nextCursor: encodeCursor(next) } : {}) }
    },

    /**
     * The whole catalogue in one order (from the cursor's book on, when one is given), walked
     * WALK_PAGE books at a time as the caller reads, so the answer never has to be held whole. The
     * total comes first, for the header: the catalogue counted now (without a cursor), or the size
     * the paged list reports (with one).
     */
    async listAll(query: BookListQuery): Promise<{ total: number; pages: AsyncIterable<Book[]> }> {
      let after = query.cursor ? keysetOf(query.sort, query.cursor) : undefined
      const total = after ? await catalogueSize.get('books', () => countBooks(db), { version: await catalogueVersion() }) : await countBooks(db)
      const pages = inTurns(async () => {
        const { books, next } = await listBooksPage(db, { sort: query.sort, limit: WALK_PAGE, after })
        after = next
        return { page: books, more: !!next }
      })
      return { total, pages }
    },

    /**
     * Search by words and filters in one of four orders. A page (`limit`, default 100) at a time:
     * the best SEARCH_COUNT_CAP matches ranked by the order, then every other match in index
     * (popularity) order; without words or filters the catalogue in the order itself. The total is
     * the exact count of matches.
     */
    search: (query: BookSearchQuery & { limit: number }): Promise<Page<Book>> =>
      costly.run(async () => {
        const edition = await editionOfIsbn(query)
        if (edition) return { items: [edition], total: 1 }
        const req = searchRequestOf(query)
        // One read of the catalogue's version serves the count and the ranking alike.
        const version = await catalogueVersion()
        const total = await countOf(req, version)
        if (asksEverything(req) && req.sort !== 'popular') {
          const sort = listSortOf(req.sort)
          const at = query.cursor ? searchCursorOf(query.cursor, sort) : undefined
          if (at && !('list' in at)) throw badCursor()
          const { books: items, next } = await listBooksPage(db, { sort, limit: query.limit, after: at?.list })
          return { items, total, ...(next ? { nextCursor: encodeCursor(['list', ...next]) } : {}) }
        }
        const at = query.cursor ? searchCursorOf(query.cursor, 'rating') : { offset: 0 }
        if ('list' in at) throw badCursor()
        const ranked = await rankedOf(req, version)
        if ('offset' in at) {
          const ids = ranked.ids.slice(at.offset, at.offset + query.limit)
          const items = await listBooksByIds(db, ids)
          const nextOffset = at.offset + ids.length
          if (nextOffset < ranked.ids.length) return { items, total, nextCursor: encodeCursor([nextOffset]) }
          // The ranked matches end here; when more books match, the rest follow in index order.
          if (!ranked.capped || total <= ranked.ids.length) return { items, total }
          return { items, total, nextCursor: encodeCursor(['rest', ...(ranked.walkFrom ?? [-1])]) }
        }
        const rest = await restOf(req, ranked, at.rest[0] === -1 ? undefined : at.rest, query.limit)
        return { items: await listBooksByIds(db, rest.ids), total, ...(rest.next ? { nextCursor: encodeCursor(['rest', ...rest.next]) } : {}) }
      }),

    /**
     * The books whose author (or publisher) is this name, in any letter case and with or without
     * accents, by title, a page at a time; an unknown name is an empty list, never a 404.
     */
    async listByName(field: NameField, name: string, query: BooksByNameQuery): Promise<Page<Book>> {
      const limit = query.limit ?? BOOKS_BY_NAME_DEFAULT_LIMIT
      const after = query.cursor ? nameKeysetOf(query.cursor) : undefined
      const [{ books, next }, total] = await Promise.all([listBooksByNamePage(db, { field, name, limit, after }), countBooksByName(db, field, name)])
      return { items: books, total, ...(next ? { nextCursor: encodeCursor(next) } : {}) }
    },

    /**
     * Every match of a search (no `limit`), walked a page at a time as the caller reads: the ranked
     * best first, then the remaining matches in index order; without words or filters the
     * catalogue in the order itself.
     */
    async searchAll(query: BookSearchQuery): Promise<{ total: number; pages: AsyncIterable<Book[]> }> {
      const edition = await editionOfIsbn(query)
      if (edition)
        return {
          total: 1,
          pages: (async function* () {
            yield [edition]
          })(),
        }
      const req = searchRequestOf(query)
      const { total, ranked } = await costly.run(async () => {
        const version = await catalogueVersion()
        const count = await countOf(req, version)
        return { total: count, ranked: asksEverything(req) && req.sort !== 'popular' ? undefined : await rankedOf(req, version) }
      })
      if (!ranked) {
        const sort = listSortOf(req.sort)
        let after: BookKeyset | undefined
        const pages = inTurns(async () => {
          const { books: page, next } = await listBooksPage(db, { sort, limit: WALK_PAGE, after })
          after = next
          return { page, more: !!next }
        })
        return { total, pages }
      }
      // The ranked best first, then the remaining matches in index order, each page in its turn.
      let from = 0
      let after: WalkKey | undefined = ranked.walkFrom
      let walking = false
      const pages = inTurns(async () => {
        if (!walking) {
          const page = await listBooksByIds(db, ranked.ids.slice(from, from + WALK_PAGE))
          from += WALK_PAGE
          if (from < ranked.ids.length) return { page, more: true }
          walking = true
          return { page, more: total > ranked.ids.length }
        }
        const rest = await restOf(req, ranked, after, WALK_PAGE)
        after = rest.next
        return { page: rest.ids.length ? await listBooksByIds(db, rest.ids) : [], more: !!rest.next }
      })
      return { total, pages }
    },

    /** What Browse's filters offer: the catalogue's years and the genres, categories and languages books carry. */
    facets: async (): Promise<BookFacets> =>
      facetsMemo.get(
        'facets',
        async () => {
          const [years, categories, genres, languages] = await Promise.all([
            findYearBounds(db),
            listCarriedCategories(db, CATEGORIES),
            listCarriedFacets(db, 'genres', GENRES),
            listCarriedFacets(db, 'languages', LANGUAGES),
          ])
          return { ...years, categories, genres, languages }
        },
        { version: await catalogueVersion() },
      ),
  }
}

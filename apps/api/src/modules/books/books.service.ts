import { v7 as uuidv7 } from 'uuid'
import {
  BOOK_MESSAGES, GENRES, LANGUAGES, MESSAGES,
  type Book, type BookListQuery, type BookSearchQuery, type CreateBookInput,
} from '@shelfwise/contracts'
import { isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound, unauthorized } from '#/errors.ts'
import { decodeCursor, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/plugins/auth.ts'
import {
  bookExists, countBooks, findBookById, findNewestBookId, findUserRefById, findViewerFlags, insertBookWithGenres, KEYSET_ARITY,
  listBooksByIds, listBooksPage, listUserRefsByUsernames, type BookKeyset, type BookSort,
} from '#/modules/books/books.repository.ts'
import { SEARCH_COUNT_CAP, searchCandidates, type SearchCandidates } from '#/modules/books/books.search.repository.ts'
import { toSearchWords } from '#/modules/books/books.search-terms.ts'

/** A search that ranked at least this many matches is kept a few seconds like a very common word's. */
const COSTLY_SEARCH_MATCHES = 100
import { createMemo } from '#/memo.ts'

export interface BooksDeps {
  db: Db
}

/** How many matches a search answers when the caller sends no `limit`. */
export const SEARCH_DEFAULT_LIMIT = 100

/**
 * How long a very common word's ranking (one that matched more books than a search examines), or a
 * filters-only answer, is reused: it is the same for every reader, and paging through it stays
 * consistent meanwhile. A new book shows at once (the newest book's id is its version); new reviews
 * move the ranking within this time.
 */
export const COMMON_SEARCH_TTL_MS = 5_000

/** Books per statement when the whole catalogue is walked: about 400 KB of JSON, a few ms of work. */
export const WALK_PAGE = 500

const badCursor = () => badRequest('cursor: is not a cursor this list gave out')

// A forged cursor must be a 400, never a database error: each key is checked against its order.
function keysetOf(sort: BookSort, cursor: string): BookKeyset {
  const keys = decodeCursor(cursor, KEYSET_ARITY[sort])
  const id = keys.at(-1)
  if (typeof id !== 'string') throw badCursor()
  const [first, second] = keys
  if (sort === 'recent') {
    const at = typeof first === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(first) ? new Date(first) : undefined
    if (!at || Number.isNaN(at.getTime())) throw badCursor()
    return [at.toISOString(), id]
  }
  if (sort === 'published' && typeof first === 'string' && /^(\d{4}-\d{2}-\d{2})?$/.test(first)) return [first, id]
  if (sort === 'rating' && typeof first === 'number' && typeof second === 'number') return [first, second, id]
  if (sort === 'title' && typeof first === 'string') return [first, id]
  throw badCursor()
}

function offsetOf(cursor: string): number {
  const [offset] = decodeCursor(cursor, 1)
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > SEARCH_COUNT_CAP) throw badCursor()
  return offset
}

// Known genres and languages are stored in the spelling of the filter lists, so filters match exactly.
const canonical = (known: readonly string[]) => {
  const byLower = new Map(known.map((v) => [v.toLowerCase(), v]))
  return (v: string) => byLower.get(v.toLowerCase()) ?? v
}
const canonicalGenre = canonical(GENRES)
const canonicalLanguage = canonical(LANGUAGES)

function genresOf(input: string[]): string[] {
  const byLower = new Map<string, string>()
  for (const g of input.map(canonicalGenre)) if (!byLower.has(g.toLowerCase())) byLower.set(g.toLowerCase(), g)
  return [...byLower.values()]
}

export const createBooksService = ({ db }: BooksDeps) => {
  const commonSearches = createMemo<SearchCandidates>({ ttlMs: COMMON_SEARCH_TTL_MS, max: 200 })
  // Counting the catalogue walks a whole index; a new book changes the version, a deletion shows within the TTL.
  const catalogueSize = createMemo<number>({ ttlMs: COMMON_SEARCH_TTL_MS, max: 1 })

  const get = async (id: string): Promise<Book> => {
    const book = await findBookById(db, id)
    if (!book) throw notFound(MESSAGES.bookNotFound)
    return book
  }

  return {
    /** One book; 404 'Book not found' when absent. */
    get,

    /** One book as a viewer sees it: a signed-in viewer also learns whether it is on their lists. */
    async getForViewer(id: string, viewerId: string | undefined): Promise<Book> {
      const book = await get(id)
      return viewerId ? { ...book, ...(await findViewerFlags(db, id, viewerId)) } : book
    },

    /** Books by id in the given order, for other modules' lists (popular, shelves, feeds). */
    listByIds: (ids: string[]) => listBooksByIds(db, ids),

    /** 404 'Book not found' unless the book exists. */
    async assertExists(id: string): Promise<void> {
      if (!(await bookExists(db, id))) throw notFound(MESSAGES.bookNotFound)
    },

    /** One page of the catalogue in one order. */
    async list(query: BookListQuery & { limit: number }): Promise<Page<Book>> {
      const after = query.cursor ? keysetOf(query.sort, query.cursor) : undefined
      const { books, next } = await listBooksPage(db, { sort: query.sort, limit: query.limit, after })
      const total = await catalogueSize.get('books', () => countBooks(db), { version: await findNewestBookId(db) })
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
      const total = after
        ? await catalogueSize.get('books', () => countBooks(db), { version: await findNewestBookId(db) })
        : await countBooks(db)
      async function* pages() {
        do {
          const { books, next } = await listBooksPage(db, { sort: query.sort, limit: WALK_PAGE, after })
          yield books
          after = next
        } while (after)
      }
      return { total, pages: pages() }
    },

    /**
     * Search by words and filters. Always bounded: at most `limit` (default 100) books per call,
     * paging reaches the best SEARCH_COUNT_CAP matches, and the total is counted up to that cap.
     */
    async search(query: BookSearchQuery): Promise<Page<Book>> {
      const offset = query.cursor ? offsetOf(query.cursor) : 0
      // Paging stops at the cap, so the last page is cut there too.
      const limit = Math.min(query.limit ?? SEARCH_DEFAULT_LIMIT, SEARCH_COUNT_CAP - offset)
      const { genres, categories, languages, minPages, maxPages, minRating, minYear, maxYear } = query
      const req = { query: query.query, type: query.type, filters: { genres, categories, languages, minPages, maxPages, minRating, minYear, maxYear } }
      // Kept: a very common word's ranking, filters without words (Browse's chips, the same for
      // everyone), and any search that had to rank many matches (a common word with filters).
      const shared = !toSearchWords(req.query).length
      const keep = (c: { capped: boolean; ids: string[] }) => c.capped || shared || c.ids.length >= COSTLY_SEARCH_MATCHES
      const ranked = await commonSearches.get(JSON.stringify(req), () => searchCandidates(db, req), { keep, version: await findNewestBookId(db) })
      const ids = ranked.ids.slice(offset, offset + limit)
      const items = await listBooksByIds(db, ids)
      const total = ranked.ids.length
      const nextOffset = offset + ids.length
      return { items, total, ...(ids.length === limit && nextOffset < total ? { nextCursor: encodeCursor([nextOffset]) } : {}) }
    },

    /**
     * Adds a book for the signed-in submitter. The server sets ids, ratings, counts and timestamps;
     * named users are resolved case-insensitively (400 when unknown); the role decides whose list the
     * book lands on: author/publisher link the submitter as such (their Created list), none makes
     * them the lister (their Listed list). 409 when the ISBN is taken.
     */
    async create(actor: Actor, input: CreateBookInput): Promise<Book> {
      const named = [input.author_username, input.publisher_username].filter((u): u is string => !!u)
      const [me, users] = await Promise.all([findUserRefById(db, actor.id), listUserRefsByUsernames(db, named)])
      if (!me) throw unauthorized(MESSAGES.authFailed)
      const resolve = (name: string | null) => {
        if (!name) return null
        const user = users.get(name.toLowerCase())
        if (!user) throw badRequest(MESSAGES.userNamed(name))
        return user.id
      }
      const authorId = resolve(input.author_username)
      const publisherId = resolve(input.publisher_username)
      const isMe = (name: string | null) => name?.toLowerCase() === me.username.toLowerCase()
      const role = input.role ?? (isMe(input.author_username) ? 'author' : isMe(input.publisher_username) ? 'publisher' : 'none')

      const id = uuidv7()
      const now = nowIso()
      const book = {
        id,
        title: input.title,
        author: input.author,
        authorUserId: role === 'author' ? me.id : authorId,
        publisher: input.publisher,
        publisherUserId: role === 'publisher' ? me.id : publisherId,
        listedByUserId: role === 'none' ? me.id : null,
        createdByUserId: me.id,
        description: input.description,
        coverImage: input.coverImage,
        publishedDate: input.publishedDate,
        language: canonicalLanguage(input.language),
        edition: input.edition,
        pageCount: input.pageCount,
        amazonLink: input.amazonLink,
        isbn: input.isbn || null,
        category: input.category,
        averageRating: 0,
        totalReviews: 0,
        createdAt: now,
        updatedAt: now,
      }
      try {
        await db.transaction().execute((trx) => insertBookWithGenres(trx, book, genresOf(input.genre)))
      } catch (err) {
        // The unique index decides, so two submissions racing with one ISBN cannot both land.
        if (isUniqueViolation(err)) throw conflict(BOOK_MESSAGES.isbnTaken)
        throw err
      }
      return get(id)
    },
  }
}

export type BooksService = ReturnType<typeof createBooksService>

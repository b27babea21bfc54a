import { v7 as uuidv7 } from 'uuid'
import {
  BOOK_HISTORY_DEFAULT_LIMIT,
  BOOK_MESSAGES,
  BOOKS_BY_NAME_DEFAULT_LIMIT,
  CATEGORIES,
  DUPLICATES_MAX,
  GENRES,
  IDENTITY_FIELDS,
  LANGUAGES,
  MESSAGES,
  type Book,
  type BookDuplicate,
  type BookEdit,
  type BookEditField,
  type BookHistoryQuery,
  type BookDuplicatesQuery,
  type BookFacets,
  type BookListQuery,
  type BookSearchQuery,
  type BooksByNameQuery,
  CreateBookInputSchema,
  type CreateBookInput,
  type DuplicateReason,
  type IdentityField,
  type Review,
} from '@shelfwise/contracts'
import { isIsbn10Shape, withIsbn13Check } from '@shelfwise/library-files'
import { dialectOf, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound, unauthorized } from '#/errors.ts'
import { decodeCursor, decodeKeyset, encodeCursor, keyOfKind, type KeyKind, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import {
  bookExists,
  findBookPageCount,
  countBooks,
  countCatalogueEdit,
  countOtherReaders,
  deleteBookWithOwnRows,
  findBookById,
  findBookOwnershipForWrite,
  findCatalogueVersion,
  findEditableBookForWrite,
  findUserRefById,
  findViewerFlags,
  insertBookWithGenres,
  KEYSET_ARITY,
  listBooksByIds,
  listBooksPage,
  listUserRefsByUsernames,
  updateBookLinks,
  updateBookWithGenres,
  type BookKeyset,
  type BookSort,
  type EditableBook,
} from '#/modules/books/books.repository.ts'
import { addNewReviewRating, moveBookRatings, takeOutRatingsOf, type RatingMove } from '#/modules/books/books.ratings.repository.ts'
import { countBookEdits, insertBookEdits, listBookEditsByUserPage, listBookEditsPage } from '#/modules/books/books.history.repository.ts'
import {
  asksEverything,
  countMatches,
  findYearBounds,
  listCarriedCategories,
  listWeekReviewCounts,
  SEARCH_COUNT_CAP,
  searchCandidates,
  walkMatches,
  type SearchCandidates,
  type SearchRequest,
  type WalkKey,
} from '#/modules/books/books.search.repository.ts'
import { toSearchWords, wordsOf } from '#/modules/books/books.search-terms.ts'
import { countBooksByName, listBooksByNamePage, type NameField } from '#/modules/books/books.by-name.repository.ts'
import {
  findBookIdByIsbn,
  listBookIdsByIsbns,
  listImportCandidates,
  listOwnUnclaimedByIsbns,
  listSameTitleAndAuthor,
  listUnclaimedIsbnHolders,
} from '#/modules/books/books.duplicates.repository.ts'
import { familyName, sameAuthor, titleKey, withoutSeries } from '#/modules/books/books.import-match.ts'
import { NO_UPLOAD_CLAIMS, type UploadClaims } from '#/modules/uploads/uploads.service.ts'
import { createMemo } from '#/memo.ts'
import { createWorkGate } from '#/work-gate.ts'

/** A search that ranked at least this many matches is kept a few seconds like a very common word's. */
const COSTLY_SEARCH_MATCHES = 100

export interface BooksDeps {
  db: Db
  /** Told when a cover shows an upload, so it is never removed. */
  uploads?: UploadClaims
}

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

/** A book's own columns as the add and edit forms give them. */
const fieldsOf = (input: CreateBookInput) => ({
  title: input.title,
  author: input.author,
  publisher: input.publisher,
  description: input.description,
  coverImage: input.coverImage,
  publishedDate: input.publishedDate,
  language: canonicalLanguage(input.language),
  edition: input.edition,
  pageCount: input.pageCount,
  amazonLink: input.amazonLink,
  isbn: input.isbn || null,
  category: input.category,
})

// ---- A book's identity and history (decision 0023) ------------------------------------------

/**
 * A title or author as the identity rule compares them: its words with letter case, accents,
 * spacing and punctuation set aside (the duplicates check's key); a text without any word as written.
 * Equality of keys is an equivalence, so small corrections cannot add up to another book.
 */
const identityKey = (text: string): string => wordsOf(text).join(' ') || text.trim()

/** An ISBN as the identity rule compares it: an ISBN-10 as its ISBN-13, the same book written the other way. */
const isbnKey = (isbn: string): string => (isIsbn10Shape(isbn) ? withIsbn13Check(`978${isbn.slice(0, 9)}`) : isbn)

/** A book's fields as its history records them: text, or null for none; linked readers by user id. */
type EditSnapshot = Record<BookEditField, string | null>

const textOf = (v: string | number | null | undefined): string | null => (v === null || v === undefined || v === '' ? null : String(v))

function snapshotOf(
  book: Omit<EditableBook, 'id' | 'createdByUserId' | 'isbn' | 'unclaimedIsbn' | 'genres'> & { isbn: string | null },
  genres: string[],
): EditSnapshot {
  return {
    title: textOf(book.title),
    author: textOf(book.author),
    author_username: book.authorUserId,
    publisher: textOf(book.publisher),
    publisher_username: book.publisherUserId,
    listed_by_username: book.listedByUserId,
    description: textOf(book.description),
    coverImage: textOf(book.coverImage),
    publishedDate: textOf(book.publishedDate),
    language: textOf(book.language),
    edition: textOf(book.edition),
    pageCount: textOf(book.pageCount),
    amazonLink: textOf(book.amazonLink),
    isbn: textOf(book.isbn),
    genre: textOf([...genres].sort().join(', ')),
    category: textOf(book.category),
  }
}

/** The history rows of one edit: a row per field whose value changed. */
function editRowsOf(bookId: string, userId: string, before: Partial<EditSnapshot>, after: Partial<EditSnapshot>) {
  const editedAt = nowIso()
  return (Object.keys(after) as BookEditField[])
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => ({ id: uuidv7(), bookId, userId, field, oldValue: before[field] ?? null, newValue: after[field] ?? null, editedAt }))
}

/** Edits a reader's export reads per page. */
const EXPORT_EDITS_PAGE = 500

/** Waits for a write of a book; the unique index decides an ISBN, so two racing writes cannot both hold one. */
async function isbnChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BOOK_MESSAGES.isbnTaken)
    throw err
  }
}

export const createBooksService = ({ db, uploads = NO_UPLOAD_CLAIMS }: BooksDeps) => {
  /**
   * The readers a book links to, from the form: named users resolved in any letter case (400 naming
   * an unknown one); the role links the submitter as author or publisher (their Created list) or,
   * with none, as the lister (their Listed list).
   */
  const linksOf = async (actor: Actor, input: CreateBookInput) => {
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
    return {
      authorUserId: role === 'author' ? me.id : authorId,
      publisherUserId: role === 'publisher' ? me.id : publisherId,
      listedByUserId: role === 'none' ? me.id : null,
    }
  }

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

    /** The catalogue's version: changes whenever a book is added, corrected or removed (for other modules' memos of books). */
    catalogueVersion: () => findCatalogueVersion(db),

    /** A book's page count (null when unknown), for checking a reader's progress; 404 'Book not found' when absent. */
    async pageCount(id: string): Promise<number | null> {
      const pages = await findBookPageCount(db, id)
      if (pages === undefined) throw notFound(MESSAGES.bookNotFound)
      return pages
    },

    /** 404 'Book not found' unless the book exists. */
    async assertExists(id: string): Promise<void> {
      if (!(await bookExists(db, id))) throw notFound(MESSAGES.bookNotFound)
    },

    /**
     * The rating ledger (books.ratings.repository.ts, decision 0024): the one writer of a book's
     * rating counters and average. Reviews and the reading log tell it every change of a rating, in
     * the transaction that makes the change (`trx`).
     */
    ratings: {
      /** Moves a book's counters and average by one change of its ratings; false when the book is absent. */
      move: (trx: Db, bookId: string, change: RatingMove): Promise<boolean> => moveBookRatings(trx, bookId, change),
      /** A new review's rating in, answering the book part of the Review (one statement); undefined when the book is absent. */
      addReview: (trx: Db, bookId: string, rating: number): Promise<Review['book'] | undefined> => addNewReviewRating(trx, bookId, rating),
      /** A reader's reviews' ratings out of all their books, before the reviews are deleted. */
      takeOutReviewsOf: (trx: Db, userId: string): Promise<void> => takeOutRatingsOf(trx, userId, 'reviews'),
      /** A reader's lone ratings out of all their books, before their reading log is deleted. */
      takeOutLoneRatingsOf: (trx: Db, userId: string): Promise<void> => takeOutRatingsOf(trx, userId, 'lone'),
    },

    /** One page of the catalogue in one order. */
    async list(query: BookListQuery & { limit: number }): Promise<Page<Book>> {
      const after = query.cursor ? keysetOf(query.sort, query.cursor) : undefined
      const { books, next } = await listBooksPage(db, { sort: query.sort, limit: query.limit, after })
      const total = await catalogueSize.get('books', () => countBooks(db), { version: await findCatalogueVersion(db) })
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
      const total = after ? await catalogueSize.get('books', () => countBooks(db), { version: await findCatalogueVersion(db) }) : await countBooks(db)
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
        const req = searchRequestOf(query)
        // One read of the catalogue's version serves the count and the ranking alike.
        const version = await findCatalogueVersion(db)
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
      const req = searchRequestOf(query)
      const { total, ranked } = await costly.run(async () => {
        const version = await findCatalogueVersion(db)
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

    /** What Browse's filters offer: the catalogue's years and the categories books carry. */
    facets: async (): Promise<BookFacets> =>
      facetsMemo.get(
        'facets',
        async () => {
          const [years, categories] = await Promise.all([findYearBounds(db), listCarriedCategories(db, CATEGORIES)])
          return { ...years, categories }
        },
        { version: await findCatalogueVersion(db) },
      ),

    /**
     * The books a new one may repeat (at most DUPLICATES_MAX): the one with the same ISBN first, then
     * those with the same title and author (letter case, accents and punctuation aside), each with why.
     */
    async duplicates(query: BookDuplicatesQuery): Promise<BookDuplicate[]> {
      const [byIsbn, unclaimed, byName] = await Promise.all([
        query.isbn ? findBookIdByIsbn(db, query.isbn) : undefined,
        query.isbn ? listUnclaimedIsbnHolders(db, query.isbn, DUPLICATES_MAX) : [],
        query.title && query.author ? listSameTitleAndAuthor(db, query.title, query.author) : [],
      ])
      const reasons = new Map<string, DuplicateReason[]>()
      if (byIsbn) reasons.set(byIsbn, ['isbn'])
      // Books imports made with this ISBN: possible duplicates of the one holding it, for the merge path.
      for (const id of unclaimed) reasons.set(id, ['isbn_unclaimed'])
      for (const id of byName) reasons.set(id, [...(reasons.get(id) ?? []), 'title_author'])
      const books = await listBooksByIds(db, [...reasons.keys()])
      // The ISBN's book, then books an import made with it, then the most reviewed, then the first added (the one others were copied from).
      const rank = (b: Book) => ['isbn', 'isbn_unclaimed'].indexOf(reasons.get(b._id)![0]!) >>> 0
      books.sort((a, b) => rank(a) - rank(b) || b.totalReviews - a.totalReviews || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
      return books.slice(0, DUPLICATES_MAX).map((book) => ({ book, reasons: reasons.get(book._id)! }))
    },

    /**
     * The catalogue books an imported row may be (decision 0020): the book with one of its ISBNs, else
     * the books whose title and author agree with the row's by the import rule (books.import-match.ts),
     * most reviewed first. Never a book by another author. An ISBN an import's book carries without
     * holding it (decision 0023) is taken only for the reader whose import made that book (`userId`),
     * and for them before the book holding it, where their history already is; for anyone else
     * such a book is found by its title and author alone.
     */
    async importMatches(
      row: { title: string; author: string; isbns: string[]; userId?: string },
      on: Db = db,
    ): Promise<{ byIsbn: string | undefined; candidates: Book[] }> {
      const own = row.userId ? await listOwnUnclaimedByIsbns(on, row.userId, row.isbns) : []
      const byIsbn = own.length ? own : await listBookIdsByIsbns(on, row.isbns)
      if (byIsbn.length) {
        // An ISBN-13 before its ISBN-10, as the row lists them.
        const first = row.isbns.map((i) => byIsbn.find((b) => b.isbn === i)).find((b) => b !== undefined)
        return { byIsbn: first?.id, candidates: [] }
      }
      const family = familyName(row.author)
      const title = withoutSeries(row.title)
      if (!family) return { byIsbn: undefined, candidates: [] }
      const key = titleKey(row.title)
      // In the caller's transaction, as the ISBN lookup: a book an earlier row of the same batch made is found too.
      const found = (await listImportCandidates(on, title, family)).filter((c) => titleKey(c.title) === key && sameAuthor(c.author, row.author))
      if (!found.length) return { byIsbn: undefined, candidates: [] }
      const books = await listBooksByIds(
        on,
        found.map((c) => c.id),
      )
      books.sort((a, b) => b.totalReviews - a.totalReviews || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
      return { byIsbn: undefined, candidates: books }
    },

    /**
     * Adds a book made from an imported row, listed by the reader who imported it, under the rules of
     * the Add Book form (400 naming the field otherwise). A year alone is kept as the year's first
     * day, the catalogue's dates being days. Its ISBN is shown but held against nobody (decision
     * 0023): a reader adding that book by hand is never refused for it, and the importer claims it
     * by saving the book through the edit form. Answers the new book's id.
     */
    async createFromImport(
      userId: string,
      row: { title: string; author: string; isbn: string | null; pages: number | null; year: number | null; publisher: string | null },
      /** The caller's transaction, when the book is one write of several. */
      on?: Db,
    ): Promise<string> {
      const parsed = CreateBookInputSchema.safeParse({
        title: row.title,
        author: row.author,
        isbn: row.isbn ?? '',
        pageCount: row.pages && row.pages <= 100_000 ? row.pages : null,
        publishedDate: row.year && row.year >= 1 && row.year <= new Date().getUTCFullYear() + 5 ? `${String(row.year).padStart(4, '0')}-01-01` : null,
        publisher: (row.publisher ?? '').slice(0, 200),
      })
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw badRequest(`${issue.path.join('.') || 'book'}: ${issue.message}`)
      }
      const id = uuidv7()
      const now = nowIso()
      const fields = fieldsOf(parsed.data)
      const book = {
        id,
        ...fields,
        isbn: null,
        unclaimedIsbn: fields.isbn,
        authorUserId: null,
        publisherUserId: null,
        listedByUserId: userId,
        createdByUserId: userId,
        createdAt: now,
        updatedAt: now,
      }
      await (on ? insertBookWithGenres(on, book, []) : db.transaction().execute((trx) => insertBookWithGenres(trx, book, [])))
      return id
    },

    /**
     * Adds a book for the signed-in submitter. The server sets ids, ratings, counts and timestamps;
     * named users are resolved case-insensitively (400 when unknown); the role decides whose list the
     * book lands on: author/publisher link the submitter as such (their Created list), none makes
     * them the lister (their Listed list). 409 when the ISBN is taken.
     */
    async create(actor: Actor, input: CreateBookInput): Promise<Book> {
      const links = await linksOf(actor, input)
      const id = uuidv7()
      const now = nowIso()
      const book = {
        id,
        ...fieldsOf(input),
        ...links,
        createdByUserId: actor.id,
        createdAt: now,
        updatedAt: now,
      }
      await isbnChecked(
        db.transaction().execute(async (trx) => {
          await insertBookWithGenres(trx, book, genresOf(input.genre))
          await uploads.claim(book.coverImage, 'coverImage', trx)
        }),
      )
      return get(id)
    },

    /**
     * Corrects a book: only the reader who added it may (404 'Book not found' for anyone else, as
     * for an absent book), with the whole form under the same rules as adding. Ratings, reviews and
     * who added it stay. A cover that is no longer shown is let go of. 409 when the ISBN is another
     * book's; 409 saying what to do instead when the title, author or ISBN would become another
     * book's while other readers rely on it (decision 0023). Every changed field is recorded in the
     * book's history. An ISBN an import left unclaimed is claimed here when no other book holds it.
     */
    async update(actor: Actor, id: string, input: CreateBookInput): Promise<Book> {
      const links = await linksOf(actor, input)
      await isbnChecked(
        db.transaction().execute(async (trx) => {
          // Locked first: a reader shelving or reviewing the book meanwhile lands before the count below, or after the edit.
          const old = await findEditableBookForWrite(trx, id)
          if (!old || old.createdByUserId !== actor.id) throw notFound(MESSAGES.bookNotFound)
          const fields = fieldsOf(input)
          const genres = genresOf(input.genre)
          const shownIsbn = old.isbn ?? old.unclaimedIsbn
          const changed = IDENTITY_FIELDS.filter((f: IdentityField) =>
            f === 'isbn' ? isbnKey(shownIsbn ?? '') !== isbnKey(fields.isbn ?? '') : identityKey(old[f]) !== identityKey(fields[f]),
          )
          if (changed.length) {
            const others = await countOtherReaders(trx, id, actor.id)
            if (others > 0) throw conflict(BOOK_MESSAGES.identityLocked(others, changed))
          }
          // The form's ISBN is claimed, as adding claims it (409 when another book holds it); an
          // import's ISBN sent back as it was stays unclaimed while another book holds it, so the
          // rest of the edit still goes through.
          let isbn = fields.isbn
          let unclaimedIsbn: string | null = null
          if (isbn !== null && old.isbn === null && isbn === old.unclaimedIsbn) {
            const holder = await findBookIdByIsbn(trx, isbn)
            if (holder !== undefined && holder !== id) [isbn, unclaimedIsbn] = [null, isbn]
          }
          await updateBookWithGenres(trx, id, { ...fields, isbn, unclaimedIsbn, ...links, updatedAt: nowIso() }, genres)
          await uploads.replace(old.coverImage, input.coverImage, 'coverImage', trx)
          const before = snapshotOf({ ...old, isbn: shownIsbn }, old.genres)
          const after = snapshotOf({ ...fields, ...links }, genres)
          await insertBookEdits(trx, editRowsOf(id, actor.id, before, after))
          await countCatalogueEdit(trx)
        }),
      )
      return get(id)
    },

    /** One page of a book's history, newest first (`limit`, default BOOK_HISTORY_DEFAULT_LIMIT); 404 'Book not found' when absent. */
    async history(id: string, query: BookHistoryQuery): Promise<Page<BookEdit>> {
      const limit = query.limit ?? BOOK_HISTORY_DEFAULT_LIMIT
      const after = query.cursor ? decodeKeyset(query.cursor, ['id'] as const)[0] : undefined
      if (!(await bookExists(db, id))) throw notFound(MESSAGES.bookNotFound)
      const [{ edits, next }, total] = await Promise.all([listBookEditsPage(db, id, { limit, after }), countBookEdits(db, id)])
      return { items: edits, total, ...(next ? { nextCursor: encodeCursor([next]) } : {}) }
    },

    /**
     * The edits a reader made to any book, oldest first, EXPORT_EDITS_PAGE at a time, for their
     * export: pass a page's `next` to read the following one (none after the last).
     */
    editsBy: (userId: string, after?: string): Promise<{ edits: BookEdit[]; next?: string }> =>
      listBookEditsByUserPage(db, userId, { limit: EXPORT_EDITS_PAGE, after }),

    /**
     * Deletes a book its adder no longer wants in the catalogue: 404 for anyone else; 409 saying why
     * when other readers rely on it (reviewed, rated, shelved or logged it: their history is not ours to take). The
     * adder's own review and list entries go with it, in one transaction; its cover is let go of.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const owner = await findBookOwnershipForWrite(trx, id)
        if (!owner || owner.createdByUserId !== actor.id) throw notFound(MESSAGES.bookNotFound)
        const others = await countOtherReaders(trx, id, actor.id)
        if (others > 0) throw conflict(BOOK_MESSAGES.inOthersLists(others))
        await deleteBookWithOwnRows(trx, id)
        await uploads.release(owner.coverImage, trx)
        await countCatalogueEdit(trx)
      })
    },

    /**
     * Removes the caller's credit as the book's linked author or publisher (both, when both are
     * theirs); the names printed on the book stay. 404 'You are not credited on this book' when
     * neither link is theirs (or there is no such book). A book the caller added stays theirs to
     * edit: when no credit is left it moves to their Listed books.
     */
    async removeCredit(actor: Actor, id: string): Promise<Book> {
      await db.transaction().execute(async (trx) => {
        const owner = await findBookOwnershipForWrite(trx, id)
        if (!owner || (owner.authorUserId !== actor.id && owner.publisherUserId !== actor.id)) throw notFound(BOOK_MESSAGES.notCredited)
        const authorUserId = owner.authorUserId === actor.id ? null : owner.authorUserId
        const publisherUserId = owner.publisherUserId === actor.id ? null : owner.publisherUserId
        const listedByUserId = owner.createdByUserId === actor.id && !owner.listedByUserId ? actor.id : owner.listedByUserId
        await updateBookLinks(trx, id, { authorUserId, publisherUserId, listedByUserId, updatedAt: nowIso() })
        await insertBookEdits(
          trx,
          editRowsOf(
            id,
            actor.id,
            { author_username: owner.authorUserId, publisher_username: owner.publisherUserId, listed_by_username: owner.listedByUserId },
            { author_username: authorUserId, publisher_username: publisherUserId, listed_by_username: listedByUserId },
          ),
        )
        await countCatalogueEdit(trx)
      })
      return get(id)
    },
  }
}

export type BooksService = ReturnType<typeof createBooksService>

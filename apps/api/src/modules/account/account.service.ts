import { AccountExportSchema, MESSAGES, type AccountDeleteInput, type Book, type ExportLibraryEntry } from '@shelfwise/contracts'
import { csvLine, GOODREADS_EXPORT_COLUMNS } from '@shelfwise/library-files'
import { z } from 'zod'
import { dialectOf, nowIso, type Db } from '#/db/portable.ts'
import { unauthorized } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import { createWorkGate, yieldToLoop } from '#/work-gate.ts'
import type { Cursor, DoorSection, ExportSections, LibraryParts, LogPart, PageReader, ReaderData, ReaderDataDoor, ReviewPart } from '#/reader-data.ts'
import type { AuthService } from '#/modules/auth/auth.service.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import { goodreadsRow, isOnAShelf, type GoodreadsEdition } from '#/modules/account/account.goodreads.ts'

// The reader's data taken away and the account closed (issue 14, decision 0019). Every module
// holding a reader's rows gives them through its door (src/reader-data.ts); this module puts the
// doors' parts together and names no table. Exports are written page by page as they are read: a
// reader with 50,000 books is read in bounded pages along indexes, each page taking its turn (one at
// a time on SQLite) with the event loop let go between pages, and the answer streams out without the
// whole file ever being held.

export interface AccountDeps {
  db: Db
  auth: Pick<AuthService, 'checkPassword'>
  books: Pick<BooksService, 'listByIds' | 'getForViewer' | 'exportDetails'>
  /** Every module's door to a reader's data (src/reader-data-doors.ts). */
  readerData: ReaderData
  /** Rows read per page (tests make them small to cross many pages). */
  pages?: { library?: number; ids?: number }
}

/** Books read per page of an export (log entries, then their books, reviews, reads and progress). */
const LIBRARY_PAGE = 200
/** Items of the export's other lists read per page. */
const ID_PAGE = 1000

/** The sections doors fill whole, in the export's order, and the parts of each library entry. */
const SECTIONS = Object.keys(AccountExportSchema.shape).filter((k) => k !== 'exportedAt' && k !== 'library') as DoorSection[]
const LIBRARY_PARTS = ['log', 'reviews', 'shelves'] as const satisfies readonly (keyof LibraryParts)[]

/**
 * The doors' parts of one reader's export (nothing is read until asked for). Each section and each
 * part of the library comes from exactly one door, and a door gives every section its tables say
 * they are exported in; anything else is a wiring mistake, thrown.
 */
function partsOf(doors: readonly ReaderDataDoor[], db: Db, userId: string): { sections: ExportSections; library: LibraryParts } {
  const sections: Record<string, unknown> = {}
  const library: Record<string, unknown> = {}
  for (const door of doors) {
    const given = door.exportFor(db, userId)
    for (const [into, parts] of [
      [sections, given.sections],
      [library, given.library],
    ] as const) {
      for (const [key, part] of Object.entries(parts ?? {})) {
        if (key in into) throw new Error(`Two doors give the export's ${key}`)
        into[key] = part
      }
    }
    for (const [table, cover] of Object.entries(door.tables)) {
      const owed = cover && 'in' in cover.exported ? cover.exported.in : []
      const gives = (s: string) => (s === 'library' ? Object.keys(given.library ?? {}).length > 0 : s in (given.sections ?? {}))
      for (const s of owed) if (!gives(s)) throw new Error(`The ${door.module} door says ${table} is exported in ${s} but gives no ${s}`)
    }
  }
  const missing = [...SECTIONS.filter((k) => !(k in sections)), ...LIBRARY_PARTS.filter((k) => !(k in library)).map((k) => `library's ${k}`)]
  if (missing.length) throw new Error(`No door gives the export's ${missing.join(', ')}`)
  return { sections: sections as unknown as ExportSections, library: library as unknown as LibraryParts }
}

/** A library entry for the exports, with what only the CSV needs: the reader's edition (its ISBN and format) and shelves. */
interface Item {
  entry: ExportLibraryEntry
  averageRating: number
  edition: GoodreadsEdition
  shelves: { name: string; position: number }[]
}

const exportBook = (b: Book): ExportLibraryEntry['book'] => ({
  _id: b._id,
  title: b.title,
  author: b.author,
  isbn: b.isbn,
  publisher: b.publisher,
  publishedDate: b.publishedDate,
  pageCount: b.pageCount,
  language: b.language,
  edition: b.edition,
})

const earlier = (a: string, b: string | undefined) => (b !== undefined && b < a ? b : a)

/** The binding, other contributors and first year of the works and editions of a page (decision 0031), by id. */
type Details = Map<
  string,
  { title: string | null; author: string | null; binding: string | null; additionalAuthors: string | null; originalYear: number | null }
>

/** A book's entry from what the log and the reviews hold of it (one of them at least). */
const itemOf = (book: Book, log: LogPart | undefined, review: ReviewPart['review'] | undefined, edition?: Book, details: Details = new Map()): Item => ({
  averageRating: book.averageRating,
  // The edition the reader names (decision 0031), else the work's shown one.
  edition: ((e: Book) => ({
    isbn: e.isbn,
    format: e.format ?? null,
    publisher: e.publisher,
    pageCount: e.pageCount,
    publishedDate: e.publishedDate,
    title: details.get(e.editionId ?? e._id)?.title ?? null,
    author: details.get(e.editionId ?? e._id)?.author ?? null,
    binding: details.get(e.editionId ?? e._id)?.binding ?? null,
    additionalAuthors: details.get(e.editionId ?? e._id)?.additionalAuthors ?? null,
    originalYear: details.get(book._id)?.originalYear ?? null,
  }))(edition ?? book),
  shelves: [],
  entry: {
    book: exportBook(book),
    status: log?.status ?? null,
    // A review without stars (rating 0, decision 0029) leaves the rating given without a review.
    rating: review?.rating || log?.rating || null,
    reads: log?.reads ?? [],
    review: review ?? null,
    addedAt: log ? earlier(log.addedAt, review?.createdAt) : review!.createdAt,
    editionId: log?.editionId ?? null,
    owned: log?.owned ?? null,
    privateNotes: log?.privateNotes ?? null,
    statusPosition: log?.statusPosition ?? null,
    visibility: log?.visibility ?? null,
    progressUnit: log?.progressUnit ?? null,
  },
})

export const createAccountService = ({ db, auth, books, readerData, pages = {} }: AccountDeps) => {
  const PAGE = pages.library ?? LIBRARY_PAGE
  const IDS = pages.ids ?? ID_PAGE
  const doors = [readerData.account, ...readerData.doors]
  // Wiring mistakes fail at start, not on a reader's download.
  partsOf(doors, db, '')
  // Export pages take turns, as the catalogue's costly reads do (decision 0015).
  const gate = createWorkGate({ concurrency: dialectOf(db) === 'postgres' ? 2 : 1 })

  /**
   * The reader's library, page by page: the books of their reading log along its key, each with its
   * review, then the books they reviewed without logging, newest review first. Each book comes once.
   */
  /** The editions some entries name, each read by its id (a page's entries: at most PAGE reads, each along a primary key). */
  async function editionsOf(entries: LogPart[]): Promise<Map<string, Book>> {
    const found = new Map<string, Book>()
    for (const id of new Set(entries.flatMap((l) => (l.editionId ? [l.editionId] : [])))) {
      // An edition removed since the page was read leaves the work's shown one.
      const edition = await books.getForViewer(id, undefined).catch(() => undefined)
      if (edition) found.set(id, edition)
    }
    return found
  }

  async function* library({ log, reviews, shelves }: LibraryParts): AsyncGenerator<Item[]> {
    for (let after: Cursor | undefined; ;) {
      const { items, next } = await gate.run(async () => {
        const page = await log.pages(after, PAGE)
        const ids = page.items.map((l) => l.bookId)
        const [found, reviewed, shelved, editions] = ids.length
          ? await Promise.all([books.listByIds(ids), reviews.ofBooks(ids), shelves.ofBooks(ids), editionsOf(page.items)])
          : [[], [], new Map<string, Item['shelves']>(), new Map<string, Book>()]
        const bookById = new Map(found.map((b) => [b._id, b]))
        const reviewByBook = new Map(reviewed.map((r) => [r.bookId, r.review]))
        const editionIds = [...editions.values()].flatMap((e) => (e.editionId ? [e.editionId] : []))
        const details = ids.length ? await books.exportDetails(ids, editionIds) : new Map()
        // A book deleted from the catalogue since the page was read took its entry with it.
        const items = page.items.flatMap((l) => {
          const book = bookById.get(l.bookId)
          const edition = l.editionId ? editions.get(l.editionId) : undefined
          return book ? [{ ...itemOf(book, l, reviewByBook.get(l.bookId), edition, details), shelves: shelved.get(l.bookId) ?? [] }] : []
        })
        return { items, next: page.next }
      })
      if (items.length) yield items
      if (next === undefined) break
      after = next
      await yieldToLoop()
    }
    for (let after: Cursor | undefined; ;) {
      await yieldToLoop()
      const { items, next } = await gate.run(async () => {
        const page = await reviews.pages(after, PAGE)
        const logged = await log.loggedAmong(page.items.map((r) => r.bookId))
        const only = page.items.filter((r) => !logged.has(r.bookId))
        const bookById = new Map((only.length ? await books.listByIds(only.map((r) => r.bookId)) : []).map((b) => [b._id, b]))
        const details = only.length
          ? await books.exportDetails(
              only.map((r) => r.bookId),
              [],
            )
          : new Map()
        const items = only.flatMap((r) => {
          const book = bookById.get(r.bookId)
          return book ? [itemOf(book, undefined, r.review, undefined, details)] : []
        })
        return { items, next: page.next }
      })
      if (items.length) yield items
      if (next === undefined) break
      after = next
    }
  }

  /** Every page of a list, as JSON array items joined by commas. */
  async function* listItems<T>(pagesOf: PageReader<T>): AsyncGenerator<string> {
    let first = true
    for (let after: Cursor | undefined; ;) {
      const page = await gate.run(() => pagesOf(after, IDS))
      if (page.items.length) {
        yield `${first ? '' : ','}${page.items.map((i) => JSON.stringify(i)).join(',')}`
        first = false
      }
      if (page.next === undefined) break
      after = page.next
      await yieldToLoop()
    }
  }

  /** A section's JSON as its contract shapes it: a list page by page, an object of lists key by key, a value once. */
  async function* sectionJson(schema: z.ZodType, part: unknown): AsyncGenerator<string> {
    if (schema instanceof z.ZodArray) {
      yield '['
      yield* listItems((part as { pages: PageReader<unknown> }).pages)
      yield ']'
    } else if (schema instanceof z.ZodObject && Object.values(schema.shape).every((s) => s instanceof z.ZodArray)) {
      let first = true
      for (const [key, inner] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        yield `${first ? '{' : ','}${JSON.stringify(key)}:`
        yield* sectionJson(inner, (part as Record<string, unknown>)[key])
        first = false
      }
      yield '}'
    } else {
      yield JSON.stringify(await gate.run(() => (part as { value: () => Promise<unknown> }).value()))
    }
  }

  /** The doors' parts of the reader's export and their profile; 401 when the account was closed since the token was good. */
  const exportOf = async (actor: Actor) => {
    const parts = partsOf(doors, db, actor.id)
    const profile = await parts.sections.profile.value()
    if (!profile) throw unauthorized(MESSAGES.authFailed)
    return { ...parts, profile }
  }

  return {
    /**
     * The reader's library as Goodreads's "Export Library" CSV (its 24 columns), line by line: the
     * header, then one line per book with a status, a rating, a review or a finished read.
     */
    async goodreadsCsv(actor: Actor): Promise<AsyncGenerator<string>> {
      const { library: parts } = await exportOf(actor)
      return (async function* () {
        yield csvLine(GOODREADS_EXPORT_COLUMNS)
        for await (const items of library(parts)) {
          const lines = items.filter((i) => isOnAShelf(i.entry)).map((i) => csvLine(goodreadsRow(i.entry, i.averageRating, i.edition, i.shelves)))
          if (lines.length) yield lines.join('')
        }
      })()
    },

    /** Everything the reader owns, as the JSON text of AccountExportSchema, piece by piece, in the contract's order. */
    async exportJson(actor: Actor): Promise<AsyncGenerator<string>> {
      const { sections, library: parts, profile } = await exportOf(actor)
      return (async function* () {
        let first = true
        for (const [key, schema] of Object.entries(AccountExportSchema.shape as Record<string, z.ZodType>)) {
          yield `${first ? '{' : ','}${JSON.stringify(key)}:`
          first = false
          if (key === 'exportedAt') yield JSON.stringify(nowIso())
          else if (key === 'profile') yield JSON.stringify(profile)
          else if (key === 'library') {
            yield '['
            let firstItem = true
            for await (const items of library(parts)) {
              yield `${firstItem ? '' : ','}${items.map((i) => JSON.stringify(i.entry)).join(',')}`
              firstItem = false
            }
            yield ']'
          } else yield* sectionJson(schema, sections[key as DoorSection])
        }
        yield '}'
      })()
    },

    /**
     * Closes the reader's account once their current password is checked (400 'Current password is
     * incorrect' otherwise, with nothing touched). In one transaction: the account row is locked, every
     * door removes the reader's rows in its turn (follows, reviews out of their books' counts and
     * averages, the reading log, goals, links on books cleared, uploads let go of for the sweep,
     * imports, kept sessions), then the account row goes. Books they listed, created or are credited
     * on stay, without the link to them.
     */
    async deleteAccount(actor: Actor, input: AccountDeleteInput): Promise<void> {
      await auth.checkPassword(actor, input.password)
      const gone = await db.transaction().execute(async (trx) => {
        // Users are locked before books by every writer: the reader first, then the doors in their order.
        if (!(await readerData.account.lockFor(trx, actor.id))) return false
        for (const door of readerData.doors) await door.removeFor(trx, actor.id)
        await readerData.account.removeFor(trx, actor.id)
        return true
      })
      if (!gone) throw unauthorized(MESSAGES.authFailed)
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>

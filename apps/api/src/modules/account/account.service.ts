import { GOODREADS_EXPORT_COLUMNS, MESSAGES, type AccountDeleteInput, type Book, type ExportLibraryEntry } from '@shelfwise/contracts'
import { csvLine } from '#/csv/write.ts'
import { dialectOf, nowIso, type Db } from '#/db/portable.ts'
import { unauthorized } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import { createWorkGate, yieldToLoop } from '#/work-gate.ts'
import type { AuthService } from '#/modules/auth/auth.service.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'
import type { StatsService } from '#/modules/stats/stats.service.ts'
import { goodreadsRow, isOnAShelf } from '#/modules/account/account.goodreads.ts'
import {
  deleteFollows,
  deleteReadingLog,
  deleteUser,
  findProfile,
  listEntryPage,
  listFollowPage,
  listOwnBookIds,
  listProgressOfReads,
  listReadsOfBooks,
  listReviewOnlyPage,
  listReviewsOfBooks,
  lockAccount,
  type EntryRow,
  type ReviewRow,
} from '#/modules/account/account.repository.ts'

// The reader's data taken away and the account closed (issue 14, decision 0019). Exports are written
// page by page as they are read: a reader with 50,000 books is read in bounded pages along indexes,
// each page taking its turn (one at a time on SQLite) with the event loop let go between pages, and
// the answer streams out without the whole file ever being held.

export interface AccountDeps {
  db: Db
  auth: Pick<AuthService, 'checkPassword'>
  books: Pick<BooksService, 'listByIds' | 'editsBy'>
  reviews: Pick<ReviewsService, 'removeAllBy'>
  uploads: Pick<UploadsService, 'releaseAllOf'>
  stats: Pick<StatsService, 'goalsOf'>
  /** Rows read per page (tests make them small to cross many pages). */
  pages?: { library?: number; ids?: number }
}

/** Books read per page of an export (entries, then their books, reviews, reads and progress). */
const LIBRARY_PAGE = 200
/** People and book ids read per page of the export's lists. */
const ID_PAGE = 1000

/** A library entry for the exports, with what only the CSV needs. */
interface Item {
  entry: ExportLibraryEntry
  averageRating: number
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

const exportReview = (r: ReviewRow): NonNullable<ExportLibraryEntry['review']> => ({
  rating: r.rating,
  comment: r.comment,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})

const earlier = (a: string, b: string | undefined) => (b !== undefined && b < a ? b : a)

export const createAccountService = ({ db, auth, books, reviews, uploads, stats, pages = {} }: AccountDeps) => {
  const PAGE = pages.library ?? LIBRARY_PAGE
  const IDS = pages.ids ?? ID_PAGE
  // Export pages take turns, as the catalogue's costly reads do (decision 0015).
  const gate = createWorkGate({ concurrency: dialectOf(db) === 'postgres' ? 2 : 1 })

  /** The library entries of some of the reader's books, with their books, reviews, reads and (for the JSON) progress. */
  const itemsOf = async (userId: string, entries: EntryRow[], reviewsKnown: ReviewRow[] | undefined, withProgress: boolean): Promise<Item[]> => {
    const ids = entries.length ? entries.map((e) => e.bookId) : (reviewsKnown ?? []).map((r) => r.bookId)
    const [found, reviewRows, reads] = await Promise.all([
      books.listByIds(ids),
      reviewsKnown ?? listReviewsOfBooks(db, userId, ids),
      entries.length ? listReadsOfBooks(db, userId, ids) : [],
    ])
    const progress = withProgress
      ? await listProgressOfReads(
          db,
          reads.map((r) => r.id),
        )
      : []
    const bookById = new Map(found.map((b) => [b._id, b]))
    const reviewByBook = new Map(reviewRows.map((r) => [r.bookId, r]))
    const entryByBook = new Map(entries.map((e) => [e.bookId, e]))
    const readsByBook = Map.groupBy(reads, (r) => r.bookId)
    const progressByRead = Map.groupBy(progress, (p) => p.readId)
    return ids.flatMap((bookId): Item[] => {
      const book = bookById.get(bookId)
      // Deleted from the catalogue since the page was read: its entry went with it.
      if (!book) return []
      const e = entryByBook.get(bookId)
      const review = reviewByBook.get(bookId)
      return [
        {
          averageRating: book.averageRating,
          entry: {
            book: exportBook(book),
            status: e?.status ?? null,
            rating: review?.rating ?? e?.rating ?? null,
            reads: (readsByBook.get(bookId) ?? []).map((r) => ({
              startedOn: r.startedOn,
              finishedOn: r.finishedOn,
              stoppedOn: r.stoppedOn,
              outcome: r.outcome,
              progress: { page: r.page, percent: r.percent, minutes: r.minutes },
              removed: r.removed,
              progressUpdates: (progressByRead.get(r.id) ?? []).map((p) => ({ page: p.page, percent: p.percent, minutes: p.minutes, at: p.at })),
            })),
            review: review ? exportReview(review) : null,
            addedAt: e ? earlier(e.createdAt, review?.createdAt) : review!.createdAt,
          },
        },
      ]
    })
  }

  /**
   * The reader's library, page by page: the books of their reading log along its primary key, then
   * the books they reviewed without logging, newest review first. Each book comes once.
   */
  async function* library(userId: string, withProgress: boolean): AsyncGenerator<Item[]> {
    for (let after: string | undefined; ;) {
      const { rows, items } = await gate.run(async () => {
        const rows = await listEntryPage(db, userId, after, PAGE)
        return { rows, items: await itemsOf(userId, rows, undefined, withProgress) }
      })
      if (items.length) yield items
      if (rows.length < PAGE) break
      after = rows.at(-1)!.bookId
      await yieldToLoop()
    }
    for (let after: { createdAt: string; id: string } | undefined; ;) {
      await yieldToLoop()
      const { rows, items } = await gate.run(async () => {
        const rows = await listReviewOnlyPage(db, userId, after, PAGE)
        return { rows, items: await itemsOf(userId, [], rows, withProgress) }
      })
      if (items.length) yield items
      if (rows.length < PAGE) break
      const last = rows.at(-1)!
      after = { createdAt: last.createdAt, id: last.id }
    }
  }

  /** Every page of a list read in pages after its last key, as JSON array items joined by commas. */
  async function* jsonItems<R>(readPage: (after: R | undefined) => Promise<R[]>, size: number, write: (row: R) => unknown): AsyncGenerator<string> {
    let first = true
    for (let after: R | undefined; ;) {
      const rows = await gate.run(() => readPage(after))
      if (rows.length) yield `${first ? '' : ','}${rows.map((r) => JSON.stringify(write(r))).join(',')}`
      first = false
      if (rows.length < size) break
      after = rows.at(-1)!
      await yieldToLoop()
    }
  }

  const people = (userId: string, side: 'following' | 'followers') =>
    jsonItems(
      (after: { id: string; username: string; followedAt: string } | undefined) => listFollowPage(db, userId, side, after, IDS),
      IDS,
      (p) => ({ _id: p.id, username: p.username }),
    )

  const bookIds = (userId: string, kind: 'listed' | 'credited') =>
    jsonItems(
      (after: string | undefined) => listOwnBookIds(db, userId, kind, after, IDS),
      IDS,
      (id) => id,
    )

  /** The corrections the reader made to books, oldest first, a page at a time (the books module reads them). */
  async function* bookEdits(userId: string): AsyncGenerator<string> {
    let first = true
    for (let after: string | undefined; ;) {
      const page = await gate.run(() => books.editsBy(userId, after))
      if (page.edits.length) yield `${first ? '' : ','}${page.edits.map((e) => JSON.stringify(e)).join(',')}`
      first = false
      if (!page.next) break
      after = page.next
      await yieldToLoop()
    }
  }

  const profileOf = async (actor: Actor) => {
    const profile = await findProfile(db, actor.id)
    // The token was good a moment ago; the account was closed since.
    if (!profile) throw unauthorized(MESSAGES.authFailed)
    return profile
  }

  return {
    /**
     * The reader's library as Goodreads's "Export Library" CSV (its 24 columns), line by line: the
     * header, then one line per book with a status, a rating, a review or a finished read.
     */
    async goodreadsCsv(actor: Actor): Promise<AsyncGenerator<string>> {
      await profileOf(actor)
      return (async function* () {
        yield csvLine(GOODREADS_EXPORT_COLUMNS)
        for await (const items of library(actor.id, false)) {
          const lines = items.filter((i) => isOnAShelf(i.entry)).map((i) => csvLine(goodreadsRow(i.entry, i.averageRating)))
          if (lines.length) yield lines.join('')
        }
      })()
    },

    /** Everything the reader owns, as the JSON text of AccountExportSchema, piece by piece. */
    async exportJson(actor: Actor): Promise<AsyncGenerator<string>> {
      const p = await profileOf(actor)
      const profile = {
        name: p.name,
        username: p.username,
        email: p.email,
        userType: p.userType,
        bio: p.bio,
        profileImage: p.profileImage,
        createdAt: p.createdAt,
      }
      return (async function* () {
        yield `{"exportedAt":${JSON.stringify(nowIso())},"profile":${JSON.stringify(profile)},"library":[`
        let first = true
        for await (const items of library(actor.id, true)) {
          yield `${first ? '' : ','}${items.map((i) => JSON.stringify(i.entry)).join(',')}`
          first = false
        }
        yield '],"follows":{"following":['
        yield* people(actor.id, 'following')
        yield '],"followers":['
        yield* people(actor.id, 'followers')
        yield ']},"booksListed":['
        yield* bookIds(actor.id, 'listed')
        yield '],"booksCredited":['
        yield* bookIds(actor.id, 'credited')
        yield '],"goals":'
        yield JSON.stringify(await gate.run(() => stats.goalsOf(actor.id)))
        yield ',"bookEdits":['
        yield* bookEdits(actor.id)
        yield ']}'
      })()
    },

    /**
     * Closes the reader's account once their current password is checked (400 'Current password is
     * incorrect' otherwise, with nothing touched). In one transaction: their follows both ways, their
     * reviews (out of their books' counts and averages), their reading log and lists (lone ratings
     * out of the averages by triggers), their uploads let go of for the sweep, their kept sessions and
     * the user row. Books they listed, created or are credited on stay, without the link to them.
     */
    async deleteAccount(actor: Actor, input: AccountDeleteInput): Promise<void> {
      await auth.checkPassword(actor, input.password)
      const gone = await db.transaction().execute(async (trx) => {
        // Users are locked before books by every writer: the reader, then the people they follow
        // and who follow them (the follows' triggers), then books (reviews, lone ratings).
        if (!(await lockAccount(trx, actor.id))) return false
        await deleteFollows(trx, actor.id)
        await reviews.removeAllBy(actor.id, trx)
        await deleteReadingLog(trx, actor.id)
        await uploads.releaseAllOf(actor.id, trx)
        return deleteUser(trx, actor.id)
      })
      if (!gone) throw unauthorized(MESSAGES.authFailed)
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>

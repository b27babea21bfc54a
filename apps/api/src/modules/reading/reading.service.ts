import { v7 as uuidv7 } from 'uuid'
import {
  isAfterDay,
  latestDayAnywhere,
  mayPrecede,
  MESSAGES,
  READING_MESSAGES,
  READING_STATUSES,
  READING_STATUS_LABELS,
  type LibraryEntry,
  type LibraryQuery,
  type Progress,
  type ProgressInput,
  type Read,
  type ReadInput,
  type ReadingEntry,
  type ReadingStatus,
  type ReadingUpdate,
} from '@shelfwise/contracts'
import { isForeignKeyViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { createMemo } from '#/memo.ts'
import { shared, type Shared } from '#/ready-json.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import {
  clearEntryRating,
  countLibrary,
  deleteRead,
  touchEntry,
  findEntry,
  findEntryRatingForChange,
  findLogVersion,
  findRead,
  findReviewRating,
  insertProgressUpdate,
  insertRead,
  listLibrary,
  listReads,
  listReadsOfBooks,
  setReadRemoved,
  syncProjections,
  updateEntry,
  updateRead,
  type ReadRow,
  type ReadValues,
} from '#/modules/reading/reading.repository.ts'

/** What an imported row says of a book (decision 0020): dates as in the file, never invented. */
export interface ImportPlan {
  status: ReadingStatus | null
  reads: { startedOn: string | null; finishedOn: string | null; stoppedOn: string | null; outcome: 'finished' | 'stopped' | null }[]
  /** A rating alone (a row with review text gives its rating to the review instead). */
  rating: number | null
}

export interface ReadingDeps {
  db: Db
  books: BooksService
  users: UsersService
}

const NO_PROGRESS: Progress = { page: null, percent: null, minutes: null }
/** A read with nothing known yet; the others below are this with what they know. */
const BLANK_READ: ReadValues = { startedOn: null, finishedOn: null, stoppedOn: null, outcome: null, finishedAt: null, progress: NO_PROGRESS }
const LIBRARY_DEFAULT_LIMIT = 50
/** How long a library page is reused (others' reviews move its books' averages within this time). */
const LIBRARY_TTL_MS = 5_000

const isOpen = (r: ReadRow) => r.outcome === null && r.removedAt === null

const toRead = (r: ReadRow): Read => ({
  _id: r.id,
  bookId: r.bookId,
  startedOn: r.startedOn,
  finishedOn: r.finishedOn,
  stoppedOn: r.stoppedOn,
  outcome: r.outcome,
  progress: r.progress,
  updatedAt: r.updatedAt,
})

/** The moment a finish on `day` (YYYY[-MM[-DD]]) orders at in Recently Read: its first instant, or now when it is today. */
const finishMoment = (day: string | null, today: string, now: string): string => {
  if (day === null || day === today) return now
  const [y, m = '01', d = '01'] = day.split('-')
  return new Date(`${y}-${m}-${d}T00:00:00.000Z`).toISOString()
}

/**
 * The reads of an import with every date after the latest date anywhere taken off (a file's Date Read
 * of 9999/12/31 would head Recently Read and followers' feeds for good), each one named in a note.
 * The read itself is kept, undated, as the file says it happened.
 */
function withoutFutureDates(reads: ImportPlan['reads'], now: Date, notes: string[]): ImportPlan['reads'] {
  const latest = latestDayAnywhere(now)
  return reads.map((read) => {
    const kept = { ...read }
    for (const field of ['startedOn', 'finishedOn', 'stoppedOn'] as const) {
      const date = read[field]
      if (date !== null && isAfterDay(date, latest)) {
        kept[field] = null
        notes.push(`The date ${date} was left out: it is after ${latest}, and no place on Earth has reached it yet`)
      }
    }
    return kept
  })
}

/** Checks a read's dates together: a finish or stop never before the start, never both. */
function checkDates(v: Pick<ReadValues, 'startedOn' | 'finishedOn' | 'stoppedOn'>): void {
  if (v.finishedOn !== null && v.stoppedOn !== null) throw badRequest(READING_MESSAGES.finishedAndStopped)
  if (v.startedOn !== null && v.finishedOn !== null && !mayPrecede(v.startedOn, v.finishedOn)) throw badRequest(READING_MESSAGES.finishBeforeStart)
  if (v.startedOn !== null && v.stoppedOn !== null && !mayPrecede(v.startedOn, v.stoppedOn)) throw badRequest(READING_MESSAGES.stopBeforeStart)
}

/** The progress a change leaves: the fields sent replace the old ones (null clears one). */
const mergeProgress = (old: Progress, p: ProgressInput | undefined): Progress =>
  p === undefined
    ? old
    : {
        page: p.page === undefined ? old.page : p.page,
        percent: p.percent === undefined ? old.percent : p.percent,
        minutes: p.minutes === undefined ? old.minutes : p.minutes,
      }

export const createReadingService = ({ db, books, users }: ReadingDeps) => {
  /** The book's page count (for progress checks); 404 when the book is absent. */
  const pagesOf = (bookId: string) => books.pageCount(bookId)

  const checkPage = (p: Progress, pages: number | null) => {
    if (p.page !== null && pages !== null && pages > 0 && p.page > pages) throw badRequest(READING_MESSAGES.pageBeyondBook(pages))
  }

  const entryOf = async (userId: string, bookId: string): Promise<ReadingEntry> => {
    const [entry, reads, reviewRating] = await Promise.all([findEntry(db, userId, bookId), listReads(db, userId, bookId), findReviewRating(db, userId, bookId)])
    const open = reads.find(isOpen)
    return {
      bookId,
      status: entry?.status ?? null,
      rating: reviewRating ?? entry?.rating ?? null,
      progress: open?.progress ?? NO_PROGRESS,
      reads: reads.filter((r) => r.removedAt === null).map(toRead),
      removedReads: reads.filter((r) => r.removedAt !== null).map(toRead),
    }
  }

  /**
   * Runs a change of one reader's log of one book in a transaction, then rewrites the spec's lists;
   * `listAfter` reads what the caller answers with inside the same transaction.
   */
  function change<T>(
    userId: string,
    bookId: string,
    fn: (trx: Db, at: string, statusBefore: ReadingStatus | null) => Promise<T>,
    listAfter?: undefined,
    syncIf?: () => boolean,
  ): Promise<T>
  function change<T, L>(
    userId: string,
    bookId: string,
    fn: (trx: Db, at: string, statusBefore: ReadingStatus | null) => Promise<T>,
    listAfter: (trx: Db) => Promise<L>,
  ): Promise<{ on: T; list: L }>
  async function change<T, L>(
    userId: string,
    bookId: string,
    fn: (trx: Db, at: string, statusBefore: ReadingStatus | null) => Promise<T>,
    listAfter?: (trx: Db) => Promise<L>,
    syncIf: () => boolean = () => true,
  ) {
    try {
      return await db.transaction().execute(async (trx) => {
        const at = nowIso()
        // Every change of the log is a change of its entry: the library orders by it and is kept under it.
        const statusBefore = await touchEntry(trx, userId, bookId, at)
        const result = await fn(trx, at, statusBefore)
        // The spec's lists follow the status and the finished reads: a change of neither leaves them.
        if (syncIf()) await syncProjections(trx, userId, bookId, at)
        return listAfter ? { on: result, list: await listAfter(trx) } : result
      })
    } catch (err) {
      // The book was deleted meanwhile.
      if (isForeignKeyViolation(err)) throw notFound(MESSAGES.bookNotFound)
      throw err
    } finally {
      // Two changes in one millisecond leave the same newest time: this instance's count tells them apart.
      changesHere.set(userId, (changesHere.get(userId) ?? 0) + 1)
    }
  }

  /** Sets a status the way the reading control does: starting opens a read, finishing or stopping closes the open one (decision 0018). */
  const applyStatus = async (trx: Db, userId: string, bookId: string, status: ReadingStatus | null, today: string, at: string) => {
    const reads = await listReads(trx, userId, bookId)
    const open = reads.find(isOpen)
    if (status === 'reading' && !open) await insertRead(trx, uuidv7(), userId, bookId, { ...BLANK_READ, startedOn: today }, at)
    if (status === 'read') {
      const finished = { finishedOn: today, outcome: 'finished', finishedAt: at } as const
      if (open) await updateRead(trx, open.id, { ...open, ...finished }, at)
      else await insertRead(trx, uuidv7(), userId, bookId, { ...BLANK_READ, ...finished }, at)
    }
    if (status === 'dnf' && open) await updateRead(trx, open.id, { ...open, stoppedOn: today, outcome: 'stopped' }, at)
    await updateEntry(trx, userId, bookId, { status }, at)
  }

  const applyProgress = async (trx: Db, userId: string, bookId: string, p: ProgressInput, pages: number | null, today: string, at: string) => {
    const reads = await listReads(trx, userId, bookId)
    const open = reads.find(isOpen)
    const progress = mergeProgress(open?.progress ?? NO_PROGRESS, p)
    checkPage(progress, pages)
    // Progress on a book not being read starts a read today, with that progress.
    const readId = open?.id ?? uuidv7()
    if (open) await updateRead(trx, readId, { ...open, progress }, at)
    else await insertRead(trx, readId, userId, bookId, { ...BLANK_READ, startedOn: today, progress }, at)
    await insertProgressUpdate(trx, uuidv7(), readId, progress, at)
  }

  /**
   * Sets the reader's rating of a book given without a review, and tells the rating ledger the
   * change (a lone rating added, changed or taken off), in the caller's transaction.
   */
  const rate = async (trx: Db, userId: string, bookId: string, rating: number | null, at: string) => {
    const before = await findEntryRatingForChange(trx, userId, bookId)
    await updateEntry(trx, userId, bookId, { rating }, at)
    if (before !== rating) {
      await books.ratings.move(trx, bookId, { lone: Number(rating !== null) - Number(before !== null), loneStars: (rating ?? 0) - (before ?? 0) })
    }
  }

  const ownRead = async (actor: Actor, id: string) => {
    const read = await findRead(db, id)
    if (!read || read.userId !== actor.id) throw notFound(READING_MESSAGES.readNotFound)
    return read
  }

  /** A read's values after a change: the fields sent replace the old ones; the outcome follows the dates unless sent. */
  const readValuesOf = (old: ReadValues, input: ReadInput, today: string, now: string): ReadValues => {
    const startedOn = input.startedOn === undefined ? old.startedOn : input.startedOn
    const finishedOn = input.finishedOn === undefined ? old.finishedOn : input.finishedOn
    const stoppedOn = input.stoppedOn === undefined ? old.stoppedOn : input.stoppedOn
    checkDates({ startedOn, finishedOn, stoppedOn })
    // An outcome sent against the dates sent is a contradiction, not a choice to make silently.
    if ((input.outcome === 'stopped' && finishedOn !== null) || (input.outcome === 'finished' && stoppedOn !== null))
      throw badRequest(READING_MESSAGES.finishedAndStopped)
    let outcome = input.outcome === undefined ? old.outcome : input.outcome
    if (finishedOn !== null) outcome = 'finished'
    else if (stoppedOn !== null) outcome = 'stopped'
    else if (input.finishedOn === null && old.outcome === 'finished' && input.outcome === undefined) outcome = null
    else if (input.stoppedOn === null && old.outcome === 'stopped' && input.outcome === undefined) outcome = null
    const finishedAt = outcome === 'finished' ? (finishedOn === old.finishedOn && old.finishedAt ? old.finishedAt : finishMoment(finishedOn, today, now)) : null
    return { startedOn, finishedOn, stoppedOn, outcome, finishedAt, progress: mergeProgress(old.progress, input.progress) }
  }

  const todayOf = (today: string | undefined) => today ?? nowIso().slice(0, 10)

  /** Changes of each reader's log made on this instance, part of their library's version. */
  const changesHere = new Map<string, number>()
  const libraries = createMemo<Omit<Page<never>, 'items'> & { items: Shared<LibraryEntry[]> }>({ ttlMs: LIBRARY_TTL_MS, max: 512 })

  const libraryPage = async (
    userId: string,
    own: boolean,
    status: ReadingStatus | undefined,
    limit: number,
    after: { at: string; bookId: string } | undefined,
  ) => {
    const page = await listLibrary(db, userId, { ...(status ? { status } : {}), withoutWant: !own, limit, ...(after ? { after } : {}) })
    const ids = page.rows.map((r) => r.bookId)
    const [found, reads] = await Promise.all([books.listByIds(ids), listReadsOfBooks(db, userId, ids)])
    const bookById = new Map(found.map((b) => [b._id, b]))
    const readsByBook = Map.groupBy(reads, (r) => r.bookId)
    const items = page.rows.flatMap((row): LibraryEntry[] => {
      const book = bookById.get(row.bookId)
      if (!book) return []
      const mine = readsByBook.get(row.bookId) ?? []
      const open = mine.find(isOpen)
      const finished = mine.filter((r) => r.outcome === 'finished')
      const latest = finished.toSorted((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? ''))[0]
      return [
        {
          book,
          status: row.status,
          rating: row.rating,
          progress: open?.progress ?? NO_PROGRESS,
          startedOn: (open ?? latest)?.startedOn ?? null,
          finishedOn: latest?.finishedOn ?? null,
          readCount: finished.length,
          updatedAt: row.updatedAt,
        },
      ]
    })
    return { items: shared(items, true), total: page.total, ...(page.next ? { nextCursor: encodeCursor([page.next.at, page.next.bookId]) } : {}) }
  }

  return {
    /** The caller's entry for a book (status none and no reads when they have not logged it); 404 for an absent book. */
    async entry(actor: Actor, bookId: string): Promise<ReadingEntry> {
      await books.assertExists(bookId)
      return entryOf(actor.id, bookId)
    },

    /** Sets any of status, rating (without a review) and progress of the open read, in one transaction. */
    async update(actor: Actor, bookId: string, input: ReadingUpdate): Promise<ReadingEntry> {
      if (input.status === undefined && input.rating === undefined && input.progress === undefined) throw badRequest(READING_MESSAGES.nothingToChange)
      const pages = await pagesOf(bookId)
      if (input.rating !== undefined && input.rating !== null && (await findReviewRating(db, actor.id, bookId)) !== null)
        throw conflict(READING_MESSAGES.ratedInReview)
      const today = todayOf(input.today)
      let statusMoved = input.status !== undefined
      await change(
        actor.id,
        bookId,
        async (trx, at, statusBefore) => {
          if (input.status !== undefined) await applyStatus(trx, actor.id, bookId, input.status, today, at)
          if (input.rating !== undefined) await rate(trx, actor.id, bookId, input.rating, at)
          if (input.progress !== undefined) {
            await applyProgress(trx, actor.id, bookId, input.progress, pages, today, at)
            if (input.status === undefined && statusBefore !== 'reading') {
              await updateEntry(trx, actor.id, bookId, { status: 'reading' }, at)
              statusMoved = true
            }
          }
        },
        undefined,
        () => statusMoved,
      )
      return entryOf(actor.id, bookId)
    },

    /** Adds a read (a past one, a re-read, one in progress); a finished read sets the status to Read when the book had none or was wanted. */
    async addRead(actor: Actor, bookId: string, input: ReadInput): Promise<Read> {
      const pages = await pagesOf(bookId)
      const now = nowIso()
      const values = readValuesOf(BLANK_READ, input, now.slice(0, 10), now)
      checkPage(values.progress, pages)
      const id = uuidv7()
      await change(actor.id, bookId, async (trx, at) => {
        const reads = await listReads(trx, actor.id, bookId)
        if (values.outcome === null && reads.some(isOpen)) throw conflict(READING_MESSAGES.readInProgress)
        await insertRead(trx, id, actor.id, bookId, values, at)
        const entry = await findEntry(trx, actor.id, bookId)
        const status = entry?.status ?? null
        if (values.outcome === null && status !== 'reading' && status !== 'paused') await updateEntry(trx, actor.id, bookId, { status: 'reading' }, at)
        else if (values.outcome === 'finished' && (status === null || status === 'want')) await updateEntry(trx, actor.id, bookId, { status: 'read' }, at)
      })
      return toRead((await findRead(db, id))!)
    },

    /** Changes one of the caller's reads; 404 for anyone else's. */
    async updateRead(actor: Actor, id: string, input: ReadInput): Promise<Read> {
      const read = await ownRead(actor, id)
      const pages = await pagesOf(read.bookId)
      const now = nowIso()
      const values = readValuesOf(read, input, now.slice(0, 10), now)
      checkPage(values.progress, pages)
      await change(actor.id, read.bookId, async (trx, at) => {
        if (values.outcome === null && read.outcome !== null) {
          const reads = await listReads(trx, actor.id, read.bookId)
          if (reads.some((r) => r.id !== id && isOpen(r))) throw conflict(READING_MESSAGES.readInProgress)
        }
        await updateRead(trx, id, values, at)
        if (input.progress !== undefined) await insertProgressUpdate(trx, uuidv7(), id, values.progress, at)
      })
      return toRead((await findRead(db, id))!)
    },

    /** Deletes one of the caller's reads for good (the app asks first); 404 for anyone else's. */
    async deleteRead(actor: Actor, id: string): Promise<void> {
      const read = await ownRead(actor, id)
      await change(actor.id, read.bookId, async (trx) => deleteRead(trx, id))
    },

    /** Brings back a read 'Remove from Recently Read' took off. */
    async restoreRead(actor: Actor, id: string): Promise<Read> {
      const read = await ownRead(actor, id)
      await change(actor.id, read.bookId, async (trx, at) => {
        await setReadRemoved(trx, id, null, at)
        const entry = await findEntry(trx, actor.id, read.bookId)
        if (read.outcome === 'finished' && (entry?.status ?? null) === null) await updateEntry(trx, actor.id, read.bookId, { status: 'read' }, at)
      })
      return toRead((await findRead(db, id))!)
    },

    /**
     * The spec's 'Add to Wishlist' toggle: on, the status becomes Want to Read (its reads stay, so a
     * book read before can be wanted again); off, it is Read again if it has a kept finished read, or
     * has no status. Answers whether it is on the wishlist now.
     */
    async toggleWant<T>(actor: Actor, bookId: string, listAfter: (trx: Db) => Promise<T>): Promise<{ on: boolean; list: T }> {
      await books.assertExists(bookId)
      return change(
        actor.id,
        bookId,
        async (trx, at) => {
          const entry = await findEntry(trx, actor.id, bookId)
          const on = entry?.status === 'want'
          // Off: a book with a kept finished read is Read again; otherwise it has no status.
          const read = on && (await listReads(trx, actor.id, bookId)).some((r) => r.outcome === 'finished' && r.removedAt === null)
          await updateEntry(trx, actor.id, bookId, { status: on ? (read ? 'read' : null) : 'want' }, at)
          return !on
        },
        listAfter,
      )
    },

    /**
     * The spec's 'Add to Recently Read' toggle: on, a read finished today (the open one, or a new
     * one), status Read unless the book is wanted (the spec's two lists are independent); off, the
     * book's finished reads are taken off the list but kept, so they can be brought back, and a Read
     * status is cleared. Answers whether it is on the list now.
     */
    async toggleFinished<T>(actor: Actor, bookId: string, listAfter: (trx: Db) => Promise<T>): Promise<{ on: boolean; list: T }> {
      await books.assertExists(bookId)
      return change(
        actor.id,
        bookId,
        async (trx, at) => {
          const reads = await listReads(trx, actor.id, bookId)
          const finished = reads.filter((r) => r.outcome === 'finished' && r.removedAt === null)
          if (finished.length) {
            for (const r of finished) await setReadRemoved(trx, r.id, at, at)
            const entry = await findEntry(trx, actor.id, bookId)
            if (entry?.status === 'read') await updateEntry(trx, actor.id, bookId, { status: null }, at)
            return false
          }
          const before = await findEntry(trx, actor.id, bookId)
          await applyStatus(trx, actor.id, bookId, 'read', at.slice(0, 10), at)
          // The two lists stay independent, as the spec has them: a book wanted again stays wanted.
          if (before?.status === 'want') await updateEntry(trx, actor.id, bookId, { status: 'want' }, at)
          return true
        },
        listAfter,
      )
    },

    /**
     * A review of the book now holds the reader's rating: their rating given without a review, if
     * any, is taken off the entry and out of the book's counters. Runs in the review's transaction.
     */
    async supersedeRating(trx: Db, userId: string, bookId: string): Promise<void> {
      const before = await findEntryRatingForChange(trx, userId, bookId)
      if (before === null) return
      await clearEntryRating(trx, userId, bookId)
      await books.ratings.move(trx, bookId, { lone: -1, loneStars: -before })
    },

    /**
     * Applies what an imported row says of one book to the reader's log (decision 0020), in one
     * transaction, and answers whether anything changed, with notes for the import's report. Nothing
     * is added twice: a read is the same read when it ends on the same date (a dated read fills an
     * undated one first), undated reads only make up the count the file gives, and the file's status
     * and rating replace the reader's when they differ. Undated finished reads stay undated: the spec's
     * Recently Read list holds their book after every dated one, and they count in no year.
     */
    async importEntry(userId: string, bookId: string, given: ImportPlan, on?: Db): Promise<{ changed: boolean; notes: string[] }> {
      const notes: string[] = []
      const plan = { ...given, reads: withoutFutureDates(given.reads, new Date(), notes) }
      // In the caller's transaction when given (an import's batch), else in one of its own.
      const inTransaction = <T>(fn: (trx: Db) => Promise<T>) => (on ? fn(on) : db.transaction().execute(fn))
      const result = await inTransaction(async (trx) => {
        const entry = await findEntry(trx, userId, bookId)
        const reads = await listReads(trx, userId, bookId)
        const at = nowIso()
        const writes: ((trx: Db) => Promise<void>)[] = []
        const known = reads.map((r) => ({ ...r }))
        const add = (v: ReadValues) => {
          const row = { ...v, id: uuidv7(), bookId, removedAt: null, updatedAt: at }
          known.push(row)
          writes.push((t) => insertRead(t, row.id, userId, bookId, v, at))
        }
        const fill = (r: ReadRow, v: Partial<ReadValues>) => {
          Object.assign(r, v)
          writes.push((t) => updateRead(t, r.id, r, at))
        }
        const ends = (r: { finishedOn: string | null; stoppedOn: string | null }) => r.finishedOn ?? r.stoppedOn
        for (const read of plan.reads.filter((r) => r.startedOn !== null || ends(r) !== null)) {
          if (read.outcome === null) {
            const open = known.find(isOpen)
            if (!open) add({ ...BLANK_READ, startedOn: read.startedOn })
            else if (open.startedOn === null && read.startedOn !== null) fill(open, { startedOn: read.startedOn })
            continue
          }
          const same = known.find((r) => r.outcome === read.outcome && ends(r) !== null && ends(r) === ends(read))
          if (same) {
            if (same.startedOn === null && read.startedOn !== null && mayPrecede(read.startedOn, ends(read)!)) fill(same, { startedOn: read.startedOn })
            continue
          }
          const values = {
            startedOn: read.startedOn,
            finishedOn: read.finishedOn,
            stoppedOn: read.stoppedOn,
            outcome: read.outcome,
            finishedAt: read.outcome === 'finished' && read.finishedOn !== null ? finishMoment(read.finishedOn, '', at) : null,
          }
          const undated = known.find((r) => r.outcome === read.outcome && r.removedAt === null && ends(r) === null && r.startedOn === null)
          if (undated) fill(undated, values)
          else add({ ...BLANK_READ, ...values })
        }
        // Undated reads make up the number of reads the file gives, and no more.
        for (const outcome of ['finished', 'stopped'] as const) {
          const wanted = plan.reads.filter((r) => r.outcome === outcome).length
          // Reads the reader took off the list count too: importing again does not bring them back.
          const have = known.filter((r) => r.outcome === outcome).length
          for (let i = have; i < wanted; i++) add({ ...BLANK_READ, outcome })
        }
        const undatedOpen = plan.reads.some((r) => r.outcome === null && r.startedOn === null)
        if (undatedOpen && !known.some(isOpen)) add(BLANK_READ)

        const statusBefore = entry?.status ?? null
        const status = plan.status !== null && plan.status !== statusBefore ? plan.status : undefined
        if (status !== undefined && statusBefore !== null)
          notes.push(`Status changed from ${READING_STATUS_LABELS[statusBefore]} to ${READING_STATUS_LABELS[status]}`)
        let rating: number | undefined
        if (plan.rating !== null) {
          const reviewRating = await findReviewRating(trx, userId, bookId)
          if (reviewRating !== null) {
            if (reviewRating !== plan.rating) notes.push(`Your review’s rating (${reviewRating}★) kept; the file says ${plan.rating}★`)
          } else if (entry?.rating !== plan.rating) rating = plan.rating
        }
        if (!writes.length && status === undefined && rating === undefined) return false
        await touchEntry(trx, userId, bookId, at)
        for (const write of writes) await write(trx)
        if (status !== undefined) await updateEntry(trx, userId, bookId, { status }, at)
        if (rating !== undefined) await rate(trx, userId, bookId, rating, at)
        await syncProjections(trx, userId, bookId, at)
        return true
      })
      if (result) changesHere.set(userId, (changesHere.get(userId) ?? 0) + 1)
      return { changed: result, notes }
    },

    /**
     * A reader's books with a status, newest change first; another reader's Want to Read stays
     * private. 404 for an unknown reader. A page is kept LIBRARY_TTL_MS under the reader's newest log
     * change and the catalogue's version: the reader's own changes show at once; others' reviews move
     * the books' averages within that time.
     */
    async library(userId: string, viewer: Actor | undefined, q: LibraryQuery): Promise<Omit<Page<never>, 'items'> & { items: Shared<LibraryEntry[]> }> {
      await users.assertExists(userId)
      const own = viewer?.id === userId
      if (!own && q.status === 'want') return { items: shared([], false), total: 0 }
      const limit = q.limit ?? LIBRARY_DEFAULT_LIMIT
      const after = q.cursor ? (([at, bookId]) => ({ at, bookId }))(decodeKeyset(q.cursor, ['instant', 'id'] as const)) : undefined
      const version = `${await findLogVersion(db, userId)}|${await books.catalogueVersion()}|${changesHere.get(userId) ?? 0}`
      const key = `${userId}|${own}|${q.status ?? ''}|${limit}|${q.cursor ?? ''}`
      const page = await libraries.get(key, () => libraryPage(userId, own, q.status, limit, after), { version })
      return { items: page.items, total: page.total, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) }
    },

    /** A version of a reader's log: it changes with every change of it made on any instance (a cache key). */
    async logVersion(userId: string): Promise<string> {
      return `${await findLogVersion(db, userId)}|${changesHere.get(userId) ?? 0}`
    },

    /** How many of a reader's books have each status (Want to Read only for the reader themself). */
    async libraryCounts(userId: string, viewer: Actor | undefined): Promise<Record<ReadingStatus, number>> {
      await users.assertExists(userId)
      const counts = await countLibrary(db, userId)
      const own = viewer?.id === userId
      return Object.fromEntries(READING_STATUSES.map((s) => [s, s === 'want' && !own ? 0 : (counts[s] ?? 0)])) as Record<ReadingStatus, number>
    },
  }
}

export type ReadingService = ReturnType<typeof createReadingService>

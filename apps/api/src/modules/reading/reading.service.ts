import { findReaderProgress, type ReaderProgress } from '#/modules/reading/reading.position.ts'
import { v7 as uuidv7 } from 'uuid'
import {
  MESSAGES,
  READING_MESSAGES,
  READING_STATUSES,
  shelfNameKey,
  type LibraryEntry,
  type LibraryQuery,
  type Privacy,
  type PrivacyApplyInput,
  type PrivacyApplyResult,
  type PrivacyInput,
  type Progress,
  type ProgressInput,
  type Read,
  type ReadInput,
  type ReadingEntry,
  type ReadingStatus,
  type ReadingUpdate,
} from '@shelfwise/contracts'
import { inTransaction, isForeignKeyViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { createMemo } from '#/memo.ts'
import { noEvents, type Events } from '#/events.ts'
import { shared, type Shared } from '#/ready-json.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import {
  bumpLogVersion,
  clearEntryRating,
  deleteRead,
  touchEntry,
  findEntry,
  findEntryAndReviewRating,
  findEntryTarget,
  type EntryTarget,
  type ReadRow,
  findEntryRatingForChange,
  findLogVersion,
  findRead,
  findReviewRating,
  insertProgressUpdate,
  insertRead,
  listReads,
  setReadRemoved,
  syncProjections,
  ownedColumns,
  setEntryDetails,
  updateEntry,
  updateRead,
} from '#/modules/reading/reading.repository.ts'
import { detailsChange, detailsToFill, hasDetails, type ImportDetails } from '#/modules/reading/reading.import-details.ts'
import {
  bumpLogVersionReturning,
  findLogOfBooks,
  findLogVersionOf,
  insertImportedReads,
  syncProjectionsOfBooks,
  writeImportedEntries,
  type ImportedEntryWrite,
  type LogOfBook,
} from '#/modules/reading/reading.import-batch.repository.ts'
import {
  clearEntryVisibilities,
  countChangedBy,
  findReadingLog,
  logShown,
  readingScope,
  saveReadingLog,
  scopeKey,
  type ReadingScope,
} from '#/modules/reading/reading.privacy.ts'
import { countLibrary, listLibrary, listReadsOfBooks, type LibraryPageRequest } from '#/modules/reading/reading.library.repository.ts'
import { decodeLibraryCursor, encodeLibraryCursor, libraryOrder, refuseTaggedCursor, searchWords } from '#/modules/reading/reading.library-order.ts'
import {
  BLANK_READ,
  checkPage,
  isKeptFinished,
  isOpen,
  libraryEntry,
  NO_PROGRESS,
  readValuesOf,
  readWriteForProgress,
  readWriteForStatus,
  checkStatusDates,
  type StatusDates,
  statusAfterAddedRead,
  statusAfterProgress,
  statusAfterRestore,
  statusAfterWantToggle,
  toRead,
  type ReadWrite,
} from '#/modules/reading/reading.rules.ts'
import { mergeImport, type ImportPlan } from '#/modules/reading/reading.import-merge.ts'

// The reading log (decision 0018): the service reads the rows, asks the rules (reading.rules.ts, and
// reading.import-merge.ts for an import's rows) what a change does, and writes it in one transaction
// that also moves the reader's log version (decision 0026).
// Over ~400 lines on purpose (issue 20): its rules, the import's merge and details, and the library's
// queries live apart already; what is left is every write of the log, and they share the closures
// that lock an entry, check an edition, write the projections and memo the library pages.

export type { ImportPlan }
// Who sees a reader's log (decision 0055): the rule lives in reading.privacy.ts; other modules reach it here.
export { countShownReads, logShown, ownerScope, scopeKey, shownBook, shownBookOf, shownEntry, type ReadingScope } from '#/modules/reading/reading.privacy.ts'

export interface ReadingDeps {
  db: Db
  books: BooksService
  users: UsersService
  /** Told of changes to a reader's log, in their transaction (webhooks, decision 0048). */
  events?: Events
}

/** What updateIf's decision sees of a reader's log of a book, under their lock. */
export interface LogUnderLock {
  status: ReadingStatus | null
  /** The edition the entry names (null: the work's shown one). */
  editionId: string | null
  /** The open read, if any: when it last changed and how far it is. */
  open: { updatedAt: string; progress: Progress } | null
}

/** updateIf's decision to change nothing: the transaction is rolled back. */
const UNCHANGED = new Error('unchanged')

const LIBRARY_DEFAULT_LIMIT = 50
/** How long a library page is reused (others' reviews move its books' averages within this time). */
const LIBRARY_TTL_MS = 5_000

/** Control characters but tab and line feed (a note's line breaks stay). */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000B-\u001F\u007F]/g

export const createReadingService = ({ db, books, events = noEvents }: ReadingDeps) => {
  /**
   * The page count the reader's progress is checked against, for a target already read: the edition's
   * they read (`editionId`, else the one their entry names) when it says, else the work's. A read more
   * only when an edition other than the work's shown one applies.
   */
  const pagesFor = (target: EntryTarget, editionId: string | null | undefined): Promise<number | null> | number | null => {
    const edition = editionId === undefined ? target.entryEditionId : editionId
    return edition === null ? target.workPages : books.pageCount(target.workId, edition)
  }

  /** The work `id` names for the reader's log, with its page count and the entry's edition, in one read; 404 for an absent book. */
  const targetOf = async (userId: string, id: string): Promise<EntryTarget> => {
    const target = await findEntryTarget(db, userId, id)
    if (!target) throw notFound(MESSAGES.bookNotFound)
    return target
  }

  /**
   * The edition a reader names for a work, as the entry stores it (decision 0027): null for the work's
   * shown edition (null, or the work's own id); 400 naming the field for an id that is not one of its editions.
   */
  const editionFor = async (bookId: string, editionId: string | null, on?: Db): Promise<string | null> => {
    if (editionId === null || editionId === bookId) return null
    if (!(await books.isEditionOf(bookId, editionId, on))) throw badRequest(READING_MESSAGES.notAnEdition)
    return editionId
  }

  /**
   * Private notes as kept (decision 0031): plain text, line breaks made \n, control characters but
   * line breaks and tabs taken out, spaces at the ends trimmed; nothing left (or null) clears them.
   */
  const notesOf = (text: string | null): string | null => {
    const kept = text?.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_BREAKS, '').trim()
    return kept ? kept : null
  }

  const entryOf = async (userId: string, bookId: string): Promise<ReadingEntry> => {
    // Two reads (three when the reader has no entry but a review): each is a round trip on PostgreSQL.
    const [entry, reads] = await Promise.all([findEntryAndReviewRating(db, userId, bookId), listReads(db, userId, bookId)])
    const reviewRating = entry ? entry.reviewRating : await findReviewRating(db, userId, bookId)
    const open = reads.find(isOpen)
    return {
      bookId,
      editionId: entry?.editionId ?? null,
      owned: entry?.owned ?? null,
      privateNotes: entry?.privateNotes ?? null,
      progressUnit: entry?.progressUnit ?? null,
      visibility: entry?.visibility ?? null,
      status: entry?.status ?? null,
      rating: reviewRating ?? entry?.rating ?? null,
      progress: open?.progress ?? NO_PROGRESS,
      reads: reads.filter((r) => r.removedAt === null).map(toRead),
      removedReads: reads.filter((r) => r.removedAt !== null).map(toRead),
    }
  }

  /** Writes a read the rules worked out, for the reader or for an import (`imported`, decision 0067). */
  const writeRead = (trx: Db, userId: string, bookId: string, w: ReadWrite, at: string, imported = false) =>
    w.op === 'insert' ? insertRead(trx, w.id, userId, bookId, w.values, at, imported) : updateRead(trx, w.id, w.values, at, imported)

  /**
   * Runs a change of one reader's log of one book in the caller's transaction (`on`) or one of its
   * own: the reader's log version moves first, the entry is marked changed, and the spec's lists are
   * rewritten after, unless `syncIf` says neither the status nor the finished reads moved.
   */
  async function change<T>(
    userId: string,
    bookId: string,
    fn: (trx: Db, at: string, statusBefore: ReadingStatus | null, editionBefore: string | null) => Promise<T>,
    { on, syncIf = () => true }: { on?: Db; syncIf?: () => boolean } = {},
  ): Promise<T> {
    try {
      return await inTransaction(db, on, async (trx) => {
        const at = nowIso()
        await bumpLogVersion(trx, userId)
        // Every change of the log is a change of its entry: the library orders by it.
        const before = await touchEntry(trx, userId, bookId, at)
        const result = await fn(trx, at, before.status, before.editionId)
        if (syncIf()) await syncProjections(trx, userId, bookId, at)
        await events.emit(trx, userId, 'library.changed', { bookId })
        return result
      })
    } catch (err) {
      // The book is absent, or was deleted meanwhile.
      if (isForeignKeyViolation(err)) throw notFound(MESSAGES.bookNotFound)
      throw err
    }
  }

  /**
   * One of the spec's two list toggles on the work of the book `id` names, in the caller's transaction
   * when given: `fn` changes the log and answers whether the book is on the list now. An absent book
   * is 404 from the entry's foreign key (change), read nowhere but in the transaction.
   */
  async function toggle(actor: Actor, id: string, on: Db | undefined, fn: (trx: Db, at: string, bookId: string) => Promise<boolean>) {
    const bookId = await books.workOf(id, on)
    return change(actor.id, bookId, (trx, at) => fn(trx, at, bookId), { on })
  }

  /** Sets a status the way the reading control does (readWriteForStatus). */
  const applyStatus = async (
    trx: Db,
    userId: string,
    bookId: string,
    status: ReadingStatus | null,
    today: string,
    at: string,
    dates: StatusDates,
    reads?: ReadRow[],
  ) => {
    const open = (reads ?? (await listReads(trx, userId, bookId))).find(isOpen)
    const write = readWriteForStatus(status, open, today, at, uuidv7, dates)
    if (write) await writeRead(trx, userId, bookId, write, at)
    await updateEntry(trx, userId, bookId, { status }, at)
  }

  /** Reports progress on the open read, or on a read started today (readWriteForProgress), and keeps the report. */
  const applyProgress = async (
    trx: Db,
    userId: string,
    bookId: string,
    p: ProgressInput,
    pages: number | null,
    today: string,
    at: string,
    reads?: ReadRow[],
  ) => {
    const open = (reads ?? (await listReads(trx, userId, bookId))).find(isOpen)
    const write = readWriteForProgress(open, p, pages, today, uuidv7)
    await writeRead(trx, userId, bookId, write, at)
    await insertProgressUpdate(trx, uuidv7(), write.id, write.values.progress, at)
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

  const todayOf = (today: string | undefined) => today ?? nowIso().slice(0, 10)

  /** An update's dates, checked against its status; 400 when it changes nothing. */
  const checkedUpdate = (input: ReadingUpdate): StatusDates => {
    const { status: s, rating: r, progress: p, progressUnit: u, editionId: e, owned: o, privateNotes: n, visibility: v } = input
    const dates: StatusDates = { startedOn: input.startedOn, finishedOn: input.finishedOn, stoppedOn: input.stoppedOn }
    checkStatusDates(s, dates)
    if (s === undefined && r === undefined && p === undefined && u === undefined && e === undefined && o === undefined && n === undefined && v === undefined)
      throw badRequest(READING_MESSAGES.nothingToChange)
    return dates
  }

  /**
   * Writes an update of the reader's log of a book, a step of change()'s transaction, with what was
   * worked out before it (the edition named, the page count, the dates). `reads`: the book's reads when
   * the caller has listed them in this transaction. Answers whether the status moved because of progress.
   */
  const applyUpdate = async (
    trx: Db,
    userId: string,
    bookId: string,
    input: ReadingUpdate,
    w: { at: string; statusBefore: ReadingStatus | null; editionId: string | null | undefined; pages: number | null; dates: StatusDates; reads?: ReadRow[] },
  ): Promise<boolean> => {
    const { at, statusBefore, editionId, pages, dates } = w
    const today = todayOf(input.today)
    if (editionId !== undefined) await updateEntry(trx, userId, bookId, { editionId }, at)
    if (input.owned !== undefined) await updateEntry(trx, userId, bookId, ownedColumns(input.owned), at)
    if (input.privateNotes !== undefined) await updateEntry(trx, userId, bookId, { privateNotes: notesOf(input.privateNotes) }, at)
    if (input.progressUnit !== undefined) await updateEntry(trx, userId, bookId, { progressUnit: input.progressUnit }, at)
    if (input.visibility !== undefined) await updateEntry(trx, userId, bookId, { visibility: input.visibility }, at)
    if (input.status !== undefined) await applyStatus(trx, userId, bookId, input.status, today, at, dates, w.reads)
    if (input.status === 'read' && statusBefore !== 'read') await events.emit(trx, userId, 'read.finished', { bookId, finishedOn: input.finishedOn ?? today })
    if (input.rating !== undefined) await rate(trx, userId, bookId, input.rating, at)
    if (input.progress === undefined) return false
    // A status may have written a read: progress after it lists the reads again.
    await applyProgress(trx, userId, bookId, input.progress, pages, today, at, input.status === undefined ? w.reads : undefined)
    await events.emit(trx, userId, 'reading.progress', { bookId, progress: input.progress })
    const status = input.status === undefined ? statusAfterProgress(statusBefore) : undefined
    if (status === undefined) return false
    await updateEntry(trx, userId, bookId, { status }, at)
    return true
  }

  const libraries = createMemo<Omit<Page<never>, 'items'> & { items: Shared<LibraryEntry[]> }>({ ttlMs: LIBRARY_TTL_MS, max: 512 })

  /** One page of a reader's library: `sorted` and `words` as libraryOrder and searchWords read the query (decision 0018, issue 22). */
  const libraryPage = async (userId: string, own: boolean, req: Omit<LibraryPageRequest, 'withoutWant' | 'shelf'> & { shelfKey: string | undefined }) => {
    const { shelfKey, ...rest } = req
    const shelf = shelfKey === undefined ? {} : { shelf: { key: shelfKey, publicOnly: !own } }
    const page = await listLibrary(db, userId, { ...rest, withoutWant: !own, ...shelf })
    const ids = page.rows.map((r) => r.bookId)
    const [found, reads] = await Promise.all([books.listByIds(ids), listReadsOfBooks(db, userId, ids)])
    const bookById = new Map(found.map((b) => [b._id, b]))
    const readsByBook = Map.groupBy(reads, (r) => r.bookId)
    const items = page.rows.flatMap((row): LibraryEntry[] => {
      const book = bookById.get(row.bookId)
      // The copies a reader owns are theirs to know (decision 0027).
      if (!book) return []
      const entry = libraryEntry(row, book, readsByBook.get(row.bookId) ?? [])
      return [{ ...entry, owned: own ? (row.owned ?? null) : null, pageCount: row.editionPages ?? book.pageCount }]
    })
    const next = page.next
    const nextCursor = !next ? undefined : Array.isArray(next) ? encodeLibraryCursor(req.sorted!, req.words ?? [], next) : encodeCursor([next.at, next.bookId])
    return { items: shared(items, true), total: page.total, ...(nextCursor ? { nextCursor } : {}) }
  }

  /** What `viewerId` may see of `userId`'s log (decision 0055); 404 for an unknown reader. */
  const scopeOf = async (userId: string, viewerId: string | undefined): Promise<ReadingScope> => {
    const scope = await readingScope(db, userId, viewerId)
    if (!scope) throw notFound(MESSAGES.userNotFound)
    return scope
  }

  return {
    scopeOf,

    /** The caller's default for their reading log (decision 0055). */
    async privacy(actor: Actor): Promise<Privacy> {
      return { readingLog: (await findReadingLog(db, actor.id)) ?? 'public' }
    },

    /** Sets the caller's default: every book without its own visibility follows it, past and future. */
    async setPrivacy(actor: Actor, input: PrivacyInput): Promise<Privacy> {
      await db.transaction().execute(async (trx) => {
        await bumpLogVersion(trx, actor.id)
        await saveReadingLog(trx, actor.id, input.readingLog)
      })
      return { readingLog: input.readingLog }
    },

    /**
     * The bulk change ("who can see this?"): `visibility` becomes the default and every past entry's
     * (their own choices cleared). Answers how many entries change; `dryRun` only counts them.
     */
    async applyPrivacy(actor: Actor, input: PrivacyApplyInput): Promise<PrivacyApplyResult> {
      return db.transaction().execute(async (trx) => {
        const readingLog = (await findReadingLog(trx, actor.id)) ?? 'public'
        const changed = await countChangedBy(trx, actor.id, readingLog, input.visibility)
        if (input.dryRun) return { changed }
        await bumpLogVersion(trx, actor.id)
        await saveReadingLog(trx, actor.id, input.visibility)
        await clearEntryVisibilities(trx, actor.id)
        return { changed }
      })
    },

    /** The caller's entry for a book (status none and no reads when they have not logged it); 404 for an absent book. */
    async entry(actor: Actor, id: string): Promise<ReadingEntry> {
      return entryOf(actor.id, (await targetOf(actor.id, id)).workId)
    },

    /** Sets any of status, rating (without a review) and progress of the open read, in one transaction. */
    async update(actor: Actor, id: string, input: ReadingUpdate): Promise<ReadingEntry> {
      const dates = checkedUpdate(input)
      // 404 for an absent book before anything about the body is looked up.
      const target = await targetOf(actor.id, id)
      const bookId = target.workId
      const editionId = input.editionId === undefined ? undefined : await editionFor(bookId, input.editionId)
      const pages = input.progress === undefined ? null : await pagesFor(target, editionId)
      if (input.rating !== undefined && input.rating !== null && (await findReviewRating(db, actor.id, bookId)) !== null)
        throw conflict(READING_MESSAGES.ratedInReview)
      let statusMoved = input.status !== undefined
      await change(
        actor.id,
        bookId,
        async (trx, at, statusBefore) => {
          if (await applyUpdate(trx, actor.id, bookId, input, { at, statusBefore, editionId, pages, dates })) statusMoved = true
        },
        // The spec's lists follow the status and the finished reads: a change of neither leaves them.
        { syncIf: () => statusMoved },
      )
      return entryOf(actor.id, bookId)
    },

    /**
     * update, decided under the reader's lock (a device's progress sync, decision 0047): `decide` sees
     * the log as the transaction sees it (the status, the entry's edition, the open read) and answers the
     * change to make, or null to make none, in which case nothing is written. Two reports racing each
     * other are decided one after the other, each on what the other wrote, so a position never goes
     * back because of the order they arrived in. `pagesOf` answers an edition's page count (the work's
     * for null) on the transaction's own connection. Answers whether anything changed, and the entry after.
     */
    async updateIf(
      actor: Actor,
      id: string,
      decide: (log: LogUnderLock, pagesOf: (editionId: string | null) => Promise<number | null>, trx: Db) => Promise<ReadingUpdate | null>,
    ): Promise<{ changed: boolean; entry: ReadingEntry }> {
      const target = await targetOf(actor.id, id)
      const bookId = target.workId
      let statusMoved = false
      try {
        await change(
          actor.id,
          bookId,
          async (trx, at, statusBefore, editionBefore) => {
            const reads = await listReads(trx, actor.id, bookId)
            const open = reads.find(isOpen)
            const pagesOf = async (edition: string | null) => (edition === null ? target.workPages : books.pageCount(bookId, edition, trx))
            const input = await decide(
              { status: statusBefore, editionId: editionBefore, open: open ? { updatedAt: open.updatedAt, progress: open.progress } : null },
              pagesOf,
              trx,
            )
            if (!input) throw UNCHANGED
            const dates = checkedUpdate(input)
            const editionId = input.editionId === undefined ? undefined : await editionFor(bookId, input.editionId, trx)
            const pages = input.progress === undefined ? null : await pagesOf(editionId === undefined ? editionBefore : editionId)
            if (input.rating !== undefined && input.rating !== null && (await findReviewRating(trx, actor.id, bookId)) !== null)
              throw conflict(READING_MESSAGES.ratedInReview)
            const progressMoved = await applyUpdate(trx, actor.id, bookId, input, { at, statusBefore, editionId, pages, dates, reads })
            statusMoved = input.status !== undefined || progressMoved
          },
          { syncIf: () => statusMoved },
        )
      } catch (err) {
        if (err !== UNCHANGED) throw err
        return { changed: false, entry: await entryOf(actor.id, bookId) }
      }
      return { changed: true, entry: await entryOf(actor.id, bookId) }
    },

    /** Adds a read (a past one, a re-read, one in progress); a finished read sets the status to Read when the book had none or was wanted. */
    async addRead(actor: Actor, asked: string, input: ReadInput): Promise<Read> {
      const target = await targetOf(actor.id, asked)
      const bookId = target.workId
      const pages = await pagesFor(target, undefined)
      const now = nowIso()
      const values = readValuesOf(BLANK_READ, input, now.slice(0, 10), now)
      checkPage(values.progress, pages)
      const id = uuidv7()
      await change(actor.id, bookId, async (trx, at) => {
        const reads = await listReads(trx, actor.id, bookId)
        if (values.outcome === null && reads.some(isOpen)) throw conflict(READING_MESSAGES.readInProgress)
        await insertRead(trx, id, actor.id, bookId, values, at)
        if (values.outcome === 'finished') await events.emit(trx, actor.id, 'read.finished', { bookId, readId: id, finishedOn: values.finishedOn })
        const status = statusAfterAddedRead(values.outcome, (await findEntry(trx, actor.id, bookId))?.status ?? null)
        if (status !== undefined) await updateEntry(trx, actor.id, bookId, { status }, at)
      })
      return toRead((await findRead(db, id))!)
    },

    /** Changes one of the caller's reads; 404 for anyone else's. */
    async updateRead(actor: Actor, id: string, input: ReadInput): Promise<Read> {
      const read = await ownRead(actor, id)
      const pages = await pagesFor(await targetOf(actor.id, read.bookId), undefined)
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
        const status = statusAfterRestore(read.outcome, (await findEntry(trx, actor.id, read.bookId))?.status ?? null)
        if (status !== undefined) await updateEntry(trx, actor.id, read.bookId, { status }, at)
      })
      return toRead((await findRead(db, id))!)
    },

    /**
     * The spec's 'Add to Wishlist' toggle: on, the status becomes Want to Read (its reads stay, so a
     * book read before can be wanted again); off, it is Read again if it has a kept finished read, or
     * has no status. Answers whether it is on the wishlist now. In the caller's transaction when given.
     */
    async toggleWant(actor: Actor, id: string, on?: Db): Promise<boolean> {
      return toggle(actor, id, on, async (trx, at, bookId) => {
        const status = (await findEntry(trx, actor.id, bookId))?.status ?? null
        const kept = status === 'want' && (await listReads(trx, actor.id, bookId)).some(isKeptFinished)
        const next = statusAfterWantToggle(status, kept)
        await updateEntry(trx, actor.id, bookId, { status: next }, at)
        return next === 'want'
      })
    },

    /**
     * The spec's 'Add to Recently Read' toggle: on, a read finished today (the open one, or a new
     * one), status Read unless the book is wanted (the spec's two lists are independent); off, the
     * book's finished reads are taken off the list but kept, so they can be brought back, and a Read
     * status is cleared. Answers whether it is on the list now. In the caller's transaction when given.
     */
    async toggleFinished(actor: Actor, id: string, on?: Db): Promise<boolean> {
      return toggle(actor, id, on, async (trx, at, bookId) => {
        const finished = (await listReads(trx, actor.id, bookId)).filter(isKeptFinished)
        if (finished.length) {
          for (const r of finished) await setReadRemoved(trx, r.id, at, at)
          const entry = await findEntry(trx, actor.id, bookId)
          if (entry?.status === 'read') await updateEntry(trx, actor.id, bookId, { status: null }, at)
          return false
        }
        const before = await findEntry(trx, actor.id, bookId)
        await applyStatus(trx, actor.id, bookId, 'read', at.slice(0, 10), at, {})
        await events.emit(trx, actor.id, 'read.finished', { bookId, finishedOn: at.slice(0, 10) })
        // The two lists stay independent, as the spec has them: a book wanted again stays wanted.
        if (before?.status === 'want') await updateEntry(trx, actor.id, bookId, { status: 'want' }, at)
        return true
      })
    },

    /**
     * A review of the book now holds the reader's rating: their rating given without a review, if
     * any, is taken off the entry and out of the book's counters. A step of the review's transaction.
     */
    async supersedeRating(trx: Db, userId: string, bookId: string): Promise<void> {
      // The rating shown in the reader's library moves with the review: their log's version too.
      await bumpLogVersion(trx, userId)
      const before = await findEntryRatingForChange(trx, userId, bookId)
      if (before === null) return
      await clearEntryRating(trx, userId, bookId)
      await books.ratings.move(trx, bookId, { lone: -1, loneStars: -before })
    },

    /**
     * A deleted review's stars kept as the reader's rating given without a review (decision 0036),
     * as the reading control sets one (their entry made when they had none). A step of the deletion's transaction.
     */
    keepRating: (trx: Db, userId: string, bookId: string, rating: number): Promise<void> =>
      change(userId, bookId, (t, at) => rate(t, userId, bookId, rating, at), { on: trx, syncIf: () => false }),

    /** Marks the reader's log changed, a step of the caller's transaction (a goal set is part of their log). */
    markLogChanged: (trx: Db, userId: string): Promise<void> => bumpLogVersion(trx, userId),

    /**
     * A book the reader shelves without a status enters their library as Want to Read, as Goodreads
     * puts it (decision 0028); a status it has stays. A step of the caller's transaction, which has
     * marked the log changed first. Answers whether the status was set.
     */
    async putInLibrary(trx: Db, userId: string, bookId: string): Promise<boolean> {
      if ((await findEntry(trx, userId, bookId))?.status) return false
      const at = nowIso()
      await touchEntry(trx, userId, bookId, at)
      await updateEntry(trx, userId, bookId, { status: 'want' }, at)
      await syncProjections(trx, userId, bookId, at)
      return true
    },

    /**
     * Applies what an imported row says of one book to the reader's log (mergeImport, decision 0020),
     * in the caller's transaction when given (an import's batch), else in one of its own; answers
     * whether anything changed, with notes for the import's report. Undated finished reads stay
     * undated: the spec's Recently Read list holds their book after every dated one, and they count in
     * no year.
     */
    async importEntry(userId: string, bookId: string, plan: ImportPlan, on?: Db, details: ImportDetails = {}): Promise<{ changed: boolean; notes: string[] }> {
      return inTransaction(db, on, async (trx) => {
        const entry = await findEntry(trx, userId, bookId)
        // A read belongs to an entry (its foreign key): a book new to the reader's log has none to read.
        const reads = entry ? await listReads(trx, userId, bookId) : []
        const reviewRating = plan.rating === null ? null : await findReviewRating(trx, userId, bookId)
        const at = nowIso()
        const { writes, status, rating, notes } = mergeImport({ plan, bookId, entry, reads, reviewRating, at, newId: uuidv7 })
        const filled = await detailsToFill(trx, userId, bookId, details)
        if (!writes.length && status === undefined && rating === undefined && !filled) return { changed: false, notes }
        await bumpLogVersion(trx, userId)
        await touchEntry(trx, userId, bookId, at)
        if (filled) await setEntryDetails(trx, userId, bookId, filled)
        for (const write of writes) await writeRead(trx, userId, bookId, write, at, true)
        if (status !== undefined) await updateEntry(trx, userId, bookId, { status }, at)
        if (rating !== undefined) await rate(trx, userId, bookId, rating, at)
        await syncProjections(trx, userId, bookId, at)
        return { changed: true, notes }
      })
    },

    /**
     * importEntry for a batch of an import's rows of one reader (decision 0070), in the batch's
     * transaction `trx`: what the reader's log holds of the batch's books (`bookIds`) is read at
     * once; the entries, new reads and the books' counters are written a few statements for the
     * batch (by `write` before another module reads the log, and by `finish`), the log version moves
     * once, and the spec's lists are rewritten for every book the batch changed by `finish`, before
     * the batch commits. The same
     * merge as importEntry, to the same end. A book met again in the batch (or whose log someone
     * else wrote before this batch first wrote) is read afresh, as importEntry would.
     */
    async importBatch(trx: Db, userId: string, bookIds: readonly string[]) {
      const version = await findLogVersionOf(trx, userId)
      let known = await findLogOfBooks(trx, userId, bookIds)
      /** Books whose log read at the start no longer holds: met before in this batch. */
      const met = new Set<string>()
      const changed = new Set<string>()
      let bumped = false
      /**
       * Entries and reads made so far, written together before a book's log is read again and at the
       * end (entries first: a read belongs to its entry); the lone ratings' moves of the books' counters,
       * summed per book, written at the end, when the batch holds those books' rows the shortest time.
       */
      let entries: ImportedEntryWrite[] = []
      let reads: Parameters<typeof insertImportedReads>[2][number][] = []
      const moves = new Map<string, { lone: number; loneStars: number }>()
      const writeLog = async () => {
        await writeImportedEntries(trx, userId, entries)
        await insertImportedReads(trx, userId, reads)
        entries = []
        reads = []
      }
      const logOf = async (bookId: string): Promise<LogOfBook> => {
        const log = met.has(bookId) ? undefined : known.get(bookId)
        met.add(bookId)
        if (log) return log
        await writeLog()
        return (await findLogOfBooks(trx, userId, [bookId])).get(bookId)!
      }
      const entry = async (bookId: string, plan: ImportPlan, details: ImportDetails = {}): Promise<{ changed: boolean; notes: string[] }> => {
        const log = await logOf(bookId)
        const at = nowIso()
        const reviewRating = plan.rating === null ? null : log.reviewRating
        const { writes, status, rating, notes } = mergeImport({ plan, bookId, entry: log.entry, reads: log.reads, reviewRating, at, newId: uuidv7 })
        const filled = hasDetails(details) ? detailsChange(log.details, details) : undefined
        if (!writes.length && status === undefined && rating === undefined && !filled) return { changed: false, notes }
        if (!bumped) {
          bumped = true
          // The reader's row is locked from here to the commit, as by every writer of their log: had
          // anyone written it since the batch read it, the batch's reading is stale and read again.
          if ((await bumpLogVersionReturning(trx, userId)) !== (version ?? 0) + 1) {
            known = new Map()
            met.delete(bookId)
            return entry(bookId, plan, details)
          }
        }
        changed.add(bookId)
        entries.push({ bookId, change: { ...filled, ...(status !== undefined ? { status } : {}), ...(rating !== undefined ? { rating } : {}) }, at })
        for (const w of writes) if (w.op === 'insert') reads.push({ bookId, id: w.id, values: w.values, at })
        // A read changed or removed is one the book had before this batch (its entry is there).
        for (const write of writes) if (write.op !== 'insert') await writeRead(trx, userId, bookId, write, at, true)
        // The book's counters move with the rating given without a review, as rate() moves them.
        const before = log.entry?.rating ?? null
        if (rating !== undefined && before !== rating) {
          const move = moves.get(bookId) ?? { lone: 0, loneStars: 0 }
          move.lone += Number(rating !== null) - Number(before !== null)
          move.loneStars += (rating ?? 0) - (before ?? 0)
          moves.set(bookId, move)
        }
        return { changed: true, notes }
      }
      return {
        entry,
        /** Writes the entries and reads held so far: before another module reads the reader's log in the batch (their shelves, their review). */
        write: writeLog,
        /** Writes the batch's entries, new reads and counters, and rewrites the spec's lists for the books it changed: its last step. */
        finish: async () => {
          await writeLog()
          await books.ratings.moveMany(trx, moves)
          await syncProjectionsOfBooks(trx, userId, [...changed], nowIso())
        },
      }
    },

    /**
     * A reader's books with a status, newest change first; another reader's Want to Read stays
     * private. 404 for an unknown reader. A page is kept LIBRARY_TTL_MS under the reader's log version
     * and the catalogue's version: the reader's own changes show at once, on every instance; others'
     * reviews move the books' averages within that time.
     */
    async library(userId: string, viewer: Actor | undefined, q: LibraryQuery): Promise<Omit<Page<never>, 'items'> & { items: Shared<LibraryEntry[]> }> {
      const scope = await scopeOf(userId, viewer?.id)
      const own = scope.audience === 'owner'
      // Another reader's Want to Read, and what they own or in which format, are theirs alone: an empty page, as a filter matching nothing.
      if (!own && (q.status === 'want' || q.owned !== undefined || q.format !== undefined)) return { items: shared([], false), total: 0 }
      // Their shelves are their log's, as their goals are (decision 0055): shown only where the default is.
      if (q.shelf !== undefined && !logShown(scope)) return { items: shared([], false), total: 0 }
      const limit = q.limit ?? LIBRARY_DEFAULT_LIMIT
      const order = libraryOrder(q)
      const words = searchWords(q.q)
      if (q.cursor && !order) refuseTaggedCursor(q.cursor)
      const after = q.cursor && !order ? (([at, bookId]) => ({ at, bookId }))(decodeKeyset(q.cursor, ['instant', 'id'] as const)) : undefined
      const sorted = order && { ...order, ...(q.cursor ? { after: decodeLibraryCursor(q.cursor, order, words) } : {}) }
      const [logVersion, catalogueVersion] = await Promise.all([findLogVersion(db, userId), books.catalogueVersion()])
      const version = `${logVersion}|${catalogueVersion}`
      const shelfKey = q.shelf === undefined ? undefined : shelfNameKey(q.shelf)
      const copy = { ...(q.owned === undefined ? {} : { owned: q.owned }), ...(q.format ? { format: q.format } : {}) }
      const key = JSON.stringify([
        userId,
        scopeKey(scope),
        q.status ?? '',
        limit,
        q.cursor ?? '',
        shelfKey ?? null,
        q.owned ?? '',
        q.format ?? '',
        order ?? '',
        words,
      ])
      const req = {
        scope,
        ...(q.status ? { status: q.status } : {}),
        limit,
        ...(after ? { after } : {}),
        ...(sorted ? { sorted } : {}),
        words,
        shelfKey,
        ...copy,
      }
      const page = await libraries.get(key, () => libraryPage(userId, own, req), { version })
      return { items: page.items, total: page.total, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) }
    },

    /** The version of a reader's log (a cache key): it changes with every write to it, on any instance; undefined for an unknown reader. */
    logVersion: (userId: string): Promise<number | undefined> => findLogVersion(db, userId),

    /**
     * How far a reader is into a book (a work's id), for spoilers that depend on it (decision 0043):
     * finished, the furthest page and percent of their kept reads, and the page count of the edition
     * they read (null when unknown or the book is absent).
     */
    async progressOf(userId: string, bookId: string): Promise<Omit<ReaderProgress, 'editionId'> & { pageCount: number | null }> {
      const { editionId, ...progress } = await findReaderProgress(db, userId, bookId)
      const pageCount = progress.finished ? null : await books.pageCount(bookId, editionId).catch(() => null)
      return { ...progress, pageCount }
    },

    /** How many of a reader's books have each status (Want to Read only for the reader themself). */
    async libraryCounts(userId: string, viewer: Actor | undefined): Promise<Record<ReadingStatus, number>> {
      const scope = await scopeOf(userId, viewer?.id)
      const counts = await countLibrary(db, userId, scope)
      const own = scope.audience === 'owner'
      return Object.fromEntries(READING_STATUSES.map((s) => [s, s === 'want' && !own ? 0 : (counts[s] ?? 0)])) as Record<ReadingStatus, number>
    },
  }
}

export type ReadingService = ReturnType<typeof createReadingService>

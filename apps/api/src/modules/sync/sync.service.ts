import { createHash } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import {
  type PagingQuery,
  type ProgressInput,
  type ProgressSyncInput,
  type ProgressSyncResult,
  type ReadingEntry,
  type SyncInboxItem,
  type SyncSettings,
} from '@shelfwise/contracts'
import { compactIsbn, isbn10To13, validIsbn10, validIsbn13 } from '@shelfwise/library-files'
import type { Db } from '#/db/portable.ts'
import { AppError, conflict, notFound } from '#/errors.ts'
import { pageById, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import {
  bindInboxRow,
  countInbox,
  findBoundBook,
  findInboxRow,
  findKosyncProgress,
  findSyncRequest,
  findSyncSettings,
  insertSyncRequest,
  listInbox,
  upsertInboxItem,
  upsertKosyncProgress,
  upsertSyncSettings,
  type IdentifierKind,
  type KeptPosition,
} from '#/modules/sync/sync.repository.ts'

// Progress sync (issue 25, point 3, decision 0047): "I am here in this book" from a device, made
// safe. The reading module stays the one writer of the reading log: this service works out which
// book, which edition and whether the position is news, then asks the reading service to write.

const DAY_MS = 24 * 3600 * 1000
const INBOX_PAGE = 50

const SYNC_MESSAGES = {
  keyReused: 'This Idempotency-Key was already used for another request; use a new key for a new report',
  inboxNotFound: 'Inbox item not found',
  badIsbn: 'book.isbn: is not a valid ISBN-10 or ISBN-13 (check digit)',
} as const

/** Where a book was named: a book of ours (work, and the edition the name points at), or an identifier to file. */
type Placed = { bookId: string; editionId: string | null } | { kind: IdentifierKind; identifier: string }

/** The position a sync reports, as the reading log takes it, and as a fraction of the book when one can be worked out. */
interface Position {
  progress: ProgressInput
  fraction: number | null
}

const round1 = (n: number) => Math.round(n * 10) / 10
const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex')

/** The position of a sync in the book's own terms: pages only when the device's page count is the book's. */
function positionOf(input: ProgressSyncInput, bookPages: number | null): Position | undefined {
  if (input.percent !== undefined) return { progress: { percent: round1(input.percent) }, fraction: input.percent / 100 }
  if (input.page !== undefined) {
    const pages = input.pages ?? null
    if (pages !== null && pages !== bookPages) return { progress: { percent: round1((100 * input.page) / pages) }, fraction: input.page / pages }
    const of = pages ?? bookPages
    if (of !== null) return { progress: { page: Math.min(input.page, of) }, fraction: Math.min(input.page, of) / of }
    // Neither the device nor the catalogue knows a page count: the page as it is.
    return { progress: { page: input.page }, fraction: null }
  }
  if (input.seconds !== undefined) {
    const total = input.totalSeconds ?? null
    if (total !== null) return { progress: { percent: round1((100 * input.seconds) / total) }, fraction: input.seconds / total }
    return { progress: { minutes: Math.floor(input.seconds / 60) }, fraction: null }
  }
  return undefined
}

/** How far the open read is, as a fraction when it can be worked out. */
const fractionOf = (p: ReadingEntry['progress'], bookPages: number | null): number | null =>
  p.percent !== null ? p.percent / 100 : p.page !== null && bookPages ? p.page / bookPages : null

/** Whether `next` is ahead of what the open read holds (unknown comparisons count as ahead). */
function isAhead(next: Position, held: ReadingEntry['progress'], bookPages: number | null): boolean {
  const was = fractionOf(held, bookPages)
  if (next.fraction !== null && was !== null) return next.fraction > was + 1e-9
  if (next.progress.page != null && held.page !== null) return next.progress.page > held.page
  if (next.progress.minutes != null && held.minutes !== null) return next.progress.minutes > held.minutes
  return held.page === null && held.percent === null && held.minutes === null
}

export interface SyncDeps {
  db: Db
  books: Pick<BooksService, 'workOf' | 'existingWorkOf' | 'holderOfIsbn' | 'isEditionOf'>
  reading: Pick<ReadingService, 'updateIf'>
}

export const createSyncService = ({ db, books, reading }: SyncDeps) => {
  /** Which book a sync names: a binding the reader made wins, then the catalogue's ISBNs, then our ids. */
  async function place(userId: string, ref: ProgressSyncInput['book']): Promise<Placed> {
    if (ref.id !== undefined) {
      const workId = await books.existingWorkOf(ref.id)
      const editionId = ref.id !== workId && (await books.isEditionOf(workId, ref.id)) ? ref.id : null
      return { bookId: workId, editionId }
    }
    let kind: IdentifierKind
    let identifier: string
    if (ref.isbn !== undefined || (ref.asin !== undefined && validIsbn10(ref.asin.toUpperCase()))) {
      // A print book's ASIN is its ISBN-10.
      const isbn = compactIsbn(ref.isbn ?? ref.asin!)
      const thirteen = validIsbn13(isbn) ? isbn : validIsbn10(isbn) ? isbn10To13(isbn) : null
      if (!thirteen) throw new AppError('validation_failed', SYNC_MESSAGES.badIsbn)
      kind = 'isbn'
      identifier = thirteen
    } else {
      kind = 'asin'
      identifier = ref.asin!.toUpperCase()
    }
    const bound = await findBoundBook(db, userId, kind, identifier)
    if (bound) return { bookId: await books.workOf(bound), editionId: null }
    if (kind === 'isbn') {
      const holder = await books.holderOfIsbn(identifier)
      if (holder) return { bookId: holder.workId, editionId: holder.editionId === holder.workId ? null : holder.editionId }
    }
    return { kind, identifier }
  }

  /** The read a result names: the open one, else the latest finished. */
  const readIdOf = (entry: ReadingEntry): string | null => entry.reads.find((r) => r.outcome === null)?._id ?? entry.reads[0]?._id ?? null

  /**
   * Applies a sync to a placed book under the rules of decision 0047, decided inside the reading log's
   * transaction (reading.updateIf): two devices reporting at once are decided one after the other.
   */
  async function applyTo(actor: Actor, bookId: string, namedEdition: string | null, input: ProgressSyncInput): Promise<ProgressSyncResult> {
    const today = input.at ? new Date(input.at).toISOString().slice(0, 10) : undefined
    const todayNotAhead = today && today <= new Date().toISOString().slice(0, 10) ? { today } : {}
    const { changed, entry } = await reading.updateIf(actor, bookId, async (log, pagesOf, trx) => {
      const { open } = log
      // A report older than what the open read last heard changes nothing (devices deliver out of order).
      if (open && input.at && !input.reread && Date.parse(input.at) < Date.parse(open.updatedAt)) return null
      // A finished book is not started again by a device still on it, unless the reader says it is a re-read.
      if (!open && log.status === 'read' && !input.reread) return null
      // The edition a device names is the reader's when they chose none, or when a new read opens.
      const editionId = namedEdition !== null && namedEdition !== log.editionId && (!open || !log.editionId) ? namedEdition : undefined
      const edition = editionId ? { editionId } : {}
      if (input.finished) return { status: 'read', ...edition, ...todayNotAhead }
      const bookPages = await pagesOf(editionId ?? log.editionId)
      const position = positionOf(input, bookPages)!
      // At the end of the book (100 %, the last page, the last second): finished, when the reader's setting says so.
      if (position.fraction !== null && position.fraction >= 1 && (await findSyncSettings(trx, actor.id)).finishAtEnd)
        return { status: 'read', ...edition, ...todayNotAhead }
      if (open && !input.reread && !isAhead(position, open.progress, bookPages)) return null
      return { progress: position.progress, ...edition, ...todayNotAhead }
    })
    return { status: changed ? 'applied' : 'already_current', bookId, readId: readIdOf(entry), inboxId: null }
  }

  /** What an inbox row keeps of a sync. */
  const keptOf = (input: ProgressSyncInput): KeptPosition => {
    const { book: _book, ...sync } = input
    const p = positionOf(input, null)
    return { percent: p?.fraction != null ? round1(p.fraction * 100) : (p?.progress.percent ?? null), finished: input.finished === true, sync }
  }

  /** Files a sync of a book the server could not place in the reader's inbox: needs_review. */
  async function file(actor: Actor, placed: { kind: IdentifierKind; identifier: string }, input: ProgressSyncInput): Promise<ProgressSyncResult> {
    const inboxId = await upsertInboxItem(db, {
      id: uuidv7(),
      userId: actor.id,
      kind: placed.kind,
      identifier: placed.identifier,
      device: input.device || null,
      payload: JSON.stringify(keptOf(input)),
      at: new Date().toISOString(),
    })
    return { status: 'needs_review', bookId: null, readId: null, inboxId }
  }

  async function sync(actor: Actor, input: ProgressSyncInput): Promise<ProgressSyncResult> {
    const placed = await place(actor.id, input.book)
    if ('bookId' in placed) return applyTo(actor, placed.bookId, placed.editionId, input)
    return file(actor, placed, input)
  }

  return {
    /**
     * KOReader's report of a document (kosync, decision 0047): kept as KOReader sent it, for its own
     * GET; and, once the reader bound the document's hash to a book, its percentage flows into the
     * reading log under the rules of a sync; until then the document waits in the inbox.
     */
    async kosyncReport(
      actor: Actor,
      report: { document: string; progress: string; percentage: number; device: string; deviceId: string | null },
    ): Promise<number> {
      const timestamp = Math.floor(Date.now() / 1000)
      await upsertKosyncProgress(db, { userId: actor.id, ...report, timestamp })
      const input: ProgressSyncInput = { book: { id: report.document }, percent: Math.min(100, Math.max(0, report.percentage * 100)), device: report.device }
      const bound = await findBoundBook(db, actor.id, 'kosync', report.document)
      if (bound) {
        const workId = await books.workOf(bound)
        await applyTo(actor, workId, null, { ...input, book: { id: workId } })
      } else await file(actor, { kind: 'kosync', identifier: report.document }, input)
      return timestamp
    },

    /** What KOReader last reported of a document, as it sent it; undefined when nothing. */
    kosyncProgress: (actor: Actor, document: string) => findKosyncProgress(db, actor.id, document),

    /**
     * Reports where the reader is in a book (decision 0047). With an Idempotency-Key, the first
     * answer is kept a day: a replay answers it again and changes nothing; the key with another body is 409.
     */
    async progress(actor: Actor, input: ProgressSyncInput, key: string | undefined): Promise<ProgressSyncResult> {
      if (!key) return sync(actor, input)
      const requestHash = hashOf(input)
      const prior = await findSyncRequest(db, actor.id, key)
      if (prior) {
        if (prior.requestHash !== requestHash) throw conflict(SYNC_MESSAGES.keyReused)
        return JSON.parse(prior.answer) as ProgressSyncResult
      }
      const answer = await sync(actor, input)
      const now = Date.now()
      const kept = await insertSyncRequest(
        db,
        { userId: actor.id, idempotencyKey: key, requestHash, answer: JSON.stringify(answer), createdAt: new Date(now).toISOString() },
        new Date(now - DAY_MS).toISOString(),
      )
      // Two requests with one key at once: both answer what the first one kept.
      if (!kept) {
        const first = await findSyncRequest(db, actor.id, key)
        if (first) return JSON.parse(first.answer) as ProgressSyncResult
      }
      return answer
    },

    /** The reader's sync settings (the defaults until they change one). */
    settings: (actor: Actor): Promise<SyncSettings> => findSyncSettings(db, actor.id),

    /** Keeps the reader's sync settings; answers them as kept. */
    async setSettings(actor: Actor, settings: SyncSettings): Promise<SyncSettings> {
      await upsertSyncSettings(db, actor.id, settings, new Date().toISOString())
      return findSyncSettings(db, actor.id)
    },

    /** The books the reader's devices named that wait to be bound, newest first, paged. */
    inbox: (actor: Actor, query: PagingQuery): Promise<Page<SyncInboxItem>> =>
      pageById(
        query,
        INBOX_PAGE,
        (afterId, limit) => listInbox(db, actor.id, afterId, limit),
        () => countInbox(db, actor.id),
      ),

    /**
     * Binds an inbox item to a book: its last position is applied now, and later syncs naming the
     * same identifier go straight to that book. 404 for another reader's item or an absent book.
     */
    async bind(actor: Actor, id: string, bookId: string): Promise<ProgressSyncResult> {
      const row = await findInboxRow(db, actor.id, id)
      if (!row) throw notFound(SYNC_MESSAGES.inboxNotFound)
      const workId = await books.existingWorkOf(bookId)
      const editionId = bookId !== workId && (await books.isEditionOf(workId, bookId)) ? bookId : null
      const sync = row.kept.sync as Omit<ProgressSyncInput, 'book'>
      const answer = await applyTo(actor, workId, editionId, { ...sync, book: { id: workId } })
      await bindInboxRow(db, actor.id, id, workId, new Date().toISOString())
      return answer
    },
  }
}

export type SyncService = ReturnType<typeof createSyncService>

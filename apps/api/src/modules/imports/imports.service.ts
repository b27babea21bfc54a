import { v7 as uuidv7 } from 'uuid'
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  LIMITS,
  type Book,
  type ImportCandidate,
  type ImportJob,
  type ImportOutcome,
  type ImportRow,
  type ImportRowResolve,
  type ImportRowsQuery,
  type ImportSource,
} from '@shelfwise/contracts'
import { compactIsbn, csvLine, csvRecordsSliced, CsvError, isIsbnShape } from '@shelfwise/library-files'
import { dialectOf, isConnectionError, isForeignKeyViolation, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { AppError, badRequest, conflict, notFound } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { createWorkGate, yieldToLoop } from '#/work-gate.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import { detectFormat, mapRow, type ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
import {
  claimImport,
  countOutcomes,
  countRows,
  deleteAllowancesBefore,
  deleteImport,
  deleteImportRows,
  dropFileText,
  readFile,
  failPendingRows,
  findImport,
  findImportHeader,
  findKeptUsage,
  findRow,
  finishImport,
  giveBackAllowance,
  insertImport,
  insertRows,
  listExpiredImports,
  listImports,
  listPendingRows,
  listRows,
  listUnclaimedImports,
  lockReader,
  markInFlight,
  moveCount,
  releaseLease,
  renewLease,
  saveCounts,
  saveProgress,
  SETTLED_OUTCOMES,
  takeAllowance,
  updateRow,
  type ClaimedImport,
  type NewImportRow,
  type OutcomeCounts,
  type RowChange,
  type StoredRow,
} from '#/modules/imports/imports.repository.ts'

// Imports of a reader's library (issue 14, decision 0020). A file is checked whole when it is sent
// (its columns, its CSV, its size) and refused before anything is kept; then a job reads its rows
// into the database and applies them a batch at a time, yielding to the event loop between batches,
// under a lease any instance renews while it works and takes over when it runs out (a restart).
// Issue 19 holds imports to limits the database keeps: a job taken over too often fails saying why,
// one import per reader at a time, daily caps on books made and reviews posted, and a quota and an
// expiry on what imports keep.

export interface ImportsDeps {
  db: Db
  books: BooksService
  reading: ReadingService
  reviews: ReviewsService
  /** How often an instance looks for jobs nobody works on (ms); 0: only when a file is sent. */
  pollMs?: number
}

/**
 * When an imported review was written, as near as the file tells: the day its last read ended (a
 * whole date, not after today), else undefined (now). Dated so, a library's old reviews take their
 * place in the past, not at the top of Recent Reviews and this week's Popular Books.
 */
function writtenOn(row: ParsedRow): string | undefined {
  const last = row.reads.at(-1)
  const day = last?.finishedOn ?? last?.stoppedOn
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const at = `${day}T12:00:00.000Z`
  return Date.parse(at) < Date.now() ? at : undefined
}

/** How long a job stays with the instance working on it without a sign of life. */
const LEASE_MS = 30_000
/**
 * Rows applied in one transaction, between two looks at the event loop and two saves of the counts:
 * small, since on SQLite other writers wait for the batch's commit.
 */
const APPLY_BATCH = 20
/**
 * The times a job may be taken over from an instance that stopped without letting it go; the next
 * time it fails, saying why. A file that stops the server (a freeze a watchdog ends with SIGKILL)
 * would otherwise stop it again at every start.
 */
const MAX_TAKEOVERS = 3
/**
 * After a takeover, the rows of the batch that was under way (at most APPLY_BATCH) are applied one
 * at a time, each noted before its work: if the server stops on one again, that row fails alone.
 */
const CAREFUL_ROWS = APPLY_BATCH
/** The longest the job holds the event loop between two looks at it (ms). */
const SLICE_MS = 8
/** Rows stored per statement while the file is read. */
const STORE_BATCH = 500
/** ...or fewer, when their cells come to this many characters (500 rows of 65,536-character cells would be one statement of 30 MB; 512 KB took up to 19 ms). */
const STORE_BATCH_CHARS = 256 * 1024
const ROWS_DEFAULT_LIMIT = 100
/** At most this many candidates are kept for a row to choose from. */
const CANDIDATES_MAX = 10
/** Rows per page of the CSV of rows, each page read in its turn (costly reads take turns). */
const CSV_PAGE = 500
/** About how many characters of CSV one page of `rows.csv` may hold before the next page is made smaller. */
const CSV_PAGE_CHARS = 256 * 1024
/** The first page is small, until the rows show what they weigh (50 rows of 65,536-character cells were a 10 MB read). */
const CSV_FIRST_PAGE = 4
/** How often an instance removes imports whose time is up, at most. */
const SWEEP_EVERY_MS = 10 * 60_000
/** Imports removed per sweep, and rows per statement: the rest wait for the next sweep or statement. */
const SWEEP_IMPORTS = 20
const DELETE_BATCH = 1_000
const DAY_MS = 86_400_000

const leaseFrom = (now: number) => new Date(now + LEASE_MS).toISOString()
/** A day (UTC) as the allowances count it. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const inWords = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
/** PostgreSQL's code for a statement cancelled for running past statement_timeout. */
const isStatementCancelled = (err: unknown) => (err as { code?: string } | null)?.code === '57014'

/** This run lost the job's lease to another instance (it froze past the lease): it stops writing. */
class LeaseLost extends Error {}
/** The row's book left the catalogue while the row was applied. */
class BookGone extends Error {}

/** A file is turned into text this many bytes at a time, the event loop served between (10 MB at once held it ~20 ms). */
const DECODE_STEP = 1024 * 1024

/** The file's text: UTF-8 (a BOM is dropped); undefined for bytes that are not text. */
async function textOf(parts: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<string | undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const pieces: string[] = []
  try {
    for await (const part of parts) {
      for (let at = 0; at < part.length; at += DECODE_STEP) {
        const piece = decoder.decode(part.subarray(at, at + DECODE_STEP), { stream: true })
        if (piece.includes('\u0000')) return undefined
        pieces.push(piece)
        await yieldToLoop()
      }
    }
    pieces.push(decoder.decode())
  } catch {
    return undefined
  }
  const text = pieces.join('')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

const isbnsOf = (row: ParsedRow) => [row.isbn13, row.isbn10].filter((i): i is string => i !== null)

const candidateOf = (b: Book): ImportCandidate => ({
  _id: b._id,
  title: b.title,
  author: b.author,
  publishedDate: b.publishedDate ?? null,
  isbn: b.isbn || null,
  totalReviews: b.totalReviews,
})

interface RowResult {
  outcome: ImportOutcome
  bookId: string | null
  candidates: string[]
  message: string | null
}

const failed = (message: string): RowResult => ({ outcome: 'failed', bookId: null, candidates: [], message })

const counted = (counts: OutcomeCounts, results: RowResult[]) => {
  const next = { ...counts }
  for (const r of results) next[r.outcome as keyof OutcomeCounts] += 1
  return next
}

/** Where the title and author go in a line of the file's own columns, for a row whose cells were dropped. */
function keptCellsOf(header: string[]): (row: StoredRow) => string[] {
  const at = (...names: string[]) => header.findIndex((h) => names.includes(h.trim().toLowerCase()))
  const title = at('title')
  const author = at('author', 'authors')
  return (row) => {
    const cells = JSON.parse(row.fields) as string[]
    if (cells.length) return cells
    const line = header.map(() => '')
    if (title >= 0) line[title] = row.title
    if (author >= 0) line[author] = row.author
    return line
  }
}

export const createImportsService = ({ db, books, reading, reviews, pollMs = 5_000 }: ImportsDeps) => {
  let stopped = false
  // Pages of the CSV of rows take turns, as the catalogue's costly reads do (decision 0015).
  const gate = createWorkGate({ concurrency: dialectOf(db) === 'postgres' ? 2 : 1 })

  /** Whether the reader already has a review of the book (then an import keeps or rates it, and posts nothing new). */
  const hasReview = async (userId: string, bookId: string) => {
    try {
      // The job acts for the reader who sent the file; `mine` reads only the reader's id.
      await reviews.mine({ id: userId, jti: '', exp: 0 }, bookId)
      return true
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return false
      throw err
    }
  }

  /**
   * Whether the row's review may be posted: 'taken' when it counts against today's reviews, 'free'
   * when the reader already has one of the book (nothing new is posted), 'none' past the day's cap.
   */
  const reviewAllowance = async (userId: string, bookId: string, created: boolean, on: Db): Promise<'taken' | 'free' | 'none'> => {
    if (await takeAllowance(on, userId, dayOf(Date.now()), 'reviews', IMPORT_LIMITS.reviewsPerDay)) return 'taken'
    // Past the cap only (rare), a look outside the caller's transaction: a book this row made has no review.
    return !created && (await hasReview(userId, bookId)) ? 'free' : 'none'
  }

  /** Applies a row to a book: the reading log, then the review; `imported` when it changed anything. */
  const applyToBook = async (userId: string, row: ParsedRow, bookId: string, created: boolean, on?: Db): Promise<RowResult> => {
    const notes: string[] = created ? ['Added to the catalogue from this row'] : []
    const text = row.review?.trim() || null
    const reviewed = text !== null && row.rating !== null
    const allowance = reviewed ? await reviewAllowance(userId, bookId, created, on ?? db) : 'free'
    // A review that waits leaves its rating as the reader's rating meanwhile: posted later, the review takes it over.
    const waits = allowance === 'none'
    const entry = await reading.importEntry(userId, bookId, { status: row.status, reads: row.reads, rating: reviewed && !waits ? null : row.rating }, on)
    notes.push(...entry.notes)
    let changed = entry.changed || created
    if (text !== null && row.rating === null) notes.push('The review was not imported: a review here needs a rating of 1 to 5 stars')
    if (reviewed && waits) notes.push(IMPORT_MESSAGES.reviewWaits(IMPORT_LIMITS.reviewsPerDay))
    else if (reviewed) {
      const comment = text.length > LIMITS.reviewMax ? text.slice(0, LIMITS.reviewMax) : text
      if (comment !== text) notes.push(`The review was cut to ${LIMITS.reviewMax.toLocaleString('en-US')} characters`)
      const done = await reviews.importReview(userId, bookId, row.rating!, comment, on, writtenOn(row))
      if (done !== 'created' && allowance === 'taken') await giveBackAllowance(on ?? db, userId, dayOf(Date.now()), 'reviews')
      if (done === 'created' || done === 'rated') changed = true
      if (done === 'kept') notes.push('You have another review of this book here: yours was kept')
    }
    if (row.status === null && row.shelf) notes.push(`The shelf “${row.shelf}” is not a reading status here: the book’s status was left as it was`)
    if (row.ratingRoundedFrom !== null && row.rating !== null) notes.push(`Rating ${row.ratingRoundedFrom} rounded to ${row.rating}★`)
    // A row whose review waits is not done: it stays in the report, to be looked at again tomorrow.
    return { outcome: waits ? 'failed' : changed ? 'imported' : 'unchanged', bookId, candidates: [], message: notes.length ? notes.join('. ') : null }
  }

  /** Finds the row's book (or makes it) and applies the row; a row with several possible books waits. */
  const applyRow = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
    const match = await books.importMatches({ title: row.title, author: row.author, isbns: isbnsOf(row), userId }, on)
    const only = match.candidates.length === 1 ? match.candidates[0]!._id : undefined
    const bookId = match.byIsbn ?? only
    if (bookId) return applyToBook(userId, row, bookId, false, on)
    if (match.candidates.length > 1) {
      const n = match.candidates.length
      return {
        outcome: 'needs_review',
        bookId: null,
        candidates: match.candidates.slice(0, CANDIDATES_MAX).map((b) => b._id),
        message: `${n.toLocaleString('en-US')} books here have this title and author: choose the one you read`,
      }
    }
    return createAndApply(userId, row, on)
  }

  /** Makes the row's book, within the day's books for imports (past it the row waits, saying so), and applies the row. */
  const createAndApply = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
    const day = dayOf(Date.now())
    // Counted in the caller's transaction, with the book: a batch that rolls back counts nothing.
    if (!(await takeAllowance(on ?? db, userId, day, 'books', IMPORT_LIMITS.booksPerDay))) return failed(IMPORT_MESSAGES.booksWait(IMPORT_LIMITS.booksPerDay))
    let bookId: string
    try {
      bookId = await books.createFromImport(
        userId,
        {
          title: row.title,
          author: row.author,
          isbn: row.isbn13 ?? row.isbn10,
          pages: row.pages,
          year: row.year,
          publisher: row.publisher,
        },
        on,
      )
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        await giveBackAllowance(on ?? db, userId, day, 'books')
        return failed(`The book could not be added: ${err.message}`)
      }
      throw err
    }
    return applyToBook(userId, row, bookId, true, on)
  }

  /** A row's fate, kept: a book deleted meanwhile makes the row fail, not the job. */
  const settle = async (userId: string, row: StoredRow, work: (parsed: ParsedRow) => Promise<RowResult>): Promise<RowResult> => {
    if (row.data === null) return failed(row.message ?? 'This row could not be read')
    try {
      return await work(JSON.parse(row.data) as ParsedRow)
    } catch (err) {
      if (isForeignKeyViolation(err) || (err instanceof AppError && err.status === 404))
        return failed('The book was removed from the catalogue while the row was applied')
      throw err
    }
  }

  /** Reads the file's rows into the database, STORE_BATCH at a time, then lets the text go. */
  const storeRows = async (job: ClaimedImport, text: string) => {
    const header = await findImportHeader(db, job.id)
    const format = detectFormat(header, job.source)
    if (!format.ok) throw new Error(format.message)
    let batch: NewImportRow[] = []
    let batchChars = 0
    let first = true
    // Only the columns the format reads are kept: a file's other columns (a 10 MB one of them) are read past, not stored.
    for await (const record of csvRecordsSliced(text, SLICE_MS, { keep: () => format.columns.values() })) {
      if (first) {
        first = false
        continue
      }
      const mapped = mapRow(format.format, format.columns, record)
      batch.push(
        mapped.ok
          ? {
              line: record.line,
              title: mapped.row.title,
              author: mapped.row.author,
              data: JSON.stringify(mapped.row),
              fields: JSON.stringify(record.fields),
              outcome: 'pending',
              message: null,
            }
          : {
              line: record.line,
              title: mapped.title,
              author: mapped.author,
              data: null,
              fields: JSON.stringify(record.fields),
              outcome: 'failed',
              message: mapped.message,
            },
      )
      batchChars += (batch.at(-1)!.data?.length ?? 0) + batch.at(-1)!.fields.length
      if (batch.length >= STORE_BATCH || batchChars >= STORE_BATCH_CHARS) {
        batchChars = 0
        await insertRows(db, job.id, batch)
        if (!(await renewLease(db, job, leaseFrom(Date.now()), nowIso()))) throw new LeaseLost()
        batch = []
      }
    }
    await insertRows(db, job.id, batch)
    await saveCounts(db, job.id, await countOutcomes(db, job.id), nowIso())
    await dropFileText(db, job.id, nowIso())
  }

  /**
   * One row on its own (a batch broke, or the row is the first after a takeover): its services each
   * in a transaction of their own. A row whose work runs past the database's statement limit, or
   * breaks on an error nobody expected, fails with a message and the job goes on; a database that
   * does not answer stops the job (another instance, or this one later, goes on with it).
   */
  const applyAlone = async (job: ClaimedImport, row: StoredRow, log: JobLog): Promise<RowResult> => {
    let result: RowResult
    try {
      result = await settle(job.userId, row, (parsed) => applyRow(job.userId, parsed))
    } catch (err) {
      if (isConnectionError(err) && !isStatementCancelled(err)) throw err
      log.error({ err, importId: job.id, line: row.line }, 'an import row could not be applied')
      result = failed(isStatementCancelled(err) ? IMPORT_MESSAGES.rowTooSlow : IMPORT_MESSAGES.rowError)
    }
    await updateRow(db, job.id, row.line, 'pending', result)
    return result
  }

  /** Applies rows, saves their outcomes and the job's counts and renews the lease: one transaction, else row by row. */
  const applyBatch = async (job: ClaimedImport, rows: StoredRow[], counts: OutcomeCounts, breathe: () => Promise<void>, log: JobLog) => {
    try {
      // A batch in one transaction: one commit for its rows, their outcomes and the job's counts
      // (a commit per write was most of the time).
      return await db.transaction().execute(async (trx) => {
        const done: RowResult[] = []
        for (const row of rows) {
          const result = await settle(job.userId, row, (parsed) => applyRow(job.userId, parsed, trx))
          await updateRow(trx, job.id, row.line, 'pending', result)
          done.push(result)
          await breathe()
        }
        if (!(await saveProgress(trx, job, counted(counts, done), leaseFrom(Date.now()), nowIso()))) throw new LeaseLost()
        return done
      })
    } catch (err) {
      if (err instanceof LeaseLost) throw err
      // A row broke the batch (on PostgreSQL a refused statement ends its transaction): each row
      // again on its own, so the others land and the one that breaks is told apart.
      const done: RowResult[] = []
      for (const row of rows) {
        done.push(await applyAlone(job, row, log))
        await yieldToLoop()
      }
      if (!(await saveProgress(db, job, counted(counts, done), leaseFrom(Date.now()), nowIso()))) throw new LeaseLost()
      return done
    }
  }

  /** Applies the rows still pending, a batch at a time, saving the counts (and the lease) with each. */
  const applyPending = async (job: ClaimedImport, log: JobLog) => {
    const counts: OutcomeCounts = await countOutcomes(db, job.id)
    // Others' requests are answered every SLICE_MS (writers wait for the batch's commit).
    let sliceStart = performance.now()
    const breathe = async () => {
      if (performance.now() - sliceStart < SLICE_MS) return
      await yieldToLoop()
      sliceStart = performance.now()
    }
    let careful = job.takeovers > 0 ? CAREFUL_ROWS : 0
    for (;;) {
      if (stopped) {
        // Let go at once, so the next start (or another instance) goes on without waiting for the lease.
        await releaseLease(db, job, nowIso())
        return false
      }
      const rows = await listPendingRows(db, job.id, careful > 0 ? 1 : APPLY_BATCH)
      if (!rows.length) return true
      if (careful > 0) {
        careful -= 1
        // Committed before the row's work: should the server stop on this row, the next takeover fails it alone.
        if (!(await markInFlight(db, job, rows[0]!.line, leaseFrom(Date.now()), nowIso()))) throw new LeaseLost()
      }
      Object.assign(counts, counted(counts, await applyBatch(job, rows, counts, breathe, log)))
      await breathe()
    }
  }

  /** The row being applied when the job's instance stopped: it fails, saying so, and the job goes on without it. */
  const failInFlight = async (job: ClaimedImport, line: number) => {
    await updateRow(db, job.id, line, 'pending', failed(IMPORT_MESSAGES.rowStopped))
    if (!(await saveProgress(db, job, await countOutcomes(db, job.id), leaseFrom(Date.now()), nowIso()))) throw new LeaseLost()
  }

  /** A job taken over too often: the rows not looked at fail (the reader can download them), and so does the job, saying why. */
  const giveUp = async (job: ClaimedImport) => {
    while ((await failPendingRows(db, job.id, IMPORT_MESSAGES.notLookedAt, DELETE_BATCH)) === DELETE_BATCH) await yieldToLoop()
    await saveCounts(db, job.id, await countOutcomes(db, job.id), nowIso())
    await finishImport(db, job, 'failed', IMPORT_MESSAGES.interrupted(job.takeovers, !job.hasFile), nowIso())
  }

  /** Works a job through, if no other instance is working on it. */
  const run = async (id: string, log: JobLog) => {
    const job = await claimImport(db, id, uuidv7(), nowIso(), leaseFrom(Date.now()))
    if (!job) return
    try {
      if (job.takeovers > MAX_TAKEOVERS) return await giveUp(job)
      if (job.hasFile) {
        // Checked as text when it was sent: bytes that are not text now were changed in the database.
        const text = await textOf(await readFile(db, job.id))
        if (text === undefined) throw new Error('the stored file is not UTF-8 text')
        await storeRows(job, text)
      }
      if (job.currentLine !== null) await failInFlight(job, job.currentLine)
      if (await applyPending(job, log)) await finishImport(db, job, 'done', null, nowIso())
    } catch (err) {
      // Another instance has the job now; it goes on with it.
      if (err instanceof LeaseLost) return
      if (isConnectionError(err) && !isStatementCancelled(err)) {
        // The database did not answer: the job is let go of (when it can be) and taken up again later.
        log.error({ err, importId: id }, 'an import paused: the database did not answer')
        await releaseLease(db, job, nowIso()).catch(() => undefined)
        return
      }
      log.error({ err, importId: id }, 'an import stopped on an error')
      await finishImport(
        db,
        job,
        'failed',
        'The import stopped on an unexpected error. What it applied stays; send the file again to finish (nothing is added twice).',
        nowIso(),
      ).catch(() => undefined)
    }
  }

  /**
   * Removes imports (the job and its rows) IMPORT_LIMITS.keptDays after they finished, SWEEP_IMPORTS
   * at a time and their rows DELETE_BATCH per statement, and forgets the days' allowances once past.
   * Safe to run on several instances at once. Answers how many imports went.
   */
  const sweep = async (now: number = Date.now()): Promise<number> => {
    const before = new Date(now - IMPORT_LIMITS.keptDays * DAY_MS).toISOString()
    let removed = 0
    for (const id of await listExpiredImports(db, before, SWEEP_IMPORTS)) {
      while ((await deleteImportRows(db, id, DELETE_BATCH)) === DELETE_BATCH) await yieldToLoop()
      await deleteImport(db, id)
      removed += 1
      await yieldToLoop()
    }
    await deleteAllowancesBefore(db, dayOf(now - DAY_MS))
    return removed
  }

  let log: JobLog = { error: () => undefined }
  /** Jobs this instance is working on, each with its run. */
  const working = new Map<string, Promise<void>>()
  const kick = (id: string) => {
    if (stopped || working.has(id)) return
    working.set(
      id,
      run(id, log)
        .catch((err: unknown) => log.error({ err, importId: id }, 'an import could not be taken up'))
        .finally(() => working.delete(id)),
    )
  }

  const ownJob = async (actor: Actor, id: string) => {
    const job = await findImport(db, actor.id, id)
    if (!job) throw notFound(IMPORT_MESSAGES.importNotFound)
    return job
  }

  /** 413 when one more import of `bytes` would pass what the reader's imports may keep, naming the limit and when room is made. */
  const assertRoom = async (userId: string, bytes: number) => {
    const now = Date.now()
    const kept = await findKeptUsage(db, userId, new Date(now - IMPORT_LIMITS.keptDays * DAY_MS).toISOString())
    const freedOn = () => inWords((kept.oldestFinishedAt ? Date.parse(kept.oldestFinishedAt) : now) + IMPORT_LIMITS.keptDays * DAY_MS)
    if (kept.imports + 1 > IMPORT_LIMITS.keptImports)
      throw new AppError('payload_too_large', IMPORT_MESSAGES.keptMany(IMPORT_LIMITS.keptImports, IMPORT_LIMITS.keptDays, freedOn()))
    if (kept.bytes + bytes > IMPORT_LIMITS.keptBytes)
      throw new AppError('payload_too_large', IMPORT_MESSAGES.keptFull(Math.round(IMPORT_LIMITS.keptBytes / (1024 * 1024)), IMPORT_LIMITS.keptDays, freedOn()))
  }

  const toRows = async (rows: StoredRow[]): Promise<ImportRow[]> => {
    const ids = [...new Set(rows.flatMap((r) => r.candidates))]
    const found = ids.length ? await books.listByIds(ids) : []
    const byId = new Map(found.map((b) => [b._id, candidateOf(b)]))
    return rows.map((r) => ({
      line: r.line,
      title: r.title,
      author: r.author,
      outcome: r.outcome,
      bookId: r.bookId,
      candidates: r.candidates.flatMap((id) => byId.get(id) ?? []),
      message: r.message,
    }))
  }

  /** What resolving `row` as `input` makes of it, in the caller's transaction; a book gone meanwhile throws BookGone. */
  const resolution = async (userId: string, row: StoredRow, input: ImportRowResolve, trx: Db): Promise<RowChange> => {
    if (input.action === 'skip') return { outcome: 'skipped', bookId: null, candidates: row.candidates, message: row.message }
    if (row.data === null) throw badRequest('This row could not be read: download the rows that did not import, correct it there and import that file')
    const strictly = async (work: () => Promise<RowResult>) => {
      try {
        return await work()
      } catch (err) {
        if (isForeignKeyViolation(err) || (err instanceof AppError && err.status === 404)) throw new BookGone()
        throw err
      }
    }
    const parsed = JSON.parse(row.data) as ParsedRow
    if (input.action === 'choose') {
      if (!row.candidates.includes(input.bookId)) throw badRequest(IMPORT_MESSAGES.notACandidate)
      return strictly(() => applyToBook(userId, parsed, input.bookId, false, trx))
    }
    if (input.action === 'create') return strictly(() => createAndApply(userId, parsed, trx))
    const isbn = input.isbn === undefined ? undefined : compactIsbn(input.isbn)
    if (isbn !== undefined && isbn !== '' && !isIsbnShape(isbn)) throw badRequest('isbn: must be an ISBN-10 or ISBN-13')
    const corrected: ParsedRow = {
      ...parsed,
      title: input.title ?? parsed.title,
      author: input.author ?? parsed.author,
      ...(isbn === undefined
        ? {}
        : isbn === ''
          ? { isbn13: null, isbn10: null }
          : isbn.length === 13
            ? { isbn13: isbn, isbn10: null }
            : { isbn10: isbn, isbn13: null }),
    }
    return { ...(await strictly(() => applyRow(userId, corrected, trx))), title: corrected.title, author: corrected.author, data: JSON.stringify(corrected) }
  }

  return {
    /**
     * Checks an export file whole (UTF-8 text, CSV well formed, the columns of a Goodreads or
     * StoryGraph export, at most IMPORT_LIMITS rows, room left in the reader's kept imports) and
     * queues its import; nothing is kept when it is refused. One import at a time per reader: the
     * database's unique index decides between uploads sent at once (409 for all but one). The job
     * starts at once on this instance.
     */
    async start(actor: Actor, file: { name: string; bytes: Buffer | Buffer[] }, source: ImportSource | undefined): Promise<ImportJob> {
      const pieces = Array.isArray(file.bytes) ? file.bytes : [file.bytes]
      const size = pieces.reduce((n, p) => n + p.length, 0)
      if (size > IMPORT_LIMITS.maxBytes) throw new AppError('payload_too_large', IMPORT_MESSAGES.tooLarge)
      // One import at a time per reader: a second file waits for the first (and nobody queues a
      // hundred). Looked at first to spare reading the file; the insert below is what holds it.
      if ((await listImports(db, actor.id, 5)).some((j) => j.status === 'queued' || j.status === 'running')) throw conflict(IMPORT_MESSAGES.oneAtATime)
      await assertRoom(actor.id, size)
      const text = await textOf(pieces)
      if (text === undefined) throw badRequest(IMPORT_MESSAGES.notText)
      let header: string[] | undefined
      let format: ReturnType<typeof detectFormat> | undefined
      let rows = 0
      try {
        // Here the rows are only counted (and checked as CSV): no field but the header's is kept.
        for await (const record of csvRecordsSliced(text, SLICE_MS, { keep: () => [] })) {
          if (!header) {
            header = record.fields
            format = detectFormat(header, source)
            if (!format.ok) throw badRequest(format.message)
            continue
          }
          rows += 1
          if (rows > IMPORT_LIMITS.maxRows) throw new AppError('payload_too_large', IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.maxRows + 1))
        }
      } catch (err) {
        if (err instanceof CsvError) throw badRequest(err.message)
        throw err
      }
      if (!header || !format?.ok) throw badRequest('The file is empty: export your library and send that file')
      if (rows === 0) throw badRequest('The file has its columns but no rows: there is nothing to import')
      const id = uuidv7()
      // Control characters out of the name (it is shown, and it names the download of rows that did not import).
      const name =
        [...file.name]
          .filter((c) => c >= ' ' && c !== '\u007f')
          .join('')
          .slice(0, 200) || 'library.csv'
      try {
        await insertImport(db, {
          id,
          userId: actor.id,
          source: format.format,
          fileName: name,
          file: pieces,
          header,
          total: rows,
          fileBytes: size,
          at: nowIso(),
        })
      } catch (err) {
        // Another upload of the reader's was queued while this file was read (imports_one_unsettled_idx).
        if (isUniqueViolation(err)) throw conflict(IMPORT_MESSAGES.oneAtATime)
        throw err
      }
      kick(id)
      return (await findImport(db, actor.id, id))!
    },

    get: ownJob,

    /** The reader's imports, newest first (the last 20). */
    list: (actor: Actor): Promise<ImportJob[]> => listImports(db, actor.id, 20),

    /** A page of a job's rows, in file order, of the outcomes asked for. */
    async rows(actor: Actor, id: string, q: ImportRowsQuery): Promise<Page<ImportRow>> {
      await ownJob(actor, id)
      const after = q.cursor === undefined ? 0 : decodeKeyset(q.cursor, ['count'] as const)[0]
      const limit = q.limit ?? ROWS_DEFAULT_LIMIT
      const [page, total] = await Promise.all([listRows(db, id, q.outcome, after, limit + 1), countRows(db, id, q.outcome)])
      const items = await toRows(page.slice(0, limit))
      return { items, total, ...(page.length > limit ? { nextCursor: encodeCursor([items.at(-1)!.line]) } : {}) }
    },

    /**
     * The rows of the outcomes asked for (by default those that did not import) as a CSV file with
     * the file's own header, so the reader can fix them in a spreadsheet and import them again. The
     * lines come page by page (CSV_PAGE rows along the rows' key, each page in its turn), as the
     * download reads them; a settled row, whose cells were dropped, gives its title and author.
     * 404 (before any line) for an import that is not the reader's.
     */
    async rowsCsv(actor: Actor, id: string, outcomes: ImportOutcome[] | undefined): Promise<{ name: string; lines: AsyncGenerator<string> }> {
      const job = await ownJob(actor, id)
      const header = await findImportHeader(db, id)
      const wanted = outcomes?.length ? outcomes : (['needs_review', 'failed'] as ImportOutcome[])
      const cellsOf = keptCellsOf(header)
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(header)
        // Pages are sized by what they weigh, not only by rows: 500 rows of 65,536-character cells
        // would be read, parsed and written in one turn of the loop. The first page is small; one heavier than
        // CSV_PAGE_CHARS makes the next one smaller; a light one lets it grow back.
        for (let after = 0, size = CSV_FIRST_PAGE; ;) {
          const asked = size
          const page = await gate.run(() => listRows(db, id, wanted, after, asked))
          // Written a row at a time, the event loop served between slices (a row of 65,536 doubled quotes is 130 KB of CSV).
          let text = ''
          let chars = 0
          let sliceStart = performance.now()
          for (const row of page) {
            text += csvLine(cellsOf(row))
            if (performance.now() - sliceStart < SLICE_MS) continue
            chars += text.length
            yield text
            text = ''
            await yieldToLoop()
            sliceStart = performance.now()
          }
          chars += text.length
          if (text) yield text
          if (page.length < asked) return
          after = page.at(-1)!.line
          size = chars > CSV_PAGE_CHARS ? Math.max(1, Math.floor(asked / 4)) : Math.min(CSV_PAGE, asked * 2)
        }
      }
      return { name: `${job.fileName.replace(/\.csv$/i, '')}-not-imported.csv`, lines: lines() }
    },

    /**
     * Settles a row that waits or failed: a candidate chosen, the book made from the row, the row
     * corrected and looked at again, or left out. Once: the row is read and changed in one
     * transaction with the reader locked, and changed only from the outcome it was read with, so
     * resolves sent at once take turns and a settled row answers 409 (as it does while the job runs).
     */
    async resolve(actor: Actor, id: string, line: number, input: ImportRowResolve): Promise<ImportRow> {
      const job = await ownJob(actor, id)
      if (job.status === 'queued' || job.status === 'running') throw conflict(IMPORT_MESSAGES.stillRunning)
      const settleOnce = (change: (row: StoredRow, trx: Db) => Promise<RowChange>) =>
        db.transaction().execute(async (trx) => {
          await lockReader(trx, actor.id)
          const row = await findRow(trx, id, line)
          if (!row) throw notFound(IMPORT_MESSAGES.rowNotFound)
          if (SETTLED_OUTCOMES.includes(row.outcome)) throw conflict(IMPORT_MESSAGES.rowSettled(row.outcome))
          const next = await change(row, trx)
          if (!(await updateRow(trx, id, line, row.outcome, next))) throw conflict(IMPORT_MESSAGES.rowSettled(next.outcome))
          if (next.outcome !== row.outcome) await moveCount(trx, id, row.outcome, next.outcome, nowIso())
        })
      try {
        await settleOnce((row, trx) => resolution(actor.id, row, input, trx))
      } catch (err) {
        if (!(err instanceof BookGone)) throw err
        // What the row did went with the transaction (on PostgreSQL the refused statement ended it): it fails, in one of its own.
        await settleOnce(async () => failed('The book was removed from the catalogue while the row was applied'))
      }
      return (await toRows([(await findRow(db, id, line))!]))[0]!
    },

    /**
     * Takes up jobs nobody works on (queued, or left by an instance that stopped) now and every
     * `pollMs`, and removes imports whose time is up every SWEEP_EVERY_MS at most, until the
     * returned function is called; it stops this instance's jobs between two rows, and another
     * instance (or the next start) goes on with them.
     */
    startWorking(jobLog: JobLog): () => Promise<void> {
      log = jobLog
      let timer: NodeJS.Timeout | undefined
      let sweptAt = 0
      const look = async () => {
        for (const id of await listUnclaimedImports(db, nowIso(), 10)) kick(id)
        if (Date.now() - sweptAt < SWEEP_EVERY_MS) return
        sweptAt = Date.now()
        await sweep().catch((err: unknown) => log.error({ err }, 'removing imports whose time is up failed'))
      }
      const next = () => {
        if (stopped || !pollMs) return
        timer = setTimeout(
          () => {
            look()
              .catch((err: unknown) => log.error({ err }, 'looking for imports to take up failed'))
              .finally(next)
          },
          pollMs * (1 + Math.random() / 10),
        )
        timer.unref()
      }
      void look()
        .catch((err: unknown) => log.error({ err }, 'looking for imports to take up failed'))
        .finally(next)
      return async () => {
        stopped = true
        clearTimeout(timer)
        // Each job stops after the row it is on.
        await Promise.all(working.values())
      }
    },

    sweep,

    /** Waits until this instance works on no job (tests). */
    idle: async () => {
      while (working.size) await Promise.all(working.values())
    },
  }
}

export interface JobLog {
  error(obj: object, msg: string): void
}

export type ImportsService = ReturnType<typeof createImportsService>

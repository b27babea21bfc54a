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
import { csvRecordsSliced, CsvError } from '#/csv/read.ts'
import { csvLine } from '#/csv/write.ts'
import { isForeignKeyViolation, nowIso, type Db } from '#/db/portable.ts'
import { AppError, badRequest, conflict, notFound } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import { detectFormat, mapRow, type ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
import {
  claimImport,
  countOutcomes,
  countRows,
  dropFileText,
  findImport,
  findImportHeader,
  findRow,
  finishImport,
  insertImport,
  insertRows,
  listImports,
  listPendingRows,
  listRows,
  listUnclaimedImports,
  moveCount,
  renewLease,
  saveCounts,
  saveProgress,
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

export interface ImportsDeps {
  db: Db
  books: BooksService
  reading: ReadingService
  reviews: ReviewsService
  /** How often an instance looks for jobs nobody works on (ms); 0: only when a file is sent. */
  pollMs?: number
}

/** How long a job stays with the instance working on it without a sign of life. */
const LEASE_MS = 30_000
/**
 * Rows applied in one transaction, between two looks at the event loop and two saves of the counts:
 * small, since on SQLite other writers wait for the batch's commit.
 */
const APPLY_BATCH = 20
/** The longest the job holds the event loop between two looks at it (ms). */
const SLICE_MS = 8
/** Rows stored per statement while the file is read. */
const STORE_BATCH = 500
const ROWS_DEFAULT_LIMIT = 100
/** At most this many candidates are kept for a row to choose from. */
const CANDIDATES_MAX = 10

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
const leaseFrom = (now: number) => new Date(now + LEASE_MS).toISOString()

/** The file's text: UTF-8 (a BOM is dropped); 400 for bytes that are not text. */
function textOf(bytes: Buffer): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw badRequest(IMPORT_MESSAGES.notText)
  }
  if (text.includes('\u0000')) throw badRequest(IMPORT_MESSAGES.notText)
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

export const createImportsService = ({ db, books, reading, reviews, pollMs = 5_000 }: ImportsDeps) => {
  let stopped = false

  /** Applies a row to a book: the reading log, then the review; `imported` when it changed anything. */
  const applyToBook = async (userId: string, row: ParsedRow, bookId: string, created: boolean, on?: Db): Promise<RowResult> => {
    const notes: string[] = created ? ['Added to the catalogue from this row'] : []
    const text = row.review?.trim() || null
    const reviewed = text !== null && row.rating !== null
    const entry = await reading.importEntry(userId, bookId, { status: row.status, reads: row.reads, rating: reviewed ? null : row.rating }, on)
    notes.push(...entry.notes)
    let changed = entry.changed || created
    if (text !== null && row.rating === null) notes.push('The review was not imported: a review here needs a rating of 1 to 5 stars')
    if (reviewed) {
      const comment = text.length > LIMITS.reviewMax ? text.slice(0, LIMITS.reviewMax) : text
      if (comment !== text) notes.push(`The review was cut to ${LIMITS.reviewMax.toLocaleString('en-US')} characters`)
      const done = await reviews.importReview(userId, bookId, row.rating!, comment, on)
      if (done === 'created' || done === 'rated') changed = true
      if (done === 'kept') notes.push('You have another review of this book here: yours was kept')
    }
    if (row.status === null && row.shelf) notes.push(`The shelf “${row.shelf}” is not a reading status here: the book’s status was left as it was`)
    if (row.ratingRoundedFrom !== null && row.rating !== null) notes.push(`Rating ${row.ratingRoundedFrom} rounded to ${row.rating}★`)
    return { outcome: changed ? 'imported' : 'unchanged', bookId, candidates: [], message: notes.length ? notes.join('. ') : null }
  }

  /** Finds the row's book (or makes it) and applies the row; a row with several possible books waits. */
  const applyRow = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
    const match = await books.importMatches({ title: row.title, author: row.author, isbns: isbnsOf(row) }, on)
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

  const createAndApply = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
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
      if (err instanceof AppError && err.status < 500)
        return { outcome: 'failed', bookId: null, candidates: [], message: `The book could not be added: ${err.message}` }
      throw err
    }
    return applyToBook(userId, row, bookId, true, on)
  }

  /** A row's fate, kept: a book deleted meanwhile makes the row fail, not the job. */
  const settle = async (userId: string, row: StoredRow, work: (parsed: ParsedRow) => Promise<RowResult>): Promise<RowResult> => {
    if (row.data === null) return { outcome: 'failed', bookId: null, candidates: [], message: row.message }
    try {
      return await work(JSON.parse(row.data) as ParsedRow)
    } catch (err) {
      if (isForeignKeyViolation(err) || (err instanceof AppError && err.status === 404))
        return { outcome: 'failed', bookId: null, candidates: [], message: 'The book was removed from the catalogue while the row was applied' }
      throw err
    }
  }

  /** Reads the file's rows into the database, STORE_BATCH at a time, then lets the text go. */
  const storeRows = async (job: ClaimedImport, text: string) => {
    const header = await findImportHeader(db, job.id)
    const format = detectFormat(header, job.source)
    if (!format.ok) throw new Error(format.message)
    let batch: NewImportRow[] = []
    let first = true
    for await (const record of csvRecordsSliced(text)) {
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
      if (batch.length >= STORE_BATCH) {
        await insertRows(db, job.id, batch)
        await renewLease(db, job.id, leaseFrom(Date.now()), nowIso())
        batch = []
      }
    }
    await insertRows(db, job.id, batch)
    await saveCounts(db, job.id, await countOutcomes(db, job.id), nowIso())
    await dropFileText(db, job.id, nowIso())
  }

  /** Applies the rows still pending, a batch at a time, saving the counts (and the lease) with each. */
  const applyPending = async (job: ClaimedImport) => {
    const counts: OutcomeCounts = await countOutcomes(db, job.id)
    // Others' requests are answered every SLICE_MS (writers wait for the batch's commit).
    let sliceStart = performance.now()
    const breathe = async () => {
      if (performance.now() - sliceStart < SLICE_MS) return
      await yieldToLoop()
      sliceStart = performance.now()
    }
    const counted = (results: RowResult[]) => {
      const next = { ...counts }
      for (const r of results) next[r.outcome as keyof OutcomeCounts] += 1
      return next
    }
    for (;;) {
      if (stopped) {
        // Let go at once, so the next start (or another instance) goes on without waiting for the lease.
        await renewLease(db, job.id, new Date(0).toISOString(), nowIso())
        return false
      }
      const rows = await listPendingRows(db, job.id, APPLY_BATCH)
      if (!rows.length) return true
      let results: RowResult[]
      try {
        // A batch in one transaction: one commit for its rows, their outcomes and the job's counts
        // (a commit per write was most of the time).
        results = await db.transaction().execute(async (trx) => {
          const done: RowResult[] = []
          for (const row of rows) {
            const result = await settle(job.userId, row, (parsed) => applyRow(job.userId, parsed, trx))
            await updateRow(trx, job.id, row.line, result)
            done.push(result)
            await breathe()
          }
          await saveProgress(trx, job.id, counted(done), leaseFrom(Date.now()), nowIso())
          return done
        })
      } catch {
        // A row broke the batch (on PostgreSQL a refused statement ends its transaction): each row
        // again on its own, so the others land and the one that breaks is told apart.
        results = []
        for (const row of rows) {
          const result = await settle(job.userId, row, (parsed) => applyRow(job.userId, parsed))
          await updateRow(db, job.id, row.line, result)
          results.push(result)
          await yieldToLoop()
        }
        await saveProgress(db, job.id, counted(results), leaseFrom(Date.now()), nowIso())
      }
      Object.assign(counts, counted(results))
      await breathe()
    }
  }

  /** Works a job through, if no other instance is working on it. */
  const run = async (id: string, log: JobLog) => {
    const job = await claimImport(db, id, nowIso(), leaseFrom(Date.now()))
    if (!job) return
    try {
      if (job.fileText !== null) await storeRows(job, job.fileText)
      if (await applyPending(job)) await finishImport(db, job.id, 'done', null, nowIso())
    } catch (err) {
      log.error({ err, importId: id }, 'an import stopped on an error')
      await finishImport(
        db,
        job.id,
        'failed',
        'The import stopped on an unexpected error. What it applied stays; send the file again to finish (nothing is added twice).',
        nowIso(),
      ).catch(() => undefined)
    }
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

  return {
    /**
     * Checks an export file whole (UTF-8 text, CSV well formed, the columns of a Goodreads or
     * StoryGraph export, at most IMPORT_LIMITS rows) and queues its import; nothing is kept when it
     * is refused. The job starts at once on this instance.
     */
    async start(actor: Actor, file: { name: string; bytes: Buffer }, source: ImportSource | undefined): Promise<ImportJob> {
      if (file.bytes.length > IMPORT_LIMITS.maxBytes) throw new AppError('payload_too_large', IMPORT_MESSAGES.tooLarge)
      // One import at a time per reader: a second file waits for the first (and nobody queues a hundred).
      if ((await listImports(db, actor.id, 5)).some((j) => j.status === 'queued' || j.status === 'running')) throw conflict(IMPORT_MESSAGES.oneAtATime)
      const text = textOf(file.bytes)
      let header: string[] | undefined
      let format: ReturnType<typeof detectFormat> | undefined
      let rows = 0
      try {
        for await (const record of csvRecordsSliced(text)) {
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
      await insertImport(db, { id, userId: actor.id, source: format.format, fileName: name, fileText: text, header, total: rows, at: nowIso() })
      kick(id)
      return (await findImport(db, actor.id, id))!
    },

    get: ownJob,

    /** The reader's imports, newest first (the last 20). */
    list: (actor: Actor): Promise<ImportJob[]> => listImports(db, actor.id, 20),

    /** A page of a job's rows, in file order, of the outcomes asked for. */
    async rows(actor: Actor, id: string, q: ImportRowsQuery): Promise<Page<ImportRow>> {
      await ownJob(actor, id)
      const after = q.cursor === undefined ? 0 : decodeKeyset(q.cursor, ['number'] as const)[0]
      const limit = q.limit ?? ROWS_DEFAULT_LIMIT
      const [page, total] = await Promise.all([listRows(db, id, q.outcome, after, limit + 1), countRows(db, id, q.outcome)])
      const items = await toRows(page.slice(0, limit))
      return { items, total, ...(page.length > limit ? { nextCursor: encodeCursor([items.at(-1)!.line]) } : {}) }
    },

    /**
     * The rows of the outcomes asked for (by default those that did not import) as a CSV file with
     * the file's own header, so the reader can fix them in a spreadsheet and import them again.
     */
    async rowsCsv(actor: Actor, id: string, outcomes: ImportOutcome[] | undefined): Promise<{ name: string; text: string }> {
      const job = await ownJob(actor, id)
      const header = await findImportHeader(db, id)
      const wanted = outcomes?.length ? outcomes : (['needs_review', 'failed'] as ImportOutcome[])
      const parts = [csvLine(header)]
      for (let after = 0; ;) {
        const page = await listRows(db, id, wanted, after, 1_000)
        for (const r of page) parts.push(csvLine(JSON.parse(r.fields) as string[]))
        if (page.length < 1_000) break
        after = page.at(-1)!.line
        await yieldToLoop()
      }
      return { name: `${job.fileName.replace(/\.csv$/i, '')}-not-imported.csv`, text: parts.join('') }
    },

    /**
     * Settles a row that waits or failed: a candidate chosen, the book made from the row, the row
     * corrected and looked at again, or left out. 409 while the job runs and for a row already applied.
     */
    async resolve(actor: Actor, id: string, line: number, input: ImportRowResolve): Promise<ImportRow> {
      const job = await ownJob(actor, id)
      if (job.status === 'queued' || job.status === 'running') throw conflict(IMPORT_MESSAGES.stillRunning)
      const row = await findRow(db, id, line)
      if (!row) throw notFound(IMPORT_MESSAGES.rowNotFound)
      if (row.outcome === 'imported' || row.outcome === 'unchanged') throw conflict(IMPORT_MESSAGES.rowSettled(row.outcome))
      let change: RowChange
      if (input.action === 'skip') change = { outcome: 'skipped', bookId: null, candidates: row.candidates, message: row.message }
      else if (row.data === null) throw badRequest('This row could not be read: download the rows that did not import, correct it there and import that file')
      else if (input.action === 'choose') {
        if (!row.candidates.includes(input.bookId)) throw badRequest(IMPORT_MESSAGES.notACandidate)
        change = await settle(actor.id, row, (parsed) => applyToBook(actor.id, parsed, input.bookId, false))
      } else if (input.action === 'create') {
        change = await settle(actor.id, row, (parsed) => createAndApply(actor.id, parsed))
      } else {
        const parsed = JSON.parse(row.data) as ParsedRow
        const isbn = input.isbn?.replace(/[\s-]/g, '').toUpperCase()
        if (isbn !== undefined && isbn !== '' && !/^(\d{9}[\dX]|\d{13})$/.test(isbn)) throw badRequest('isbn: must be an ISBN-10 or ISBN-13')
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
        const data = JSON.stringify(corrected)
        change = { ...(await settle(actor.id, { ...row, data }, (p) => applyRow(actor.id, p))), title: corrected.title, author: corrected.author, data }
      }
      await db.transaction().execute(async (trx) => {
        await updateRow(trx, id, line, change)
        if (change.outcome !== row.outcome) await moveCount(trx, id, row.outcome, change.outcome, nowIso())
      })
      return (await toRows([(await findRow(db, id, line))!]))[0]!
    },

    /**
     * Takes up jobs nobody works on (queued, or left by an instance that stopped) now and every
     * `pollMs`, until the returned function is called; it stops this instance's jobs between two
     * rows, and another instance (or the next start) goes on with them.
     */
    startWorking(jobLog: JobLog): () => Promise<void> {
      log = jobLog
      let timer: NodeJS.Timeout | undefined
      const look = async () => {
        for (const id of await listUnclaimedImports(db, nowIso(), 10)) kick(id)
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

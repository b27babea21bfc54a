import { v7 as uuidv7 } from 'uuid'
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@shelfwise/contracts'
import { csvRecordsSliced } from '@shelfwise/library-files'
import { dialectOf, isConnectionError, nowIso, type Db, type DialectName } from '#/db/portable.ts'
import { yieldToLoop } from '#/work-gate.ts'
import { noNotify, type Notify } from '#/modules/notifications/notifications.service.ts'
import type { JobLog } from '#/modules/imports/imports.service.ts'
import { detectFormat, mapRow } from '#/modules/imports/import-formats.ts'
import type { RowApplier } from '#/modules/imports/imports.apply.ts'
import { dropFileText, readFile } from '#/modules/imports/imports.files.repository.ts'
import { deleteAllowancesBefore, deleteImport, deleteImportRows, listExpiredImports } from '#/modules/imports/imports.limits.repository.ts'
import {
  claimImport,
  findImportHeader,
  finishImport,
  listUnclaimedImports,
  markInFlight,
  releaseLease,
  renewLease,
  saveCounts,
  saveProgress,
  type ClaimedImport,
} from '#/modules/imports/imports.repository.ts'
import {
  countOutcomes,
  failPendingRows,
  insertRows,
  listPendingRows,
  settlePendingRows,
  updateRow,
  type NewImportRow,
  type OutcomeCounts,
  type StoredRow,
} from '#/modules/imports/imports.rows.repository.ts'
import { counted, DAY_MS, dayOf, failed, note, SLICE_MS, textPiecesOf, type RowResult } from '#/modules/imports/imports.rules.ts'
import { importMergeHints } from '#/modules/imports/imports.book-merge.ts'
import type { ImportMergeHints } from '#/book-merge.ts'

// The imports' background work (decision 0020, issue 19): a job is claimed under a lease any instance
// renews while it works and takes over when it runs out (a restart); its file is read into rows, then
// the rows are applied a batch at a time, yielding to the event loop between batches. A job taken
// over too often fails saying why, and imports whose time is up are swept away.

/** How long a job stays with the instance working on it without a sign of life. */
const LEASE_MS = 30_000
/**
 * Rows applied in one transaction, between two looks at the event loop and two saves of the counts:
 * small on SQLite, where other writers wait for the batch's commit. PostgreSQL's other writers wait
 * only for the rows the batch wrote (the importing reader's own, and the counters of the books it
 * reviewed), and each batch costs about 25 round trips whatever its size: 100 rows there took a
 * 5,000-row import from 14.0 to 12.7 s (bench, `--only import`), a batch holding its rows ~0.25 s.
 */
const APPLY_BATCH: Record<DialectName, number> = { sqlite: 20, postgres: 100 }
/**
 * The times a job may be taken over from an instance that stopped without letting it go; the next
 * time it fails, saying why. A file that stops the server (a freeze a watchdog ends with SIGKILL)
 * would otherwise stop it again at every start.
 */
const MAX_TAKEOVERS = 3
/** Rows stored per statement while the file is read. */
const STORE_BATCH = 500
/** ...or fewer, when their cells come to this many characters (500 rows of 65,536-character cells would be one statement of 30 MB; 512 KB took up to 19 ms). */
const STORE_BATCH_CHARS = 256 * 1024
/** How often an instance removes imports whose time is up, at most. */
const SWEEP_EVERY_MS = 10 * 60_000
/** Imports removed per sweep, and rows per statement: the rest wait for the next sweep or statement. */
const SWEEP_IMPORTS = 20
const DELETE_BATCH = 1_000

const leaseFrom = (now: number) => new Date(now + LEASE_MS).toISOString()
/** PostgreSQL's code for a statement cancelled for running past statement_timeout. */
const isStatementCancelled = (err: unknown) => (err as { code?: string } | null)?.code === '57014'

/** This run lost the job's lease to another instance (it froze past the lease): it stops writing. */
class LeaseLost extends Error {}

export interface ImportsWorkerDeps {
  db: Db
  apply: RowApplier
  /** How often an instance looks for jobs nobody works on (ms); 0: only when a file is sent. */
  pollMs: number
  /** Told what a finished import may have left duplicated, before it shows as done (the merges it suggests, decision 0030). */
  suggestMerges?: ((hints: ImportMergeHints) => Promise<void>) | undefined
  /** Told, in the finishing transaction, that the reader's import ended (done or failed). */
  notify?: Notify | undefined
}

export const createImportsWorker = ({ db, apply, pollMs, suggestMerges, notify = noNotify }: ImportsWorkerDeps) => {
  const { applyRow, settle } = apply

  /** Ends the job (while this run holds it) and tells its reader, in one transaction. */
  const finish = (job: ClaimedImport, status: 'done' | 'failed', message: string | null) =>
    db.transaction().execute(async (trx) => {
      if (await finishImport(trx, job, status, message, nowIso()))
        await notify(trx, { recipientId: job.userId, type: 'import_finished', target: { type: 'import', id: job.id, title: status } })
    })
  let stopped = false

  /** Reads the file's rows into the database, STORE_BATCH at a time, then lets the text go. */
  const storeRows = async (job: ClaimedImport, text: readonly string[]) => {
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
              notes: [],
            }
          : {
              line: record.line,
              title: mapped.title,
              author: mapped.author,
              data: null,
              fields: JSON.stringify(record.fields),
              outcome: 'failed',
              notes: [note('unreadable', mapped.message)],
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
      result = failed('interrupted', isStatementCancelled(err) ? IMPORT_MESSAGES.rowTooSlow : IMPORT_MESSAGES.rowError)
    }
    await updateRow(db, job.id, row.line, 'pending', result)
    return result
  }

  /** Applies rows, saves their outcomes and the job's counts and renews the lease: one transaction, else row by row. */
  const applyBatch = async (job: ClaimedImport, rows: StoredRow[], counts: OutcomeCounts, breathe: () => Promise<void>, log: JobLog) => {
    try {
      // A batch in one transaction: one commit for its rows, their outcomes and the job's counts
      // (a commit per write was most of the time), and its statements a few per kind for the batch
      // rather than per row (decision 0070).
      return await db.transaction().execute(async (trx) => {
        const done = await apply.applyBatch(job.userId, rows, trx, breathe)
        await settlePendingRows(
          trx,
          job.id,
          rows.map((row, i) => ({ line: row.line, result: done[i]! })),
        )
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
    const batchRows = APPLY_BATCH[dialectOf(db)]
    // After a takeover, as many rows as the batch under way could hold are applied one at a time,
    // each noted before its work: if the server stops on one again, that row fails alone.
    let careful = job.takeovers > 0 ? batchRows : 0
    for (;;) {
      if (stopped) {
        // Let go at once, so the next start (or another instance) goes on without waiting for the lease.
        await releaseLease(db, job, nowIso())
        return false
      }
      const rows = await listPendingRows(db, job.id, careful > 0 ? 1 : batchRows)
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
    await updateRow(db, job.id, line, 'pending', failed('interrupted', IMPORT_MESSAGES.rowStopped))
    if (!(await saveProgress(db, job, await countOutcomes(db, job.id), leaseFrom(Date.now()), nowIso()))) throw new LeaseLost()
  }

  /** Hands what the import may have left duplicated to the merges it suggests; a failure there never fails the import. */
  const suggest = async (job: ClaimedImport, log: JobLog) => {
    if (!suggestMerges) return
    try {
      await suggestMerges(await importMergeHints(db, job.id, job.userId))
    } catch (err) {
      log.error({ err, importId: job.id }, 'an import could not suggest merges')
    }
  }

  /** A job taken over too often: the rows not looked at fail (the reader can download them), and so does the job, saying why. */
  const giveUp = async (job: ClaimedImport) => {
    while ((await failPendingRows(db, job.id, IMPORT_MESSAGES.notLookedAt, DELETE_BATCH)) === DELETE_BATCH) await yieldToLoop()
    await saveCounts(db, job.id, await countOutcomes(db, job.id), nowIso())
    await finish(job, 'failed', IMPORT_MESSAGES.interrupted(job.takeovers, !job.hasFile))
  }

  /** Works a job through, if no other instance is working on it. */
  const run = async (id: string, log: JobLog) => {
    const job = await claimImport(db, id, uuidv7(), nowIso(), leaseFrom(Date.now()))
    if (!job) return
    try {
      if (job.takeovers > MAX_TAKEOVERS) return await giveUp(job)
      if (job.hasFile) {
        // Checked as text when it was sent: bytes that are not text now were changed in the database.
        const text = await textPiecesOf(await readFile(db, job.id))
        if (text === undefined) throw new Error('the stored file is not UTF-8 text')
        await storeRows(job, text)
      }
      if (job.currentLine !== null) await failInFlight(job, job.currentLine)
      if (await applyPending(job, log)) {
        await suggest(job, log)
        await finish(job, 'done', null)
      }
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
      await finish(
        job,
        'failed',
        'The import stopped on an unexpected error. What it applied stays; send the file again to finish (nothing is added twice).',
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

  return {
    /** Takes up the job on this instance now, unless it is stopping or already working on it. */
    kick,

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

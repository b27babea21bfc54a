import { Readable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { sql } from 'kysely'
import { IMPORT_LIMITS, type ImportJob, type ImportOutcome, type ImportSource, type ImportStatus } from '@shelfwise/contracts'
import { lockedForWrite, toIso, type Db } from '#/db/portable.ts'
import type { ImportsTable } from '#/db/schema.ts'
import { yieldToLoop } from '#/work-gate.ts'

// The imports and their rows (migration 2026_11_26_0300, decision 0020), and what imports may do and
// keep per reader (migration 2026_11_27_0100, issue 19).

const DAY_MS = 86_400_000
/** A file is stored (compressed) in parts of this many bytes: one statement writes or reads a part in a few milliseconds. */
const FILE_PART_BYTES = 1024 * 1024

type JobColumns = Pick<
  ImportsTable,
  | 'id'
  | 'source'
  | 'status'
  | 'fileName'
  | 'total'
  | 'processed'
  | 'imported'
  | 'unchanged'
  | 'needsReview'
  | 'failed'
  | 'skipped'
  | 'message'
  | 'createdAt'
  | 'finishedAt'
>

const JOB_COLUMNS = [
  'id',
  'source',
  'status',
  'fileName',
  'total',
  'processed',
  'imported',
  'unchanged',
  'needsReview',
  'failed',
  'skipped',
  'message',
  'createdAt',
  'finishedAt',
] as const

const toJob = (r: { [K in keyof JobColumns]: unknown }): ImportJob => ({
  _id: r.id as string,
  status: r.status as ImportStatus,
  source: r.source as ImportSource,
  fileName: r.fileName as string,
  total: Number(r.total),
  processed: Number(r.processed),
  imported: Number(r.imported),
  unchanged: Number(r.unchanged),
  needsReview: Number(r.needsReview),
  failed: Number(r.failed),
  skipped: Number(r.skipped),
  message: (r.message as string | null) ?? null,
  createdAt: toIso(r.createdAt as string | Date),
  finishedAt: r.finishedAt === null ? null : toIso(r.finishedAt as string | Date),
  keptUntil: r.finishedAt === null ? null : new Date(Date.parse(toIso(r.finishedAt as string | Date)) + IMPORT_LIMITS.keptDays * DAY_MS).toISOString(),
})

export interface NewImport {
  id: string
  userId: string
  source: ImportSource
  fileName: string
  /** The file as sent, in the pieces it arrived in: stored compressed, in parts, apart from the job's row. */
  file: Uint8Array[]
  header: string[]
  total: number
  fileBytes: number
  at: string
}

export async function insertImport(db: Db, i: NewImport): Promise<void> {
  // Compressed on libuv's threads, not the event loop: an export shrinks about fourfold, a file of
  // one cell repeated a hundredfold, and the COMMIT that made 10 MB durable held the loop ~270 ms.
  const packed = await compress(i.file)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('imports')
      .values({
        id: i.id,
        userId: i.userId,
        source: i.source,
        status: 'queued',
        fileName: i.fileName,
        header: JSON.stringify(i.header),
        total: i.total,
        fileBytes: i.fileBytes,
        message: null,
        leaseUntil: null,
        createdAt: i.at,
        updatedAt: i.at,
        finishedAt: null,
      })
      .execute()
    // Apart from the job's row, which its lease and counts rewrite often, a part per statement with
    // the server's other work between them (migration 2026_11_27_0300). In the transaction, no
    // instance sees the job before its whole file.
    for (let part = 0; part * FILE_PART_BYTES < packed.length; part++) {
      const bytes = packed.subarray(part * FILE_PART_BYTES, (part + 1) * FILE_PART_BYTES)
      await trx.insertInto('importFiles').values({ importId: i.id, part, bytes }).execute()
      await yieldToLoop()
    }
  })
}

/**
 * What the reader's imports keep (those not finished, or finished since `since`): their files' bytes,
 * how many there are, and when the oldest finished one did.
 */
export async function findKeptUsage(db: Db, userId: string, since: string): Promise<{ bytes: number; imports: number; oldestFinishedAt: string | null }> {
  const row = await db
    .selectFrom('imports')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('fileBytes'), eb.lit(0)).as('bytes'),
      eb.fn.countAll<number>().as('imports'),
      eb.fn.min('finishedAt').as('oldestFinishedAt'),
    ])
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('finishedAt', 'is', null), eb('finishedAt', '>=', since)]))
    .executeTakeFirstOrThrow()
  return {
    bytes: Number(row.bytes),
    imports: Number(row.imports),
    oldestFinishedAt: row.oldestFinishedAt === null ? null : toIso(row.oldestFinishedAt as string | Date),
  }
}

/** The reader's import; undefined when it is absent or someone else's. */
export async function findImport(db: Db, userId: string, id: string): Promise<ImportJob | undefined> {
  const row = await db.selectFrom('imports').select(JOB_COLUMNS).where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  return row && toJob(row)
}

/** The reader's imports, newest first. */
export async function listImports(db: Db, userId: string, limit: number): Promise<ImportJob[]> {
  const rows = await db
    .selectFrom('imports')
    .select(JOB_COLUMNS)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(toJob)
}

export async function findImportHeader(db: Db, id: string): Promise<string[]> {
  const row = await db.selectFrom('imports').select('header').where('id', '=', id).executeTakeFirstOrThrow()
  return JSON.parse(row.header) as string[]
}

/** The job an instance is to work on: what it needs to go on. */
export interface ClaimedImport {
  id: string
  userId: string
  source: ImportSource
  /** The file is still kept: its rows have not all been stored yet. */
  hasFile: boolean
  total: number
  /** Times the job was taken over from an instance that stopped without letting it go, this one included. */
  takeovers: number
  /** The row that was being applied alone when the instance working on it stopped, if one was. */
  currentLine: number | null
  /** This run's name on the lease: its writes go through only while it holds it. */
  holder: string
}

/**
 * Takes a job that is queued, or running under a lease that ran out (its instance stopped) or was let
 * go of, for this run: one statement, so two instances never both take it. A lease that ran out
 * counts as a takeover; one let go of (a server that stopped cleanly) does not. Undefined when it
 * is not to be taken.
 */
export async function claimImport(db: Db, id: string, holder: string, now: string, leaseUntil: string): Promise<ClaimedImport | undefined> {
  const row = await db
    .updateTable('imports')
    .set({
      status: 'running',
      leaseUntil,
      leaseHolder: holder,
      // The SET reads the row as it was: running with a lease means its instance never let it go.
      takeovers: sql<number>`case when status = 'running' and lease_until is not null then takeovers + 1 else takeovers end`,
      updatedAt: now,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)])])]),
    )
    .returning(['id', 'userId', 'source', 'total', 'takeovers', 'currentLine'])
    .executeTakeFirst()
  const file = row && (await db.selectFrom('importFiles').select('part').where('importId', '=', id).limit(1).executeTakeFirst())
  return (
    row && {
      id: row.id,
      userId: row.userId,
      source: row.source as ImportSource,
      hasFile: file !== undefined,
      total: Number(row.total),
      takeovers: Number(row.takeovers),
      currentLine: row.currentLine === null ? null : Number(row.currentLine),
      holder,
    }
  )
}

/** Jobs no instance is working on: queued, or running under a lease that ran out. Oldest first. */
export async function listUnclaimedImports(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('imports')
    .select('id')
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)])])]),
    )
    .orderBy('createdAt')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/** The job as this run holds it: false once another instance took it over (this run froze past its lease). */
const held = (r: { numUpdatedRows: bigint }) => r.numUpdatedRows > 0n

export async function renewLease(db: Db, job: { id: string; holder: string }, leaseUntil: string, now: string): Promise<boolean> {
  return held(
    await db.updateTable('imports').set({ leaseUntil, updatedAt: now }).where('id', '=', job.id).where('leaseHolder', '=', job.holder).executeTakeFirst(),
  )
}

/** Lets the job go (this instance is stopping): the next one takes it at once, and it is no takeover. */
export async function releaseLease(db: Db, job: { id: string; holder: string }, now: string): Promise<void> {
  await db
    .updateTable('imports')
    .set({ leaseUntil: null, leaseHolder: null, updatedAt: now })
    .where('id', '=', job.id)
    .where('leaseHolder', '=', job.holder)
    .execute()
}

/** Notes the row about to be applied alone, committed before its work starts (a takeover's first rows). */
export async function markInFlight(db: Db, job: { id: string; holder: string }, line: number, leaseUntil: string, now: string): Promise<boolean> {
  return held(
    await db
      .updateTable('imports')
      .set({ currentLine: line, leaseUntil, updatedAt: now })
      .where('id', '=', job.id)
      .where('leaseHolder', '=', job.holder)
      .executeTakeFirst(),
  )
}

export type OutcomeCounts = Record<Exclude<ImportOutcome, 'pending'>, number>

const countColumns = (c: OutcomeCounts) => ({
  processed: c.imported + c.unchanged + c.needs_review + c.failed + c.skipped,
  imported: c.imported,
  unchanged: c.unchanged,
  needsReview: c.needs_review,
  failed: c.failed,
  skipped: c.skipped,
})

/** Counts the job's rows by outcome (after a restart, and when the rows have been read). */
export async function countOutcomes(db: Db, id: string): Promise<OutcomeCounts> {
  const rows = await db
    .selectFrom('importRows')
    .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
    .where('importId', '=', id)
    .groupBy('outcome')
    .execute()
  const counts: OutcomeCounts = { imported: 0, unchanged: 0, needs_review: 0, failed: 0, skipped: 0 }
  for (const r of rows) if (r.outcome !== 'pending') counts[r.outcome as keyof OutcomeCounts] = Number(r.n)
  return counts
}

export async function saveCounts(db: Db, id: string, counts: OutcomeCounts, now: string): Promise<void> {
  await db
    .updateTable('imports')
    .set({ ...countColumns(counts), updatedAt: now })
    .where('id', '=', id)
    .execute()
}

/** Saves the counts and renews the lease in one statement (the job's batch); false when this run lost the job. */
export async function saveProgress(db: Db, job: { id: string; holder: string }, counts: OutcomeCounts, leaseUntil: string, now: string): Promise<boolean> {
  return held(
    await db
      .updateTable('imports')
      .set({ ...countColumns(counts), leaseUntil, currentLine: null, updatedAt: now })
      .where('id', '=', job.id)
      .where('leaseHolder', '=', job.holder)
      .executeTakeFirst(),
  )
}

/** Moves one row's count from one outcome to another (a row the reader resolved). */
export async function moveCount(db: Db, id: string, from: ImportOutcome, to: ImportOutcome, now: string): Promise<void> {
  const column = (o: ImportOutcome) =>
    ({ imported: 'imported', unchanged: 'unchanged', needs_review: 'needs_review', failed: 'failed', skipped: 'skipped', pending: null })[o]
  const f = column(from)
  const t = column(to)
  await db
    .updateTable('imports')
    .set({
      ...(f ? { [f === 'needs_review' ? 'needsReview' : f]: sql`${sql.ref(f)} - 1` } : {}),
      ...(t ? { [t === 'needs_review' ? 'needsReview' : t]: sql`${sql.ref(t)} + 1` } : {}),
      ...(f === null && t !== null ? { processed: sql`processed + 1` } : {}),
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute()
}

/**
 * A job's file as it was sent, in pieces: its parts read one statement each, then uncompressed on
 * libuv's threads (the pieces are not joined: 10 MB in one copy held the loop for tens of ms).
 */
export async function readFile(db: Db, id: string): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = []
  for (let part = 0; ; part++) {
    const row = await db.selectFrom('importFiles').select('bytes').where('importId', '=', id).where('part', '=', part).executeTakeFirst()
    if (!row) break
    parts.push(row.bytes)
  }
  // A file kept from before files were compressed (migration 2026_11_27_0300) is its text as is:
  // gzip's first two bytes are never the start of UTF-8 text.
  const packed = parts[0]?.[0] === 0x1f && parts[0][1] === 0x8b
  return packed ? pipeThrough(parts, createGunzip()) : parts
}

/**
 * The pieces compressed, on libuv's threads; the (small) result in one buffer. The fastest level:
 * those threads share the cores with the event loop (level 6 left the hostile-import bench's health
 * p99 at 38–59 ms with the server on one core, level 1 at 35–36 ms), and CSV still shrinks severalfold.
 */
const compress = async (pieces: Uint8Array[]): Promise<Buffer> => Buffer.concat(await pipeThrough(pieces, createGzip({ level: 1 })))

/** Pieces through a zlib stream, its output as the pieces it came in. */
async function pipeThrough(pieces: Uint8Array[], transform: Transform): Promise<Uint8Array[]> {
  const out: Uint8Array[] = []
  await pipeline(Readable.from(pieces), transform, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk)
  })
  return out
}

/** The file is read: its rows are stored, so the file goes. */
export async function dropFileText(db: Db, id: string, now: string): Promise<void> {
  await db.deleteFrom('importFiles').where('importId', '=', id).execute()
  await db.updateTable('imports').set({ updatedAt: now }).where('id', '=', id).execute()
}

/** Ends the job this run holds (its file, if still kept, goes). */
export async function finishImport(db: Db, job: { id: string; holder: string }, status: 'done' | 'failed', message: string | null, now: string): Promise<void> {
  const ended = await db
    .updateTable('imports')
    .set({ status, message, leaseUntil: null, leaseHolder: null, currentLine: null, finishedAt: now, updatedAt: now })
    .where('id', '=', job.id)
    .where('leaseHolder', '=', job.holder)
    .executeTakeFirst()
  if (ended.numUpdatedRows > 0n) await db.deleteFrom('importFiles').where('importId', '=', job.id).execute()
}

export interface NewImportRow {
  line: number
  title: string
  author: string
  data: string | null
  fields: string
  outcome: ImportOutcome
  message: string | null
}

/** Rows of the file, a batch at a time; rows a crashed earlier pass stored first are replaced. */
export async function insertRows(db: Db, importId: string, rows: NewImportRow[]): Promise<void> {
  if (!rows.length) return
  await db
    .insertInto('importRows')
    .values(
      rows.map((r) => ({
        importId,
        line: r.line,
        title: r.title,
        author: r.author,
        data: r.data,
        fields: r.fields,
        outcome: r.outcome,
        bookId: null,
        message: r.message,
      })),
    )
    .onConflict((oc) => oc.columns(['importId', 'line']).doNothing())
    .execute()
}

export interface StoredRow {
  line: number
  title: string
  author: string
  data: string | null
  fields: string
  outcome: ImportOutcome
  bookId: string | null
  candidates: string[]
  message: string | null
}

const ROW_COLUMNS = ['line', 'title', 'author', 'data', 'fields', 'outcome', 'bookId', 'candidates', 'message'] as const

const toStored = (r: {
  line: number
  title: string
  author: string
  data: string | null
  fields: string
  outcome: string
  bookId: string | null
  candidates: string
  message: string | null
}): StoredRow => ({
  line: Number(r.line),
  title: r.title,
  author: r.author,
  data: r.data,
  fields: r.fields,
  outcome: r.outcome as ImportOutcome,
  bookId: r.bookId,
  candidates: JSON.parse(r.candidates) as string[],
  message: r.message,
})

/** The next rows still to look at, in file order. */
export async function listPendingRows(db: Db, importId: string, limit: number): Promise<StoredRow[]> {
  const rows = await db
    .selectFrom('importRows')
    .select(ROW_COLUMNS)
    .where('importId', '=', importId)
    .where('outcome', '=', 'pending')
    .orderBy('line')
    .limit(limit)
    .execute()
  return rows.map(toStored)
}

export async function findRow(db: Db, importId: string, line: number): Promise<StoredRow | undefined> {
  const row = await db.selectFrom('importRows').select(ROW_COLUMNS).where('importId', '=', importId).where('line', '=', line).executeTakeFirst()
  return row && toStored(row)
}

/** A page of the job's rows with any of `outcomes` (all when none), in file order, after line `after`. */
export async function listRows(db: Db, importId: string, outcomes: ImportOutcome[] | undefined, after: number, limit: number): Promise<StoredRow[]> {
  let q = db.selectFrom('importRows').select(ROW_COLUMNS).where('importId', '=', importId).where('line', '>', after)
  if (outcomes?.length) q = q.where('outcome', 'in', outcomes)
  const rows = await q.orderBy('line').limit(limit).execute()
  return rows.map(toStored)
}

export async function countRows(db: Db, importId: string, outcomes: ImportOutcome[] | undefined): Promise<number> {
  let q = db
    .selectFrom('importRows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('importId', '=', importId)
  if (outcomes?.length) q = q.where('outcome', 'in', outcomes)
  const row = await q.executeTakeFirstOrThrow()
  return Number(row.n)
}

export interface RowChange {
  outcome: ImportOutcome
  bookId: string | null
  candidates: string[]
  message: string | null
  title?: string
  author?: string
  data?: string
}

/** Outcomes a row keeps for good: it is not resolved again, and its cells are dropped. */
export const SETTLED_OUTCOMES: readonly ImportOutcome[] = ['imported', 'unchanged', 'skipped']

/**
 * Gives a row its new fate, only while it still has the outcome `from` (so a row is settled once);
 * a settled row keeps what the report shows (title, author, book, message) and drops the rest.
 * True when the row changed.
 */
export async function updateRow(db: Db, importId: string, line: number, from: ImportOutcome, c: RowChange): Promise<boolean> {
  const settled = SETTLED_OUTCOMES.includes(c.outcome)
  const result = await db
    .updateTable('importRows')
    .set({
      outcome: c.outcome,
      bookId: c.bookId,
      candidates: JSON.stringify(c.candidates),
      message: c.message,
      ...(c.title !== undefined ? { title: c.title } : {}),
      ...(c.author !== undefined ? { author: c.author } : {}),
      ...(settled ? { data: null, fields: '[]' } : c.data !== undefined ? { data: c.data } : {}),
    })
    .where('importId', '=', importId)
    .where('line', '=', line)
    .where('outcome', '=', from)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Fails up to `limit` rows still pending, in file order, with `message`; answers how many. */
export async function failPendingRows(db: Db, importId: string, message: string, limit: number): Promise<number> {
  const result = await db
    .updateTable('importRows')
    .set({ outcome: 'failed', message })
    .where('importId', '=', importId)
    .where('outcome', '=', 'pending')
    .where('line', 'in', (eb) =>
      eb.selectFrom('importRows').select('line').where('importId', '=', importId).where('outcome', '=', 'pending').orderBy('line').limit(limit),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Locks the reader's row until the transaction ends: the reader's resolves take turns (users are locked first, as every writer does). */
export async function lockReader(db: Db, userId: string): Promise<void> {
  await lockedForWrite(db, db.selectFrom('users').select('id').where('id', '=', userId)).execute()
}

// ---- What imports may add in a day (issue 19) ---------------------------------------------------

export type AllowanceKind = 'books' | 'reviews'

/**
 * Counts one more book made or review posted by the reader's imports on `day`, if fewer than `cap`
 * were: one statement, so imports on several instances never pass the cap together. True when counted.
 */
export async function takeAllowance(db: Db, userId: string, day: string, kind: AllowanceKind, cap: number): Promise<boolean> {
  if (cap <= 0) return false
  const row = await db
    .insertInto('importAllowances')
    .values({ userId, day, books: kind === 'books' ? 1 : 0, reviews: kind === 'reviews' ? 1 : 0 })
    .onConflict((oc) =>
      oc
        .columns(['userId', 'day'])
        .doUpdateSet((eb) => ({ [kind]: eb(eb.ref(`importAllowances.${kind}`), '+', 1) }))
        .where(`importAllowances.${kind}`, '<', cap),
    )
    .returning(kind)
    .executeTakeFirst()
  return row !== undefined
}

/** Gives back one counted by takeAllowance (the book or review was not made after all). */
export async function giveBackAllowance(db: Db, userId: string, day: string, kind: AllowanceKind): Promise<void> {
  await db
    .updateTable('importAllowances')
    .set((eb) => ({ [kind]: eb(eb.ref(kind), '-', 1) }))
    .where('userId', '=', userId)
    .where('day', '=', day)
    .where(kind, '>', 0)
    .execute()
}

// ---- Imports whose time is up (issue 19) --------------------------------------------------------

/** Imports that finished before `before`, oldest first. */
export async function listExpiredImports(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('imports').select('id').where('finishedAt', '<', before).orderBy('finishedAt').limit(limit).execute()
  return rows.map((r) => r.id)
}

/** Deletes up to `limit` of an import's rows; answers how many went. */
export async function deleteImportRows(db: Db, importId: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('importRows')
    .where('importId', '=', importId)
    .where('line', 'in', (eb) => eb.selectFrom('importRows').select('line').where('importId', '=', importId).orderBy('line').limit(limit))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes an import (its last rows with it). */
export async function deleteImport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('imports').where('id', '=', id).execute()
}

/** Forgets the days before `day`: their counts limit nothing any more. */
export async function deleteAllowancesBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('importAllowances').where('day', '<', day).execute()
}

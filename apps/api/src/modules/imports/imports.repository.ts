import { sql } from 'kysely'
import { IMPORT_LIMITS, type ImportJob, type ImportNoteCount, type ImportOutcome, type ImportSource, type ImportStatus } from '@shelfwise/contracts'
import { lockedForWrite, toIso, type Db } from '#/db/portable.ts'
import type { ImportsTable } from '#/db/schema.ts'
import { compress, insertFileParts } from '#/modules/imports/imports.files.repository.ts'
import { countNoteKinds, type OutcomeCounts } from '#/modules/imports/imports.rows.repository.ts'

// The import jobs (migration 2026_11_26_0300, decision 0020): a job as the reader sees it, and as an
// instance claims, holds under a lease, counts and ends it. Its file is in imports.files.repository.ts,
// its rows in imports.rows.repository.ts, what imports may add and keep in imports.limits.repository.ts.

const DAY_MS = 86_400_000

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

const toJob = (r: { [K in keyof JobColumns]: unknown }, notes: ImportNoteCount[]): ImportJob => ({
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
  created: notes.find((n) => n.kind === 'book_created')?.count ?? 0,
  editionsAttached: notes.find((n) => n.kind === 'edition_attached')?.count ?? 0,
  notes,
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
    await insertFileParts(trx, i.id, packed)
  })
}

/** The reader's import; undefined when it is absent or someone else's. */
export async function findImport(db: Db, userId: string, id: string): Promise<ImportJob | undefined> {
  const row = await db.selectFrom('imports').select(JOB_COLUMNS).where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  return row && toJob(row, (await countNoteKinds(db, [row.id])).get(row.id)!)
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
  const notes = await countNoteKinds(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toJob(r, notes.get(r.id)!))
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

const countColumns = (c: OutcomeCounts) => ({
  processed: c.imported + c.unchanged + c.needs_review + c.failed + c.skipped,
  imported: c.imported,
  unchanged: c.unchanged,
  needsReview: c.needs_review,
  failed: c.failed,
  skipped: c.skipped,
})

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

/** Ends the job this run holds (its file, if still kept, goes). */
export async function finishImport(
  db: Db,
  job: { id: string; holder: string },
  status: 'done' | 'failed',
  message: string | null,
  now: string,
): Promise<boolean> {
  const ended = await db
    .updateTable('imports')
    .set({ status, message, leaseUntil: null, leaseHolder: null, currentLine: null, finishedAt: now, updatedAt: now })
    .where('id', '=', job.id)
    .where('leaseHolder', '=', job.holder)
    .executeTakeFirst()
  if (ended.numUpdatedRows === 0n) return false
  await db.deleteFrom('importFiles').where('importId', '=', job.id).execute()
  return true
}

/** Locks the reader's row until the transaction ends: the reader's resolves take turns (users are locked first, as every writer does). */
export async function lockReader(db: Db, userId: string): Promise<void> {
  await lockedForWrite(db, db.selectFrom('users').select('id').where('id', '=', userId)).execute()
}

import { sql } from 'kysely'
import type { ImportJob, ImportOutcome, ImportSource, ImportStatus } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'
import type { ImportsTable } from '#/db/schema.ts'

// The imports and their rows (migration 2026_11_26_0300, decision 0020).

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
})

export interface NewImport {
  id: string
  userId: string
  source: ImportSource
  fileName: string
  fileText: string
  header: string[]
  total: number
  at: string
}

export async function insertImport(db: Db, i: NewImport): Promise<void> {
  await db
    .insertInto('imports')
    .values({
      id: i.id,
      userId: i.userId,
      source: i.source,
      status: 'queued',
      fileName: i.fileName,
      fileText: i.fileText,
      header: JSON.stringify(i.header),
      total: i.total,
      message: null,
      leaseUntil: null,
      createdAt: i.at,
      updatedAt: i.at,
      finishedAt: null,
    })
    .execute()
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
  fileText: string | null
  total: number
}

/**
 * Takes a job that is queued, or running under a lease that ran out (its instance stopped), for
 * `leaseMs`: one statement, so two instances never both take it. Undefined when it is not to be taken.
 */
export async function claimImport(db: Db, id: string, now: string, leaseUntil: string): Promise<ClaimedImport | undefined> {
  const row = await db
    .updateTable('imports')
    .set({ status: 'running', leaseUntil, updatedAt: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)])])]),
    )
    .returning(['id', 'userId', 'source', 'fileText', 'total'])
    .executeTakeFirst()
  return row && { id: row.id, userId: row.userId, source: row.source as ImportSource, fileText: row.fileText, total: Number(row.total) }
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

export async function renewLease(db: Db, id: string, leaseUntil: string, now: string): Promise<void> {
  await db.updateTable('imports').set({ leaseUntil, updatedAt: now }).where('id', '=', id).execute()
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

/** Saves the counts and renews the lease in one statement (the job's batch). */
export async function saveProgress(db: Db, id: string, counts: OutcomeCounts, leaseUntil: string, now: string): Promise<void> {
  await db
    .updateTable('imports')
    .set({ ...countColumns(counts), leaseUntil, updatedAt: now })
    .where('id', '=', id)
    .execute()
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

/** The file is read: its rows are stored, so the text goes. */
export async function dropFileText(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('imports').set({ fileText: null, updatedAt: now }).where('id', '=', id).execute()
}

export async function finishImport(db: Db, id: string, status: 'done' | 'failed', message: string | null, now: string): Promise<void> {
  await db.updateTable('imports').set({ status, message, leaseUntil: null, finishedAt: now, updatedAt: now }).where('id', '=', id).execute()
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

export async function updateRow(db: Db, importId: string, line: number, c: RowChange): Promise<void> {
  await db
    .updateTable('importRows')
    .set({
      outcome: c.outcome,
      bookId: c.bookId,
      candidates: JSON.stringify(c.candidates),
      message: c.message,
      ...(c.title !== undefined ? { title: c.title } : {}),
      ...(c.author !== undefined ? { author: c.author } : {}),
      ...(c.data !== undefined ? { data: c.data } : {}),
    })
    .where('importId', '=', importId)
    .where('line', '=', line)
    .execute()
}

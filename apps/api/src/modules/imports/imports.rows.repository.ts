import type { ImportOutcome } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'

// The rows of an import (migration 2026_11_26_0300): stored as the file is read, applied in file
// order, settled once, and listed for the report.

export type OutcomeCounts = Record<Exclude<ImportOutcome, 'pending'>, number>

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

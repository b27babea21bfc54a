import { IMPORT_NOTE_KINDS, type ImportNote, type ImportNoteCount, type ImportNoteKind, type ImportOutcome } from '@shelfwise/contracts'
import { sql, type Selectable } from 'kysely'
import { rowCount, type Db } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'

// The rows of an import (migration 2026_11_26_0300): stored as the file is read, applied in file
// order, settled once, and listed for the report; and their notes (migration 2026_12_03_0100), each
// of a kind, counted and listed by kind for the report's summary.

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

/** A row as its file gave it: the line it starts on, what it names, and what was read of it. */
interface RowAsRead {
  line: number
  title: string
  author: string
  data: string | null
  fields: string
  outcome: ImportOutcome
}

export interface NewImportRow extends RowAsRead {
  /** Why a row that could not be read failed (its one note). */
  notes: ImportNote[]
}

/** The notes of rows, in one statement (each row's in order), none twice: rows a crashed earlier pass noted keep theirs. */
async function insertNotes(db: Db, importId: string, rows: { line: number; notes: readonly ImportNote[] }[]): Promise<void> {
  const values = rows.flatMap((r) => r.notes.map((n, position) => ({ importId, line: r.line, position, kind: n.kind, message: n.message })))
  if (!values.length) return
  await db
    .insertInto('importRowNotes')
    .values(values)
    .onConflict((oc) => oc.columns(['importId', 'line', 'position']).doNothing())
    .execute()
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
        message: messageOf(r.notes),
      })),
    )
    .onConflict((oc) => oc.columns(['importId', 'line']).doNothing())
    .execute()
  await insertNotes(db, importId, rows)
}

export interface StoredRow extends RowAsRead {
  bookId: string | null
  candidates: string[]
  message: string | null
}

const ROW_COLUMNS = ['line', 'title', 'author', 'data', 'fields', 'outcome', 'bookId', 'candidates', 'message'] as const

const toStored = (r: Pick<Selectable<Database['importRows']>, (typeof ROW_COLUMNS)[number]>): StoredRow => ({
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

/** An import's rows of one outcome, in file order, to select from. */
export const rowsWithOutcome = (db: Db, importId: string, outcome: ImportOutcome) =>
  db.selectFrom('importRows').where('importId', '=', importId).where('outcome', '=', outcome).orderBy('line')

/** The next rows still to look at, in file order. */
export async function listPendingRows(db: Db, importId: string, limit: number): Promise<StoredRow[]> {
  const rows = await rowsWithOutcome(db, importId, 'pending').select(ROW_COLUMNS).limit(limit).execute()
  return rows.map(toStored)
}

export async function findRow(db: Db, importId: string, line: number): Promise<StoredRow | undefined> {
  const row = await db.selectFrom('importRows').select(ROW_COLUMNS).where('importId', '=', importId).where('line', '=', line).executeTakeFirst()
  return row && toStored(row)
}

/** The lines of the job's rows with a note of `kind`, after line `after` (the note's index). */
const linesNoted = (db: Db, importId: string, kind: ImportNoteKind, after: number) =>
  db.selectFrom('importRowNotes').select('line').where('importId', '=', importId).where('kind', '=', kind).where('line', '>', after)

/** A page of the job's rows with any of `outcomes` (all when none) and a note of `note` (any when none), in file order, after line `after`. */
export async function listRows(
  db: Db,
  importId: string,
  outcomes: ImportOutcome[] | undefined,
  after: number,
  limit: number,
  note?: ImportNoteKind,
): Promise<StoredRow[]> {
  let q = db.selectFrom('importRows').select(ROW_COLUMNS).where('importId', '=', importId).where('line', '>', after)
  if (outcomes?.length) q = q.where('outcome', 'in', outcomes)
  if (note) q = q.where('line', 'in', linesNoted(db, importId, note, after))
  const rows = await q.orderBy('line').limit(limit).execute()
  return rows.map(toStored)
}

export async function countRows(db: Db, importId: string, outcomes: ImportOutcome[] | undefined, note?: ImportNoteKind): Promise<number> {
  let q = db.selectFrom('importRows').where('importId', '=', importId)
  if (outcomes?.length) q = q.where('outcome', 'in', outcomes)
  if (note) q = q.where('line', 'in', linesNoted(db, importId, note, 0))
  return rowCount(q)
}

/** The notes of these rows of a job, each row's in order. */
export async function listNotesOf(db: Db, importId: string, lines: number[]): Promise<Map<number, ImportNote[]>> {
  const notes = new Map<number, ImportNote[]>()
  if (!lines.length) return notes
  const rows = await db
    .selectFrom('importRowNotes')
    .select(['line', 'kind', 'message'])
    .where('importId', '=', importId)
    .where('line', 'in', lines)
    .orderBy('line')
    .orderBy('position')
    .execute()
  for (const r of rows) {
    const line = Number(r.line)
    notes.set(line, [...(notes.get(line) ?? []), { kind: r.kind as ImportNoteKind, message: r.message }])
  }
  return notes
}

/** How many rows of each job have each kind of note (kinds none has left out), in IMPORT_NOTE_KINDS order: one statement along the notes' index. */
export async function countNoteKinds(db: Db, importIds: string[]): Promise<Map<string, ImportNoteCount[]>> {
  const counts = new Map<string, ImportNoteCount[]>(importIds.map((id) => [id, []]))
  if (!importIds.length) return counts
  const rows = await db
    .selectFrom('importRowNotes')
    .select(['importId', 'kind', (eb) => eb.fn.count<number>('line').distinct().as('n')])
    .where('importId', 'in', importIds)
    .groupBy(['importId', 'kind'])
    .execute()
  const order = (k: string) => (IMPORT_NOTE_KINDS as readonly string[]).indexOf(k)
  rows.sort((a, b) => order(a.kind) - order(b.kind))
  for (const r of rows) counts.get(r.importId)?.push({ kind: r.kind as ImportNoteKind, count: Number(r.n) })
  return counts
}

export interface RowChange {
  outcome: ImportOutcome
  bookId: string | null
  candidates: string[]
  /** The row's notes from now on (its `message` is theirs in one text). */
  notes: ImportNote[]
  title?: string
  author?: string
  data?: string
  /** The row's cells as corrected. */
  fields?: string
}

/** The notes' messages in one text, as a row's `message` has always read; null for none. */
const messageOf = (notes: readonly ImportNote[]): string | null => (notes.length ? notes.map((n) => n.message).join('. ') : null)

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
      message: messageOf(c.notes),
      ...(c.title !== undefined ? { title: c.title } : {}),
      ...(c.author !== undefined ? { author: c.author } : {}),
      ...(settled
        ? { data: null, fields: '[]' }
        : { ...(c.data !== undefined ? { data: c.data } : {}), ...(c.fields !== undefined ? { fields: c.fields } : {}) }),
    })
    .where('importId', '=', importId)
    .where('line', '=', line)
    .where('outcome', '=', from)
    .executeTakeFirst()
  if (result.numUpdatedRows === 0n) return false
  // A row not looked at yet has no notes: only a row settled again has old ones to replace.
  if (from !== 'pending') await db.deleteFrom('importRowNotes').where('importId', '=', importId).where('line', '=', line).execute()
  await insertNotes(db, importId, [{ line, notes: c.notes }])
  return true
}

/**
 * Settles rows still pending (the worker's batch, decision 0070) as updateRow does one: one
 * statement for their outcomes, whatever their number, and one for their notes. A row no longer
 * pending is left as it is, notes and all. `rows` must be few (the worker's batch): each is a few
 * values of the statement. Answers the lines that changed.
 */
export async function settlePendingRows(db: Db, importId: string, rows: readonly { line: number; result: RowChange }[]): Promise<number[]> {
  if (!rows.length) return []
  // One CASE per column, keyed by line: the same statement on both databases.
  const byLine = <T>(value: (c: RowChange) => T) =>
    sql.join(
      rows.map((r) => sql`when ${r.line} then ${value(r.result)}`),
      sql` `,
    )
  const settled = rows.filter((r) => SETTLED_OUTCOMES.includes(r.result.outcome)).map((r) => r.line)
  const changed = await db
    .updateTable('importRows')
    .set({
      outcome: sql`case line ${byLine((c) => c.outcome)} end`,
      bookId: sql`case line ${byLine((c) => c.bookId)} end`,
      candidates: sql`case line ${byLine((c) => JSON.stringify(c.candidates))} end`,
      message: sql`case line ${byLine((c) => messageOf(c.notes))} end`,
      // A settled row keeps what the report shows and drops its cells, as updateRow has it.
      ...(settled.length
        ? {
            data: sql`case when line in (${sql.join(settled)}) then null else data end`,
            fields: sql`case when line in (${sql.join(settled)}) then '[]' else fields end`,
          }
        : {}),
    })
    .where('importId', '=', importId)
    .where(
      'line',
      'in',
      rows.map((r) => r.line),
    )
    .where('outcome', '=', 'pending')
    .returning('line')
    .execute()
  const lines = new Set(changed.map((r) => Number(r.line)))
  await insertNotes(
    db,
    importId,
    rows.filter((r) => lines.has(r.line)).map((r) => ({ line: r.line, notes: r.result.notes })),
  )
  return [...lines]
}

/** Fails up to `limit` rows still pending, in file order, with `message` (a note `interrupted`); answers how many. */
export async function failPendingRows(db: Db, importId: string, message: string, limit: number): Promise<number> {
  const lines = await rowsWithOutcome(db, importId, 'pending').select('line').limit(limit).execute()
  await insertNotes(
    db,
    importId,
    lines.map((r) => ({ line: Number(r.line), notes: [{ kind: 'interrupted', message }] })),
  )
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

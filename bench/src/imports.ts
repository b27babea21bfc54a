// The "import" scenario of `npm run bench` (issue 14): a reader signs up through the API and sends a
// Goodreads export made from the catalogue (goodreads.ts); the bench polls the job every 100 ms until
// it is done, while the stall probe (stall.ts) times GET /api/health one request at a time.
// Budgets: 5,000 rows in ≤ 10 s (≥ 500 rows/s at any size) and health p99 ≤ 50 ms. The import must end
// 'done' with no row failed or waiting: the file is made so that every row has one book or none.
import type { ImportJob } from '@shelfwise/contracts'
import { IMPORTER_PREFIX, type GoodreadsFile } from './goodreads.ts'
import type { ProbeResult } from './stall.ts'
import { ms, printTextTable } from './table.ts'

export const IMPORT_BUDGET = { rowsPerSecond: 500, healthP99: 50 } as const
const POLL_MS = 100

/** GET /api/imports/{id}: the fields the bench reads. */
export type ImportJobView = Pick<
  ImportJob,
  '_id' | 'status' | 'total' | 'processed' | 'imported' | 'unchanged' | 'needsReview' | 'failed' | 'skipped' | 'message' | 'createdAt' | 'finishedAt'
>

export interface ImportResult {
  name: string
  rows: number
  mix: GoodreadsFile['mix']
  bytes: number
  /** From just before the upload to the poll that saw the job done (ms). */
  wallMs: number
  /** The upload's answer (202) alone (ms): the file read and checked whole. */
  uploadMs: number
  /** The server's own account: finishedAt − createdAt (ms). */
  serverMs: number | null
  rowsPerSecond: number
  status: ImportJobView['status']
  counts: { imported: number; unchanged: number; needsReview: number; failed: number; skipped: number }
  /** Books in the catalogue after the import, less before. */
  booksCreated: number
  /** Books the import created although the catalogue had one with the title (a row of a catalogue book not matched). */
  duplicates: { title: string; author: string }[]
  polls: number
  health: ProbeResult
  /** Why the run is an error (the job failed, rows failed or wait), or empty. */
  problems: string[]
  /** A few of the rows that failed or wait, with the server's reason. */
  problemRows: { line: number; title: string; author: string; outcome: string; message: string | null }[]
  pass: boolean
}

async function call<T>(base: string, path: string, init: RequestInit & { token?: string }, expect: number): Promise<T> {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  const res = await fetch(`${base}${path}`, { ...init, headers })
  const text = await res.text()
  if (res.status !== expect) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} (expected ${expect}) ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/**
 * A new reader, signed up through the API as a person would: their token (and password, to close the
 * account). The username starts with IMPORTER_PREFIX, so books they add are set aside from the catalogue's.
 */
export async function signUpReader(base: string): Promise<{ token: string; username: string; password: string }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const username = `${IMPORTER_PREFIX}${tag}`.slice(0, 30)
  const password = `Shelf-moves-${tag}-9q`
  const body = { name: 'Moving Reader', username, email: `${username}@bench.example`, password, userType: 'Reader' }
  const res = await call<{ token: string }>(
    base,
    '/api/auth/register',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    201,
  )
  return { token: res.token, username, password }
}

/** Closes a reader's account (DELETE /api/users/me): their imports and reading log go with it. */
export async function closeAccount(base: string, reader: { token: string; password: string }): Promise<void> {
  const res = await fetch(`${base}/api/users/me`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password: reader.password }),
  })
  if (res.status !== 204) throw new Error(`DELETE /api/users/me: ${res.status} ${(await res.text()).slice(0, 200)}`)
}

export const uploadExport = (base: string, token: string, csv: string): Promise<ImportJobView> => {
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'goodreads_library_export.csv')
  return call<ImportJobView>(base, '/api/imports', { method: 'POST', body: form, token }, 202)
}

/** Polls the job every 100 ms until it is done or failed (or `timeoutMs` passes: an error). */
export async function pollUntilDone(base: string, token: string, id: string, timeoutMs: number): Promise<{ job: ImportJobView; polls: number }> {
  const end = performance.now() + timeoutMs
  for (let polls = 1; ; polls++) {
    const next = performance.now() + POLL_MS
    const job = await call<ImportJobView>(base, `/api/imports/${id}`, { token }, 200)
    if (job.status === 'done' || job.status === 'failed') return { job, polls }
    if (performance.now() > end) throw new Error(`the import ${id} was still ${job.status} after ${timeoutMs / 1000} s (${job.processed}/${job.total} rows)`)
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())))
  }
}

/** The rows that failed or wait, first page (for the report of a run that went wrong). */
export const problemRowsOf = (base: string, token: string, id: string) =>
  call<ImportResult['problemRows']>(base, `/api/imports/${id}/rows?outcome=failed,needs_review&limit=20`, { token }, 200)

/**
 * What makes a finished job an error in the bench: it failed, or a row failed, waits or was skipped,
 * or it created other books than the file's new ones (a row of a catalogue book went unmatched).
 */
export function problemsOf(job: ImportJobView, file: GoodreadsFile, created: number, duplicates: ImportResult['duplicates']): string[] {
  const rows = file.rows
  const out: string[] = []
  if (job.status !== 'done') out.push(`the import ended '${job.status}': ${job.message ?? 'no message'}`)
  if (job.total !== rows) out.push(`the server counted ${job.total} rows, the file has ${rows}`)
  if (job.processed !== job.total) out.push(`${job.processed} of ${job.total} rows processed`)
  if (job.failed) out.push(`${job.failed} rows failed`)
  if (job.needsReview) out.push(`${job.needsReview} rows wait for a choice (every row of the file has one book or none)`)
  if (job.skipped) out.push(`${job.skipped} rows skipped`)
  if (created !== file.mix.newBooks || duplicates.length)
    out.push(
      `${created} books created, the file has ${file.mix.newBooks} new ones; ${duplicates.length} created although the catalogue has the title: ` +
        duplicates
          .slice(0, 5)
          .map((d) => `"${d.title}" by ${d.author}`)
          .join(', '),
    )
  return out
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

export function printImportTable(rows: ImportResult[], title: string) {
  const head = ['file', 'rows', 'to done ms', 'rows/s', 'imported', 'unchanged', 'review', 'failed', 'new books', 'health p50', 'p99', 'max', 'budget', '']
  const cells = rows.map((r) => [
    r.name,
    fmt(r.rows),
    fmt(r.wallMs),
    fmt(r.rowsPerSecond),
    fmt(r.counts.imported),
    fmt(r.counts.unchanged),
    fmt(r.counts.needsReview),
    fmt(r.counts.failed),
    fmt(r.booksCreated),
    ms(r.health.p50),
    ms(r.health.p99),
    ms(r.health.max),
    `≥${IMPORT_BUDGET.rowsPerSecond} rows/s (5,000 in ≤10 s), health p99≤${IMPORT_BUDGET.healthP99}`,
    r.problems.length ? 'ERROR' : r.pass ? 'ok' : 'OVER',
  ])
  printTextTable(title, head, cells, 12)
  for (const r of rows) {
    console.log(
      `${r.name}: upload answered in ${fmt(r.uploadMs)} ms; server time (finishedAt − createdAt) ${r.serverMs === null ? '–' : `${fmt(r.serverMs)} ms`}; ` +
        `${fmt(r.health.requests)} health probes; ${r.polls} polls; file ${(r.bytes / 1024).toFixed(0)} KB: ${r.mix.byIsbn} by ISBN, ${r.mix.byTitle} by title and author ` +
        `(${r.mix.seriesNotes} with a series note, ${r.mix.initials} with an initial), ${r.mix.newBooks} new books, ${r.mix.odd} odd rows` +
        (r.mix.repeatedBooks ? `, ${r.mix.repeatedBooks} books repeated (small catalogue)` : ''),
    )
    for (const p of r.problems) console.log(`  ERROR: ${p}`)
    for (const row of r.problemRows.slice(0, 10)) console.log(`  line ${row.line} "${row.title}" by ${row.author}: ${row.outcome} — ${row.message ?? ''}`)
  }
}

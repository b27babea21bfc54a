// The "hostile import" stall scenario of `npm run bench` (issue 19): can import files built to hurt
// stop everyone else?
//
// Five signed-in readers each send files made for one kind of harm: reviews of '<a' repeated (a
// markup pattern that rescanned the rest of the cell from every '<'), 40 KB of spaces between two
// StoryGraph authors (a separator pattern that tried every space as a start), records of very many
// commas, a field of doubled quotes, titles of megabytes. First the worst case as the red team sent it
// (the API refuses most of these at upload now: a field or a record past the CSV reader's caps),
// then the same harm just inside the caps, which the API takes and its job works through. Each
// reader whose file was taken then asks for their import's rows as CSV (every outcome, so every row)
// again and again. Every file stays under the 10 MB upload cap. Meanwhile the stall probe times
// GET /api/health, from the first upload until every job taken has finished: the upload's parsing and
// the job both count. Budget: health p99 ≤ 50 ms.
//
// `node hostile.ts attack <spec.json>` is the attackers' process (bench.ts pins it beside the probe):
// it builds the files, prints "ready", attacks when a line comes on its stdin and prints what
// happened as JSON. bench.ts imports the rest.
import { readFileSync } from 'node:fs'
import { IMPORT_LIMITS, IMPORT_OUTCOMES } from '@shelfwise/contracts'
import { csvQuoted, GOODREADS_EXPORT_COLUMNS, STORYGRAPH_EXPORT_COLUMNS } from '@shelfwise/library-files'

/** A catalogue book the hostile rows point to by ISBN, so that they create no book. */
export interface HostileBook {
  isbn: string
  title: string
  author: string
}

export interface HostileFile {
  /** What it is, in a few words. */
  name: string
  source: 'goodreads' | 'storygraph'
  csv: string
}

export interface HostileSpec {
  base: string
  /** How long the readers keep sending and asking (s); then the jobs taken are waited for. */
  seconds: number
  /** The longest the jobs are waited for after that (s): a reader sends no more files then either. */
  waitSeconds: number
  quick: boolean
  book: HostileBook
  /** One reader per kind of harm (HARMS, in turn). */
  tokens: string[]
}

interface UploadOutcome {
  reader: number
  file: string
  bytes: number
  status: number
  ms: number
  /** The refusal's message, cut short. */
  message?: string
  importId?: string
}

export interface HostileResult {
  uploads: UploadOutcome[]
  rowsCsv: { requests: number; statuses: Record<string, number>; bytes: number; p50: number; max: number }
  jobs: { reader: number; file: string; status: string; total: number; processed: number; failed: number; ms: number | null }[]
  /** Jobs still queued or running when the wait ended. */
  unfinished: number
  /** From the first upload to the last job seen done (ms). */
  wallMs: number
}

// ---- the files --------------------------------------------------------------------------------

/** Under the upload cap with room for the multipart envelope. */
const MAX_FILE = IMPORT_LIMITS.maxBytes - 64 * 1024
/** A field just inside the CSV reader's cap on a field's length. */
const NEAR_FIELD_CAP = IMPORT_LIMITS.maxFieldLength - 536

const line = (columns: readonly string[], values: Record<string, string>) => `${columns.map((c) => csvQuoted(values[c] ?? '')).join(',')}\n`

/** A header, then rows made by `row` until the next would make the file larger than `bytes`. */
function fileOf(columns: readonly string[], bytes: number, row: (i: number) => Record<string, string>): string {
  const parts = [`${columns.map(csvQuoted).join(',')}\n`]
  let size = parts[0]!.length
  for (let i = 0; ; i++) {
    const next = line(columns, row(i))
    if (size + next.length > bytes) break
    parts.push(next)
    size += next.length
  }
  return parts.join('')
}

/** A Goodreads row of a read of the catalogue book (found by its ISBN), unrated, with `over` laid on top. */
const goodreadsRow = (book: HostileBook, over: Record<string, string>) => ({
  'Book Id': '1',
  Title: book.title,
  Author: book.author,
  ISBN: '=""',
  ISBN13: `="${book.isbn}"`,
  'My Rating': '0',
  'Date Added': '2024/01/02',
  'Exclusive Shelf': 'read',
  'Read Count': '1',
  'Owned Copies': '0',
  ...over,
})

const storygraphRow = (book: HostileBook, over: Record<string, string>) => ({
  Title: book.title,
  Authors: book.author,
  'ISBN/UID': book.isbn,
  Format: 'paperback',
  'Read Status': 'read',
  'Date Added': '2024/01/02',
  'Read Count': '1',
  'Owned?': 'No',
  ...over,
})

const goodreads = (name: string, bytes: number, row: (i: number) => Record<string, string>): HostileFile => ({
  name,
  source: 'goodreads',
  csv: fileOf(GOODREADS_EXPORT_COLUMNS, bytes, row),
})

/** The size of a file the API takes: as large as the cap allows, a fifth of it with --quick (its job is the long part). */
const takenSize = (quick: boolean) => (quick ? Math.floor(MAX_FILE / 5) : MAX_FILE)

/**
 * The files of each kind of harm, in the order a reader sends them: the red team's worst case first,
 * then the same harm inside the caps. Sizes are the most that fit in 10 MB; --quick sends a fifth of
 * the bytes of the files the API takes (the ones it refuses cost it no job).
 */
export const HARMS: { kind: string; files: (book: HostileBook, quick: boolean) => HostileFile[] }[] = [
  {
    kind: "reviews of '<a' repeated",
    files: (book, quick) => [
      goodreads("'<a' × 60,000 reviews", MAX_FILE, () => goodreadsRow(book, { 'My Review': '<a'.repeat(60_000) })),
      goodreads(`'<a' × ${(NEAR_FIELD_CAP / 2).toLocaleString('en-US')} reviews`, takenSize(quick), () =>
        goodreadsRow(book, { 'My Review': '<a'.repeat(NEAR_FIELD_CAP / 2) }),
      ),
    ],
  },
  {
    kind: 'spaces between two StoryGraph authors',
    // With a comma after the spaces and without one (then the run of spaces is inside one name).
    files: (book, quick) =>
      [40_000, NEAR_FIELD_CAP - 22].map((spaces) => ({
        name: `${(spaces / 1000).toFixed(0)} KB of spaces between two authors`,
        source: 'storygraph' as const,
        csv: fileOf(STORYGRAPH_EXPORT_COLUMNS, takenSize(quick), (i) =>
          storygraphRow(book, { Authors: `Ann Author${' '.repeat(spaces)}${i % 2 ? ', ' : ''}Bob Writer` }),
        ),
      })),
  },
  {
    kind: 'very many commas',
    files: (_book, quick) => {
      const header = `${GOODREADS_EXPORT_COLUMNS.map(csvQuoted).join(',')}\n`
      const rows = quick ? IMPORT_LIMITS.maxRows / 5 : IMPORT_LIMITS.maxRows
      return [
        { name: 'one record of 9.9 million commas', source: 'goodreads', csv: `${header}${','.repeat(MAX_FILE - header.length - 1)}\n` },
        // As many rows as an import takes, each of 151 empty fields: every row fails (no title) and stays in the report.
        { name: `${rows.toLocaleString('en-US')} rows of 150 commas`, source: 'goodreads', csv: header + `${','.repeat(150)}\n`.repeat(rows) },
      ]
    },
  },
  {
    kind: 'a field of doubled quotes',
    files: (book, quick) => [
      goodreads('a review of 4.9 million doubled quotes', MAX_FILE, () => goodreadsRow(book, { 'My Review': '"'.repeat(Math.floor((MAX_FILE - 4_000) / 2)) })),
      goodreads(`reviews of ${NEAR_FIELD_CAP.toLocaleString('en-US')} doubled quotes`, takenSize(quick), () =>
        goodreadsRow(book, { 'My Review': '"'.repeat(NEAR_FIELD_CAP) }),
      ),
    ],
  },
  {
    kind: 'titles of megabytes',
    // A title far past the catalogue's fails its row, which stays in the report (and its CSV) whole.
    files: (book, quick) => [
      goodreads('a title of 9.9 MB', MAX_FILE, () => goodreadsRow(book, { Title: 'A Very Long Title '.repeat(Math.floor((MAX_FILE - 4_000) / 18)) })),
      goodreads(`titles of ${NEAR_FIELD_CAP.toLocaleString('en-US')} characters`, takenSize(quick), (i) =>
        goodreadsRow(book, { Title: `${i} ${'A Very Long Title '.repeat(Math.floor(NEAR_FIELD_CAP / 18) - 1)}` }),
      ),
    ],
  },
]

// ---- the attackers ------------------------------------------------------------------------------

/** Every outcome, so the CSV carries every row of the file. */
const ALL_ROWS = IMPORT_OUTCOMES.join(',')

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0)

/** Each taken import's rows are asked for at least this often, however long its upload took. */
const MIN_ASKS = 3

/** Each reader's files (tens of MB of text: built before the attack, so that neither clock counts it). */
const filesFor = (spec: HostileSpec) => spec.tokens.map((_, i) => HARMS[i % HARMS.length]!.files(spec.book, spec.quick))

async function attack(spec: HostileSpec, filesOf: HostileFile[][]): Promise<HostileResult> {
  const t0 = performance.now()
  const end = t0 + spec.seconds * 1000
  const uploads: UploadOutcome[] = []
  const csvTimes: number[] = []
  const csvStatuses: Record<string, number> = {}
  let csvBytes = 0
  const taken: { reader: number; file: string; id: string; token: string }[] = []

  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  // However slow the server gets, a reader gives up sending its next file here.
  const giveUp = end + spec.waitSeconds * 1000

  const send = async (index: number, token: string, file: HostileFile): Promise<string | undefined> => {
    const form = new FormData()
    form.append('file', new Blob([file.csv], { type: 'text/csv' }), 'library.csv')
    const started = performance.now()
    const res = await fetch(`${spec.base}/api/imports?source=${file.source}`, { method: 'POST', headers: auth(token), body: form })
    const text = await res.text()
    const outcome: UploadOutcome = { reader: index, file: file.name, bytes: Buffer.byteLength(file.csv), status: res.status, ms: performance.now() - started }
    if (res.status === 202) outcome.importId = (JSON.parse(text) as { _id: string })._id
    else outcome.message = ((JSON.parse(text) as { message?: string }).message ?? text).slice(0, 120)
    uploads.push(outcome)
    if (outcome.importId) taken.push({ reader: index, file: file.name, id: outcome.importId, token })
    return outcome.importId
  }

  /** The import's rows as CSV, every outcome, asked once. */
  const askRows = async (id: string, token: string) => {
    const asked = performance.now()
    const rows = await fetch(`${spec.base}/api/imports/${id}/rows.csv?outcome=${ALL_ROWS}`, { headers: auth(token) })
    csvBytes += (await rows.arrayBuffer()).byteLength
    csvTimes.push(performance.now() - asked)
    csvStatuses[rows.status] = (csvStatuses[rows.status] ?? 0) + 1
  }

  const settled = async (id: string, token: string) => {
    const job = (await (await fetch(`${spec.base}/api/imports/${id}`, { headers: auth(token) })).json()) as { status: string }
    return job.status === 'done' || job.status === 'failed'
  }

  const reader = async (index: number, token: string) => {
    const files = filesOf[index]!
    // The import whose rows this reader asks for: the last one the API took.
    let last: string | undefined
    for (const file of files) {
      // One import at a time per reader: the next file waits for the last job, its rows asked for meanwhile.
      while (last && performance.now() < giveUp && !(await settled(last, token))) await askRows(last, token)
      if (performance.now() >= giveUp) break
      const id = await send(index, token, file)
      if (!id) continue
      last = id
      for (let asks = 0; asks < MIN_ASKS; asks++) await askRows(last, token)
    }
    // Then, until the time is up: the rows again, or (when every file was refused) the files again.
    for (let n = 0; performance.now() < end; n++) {
      if (last) await askRows(last, token)
      else await send(index, token, files[n % files.length]!)
    }
  }
  await Promise.all(spec.tokens.map((token, i) => reader(i, token)))

  // The jobs taken, until each is done or failed (or the wait ends: the same deadline as the readers').
  const waitEnd = giveUp
  const jobs: HostileResult['jobs'] = []
  let unfinished = 0
  let lastDone = performance.now()
  for (const t of taken) {
    for (;;) {
      const res = await fetch(`${spec.base}/api/imports/${t.id}`, { headers: auth(t.token) })
      const job = (await res.json()) as { status: string; total: number; processed: number; failed: number; createdAt: string; finishedAt: string | null }
      const settled = job.status === 'done' || job.status === 'failed'
      if (settled || performance.now() > waitEnd) {
        if (!settled) unfinished++
        else lastDone = performance.now()
        jobs.push({
          reader: t.reader,
          file: t.file,
          status: job.status,
          total: job.total,
          processed: job.processed,
          failed: job.failed,
          ms: job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.createdAt) : null,
        })
        break
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  csvTimes.sort((a, b) => a - b)
  return {
    uploads,
    rowsCsv: { requests: csvTimes.length, statuses: csvStatuses, bytes: csvBytes, p50: percentile(csvTimes, 50), max: csvTimes.at(-1) ?? 0 },
    jobs,
    unfinished,
    wallMs: Math.max(lastDone, end) - t0,
  }
}

/** The row's detail: uploads refused and taken, the CSV asked for, the jobs. */
export function describeHostile(r: HostileResult): string {
  const refused = r.uploads.filter((u) => u.status >= 400 && u.status < 500)
  const byStatus = (list: { status: number | string }[]) => {
    const counts: Record<string, number> = {}
    for (const u of list) counts[u.status] = (counts[u.status] ?? 0) + 1
    return Object.entries(counts)
      .map(([s, n]) => `${n}×${s}`)
      .join(' ')
  }
  const accepted = r.uploads.filter((u) => u.status === 202).length
  const mb = (r.rowsCsv.bytes / 1024 / 1024).toFixed(0)
  const slowest = Math.max(0, ...r.jobs.map((j) => j.ms ?? 0))
  return (
    `uploads: ${refused.length} refused (${byStatus(refused) || 'none'}), ${accepted} accepted` +
    `${r.uploads.length - refused.length - accepted ? `, ${r.uploads.length - refused.length - accepted} other (${byStatus(r.uploads.filter((u) => u.status !== 202 && (u.status < 400 || u.status >= 500)))})` : ''}; ` +
    `rows.csv ${r.rowsCsv.requests}× (${mb} MB, slowest ${Math.round(r.rowsCsv.max)} ms); ` +
    `jobs ${r.jobs.filter((j) => j.status === 'done').length} done${r.jobs.some((j) => j.status === 'failed') ? `, ${r.jobs.filter((j) => j.status === 'failed').length} FAILED` : ''}` +
    `${r.unfinished ? `, ${r.unfinished} still running` : ''}${r.jobs.length ? ` (longest ${(slowest / 1000).toFixed(1)} s)` : ''}`
  )
}

if (import.meta.main && process.argv[2] === 'attack') {
  const spec = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as HostileSpec
  const files = filesFor(spec)
  // "ready" once the files are built; the attack starts when a line comes on stdin (the probe is running then).
  process.stdout.write('ready\n')
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()))
  process.stdout.write(`${JSON.stringify(await attack(spec, files))}\n`)
}

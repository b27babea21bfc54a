// The "stall" scenario of `npm run bench`: can costly requests stop everyone else?
//
// While attackers run costly anonymous reads (their own process, pinned beside the load generator),
// a probe asks GET /api/health one request after another and times each answer. Node runs every
// statement of node:sqlite on its one JS thread, so a read that holds the loop shows up at once in
// the probe's p99. Budget: /api/health p99 ≤ 50 ms in every scenario.
//
// `node stall.ts probe <base> <seconds>` is the probe process; bench.ts imports runStall().
// `node stall.ts probe <base> stdin` probes from the line "probing" it prints until its stdin ends
// (the import scenario, whose length is not known beforehand), then prints its figures the same way.
import { Agent, request } from 'node:http'
import { ms, printTextTable } from './table.ts'

export interface StallAttack {
  /** Who they are, for the row's detail ('year', 'image', 'writer'…). */
  label?: string
  connections: number
  /** The paths they ask in turn (and alongside them, when given, methods, tokens and bodies in turn). */
  paths: string[]
  methods?: ('GET' | 'POST' | 'PUT')[]
  /** Bearer tokens in turn; '' for a request without one. */
  tokens?: string[]
  bodies?: string[]
  /** Requests per second per connection at most. */
  rate?: number
}

export interface StallScenario {
  name: string
  /** Attack loads that run together while the probe runs. */
  attacks: StallAttack[]
}

export interface ProbeResult {
  requests: number
  p50: number
  p99: number
  max: number
  errors: number
}

export interface StallRow extends ProbeResult {
  name: string
  /** What the attackers got back, by status. */
  attackStatuses: Record<string, number>
  attackRequests: number
  /** What the attackers did and got, in words (uploads refused and taken, 429s…), when the scenario says more than statuses. */
  detail?: string
  /** Lines printed under the table (each hostile file's fate). */
  notes?: string[]
  pass: boolean
}

export const STALL_BUDGET_P99_MS = 50

// ---- the worst cases --------------------------------------------------------------------------

const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω'
const CYRILLIC = 'абвгдежзийклмнопрстуфхцчшщыэюя'

/**
 * Searches of 200 characters of Greek and Cyrillic letters in words of 20–24 (the longest words typo correction
 * looked at), every one new so no memo answers it: what made 23,512 typo variants per query.
 */
export function worstCaseSearches(count: number, rnd: () => number): string[] {
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    let q = ''
    for (;;) {
      const letters = rnd() < 0.5 ? GREEK : CYRILLIC
      const len = 20 + Math.floor(rnd() * 5)
      let word = ''
      for (let j = 0; j < len; j++) word += letters[Math.floor(rnd() * letters.length)]
      const next = q ? `${q} ${word}` : word
      // The longest query the API takes: 200 characters.
      if (next.length > 200) break
      q = next
    }
    out.push(`/api/books/search?query=${encodeURIComponent(q)}&limit=20`)
  }
  return out
}

/** Filter-only searches with page bounds never asked before (escaping any memo keyed by them). */
export function filterOnlySearches(count: number, rnd: () => number): string[] {
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    const min = 1 + Math.floor(rnd() * 400)
    const max = min + 50 + Math.floor(rnd() * 900)
    const rating = (rnd() * 4).toFixed(2)
    out.push(`/api/books/search?minPages=${min}&maxPages=${max}&minRating=${rating}&limit=20`)
  }
  return out
}

/**
 * The scenarios, their requests drawn from seeded generators (the seed's own, given by bench.ts: this
 * file is also the probe process, which must stay light).
 */
export const stallScenarios = (quick: boolean, random: (seed: number) => () => number): StallScenario[] => {
  const n = quick ? 200 : 5_000
  return [
    { name: '24 worst-case searches', attacks: [{ connections: 24, paths: worstCaseSearches(n, random(1)) }] },
    {
      name: '8 filter-only searches + 2 whole-catalogue lists',
      attacks: [
        { connections: 8, paths: filterOnlySearches(n, random(2)) },
        { connections: 2, paths: ['/api/books'] },
      ],
    },
  ]
}

/** The year storm's reader: their id, the year they read most in, and a few books of that year. */
export interface StormReader {
  id: string
  username: string
  year: number
  reads: number
  books: string[]
}

/**
 * The year storm (issue 19): anonymous clients ask one reader's year in numbers and its image over
 * and over, while two signed-in clients each alternate a write with that year: a reader adding books
 * to the catalogue (20 requests/s, so the catalogue grows by ~10 books a second, not thousands), and
 * the reader themself changing a rating of a book they read that year, as fast as answered. Every
 * write may throw the kept figures away, so the next ask counts the year again: a reader's own
 * write always does (their log changed), a book added did while figures were kept under the
 * catalogue's version. The red team's one attacker alternating a write and a stats call kept health
 * p99 at 414 ms.
 */
export function yearStormScenario(reader: StormReader, tokens: { writer: string; reader: string }, quick: boolean, tag: string): StallScenario {
  const year = `/api/users/${reader.id}/stats/${reader.year}`
  const books = Array.from({ length: quick ? 100 : 1_000 }, (_, k) =>
    JSON.stringify({ title: `Storm Almanac ${tag} ${k + 1}`, author: 'Storm Writer', pageCount: 100 + (k % 400), genre: ['Fiction'] }),
  )
  // Book k's rating in round r is 4 + r mod 2, so every PUT changes it.
  const ratings = [0, 1].flatMap((round) => reader.books.flatMap(() => [JSON.stringify({ rating: 4 + round }), '']))
  return {
    name: `year storm: ${reader.username}'s ${reader.year} (${reader.reads.toLocaleString('en-US')} reads) + image, 2 writers`,
    attacks: [
      { label: 'year', connections: 6, paths: [year] },
      { label: 'image', connections: 2, paths: [`${year}/image.png`] },
      {
        label: 'book added, year',
        connections: 1,
        rate: 20,
        methods: ['POST', 'GET'],
        paths: ['/api/books', year],
        tokens: [tokens.writer, ''],
        bodies: books.flatMap((b) => [b, '']),
      },
      {
        label: 'own rating, year',
        connections: 1,
        methods: ['PUT', 'GET'],
        paths: reader.books.flatMap((id) => [`/api/books/${id}/reading`, year]),
        tokens: [tokens.reader],
        bodies: ratings,
      },
    ],
  }
}

// ---- the probe --------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0)

/** Asks /api/health one request after another for `seconds` (or until `until` settles), and times each answer. */
export async function probe(base: string, seconds: number, until?: Promise<void>): Promise<ProbeResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const times: number[] = []
  let errors = 0
  const end = performance.now() + seconds * 1000
  let stopped = false
  void until?.then(() => (stopped = true))
  while (!stopped && performance.now() < end) {
    const t0 = performance.now()
    const status = await new Promise<number>((resolve) => {
      const req = request(`${base}/api/health`, { agent }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', () => resolve(0))
      req.end()
    })
    times.push(performance.now() - t0)
    if (status !== 200) errors++
    // A breath between probes, so the probe itself is not a load.
    await new Promise((r) => setTimeout(r, 5))
  }
  agent.destroy()
  times.sort((a, b) => a - b)
  return { requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0, errors }
}

export function printStallTable(rows: StallRow[], title: string) {
  const head = ['scenario', 'health p50 ms', 'p99 ms', 'max ms', 'probes', 'attack answers', 'budget', '', 'detail']
  const cells = rows.map((r) => [
    r.name,
    ms(r.p50),
    ms(r.p99),
    ms(r.max),
    String(r.requests),
    Object.entries(r.attackStatuses)
      .map(([s, n]) => `${n}×${s}`)
      .join(' ') || '–',
    `p99≤${STALL_BUDGET_P99_MS}`,
    r.pass ? 'ok' : 'OVER',
    r.detail ?? '',
  ])
  printTextTable(title, head, cells, 5)
  for (const r of rows) for (const note of r.notes ?? []) console.log(`  ${r.name.split(':')[0]}: ${note}`)
}

if (import.meta.main && process.argv[2] === 'probe') {
  let result: ProbeResult
  if (process.argv[4] === 'stdin') {
    // Until the bench closes our stdin (at most an hour); the first line says the probing has begun.
    const ended = new Promise<void>((resolve) => process.stdin.on('end', resolve).on('close', resolve).resume())
    process.stdout.write('probing\n')
    result = await probe(process.argv[3]!, 3600, ended)
  } else result = await probe(process.argv[3]!, Number(process.argv[4] ?? 10))
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

// node bench/src/report.ts <result.json>… — prints each run (bench/out/<database>.json, as `npm run
// bench` writes it) as a Markdown table for bench/README.md.
import { readFileSync } from 'node:fs'
import type { Row } from './bench.ts'
import type { ImportResult } from './imports.ts'
import { STALL_BUDGET_P99_MS, type StallRow } from './stall.ts'

interface Run {
  date: string
  target: string
  counts: { books: number; reviews: number }
  connections: number
  duration: number
  rssMb: number
  rows: Row[]
  nodeArgs?: string[]
  imports?: ImportResult[]
  stall?: StallRow[]
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1))
const budget = (r: Row) =>
  [
    r.budget.p99 !== undefined ? `p99 ≤ ${r.budget.p99} ms` : '',
    r.budget.ratio !== undefined ? `≥ ${r.budget.ratio} × bare` : '',
    r.budget.dbRatio !== undefined ? `≥ ${r.budget.dbRatio} × bare+db` : '',
    r.budget.rps !== undefined ? `≥ ${r.budget.rps.toLocaleString('en-US')}/s` : '',
    r.budget.p50Over !== undefined
      ? `p50 ≤ ${r.budget.p50Over.call}'s + ${r.budget.p50Over.ms} ms (${r.p50Over === undefined ? 'not run' : `${r.p50Over >= 0 ? '+' : ''}${r.p50Over.toFixed(2)} ms`})`
      : '',
  ]
    .filter(Boolean)
    .join(', ')

for (const file of process.argv.slice(2)) {
  const run = JSON.parse(readFileSync(file, 'utf8')) as Run
  console.log(
    `${run.target.replace(/ \/.*\//, ' ')} — ${run.date.slice(0, 16).replace('T', ' ')} UTC — ${run.counts.books.toLocaleString('en-US')} books, ${run.counts.reviews.toLocaleString('en-US')} reviews${run.nodeArgs?.length ? ` — server with ${run.nodeArgs.join(' ')}` : ''}\n`,
  )
  if (run.rows.length) {
    console.log('| call | req/s | p50 ms | p99 ms | errors | ÷ bare node:http | ÷ bare node:http + database | budget | |')
    console.log('|---|---:|---:|---:|---:|---:|---:|---|---|')
    for (const r of run.rows) {
      console.log(
        `| ${r.name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.ratio === undefined ? '–' : r.ratio.toFixed(2)} | ${r.dbRatio === undefined ? '–' : r.dbRatio.toFixed(2)} | ${budget(r)} | ${r.pass ? 'ok' : '**over**'} |`,
      )
    }
  }
  if (run.stall?.length) {
    console.log('| scenario | health p50 ms | p99 ms | max ms | attack answers | budget | | detail |')
    console.log('|---|---:|---:|---:|---|---|---|---|')
    for (const r of run.stall) {
      const answers = Object.entries(r.attackStatuses)
        .map(([s, n]) => `${n.toLocaleString('en-US')}×${s}`)
        .join(' ')
      console.log(
        `| ${r.name} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${answers || '–'} | p99 ≤ ${STALL_BUDGET_P99_MS} ms | ${r.pass ? 'ok' : '**over**'} | ${r.detail ?? ''} |`,
      )
    }
    console.log()
  }
  if (run.imports?.length) {
    const n = (v: number) => Math.round(v).toLocaleString('en-US')
    console.log('| file | rows | to done ms | rows/s | imported | unchanged | needs review | failed | new books | health p50 ms | p99 ms | max ms | budget | |')
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|')
    for (const r of run.imports) {
      const c = r.counts
      console.log(
        `| ${r.name} | ${n(r.rows)} | ${n(r.wallMs)} | ${n(r.rowsPerSecond)} | ${n(c.imported)} | ${n(c.unchanged)} | ${n(c.needsReview)} | ${n(c.failed)} | ${n(r.booksCreated)} | ` +
          `${ms(r.health.p50)} | ${ms(r.health.p99)} | ${ms(r.health.max)} | ≥ 500 rows/s (5,000 in ≤ 10 s), health p99 ≤ 50 ms | ${r.problems.length ? '**error**' : r.pass ? 'ok' : '**over**'} |`,
      )
    }
  }
  console.log(`\nServer peak RSS: ${Math.round(run.rssMb)} MB (budget ≤ 300 MB: ${run.rssMb <= 300 ? 'ok' : '**over**'}).\n`)
}

// node bench/src/chart.ts [sqlite.json] [postgres.json] — draws bench/p99.png from full runs (by
// default the last ones, bench/out/sqlite.json and bench/out/postgres.json): p99 latency by call,
// one bar per database, each call's budget as a tick.
// An SVG rendered to PNG by sharp (which the API already depends on).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { BENCH_DIR } from './target.ts'
import type { Row } from './bench.ts'

interface Run {
  date: string
  rows: Row[]
  rssMb: number
}

const read = (file: string): Run | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Run) : undefined)
const [sqliteFile, postgresFile] = process.argv.slice(2)
const runs = {
  SQLite: read(sqliteFile ?? join(BENCH_DIR, 'out', 'sqlite.json')),
  PostgreSQL: read(postgresFile ?? join(BENCH_DIR, 'out', 'postgres.json')),
}
const series = Object.entries(runs).filter((e): e is [string, Run] => e[1] !== undefined)
if (!series.length) {
  console.error('No results in bench/out/: run `npm run bench` (and with DATABASE_URL for PostgreSQL) first.')
  process.exit(2)
}
const colours: Record<string, string> = { SQLite: '#2f6f9f', PostgreSQL: '#d08a2c' }
const names = [...new Set(series.flatMap(([, r]) => r.rows.filter((x) => x.budget.p99 !== undefined || x.name === 'create review').map((x) => x.name)))]

const rowH = 34
const left = 250
const width = 1000
const top = 70
const height = top + names.length * rowH + 60
// A log scale: 1 ms to 2 s, so 2 ms and 200 ms both read.
const maxMs = 2000
const x = (ms: number) => left + (Math.log10(Math.max(ms, 1)) / Math.log10(maxMs)) * (width - left - 40)
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

const parts: string[] = []
parts.push(`<rect width="${width}" height="${height}" fill="#fff"/>`)
parts.push(`<text x="20" y="30" font-size="20" font-weight="bold">Shelfwise — p99 latency by call, 16 connections (log scale)</text>`)
parts.push(
  `<text x="20" y="52" font-size="13" fill="#555">${esc(series.map(([n, r]) => `${n} ${r.date.slice(0, 16).replace('T', ' ')} UTC`).join(' · '))} · black tick = budget</text>`,
)
for (const ms of [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000]) {
  parts.push(`<line x1="${x(ms)}" y1="${top - 6}" x2="${x(ms)}" y2="${height - 50}" stroke="#e4e4e4"/>`)
  parts.push(`<text x="${x(ms)}" y="${height - 34}" font-size="12" text-anchor="middle" fill="#555">${ms} ms</text>`)
}
names.forEach((name, i) => {
  const y = top + i * rowH
  parts.push(`<text x="${left - 10}" y="${y + 20}" font-size="13" text-anchor="end">${esc(name)}</text>`)
  series.forEach(([db, run], j) => {
    const row = run.rows.find((r) => r.name === name)
    if (!row) return
    const barY = y + 4 + j * 13
    parts.push(`<rect x="${left}" y="${barY}" width="${Math.max(1, x(row.p99) - left)}" height="11" fill="${colours[db]}"/>`)
    parts.push(`<text x="${x(row.p99) + 4}" y="${barY + 10}" font-size="10" fill="#333">${row.p99 < 10 ? row.p99.toFixed(1) : Math.round(row.p99)}</text>`)
    if (row.budget.p99 !== undefined && j === 0)
      parts.push(`<line x1="${x(row.budget.p99)}" y1="${y + 1}" x2="${x(row.budget.p99)}" y2="${y + 31}" stroke="#000" stroke-width="2"/>`)
  })
})
series.forEach(([db], j) => {
  parts.push(`<rect x="${20 + j * 140}" y="${height - 22}" width="12" height="12" fill="${colours[db]}"/>`)
  parts.push(`<text x="${38 + j * 140}" y="${height - 12}" font-size="13">${db}</text>`)
})
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">${parts.join('')}</svg>`
const out = join(BENCH_DIR, 'p99.png')
writeFileSync(out, await sharp(Buffer.from(svg)).png().toBuffer())
console.log(`wrote ${out}`)

// npm run bench:web:trace -- [--db <sqlite file>] [--page /browse]...
//
// Where a page's main thread goes (issue 22: total blocking time). Serves the built web app (run
// `npm run build -w @shelfwise/web` first) on the bench data, loads each page once under Lighthouse's
// mobile preset in Debian's chromium and prints every main-thread task over 12 ms as measured on this
// machine — Lighthouse multiplies them by 4, so a task over 12.5 ms here blocks a phone for the part
// over 50 ms — with the script it ran and the trace events that took its time. Reads the data only.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ROOT_DIR, resolveTarget, serverEnv, serverUp } from './target.ts'
import { SECRET } from './calls.ts'
import { SERVER_ENTRY } from '../../apps/api/src/public.ts'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { data?: { url?: string }; name?: string }
}

/** The page's main thread: of the renderers' main threads, the one that ran the most tasks (others are about:blank and the browser's own). */
function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const busy = (m: TraceEvent) =>
    events.reduce((n, e) => (e.ph === 'X' && e.name === 'RunTask' && e.pid === m.pid && e.tid === m.tid ? n + (e.dur ?? 0) : n), 0)
  const best = mains.map((m) => ({ m, busy: busy(m) })).sort((a, b) => b.busy - a.busy)[0]
  if (!best) throw new Error('no renderer main thread in the trace')
  return { pid: best.m.pid, tid: best.m.tid }
}

const LONG_US = 12_000
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { db: { type: 'string' }, page: { type: 'string', multiple: true } },
})
const pages = values.page?.length ? values.page : ['/', '/browse']
const target = resolveTarget(values.db)
if (!existsSync(join(ROOT_DIR, 'apps', 'web', 'dist', 'index.html'))) throw new Error('no web build: run `npm run build -w @shelfwise/web` first')

/** One task's own time by event name, its longest few, and the script it ran (if any). */
function describe(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + task.dur!
  const inside = events.filter(
    (e) => e.ph === 'X' && e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e.name !== 'RunTask',
  )
  const byName = new Map<string, number>()
  for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000)
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 5)
  const script = inside.find((e) => e.args?.data?.url)?.args?.data?.url?.replace(/^https?:\/\/[^/]+/, '') ?? ''
  return `${`${Math.round(task.dur! / 1000)} ms`.padStart(7)}  ${script.padEnd(28)} ${top.map(([n, ms]) => `${n} ${Math.round(ms)}`).join(', ')}`
}

const work = mkdtempSync(join(tmpdir(), 'shelfwise-trace-'))
const port = 20_000 + Math.floor(Math.random() * 20_000)
const server = spawn(process.execPath, [SERVER_ENTRY], {
  cwd: ROOT_DIR,
  env: serverEnv(target, port, work, SECRET, { WEB_DIST: join(ROOT_DIR, 'apps', 'web', 'dist') }),
  stdio: ['ignore', 'ignore', 'inherit'],
})
let chrome: chromeLauncher.LaunchedChrome | undefined
try {
  await serverUp(`http://127.0.0.1:${port}`)
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  for (const page of pages) {
    const result = await lighthouse(`http://127.0.0.1:${port}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${result?.lhr.runtimeError?.message ?? 'no result'}`)
    const audits = result.lhr.audits
    const events = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents
    const ms = (id: string) => Math.round(Number(audits[id]?.numericValue ?? NaN))
    console.log(
      `\n${page}: score ${Math.round((result.lhr.categories.performance?.score ?? 0) * 100)}, TBT ${ms('total-blocking-time')} ms, LCP ${ms('largest-contentful-paint')} ms`,
    )
    const main = pageMainThread(events)
    const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid)
    const total = (list: TraceEvent[]) => Math.round(list.reduce((n, e) => n + (e.dur ?? 0), 0) / 1000)
    const long = tasks.filter((e) => (e.dur ?? 0) > LONG_US)
    console.log(`main thread: ${tasks.length} tasks, ${total(tasks)} ms; ${long.length} over ${LONG_US / 1000} ms, ${total(long)} ms`)
    for (const task of long) console.log(describe(task, events))
  }
  console.log(
    `\nload average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
} finally {
  await chrome?.kill()
  server.kill('SIGTERM')
  rmSync(work, { recursive: true, force: true })
}

// npm run bench:web:ab -- --a <web build folder> --b <web build folder> [--page /] [--runs 3] [--db <sqlite file>]
//
// Two builds of the web app compared under Lighthouse's mobile preset on the same data: each build is
// served by a server of its own, and the runs alternate (a, b, a, b, …) so that the host's drift in
// load falls on both alike — on a shared machine one build's single runs vary by a factor of two in
// total blocking time. Prints each run and the medians. Build the folders first, e.g.
// `npx vite build --outDir /tmp/web-a` in apps/web at each commit. Reads the data only.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ROOT_DIR, flags, resolveTarget, serverEnv, serverUp, wholeNumber } from './target.ts'
import { SECRET } from './calls.ts'
import { SERVER_ENTRY } from '../../apps/api/src/public.ts'

const f = flags({ a: { type: 'string' }, b: { type: 'string' }, page: { type: 'string', default: '/' }, runs: { type: 'string' }, db: { type: 'string' } })
if (!f.a || !f.b) {
  console.error('--a and --b: the two web builds (folders with index.html) to compare')
  process.exit(2)
}
const runs = wholeNumber('runs', f.runs, 3, 1)
const target = resolveTarget(f.db)
const builds = [
  { name: 'a', dir: f.a },
  { name: 'b', dir: f.b },
].map((b, i) => {
  const work = mkdtempSync(join(tmpdir(), 'shelfwise-ab-'))
  const port = 21_000 + Math.floor(Math.random() * 10_000) + i
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT_DIR,
    env: serverEnv(target, port, work, SECRET, { WEB_DIST: b.dir }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { ...b, port, work, server, rows: [] as { score: number; tbt: number; lcp: number; fcp: number }[] }
})

let chrome: chromeLauncher.LaunchedChrome | undefined
try {
  await Promise.all(builds.map((b) => serverUp(`http://127.0.0.1:${b.port}`)))
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  for (let r = 0; r < runs; r++)
    for (const b of builds) {
      const lhr = (
        await lighthouse(`http://127.0.0.1:${b.port}${f.page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
      )?.lhr
      if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on ${b.name}: ${lhr?.runtimeError?.message ?? 'no result'}`)
      const n = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? NaN))
      const row = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: n('total-blocking-time'),
        lcp: n('largest-contentful-paint'),
        fcp: n('first-contentful-paint'),
      }
      b.rows.push(row)
      console.log(`run ${r + 1} ${b.name}: score ${row.score}, TBT ${row.tbt} ms, LCP ${row.lcp} ms, FCP ${row.fcp} ms`)
    }
} finally {
  await chrome?.kill()
  for (const b of builds) {
    b.server.kill('SIGTERM')
    rmSync(b.work, { recursive: true, force: true })
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
console.log(`\n${f.page}, medians of ${runs} (Lighthouse mobile preset, runs in turns):`)
for (const b of builds)
  console.log(
    `${b.name} ${b.dir}: score ${median(b.rows.map((x) => x.score))}, TBT ${median(b.rows.map((x) => x.tbt))} ms, LCP ${median(b.rows.map((x) => x.lcp))} ms, FCP ${median(b.rows.map((x) => x.fcp))} ms`,
  )

// npm run bench:web -- [--db <sqlite file>] [--skip-build] [--runs 1] [--pages home,browse,book]
//
// Builds the web app, prints the home route's initial JavaScript and CSS (gzip -9), then serves the
// app on the generated data and runs Lighthouse (mobile preset: Moto G-class screen, simulated slow
// 4G and 4× CPU slowdown) in Debian's chromium on Home, Browse and the most-reviewed book's page,
// printing the performance score, LCP, TBT and CLS of each. Results also go to bench/out/web.json.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { sql } from 'kysely'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { BENCH_DIR, ROOT_DIR, describeTarget, flags, resolveTarget, serverEnv, serverUp, wholeNumber } from './target.ts'
import { SECRET } from './calls.ts'
import { createDb, SERVER_ENTRY } from '../../apps/api/src/public.ts'

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const WEB_DIST = join(ROOT_DIR, 'apps', 'web', 'dist')
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

function npm(args: string[]): string {
  const res = spawnSync('npm', args, { cwd: ROOT_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  if (res.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${res.stdout}`)
  return res.stdout
}

/** The home route's first-load JS (from the web app's own size script) and the CSS its page links, gzip -9. */
function homeWeight() {
  const out = npm(['run', '--silent', 'size', '-w', '@shelfwise/web'])
  const js = /^\s*home\.tsx\s+([\d.]+) KB/m.exec(out)
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8')
  const cssFiles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!)
  const css = cssFiles.reduce((n, f) => n + gzipSync(readFileSync(join(WEB_DIST, f.replace(/^\//, ''))), { level: 9 }).length, 0)
  // Styles written into the page itself (an inline <style>), counted with the HTML they ride in.
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + m[1]!.length, 0)
  return { jsKb: js ? Number(js[1]) : NaN, cssBytes: css, cssFiles: cssFiles.length, inlineCssBytes: inline, sizeReport: out }
}

/** One Lighthouse run (default config = the mobile preset), performance only; a failed trace is retried twice. */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr
    if (lhr && !lhr.runtimeError) return lhr
    const why = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result'
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${why}`)
    console.error(`Lighthouse on ${url}: ${why}; trying again`)
  }
}

interface PageResult {
  page: string
  url: string
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
}

async function main() {
  const f = flags({ db: { type: 'string' }, 'skip-build': { type: 'boolean', default: false }, runs: { type: 'string' }, pages: { type: 'string' } })
  const runs = wholeNumber('runs', f.runs, 1, 1)
  const target = resolveTarget(f.db)
  if (target.kind === 'sqlite' && !existsSync(target.path)) {
    console.error(`No data at ${target.path}: run \`npm run bench:data\` first (or pass --db / DATABASE_URL).`)
    process.exit(2)
  }
  if (!f['skip-build']) {
    console.error('Building the web app …')
    npm(['run', '--silent', 'build', '-w', '@shelfwise/web'])
  }
  const weight = homeWeight()

  const db = createDb({ url: target.url, poolSize: 1 }).withoutPlugins()
  const {
    rows: [top],
  } = await sql<{ id: string }>`select id from books order by total_reviews desc, id limit 1`.execute(db)
  await db.destroy()
  if (!top) throw new Error('no books: run `npm run bench:data` first')

  const work = mkdtempSync(join(tmpdir(), 'shelfwise-web-'))
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT_DIR,
    env: serverEnv(target, port, work, SECRET, { WEB_DIST }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const results: PageResult[] = []
  let chrome: chromeLauncher.LaunchedChrome | undefined
  try {
    await serverUp(base)
    if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (apt-get install chromium, or set CHROME_PATH)`)
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
    const wanted = f.pages?.toLowerCase().split(',')
    const pages = (
      [
        ['Home', '/'],
        ['Browse', '/browse'],
        ['Book', `/books/${top.id}`],
      ] as [string, string][]
    ).filter(([page]) => !wanted || wanted.includes(page.toLowerCase()))
    for (const [page, path] of pages) {
      for (let r = 0; r < runs; r++) {
        const lhr = await audit(`${base}${path}`, chrome.port)
        const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN)
        // The whole report, for its diagnostics (the LCP element and its phases, main-thread work, long tasks).
        mkdirSync(join(BENCH_DIR, 'out'), { recursive: true })
        writeFileSync(join(BENCH_DIR, 'out', `lighthouse-${page.toLowerCase()}-${r + 1}.json`), JSON.stringify(lhr))
        results.push({
          page,
          url: path,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: num('largest-contentful-paint'),
          tbtMs: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          fcpMs: num('first-contentful-paint'),
        })
      }
    }
  } finally {
    await chrome?.kill()
    server.kill('SIGTERM')
    rmSync(work, { recursive: true, force: true })
  }

  console.log(`\nShelfwise web — ${describeTarget(target)}`)
  console.log(`home route initial JS (gzip -9): ${kb(weight.jsKb * 1024)} (budget ≤ 128 KB, decision 0035: ${weight.jsKb <= 128 ? 'ok' : 'OVER'})`)
  console.log(
    `home route CSS (gzip -9): ${kb(weight.cssBytes)} in ${weight.cssFiles} stylesheet(s)${weight.inlineCssBytes ? `, plus ${weight.inlineCssBytes} B inline` : ''} (MUI styles are emitted by JS at run time)`,
  )
  console.log('\nLighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown), Debian chromium headless:')
  console.log(`${'page'.padEnd(8)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'FCP'.padStart(8)}  budget`)
  for (const r of results) {
    console.log(
      `${r.page.padEnd(8)} ${String(r.score).padStart(5)} ${`${(r.lcpMs / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(r.tbtMs)} ms`.padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${`${(r.fcpMs / 1000).toFixed(2)} s`.padStart(8)}  ≥95: ${r.score >= 95 ? 'ok' : 'OVER'}`,
    )
  }
  console.log(`load average now: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`)
  mkdirSync(join(BENCH_DIR, 'out'), { recursive: true })
  writeFileSync(
    join(BENCH_DIR, 'out', 'web.json'),
    `${JSON.stringify({ date: new Date().toISOString(), target: describeTarget(target), weight: { jsKb: weight.jsKb, cssBytes: weight.cssBytes }, results }, null, 2)}\n`,
  )
}

await main()

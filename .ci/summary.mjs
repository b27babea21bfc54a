// Reads the JSON test reports of a run, prints one closing line per suite and a total, names every
// failed test (and every browser test that passed only on its retry), and fails when the PostgreSQL
// half of the database tests or the browser suite did not run.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2]
let passed = 0,
  failed = 0,
  skipped = 0,
  postgres = 0,
  browser = 0
const failures = []
const retried = []
/** The slowest files of each suite, to see where CI's time goes (issue 26, point 6). */
const slowest = []
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  const suiteName = file.replace(/\.json$/, '')
  let p = 0,
    f = 0,
    s = 0
  for (const suite of report.testResults ?? []) {
    for (const t of suite.assertionResults ?? []) {
      const where = `${suiteName}: ${suite.name?.split('/').slice(-2).join('/')} › ${t.fullName ?? t.title}`
      if (t.status === 'passed') p++
      else if (t.status === 'failed') {
        f++
        failures.push(
          `${where}\n    ${String(t.failureMessages?.[0] ?? '')
            .split('\n')
            .slice(0, 3)
            .join('\n    ')}`,
        )
      } else s++
      // Vitest keeps a failed attempt's errors on a test that then passed on its retry.
      if (t.status === 'passed' && (t.failureMessages?.length ?? 0) > 0)
        retried.push(`${where} (first attempt: ${String(t.failureMessages[0]).split('\n').slice(0, 4).join('\n    ')})`)
      if (t.status === 'passed' && (t.fullName ?? '').includes('[postgres]')) postgres++
    }
  }
  const files = (report.testResults ?? [])
    .filter((suite) => suite.endTime && suite.startTime)
    .map((suite) => ({ name: suite.name?.split('/').slice(-2).join('/'), s: (suite.endTime - suite.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s)
  if (files.length)
    slowest.push(
      `${suiteName}, slowest files: ${files
        .slice(0, 6)
        .map((x) => `${x.name} ${x.s.toFixed(0)} s`)
        .join(', ')} (${files.length} files, ${files.reduce((n, x) => n + x.s, 0).toFixed(0)} s in all)`,
    )
  if (file === 'e2e.json') browser = p
  console.log(`${suiteName}: ${p} passed, ${f} failed, ${s} skipped`)
  passed += p
  failed += f
  skipped += s
}
console.log(`PostgreSQL tests passed: ${postgres}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
for (const line of slowest) console.log(line)
for (const where of retried) console.log(`passed on its retry (flaky, look at it): ${where}`)
for (const failure of failures) console.log(`FAILED ${failure}`)
if (postgres === 0) {
  console.error('FAIL: the PostgreSQL half of the database tests did not run')
  process.exit(1)
}
if (browser === 0) {
  console.error('FAIL: the browser suite did not run')
  process.exit(1)
}
if (passed === 0) process.exit(1)

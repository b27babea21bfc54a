// Reads the JSON test reports of a run, prints one closing line per suite and a total, and fails
// when the PostgreSQL half of the database tests or the browser suite did not run.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2]
let passed = 0, failed = 0, skipped = 0, postgres = 0, browser = 0
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  let p = 0, f = 0, s = 0
  for (const suite of report.testResults ?? []) {
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'passed') p++
      else if (t.status === 'failed') f++
      else s++
      if (t.status === 'passed' && (t.fullName ?? '').includes('[postgres]')) postgres++
    }
  }
  if (file === 'e2e.json') browser = p
  console.log(`${file.replace(/\.json$/, '')}: ${p} passed, ${f} failed, ${s} skipped`)
  passed += p; failed += f; skipped += s
}
console.log(`PostgreSQL tests passed: ${postgres}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
if (postgres === 0) {
  console.error('FAIL: the PostgreSQL half of the database tests did not run')
  process.exit(1)
}
if (browser === 0) {
  console.error('FAIL: the browser suite did not run')
  process.exit(1)
}
if (passed === 0) process.exit(1)

// Prints the gzipped JavaScript a first visit to each route downloads before it renders: the entry
// chunk, the route's lazy chunk, and every chunk they import statically. Run after `vite build`.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'

interface Chunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
const dist = join(import.meta.dirname, '..', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue
    seen.add(k)
    closure(manifest[k]?.imports ?? [], seen)
  }
  return seen
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
const routes = Object.keys(manifest).filter((k) => /src\/app\/routes\/[^/]+\.tsx$/.test(k))
const budget = Number(process.env.HOME_JS_BUDGET_KB ?? 150) * 1024
let homeTotal = 0
for (const route of routes.sort()) {
  const files = [...closure([entry, route])].map((k) => manifest[k]!.file)
  const total = files.reduce((s, f) => s + gz(f), 0)
  if (route.endsWith('/home.tsx')) homeTotal = total
  console.log(`${route.replace(/.*routes\//, '').padEnd(16)} ${kb(total).padStart(10)} gzipped initial JS (${files.length} files)`)
}
const deferred = [...new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []))]
  .filter((k) => !routes.includes(k)).map((k) => `${manifest[k]!.file} ${kb(gz(manifest[k]!.file))}`)
console.log(`loaded on demand (not in any route's initial JS): ${deferred.join(', ') || 'none'}`)
console.log(`home: ${kb(homeTotal)} of a ${kb(budget)} budget${homeTotal > budget ? ' — OVER BUDGET' : ''}`)
// `--check` turns the budget into a gate (for CI once the figure is under it).
if (homeTotal > budget && process.argv.includes('--check')) process.exitCode = 1

// Prints the gzipped JavaScript (gzip -9, file by file, as Vite's manifest lists it) that a first
// visit to each route downloads before that route can render: the boot script (index.html's one
// script, src/boot.ts), the app's entry chunk and every chunk it imports statically, then the
// route's lazy chunk and every chunk that one imports statically (the boot script or Vite's preload
// helper fetches them together). Chunks loaded with `import()` after that first render are listed apart and left out
// of the figure.
// Run after `vite build`; `--check` exits 1 when the home route is over its budget.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'

interface Chunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
const dist = join(import.meta.dirname, '..', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>

const sizes = new Map<string, number>()
const gz = (key: string) => {
  const file = manifest[key]!.file
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length)
  return sizes.get(file)!
}
/** The chunks `keys` import statically, transitively, themselves included. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue
    seen.add(k)
    closure(manifest[k]?.imports ?? [], seen)
  }
  return seen
}
const total = (keys: Iterable<string>) => [...keys].reduce((s, k) => s + gz(k), 0)
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const name = (k: string) => manifest[k]!.src ?? manifest[k]!.file

const entry = Object.keys(manifest).find((k) => k === 'index.html' || manifest[k]!.src === 'index.html')!
const boot = Object.keys(manifest).find((k) => k === 'src/boot.ts')!
if (!entry || !boot) throw new Error('bundle-size: the manifest has no index.html entry or boot script')
const routes = Object.keys(manifest)
  .filter((k) => /src\/app\/routes\/[^/]+\.tsx$/.test(k))
  .sort()
const home = routes.find((k) => k.endsWith('/home.tsx'))!
const initial = (route: string) => closure([boot, entry, route])

console.log('Initial JS per route (boot script, entry, route chunk and their static imports), gzip -9:')
for (const route of routes) {
  const files = initial(route)
  console.log(`  ${route.replace(/.*routes\//, '').padEnd(15)} ${kb(total(files)).padStart(9)}  (${files.size} files)`)
}

const homeFiles = initial(home)
const homeTotal = total(homeFiles)
console.log('\nHome (/) before its first render:')
for (const k of [...homeFiles].sort((a, b) => gz(b) - gz(a)))
  console.log(`  ${kb(gz(k)).padStart(9)}  ${manifest[k]!.file}${k === entry ? ' (entry)' : k === boot ? ' (boot)' : ''}`)

// What the home page may fetch with import() once it has rendered: the screen's sections, the
// footer, the schemas that check API answers, the signed-in reader's avatar, the drawer, search
// results. Other routes' chunks are not included.
const later = new Set<string>()
// The route's own chunks first, the entry's last: a shared chunk is counted once, with the first
// import that needs it.
const queue = [...homeFiles].sort((a, b) => Number(a === entry || a === boot) - Number(b === entry || b === boot))
while (queue.length) {
  for (const d of manifest[queue.shift()!]?.dynamicImports ?? []) {
    if (routes.includes(d) || homeFiles.has(d) || later.has(d)) continue
    later.add(d)
    queue.push(...(manifest[d]?.imports ?? []))
  }
}
const loaded = new Set(homeFiles)
console.log('\nLoaded by home after its first render (not in the figure):')
for (const d of later) {
  const extra = [...closure([d])].filter((k) => !loaded.has(k))
  extra.forEach((k) => loaded.add(k))
  console.log(`  ${kb(total(extra)).padStart(9)}  ${name(d)}${extra.length > 1 ? ` (+ ${extra.length - 1} shared chunk${extra.length > 2 ? 's' : ''})` : ''}`)
}
console.log(`  home with all of these: ${kb(total(loaded))}`)

const budget = Number(process.env.HOME_JS_BUDGET_KB ?? 150) * 1024
console.log(
  `\nhome initial JS: ${kb(homeTotal)} (${homeTotal} bytes) gzipped, budget ${kb(budget)}${homeTotal > budget ? ' — OVER BUDGET' : ` — ${kb(budget - homeTotal)} to spare`}`,
)
if (homeTotal > budget && process.argv.includes('--check')) process.exitCode = 1

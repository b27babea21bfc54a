// Before `npm start`: build the web app when there is no build yet, or when its sources are newer
// than the build, so a fresh clone's `npm install && npm start` serves the app at /.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { execSync } from 'node:child_process'

const index = 'apps/web/dist/index.html'
const newest = (dir) => {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'].filter(existsSync)
const stale = !existsSync(index) || sources.some((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(index).mtimeMs)
if (stale) {
  console.log('Building the web app (first start, or its sources changed)…')
  const t0 = Date.now()
  // Vite's warnings and errors only: its list of some 200 files would bury the demo sign-in a newcomer
  // looks for (`npm run build -w @shelfwise/web` prints it all).
  execSync('npm run build --silent -w @shelfwise/web -- --logLevel warn', { stdio: 'inherit' })
  console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`)
}

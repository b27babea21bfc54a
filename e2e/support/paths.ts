import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

// Every path the suite touches, from the e2e folder, so the specs never guess the working directory.
const e2eDir = resolve(import.meta.dirname, '..')
export const repoRoot = resolve(e2eDir, '..')
// WEB_DIST (the server's own setting) points the suite at a build elsewhere; by default apps/web/dist.
export const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(repoRoot, 'apps/web/dist')
export const webIndex = join(webDist, 'index.html')
export const serverEntry = join(repoRoot, 'apps/api/src/server.ts')
export const outDir = join(e2eDir, 'out')
export const screenshotDir = join(outDir, 'screenshots')
export const failureDir = join(outDir, 'failures')
/** The log of the suite's first server (`server.log`), and of the others (`server-2.log`, …). */
export const serverLog = (n = 1) => join(outDir, n === 1 ? 'server.log' : `server-${n}.log`)

/** The built file of a source module (chunks are named by their hash: decision 0007), from the build's manifest. */
export function chunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>
  const entry = manifest[source]
  if (!entry) throw new Error(`${source} is not in the build's manifest`)
  return entry.file
}

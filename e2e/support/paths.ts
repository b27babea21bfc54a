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
export const serverLog = join(outDir, 'server.log')

import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { hasChromium, SKIP_LINE, chromiumPath } from './chromium.ts'
import { startServer, type RunningServer } from './server.ts'
import { repoRoot, webIndex } from './paths.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every server of the run, one per worker (none when the suite is skipped): support/my-server.ts picks a spec file's own. */
    servers: ServerInfo[]
  }
}

/**
 * What a spec file knows of the server it runs against: its origin, the secret it signs tokens
 * with (the expired-token journey signs its own), the demo account's password it made at its first
 * start, and its DATA_DIR (for the commands its operator runs, `npm run moderator`).
 */
export type ServerInfo = Pick<RunningServer, 'baseURL' | 'jwtSecret' | 'demoPassword' | 'dataDir'>

const loud = (line: string) => {
  const bar = '*'.repeat(Math.min(line.length, 100))
  console.log(`\n${bar}\n${line}\n${bar}\n`)
}

let servers: RunningServer[] = []
let skipped = false

export async function setup(project: TestProject) {
  // The server is started with this same node binary; it needs Node 24 (from node_modules, via npm).
  if (Number(process.versions.node.split('.')[0]) < 24) {
    throw new Error(`Node ${process.versions.node}: run the suite through npm (npm test -w @shelfwise/e2e), which uses the project's Node 24`)
  }
  project.provide('servers', [])
  if (!hasChromium()) {
    if (['1', 'true'].includes(process.env.REQUIRE_BROWSER ?? '')) {
      throw new Error(`*** chromium not found at ${chromiumPath} and REQUIRE_BROWSER=1: the browser suite cannot run (apt-get install -y chromium) ***`)
    }
    skipped = true
    loud(SKIP_LINE)
    return
  }
  // The suite tests the built app; it builds once only when there is no build at all.
  if (!existsSync(webIndex) && process.env.WEB_DIST) throw new Error(`WEB_DIST=${process.env.WEB_DIST} holds no index.html`)
  if (!existsSync(webIndex)) {
    console.log('e2e: apps/web/dist/index.html is missing; building the web app once…')
    execSync('npm run build -w @shelfwise/web', { cwd: repoRoot, stdio: 'inherit' })
  }
  // One server, with its own database, per worker (vitest.config.ts: E2E_WORKERS): two spec files
  // that run at the same time never see each other's data, just as when they run one after another
  // on one server. They start side by side; if one fails, the others are stopped again.
  const count = Math.max(1, project.config.maxWorkers)
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startServer(i + 1)))
  servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()))
    servers = []
    throw failed.reason
  }
  console.log(
    `e2e: ${servers.length === 1 ? 'server' : `${servers.length} servers`} at ${servers.map((s) => s.baseURL).join(', ')}, chromium at ${chromiumPath}`,
  )
  project.provide(
    'servers',
    servers.map(({ baseURL, jwtSecret, demoPassword, dataDir }) => ({ baseURL, jwtSecret, demoPassword, dataDir })),
  )
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()))
  if (skipped) loud(SKIP_LINE)
}

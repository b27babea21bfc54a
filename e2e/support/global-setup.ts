import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { hasChromium, SKIP_LINE, chromiumPath } from './chromium.ts'
import { startServer, type RunningServer } from './server.ts'
import { repoRoot, webIndex } from './paths.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server's origin, or '' when the browser suite is skipped. */
    baseURL: string
    /** The secret the server signs tokens with (the expired-token journey signs its own). */
    jwtSecret: string
    /** The demo account's password, which the server made at its first start (support/api.ts: DEMO). */
    demoPassword: string
  }
}

const loud = (line: string) => {
  const bar = '*'.repeat(Math.min(line.length, 100))
  console.log(`\n${bar}\n${line}\n${bar}\n`)
}

let server: RunningServer | undefined
let skipped = false

export async function setup(project: TestProject) {
  // The server is started with this same node binary; it needs Node 24 (from node_modules, via npm).
  if (Number(process.versions.node.split('.')[0]) < 24) {
    throw new Error(`Node ${process.versions.node}: run the suite through npm (npm test -w @shelfwise/e2e), which uses the project's Node 24`)
  }
  project.provide('baseURL', '')
  project.provide('jwtSecret', '')
  project.provide('demoPassword', '')
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
  server = await startServer()
  console.log(`e2e: server at ${server.baseURL}, chromium at ${chromiumPath}`)
  project.provide('baseURL', server.baseURL)
  project.provide('jwtSecret', server.jwtSecret)
  project.provide('demoPassword', server.demoPassword)
}

export async function teardown() {
  await server?.stop()
  if (skipped) loud(SKIP_LINE)
}

import { inject } from 'vitest'
import type { ServerInfo } from './global-setup.ts'

/**
 * The server this spec file runs against. The global setup starts one server per worker and
 * provides them all; a worker's VITEST_POOL_ID (1 to maxWorkers, never shared by two files running
 * at the same time) picks its own, so two journeys never meet in one database. When the suite is
 * skipped (no chromium) there is none: empty values, as the skip expects.
 */
export function myServer(): ServerInfo {
  const servers = inject('servers')
  if (!servers.length) return { baseURL: '', jwtSecret: '', demoPassword: '', dataDir: '' }
  const poolId = Number(process.env.VITEST_POOL_ID)
  return servers[(Number.isInteger(poolId) && poolId > 0 ? poolId - 1 : 0) % servers.length]!
}

import { Redis } from 'ioredis'

// Redis runs on every machine of this project (and in CI); a machine without it skips loudly.

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const mustHaveRedis = process.env.CI === 'true' || process.env.REQUIRE_REDIS === '1'

/**
 * Whether the tests that need Redis run: when it answers at REDIS_URL, or when this machine must have
 * it (CI, REQUIRE_REDIS=1: then they run and fail). Otherwise it warns with `skipped`, what is left out.
 */
export async function redisTestsRun(skipped: string): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => {})
  const up = await (async () => {
    try {
      await probe.connect()
      return (await probe.ping()) === 'PONG'
    } catch {
      return false
    } finally {
      probe.disconnect()
    }
  })()
  if (!up && !mustHaveRedis) console.warn(`\n*** Redis is not reachable at ${REDIS_URL}: ${skipped} ***\n`)
  return up || mustHaveRedis
}

import type { Redis } from 'ioredis'

/**
 * A Redis client for help that must never hold a request up (shared rate limits, shared WAL
 * positions): no offline queue, one retry, `commandTimeout` ms at most per command, reconnecting
 * every 2 s at most, and one Lua `script` defined as the command `name`. ioredis is loaded only here,
 * so an instance without Redis never loads it. `warn` logs `warning` with the error at most once per
 * half minute while Redis is away, not once per request; it already listens to the client's errors.
 */
export async function failFastRedis<R extends Redis>(
  url: string,
  options: { keyPrefix: string; commandTimeout: number; name: string; script: string },
  log: (msg: string, err?: unknown) => void,
  warning: string,
): Promise<{ redis: R; warn: (err: unknown) => void }> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    keyPrefix: options.keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeout,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  }) as R
  redis.defineCommand(options.name, { numberOfKeys: 1, lua: options.script })
  let lastWarning = 0
  const warn = (err: unknown) => {
    if (Date.now() - lastWarning < 30_000) return
    lastWarning = Date.now()
    log(warning, err)
  }
  redis.on('error', warn)
  return { redis, warn }
}

import type { Redis } from 'ioredis'
import type { WalPosition } from '#/db/read-your-writes.ts'
import { failFastRedis } from '#/fail-fast-redis.ts'

// Read-your-writes across instances (decision 0063): the WAL position after a reader's last write is
// kept in Redis too, so the reader's next request reads its writes whichever instance nginx sends it
// to. Redis is a help, never a gate: when it does not answer within a short time the request goes on
// with what this instance knows, and the replica lag bound (5 s, db/replicas.ts) bounds the staleness.

const KEY_PREFIX = 'shelfwise:wal:'
/** As long as this instance remembers a position (db/read-your-writes.ts). */
const KEEP_MS = 60_000

/** Keeps the higher of the stored and the given position: two instances may publish out of order. */
const KEEP_NEWEST = `
local old = redis.call('GET', KEYS[1])
if (not old) or tonumber(old) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1`

export interface SharedPositions {
  /** Tells the other instances where a key's last write ended (not awaited: the answer does not wait for it). */
  publish(key: string, position: WalPosition): void
  /** The newest position any instance published for these keys; 0n when Redis does not answer in time. */
  newest(keys: readonly string[]): Promise<WalPosition>
  close(): Promise<void>
}

type RedisWithKeepNewest = Redis & { shelfwiseKeepNewest(key: string, position: string, keepMs: number): Promise<number> }

export async function createRedisPositions(url: string, log: (msg: string, err?: unknown) => void): Promise<SharedPositions> {
  const { redis, warn } = await failFastRedis<RedisWithKeepNewest>(
    url,
    // A request waits for this at most once, before its first statement: it must stay short.
    { keyPrefix: KEY_PREFIX, commandTimeout: 100, name: 'shelfwiseKeepNewest', script: KEEP_NEWEST },
    log,
    'read replicas: Redis is not answering; a reader reads its own writes on this instance only until it is back',
  )
  return {
    publish(key, position) {
      redis.shelfwiseKeepNewest(key, position.toString(), KEEP_MS).catch(warn)
    },
    async newest(keys) {
      if (!keys.length || redis.status !== 'ready') return 0n
      try {
        let newest = 0n
        for (const value of await redis.mget(...keys)) if (value && BigInt(value) > newest) newest = BigInt(value)
        return newest
      } catch (err) {
        warn(err)
        return 0n
      }
    },
    async close() {
      redis.disconnect()
    },
  }
}

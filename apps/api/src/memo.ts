import { onPrimaryOnly } from '#/db/read-your-writes.ts'

// A short-lived in-process memo for answers shared by every reader (popular this week, recent
// reviews, a very common word's ranking). Several instances may run, each with its own memo, so an
// entry lives a few seconds at most, and a caller may give a cheap version of the data (say, the
// newest row's id) so an insert made anywhere shows at once. Concurrent misses of one key share one load.

interface MemoOptions<T> {
  /** Keep the loaded value only when this is true (default: always). */
  keep?: (value: T) => boolean
  /** The data's version now; a value remembered under another version is not used. */
  version?: unknown
}

export interface Memo<T> {
  /** The remembered value, or `load()`'s. */
  get(key: string, load: () => Promise<T>, options?: MemoOptions<T>): Promise<T>
  /** Forgets everything (after a write on this instance). */
  clear(): void
}

export function createMemo<T>({ ttlMs, max = 500, now = Date.now }: { ttlMs: number; max?: number; now?: () => number }): Memo<T> {
  const entries = new Map<string, { value: T; expires: number; version: unknown }>()
  const loading = new Map<string, { version: unknown; promise: Promise<T> }>()
  let generation = 0
  return {
    get(key, load, { keep = () => true, version }: MemoOptions<T> = {}) {
      const hit = entries.get(key)
      if (hit && hit.expires > now() && hit.version === version) return Promise.resolve(hit.value)
      const pending = loading.get(key)
      if (pending && pending.version === version) return pending.promise
      const startedIn = generation
      // Read from the primary (decision 0063): the value is handed to every reader for a while, the
      // one who just wrote included, so it must not be a replica's past.
      const promise = onPrimaryOnly(load)
        .then((value) => {
          // A clear() while loading means the value may predate a write: answer it, but do not keep it.
          if (keep(value) && startedIn === generation) {
            entries.delete(key)
            // Oldest first out once full: a Map keeps insertion order.
            if (entries.size >= max) entries.delete(entries.keys().next().value!)
            entries.set(key, { value, expires: now() + ttlMs, version })
          }
          return value
        })
        .finally(() => {
          if (loading.get(key)?.promise === promise) loading.delete(key)
        })
      loading.set(key, { version, promise })
      return promise
    },
    clear() {
      entries.clear()
      loading.clear()
      generation++
    },
  }
}

import pg from 'pg'
import { sql } from 'kysely'
import { CHANGES_CHANNEL, listenToOwnChanges } from '#/db/connect.ts'
import { dialectOf, type Db } from '#/db/portable.ts'
import { onPrimaryOnly } from '#/db/read-your-writes.ts'
import { listenOn, reconnects } from '#/db/reconnects.ts'

// What changed, told by the database (decision 0064). Triggers call pg_notify on the channel below
// whenever the data behind a kept value changes (a book added, corrected or removed; a book's
// threads), in the writer's own transaction, so the
// signal arrives once the write has committed and never for one rolled back, whichever code path
// (or process) wrote. PostgreSQL delivers it to every instance's listening connection; on SQLite our
// driver tells it in the process at the group's COMMIT (db/sqlite-dialect.ts).
//
// A kept value (say, the catalogue's version) is then read once and served from memory until its
// topic is told, instead of costing a round trip on every request. Staleness stays bounded when the
// channel fails: while the listening connection is down or a heartbeat through the pool is not heard
// back within HEARTBEAT_WAIT_MS, nothing is kept (every call reads, as before), everything kept is
// dropped when it comes back, and no value is kept longer than MAX_AGE_MS in any case.

const CHANNEL = CHANGES_CHANNEL

/** PostgreSQL: a heartbeat goes out this often through the pool and must come back on the listening connection… */
const HEARTBEAT_EVERY_MS = 5_000
/** …within this long, or the channel counts as dropped (nothing is kept) and is opened again. */
const HEARTBEAT_WAIT_MS = 2_000
/** A backstop whatever the channel says (a writer outside the app's database connection, a clock of our own). */
const MAX_AGE_MS = 30_000

type TopicListener = (topic: string) => void

export interface Changes {
  /**
   * A value kept per topic: `get(topic, load)` answers the kept value, or loads it; a change told
   * for the topic drops it. While the channel is not trusted every call loads.
   */
  kept<T>(options: { max: number }): Kept<T>
  /** Whether told changes are trusted now. */
  readonly live: boolean
  /** Settles once the channel is open (or the attempt failed). */
  ready(): Promise<void>
  close(): Promise<void>
}

interface Kept<T> {
  /**
   * `alsoTold`: further topics whose change drops this value too (a sign-in's token, and every token of
   * its reader). `keep`: whether a loaded value may be kept (default: always); one it refuses is
   * answered and read again next time (say, a row not there yet, whose insert tells nothing).
   */
  get(topic: string, load: () => Promise<T>, alsoTold?: readonly string[], keep?: (value: T) => boolean): Promise<T>
}

/** The topics the triggers tell (migration 2026_12_23_0500_changes_told). */
export const TOPICS = {
  catalogue: 'catalogue',
  bookThreads: (bookId: string) => `discussions:${bookId}`,
  /** A sign-in token revoked or kept at a version (migration 2026_12_24_0500_sign_ins_told). */
  token: (jti: string) => `token:${jti}`,
  /** Every sign-in of a reader: their token version moved (a password change) or the account is gone. */
  readerTokens: (userId: string) => `tokens-of:${userId}`,
  /** A reader's webhooks: one added, changed (disabled, enabled) or removed (migration 2026_12_24_0510_hooks_told). */
  readerHooks: (userId: string) => `hooks-of:${userId}`,
  /** A reader's username, picture or hiding changed, or the account is gone (migration 2026_12_25_0500_profiles_told). */
  profile: (userId: string) => `profile-of:${userId}`,
  /** A personal access token revoked (deleted, also with its reader's account), by its hash (migration 2026_12_25_0510_personal_tokens_told). */
  personalToken: (tokenHash: string) => `pat:${tokenHash}`,
} as const

export function createChanges(db: Db, databaseUrl: string, { now = Date.now }: { now?: () => number } = {}): Changes {
  const stores = new Set<{ drop: TopicListener; clear: () => void }>()
  const dropTopic: TopicListener = (topic) => {
    for (const s of stores) s.drop(topic)
  }
  const clearAll = () => {
    for (const s of stores) s.clear()
  }
  let live = false
  let closed = false
  /** Moves whenever trust is lost or regained: a load begun under another generation is not kept. */
  let generation = 0
  const setLive = (value: boolean) => {
    if (live === value) return
    live = value
    generation++
    clearAll()
  }

  const kept = <T>({ max }: { max: number }): Kept<T> => {
    const entries = new Map<string, { value: T; at: number; also: readonly string[] }>()
    const loading = new Map<string, { promise: Promise<T>; stale: boolean }>()
    /**
     * A further topic → the topics of the values it drops too. A topic stays linked while a value of
     * it is kept or loading (a load told stale may finish after a newer load of the same topic began).
     */
    const links = new Map<string, Set<string>>()
    const link = (topic: string, also: readonly string[]) => {
      for (const other of also) {
        let set = links.get(other)
        if (!set) links.set(other, (set = new Set()))
        set.add(topic)
      }
    }
    const unlinkIfUnused = (topic: string, also: readonly string[]) => {
      if (entries.has(topic) || loading.has(topic)) return
      for (const other of also) {
        const set = links.get(other)
        set?.delete(topic)
        if (set?.size === 0) links.delete(other)
      }
    }
    const dropOne = (topic: string) => {
      const hit = entries.get(topic)
      entries.delete(topic)
      const pending = loading.get(topic)
      if (pending) {
        pending.stale = true
        loading.delete(topic)
      }
      if (hit) unlinkIfUnused(topic, hit.also)
    }
    stores.add({
      drop(topic) {
        dropOne(topic)
        const linked = links.get(topic)
        if (linked) for (const other of [...linked]) dropOne(other)
      },
      clear() {
        entries.clear()
        links.clear()
        for (const pending of loading.values()) pending.stale = true
        loading.clear()
      },
    })
    return {
      get(topic, load, also = [], keep = () => true) {
        if (!live) return load()
        const hit = entries.get(topic)
        if (hit && now() - hit.at < MAX_AGE_MS) {
          // Least recently used last: a Map keeps insertion order.
          entries.delete(topic)
          entries.set(topic, hit)
          return Promise.resolve(hit.value)
        }
        const pending = loading.get(topic)
        if (pending) return pending.promise
        // Too old: read again (its links stay, for the load below).
        if (hit) entries.delete(topic)
        const startedIn = generation
        const record = { stale: false, promise: undefined as unknown as Promise<T> }
        // Linked before the load starts, so a further topic told while it runs marks it stale.
        link(topic, also)
        // From the primary, where the signals come from: a replica behind it could hand back the
        // value from before the change just told, to be kept until the next one (decision 0063).
        record.promise = onPrimaryOnly(load)
          .then((value) => {
            // Told while loading: the value may predate the change, so it is answered but not kept.
            if (!record.stale && live && generation === startedIn && keep(value)) {
              entries.delete(topic)
              if (entries.size >= max) {
                const oldest = entries.keys().next().value!
                const evicted = entries.get(oldest)!
                entries.delete(oldest)
                unlinkIfUnused(oldest, evicted.also)
              }
              entries.set(topic, { value, at: now(), also })
              link(topic, also)
            }
            return value
          })
          .finally(() => {
            if (loading.get(topic) === record) loading.delete(topic)
            unlinkIfUnused(topic, also)
          })
        loading.set(topic, record)
        return record.promise
      },
    }
  }

  // This process's own writes are told before they resolve (read-your-writes on this instance, both databases).
  const stopOwn = listenToOwnChanges(db, (channel, payload) => {
    if (channel === CHANNEL) dropTopic(payload)
  })

  if (dialectOf(db) !== 'postgres') {
    // One process writes the file through this driver: what it commits is told here, at the COMMIT.
    const stop = stopOwn
    live = stop !== undefined
    return {
      kept,
      get live() {
        return live
      },
      ready: async () => {},
      async close() {
        closed = true
        stop?.()
        setLive(false)
      },
    }
  }

  // PostgreSQL: one listening connection per instance, and a heartbeat through the pool that proves
  // the whole path (a NOTIFY committed elsewhere arrives here) rather than the socket alone.
  const beatPrefix = `beat:${process.pid}:${Math.random().toString(36).slice(2)}:`
  let beat = 0
  let heard = 0
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  const reconnect = reconnects(() => connect())
  let beatTimer: NodeJS.Timeout | undefined
  let beatCheck: NodeJS.Timeout | undefined

  const drop = (c: pg.Client) => {
    if (client !== c) return
    client = undefined
    setLive(false)
    c.removeAllListeners('notification')
    void c.end().catch(() => {})
    reconnect.later()
  }

  const sendBeat = () => {
    const c = client
    if (!c || closed) return
    const sent = ++beat
    void sql`select pg_notify(${CHANNEL}, ${beatPrefix + sent})`.execute(db).catch(() => {})
    clearTimeout(beatCheck)
    beatCheck = setTimeout(() => {
      if (heard < sent) drop(c)
    }, HEARTBEAT_WAIT_MS)
    beatCheck.unref()
  }

  const connect = (): Promise<void> => {
    if (closed || client) return connecting ?? Promise.resolve()
    const c = new pg.Client({ connectionString: databaseUrl })
    c.on('error', () => drop(c))
    c.on('end', () => drop(c))
    c.on('notification', (msg) => {
      const payload = msg.payload ?? ''
      if (payload.startsWith(beatPrefix)) heard = Math.max(heard, Number(payload.slice(beatPrefix.length)))
      else if (!payload.startsWith('beat:')) dropTopic(payload)
    })
    client = c
    connecting = listenOn(c, CHANNEL)
      .then(() => {
        connecting = undefined
        if (closed || client !== c) return void c.end().catch(() => {})
        reconnect.opened()
        // Whatever changed while nobody listened is unknown: trust starts empty (setLive clears).
        setLive(true)
      })
      .catch(() => {
        connecting = undefined
        drop(c)
      })
    return connecting
  }

  beatTimer = setInterval(sendBeat, HEARTBEAT_EVERY_MS)
  beatTimer.unref()
  // Without its own writes told, this instance could keep a value its own write just changed.
  if (stopOwn) void connect()

  return {
    kept,
    get live() {
      return live
    },
    ready: () => connecting ?? Promise.resolve(),
    async close() {
      closed = true
      stopOwn?.()
      clearInterval(beatTimer)
      clearTimeout(beatCheck)
      reconnect.stop()
      beatTimer = undefined
      const c = client
      client = undefined
      setLive(false)
      await connecting?.catch(() => {})
      if (c) await c.end().catch(() => {})
    },
  }
}

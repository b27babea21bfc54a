import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { SharedPositions } from '#/db/shared-positions.ts'

// Read-your-writes across streaming replicas (decision 0063). Each request runs with the keys of the
// one it acts for (the signed-in reader, a personal token, or the client address when anonymous).
// When a write of that request commits, the primary's WAL position after it is remembered under each
// key; a later read of anyone with one of those keys goes to the primary until a replica has replayed
// at least that far. Work outside a request (the background workers, start-up) has no keys: it reads
// from the primary only, since a worker claiming a job and reading it back must never see the past.

/** A WAL position (pg_lsn), as a number of bytes: '16/B374D848' is 0x16 << 32 | 0xB374D848. */
export type WalPosition = bigint

export const parseWalPosition = (text: string): WalPosition => {
  const [high, low] = text.split('/')
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`)
}

/** How long a remembered position is kept: by then every healthy replica has long replayed it (the lag bound is seconds). */
const REMEMBER_MS = 60_000
/** Bounds the memory of positions; the oldest go first (their readers then read from a replica a little early at worst). */
const MAX_REMEMBERED = 100_000

interface Remembered {
  position: WalPosition
  until: number
}

/** Where positions are kept: this instance's memory, and (decision 0063) optionally shared with the other instances. */
export interface PositionStore {
  remember(key: string, position: WalPosition): void
  /** The newest position remembered under any of the keys, or 0n. */
  newest(keys: readonly string[]): WalPosition
}

export function createMemoryPositionStore(now: () => number = Date.now): PositionStore {
  const known = new Map<string, Remembered>()
  return {
    remember(key, position) {
      const old = known.get(key)
      if (old && old.position > position && old.until > now()) return
      // Re-inserted so the map's order stays oldest first.
      known.delete(key)
      known.set(key, { position, until: now() + REMEMBER_MS })
      if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value!)
    },
    newest(keys) {
      let newest = 0n
      for (const key of keys) {
        const r = known.get(key)
        if (!r) continue
        if (r.until <= now()) known.delete(key)
        else if (r.position > newest) newest = r.position
      }
      return newest
    },
  }
}

/** What a request carries: who it acts for, and the newest position its own writes reached. */
export interface RequestScope {
  keys: string[]
  written: WalPosition
  /** Where this request's writes were remembered (set at its first commit). */
  store?: PositionStore
  /**
   * The server this request's reads keep to once one has answered: a replica's name, or 'primary'.
   * Its reads then never see an older past than an earlier read of it saw.
   */
  pinned?: string
  /** The newest position other instances published for these keys when the request began (Redis). */
  seen: WalPosition
  /** Where this request's positions are published for the other instances, when Redis is set. */
  shared?: SharedPositions
}

const scopes = new AsyncLocalStorage<RequestScope>()

/** Runs `fn` (a request's remaining hooks and handler) as one that may read from replicas. */
export function runInRequestScope<T>(keys: string[], fn: () => T, shared?: { positions: SharedPositions; seen: WalPosition }): T {
  return scopes.run({ keys, written: 0n, seen: shared?.seen ?? 0n, ...(shared ? { shared: shared.positions } : {}) }, fn)
}

/** The running request's scope; undefined outside a request (then every statement goes to the primary). */
export const currentScope = (): RequestScope | undefined => scopes.getStore()

/**
 * Adds a key to the running request, so a reader who was just given a token (sign-up, sign-in, a new
 * personal token) reads their own writes through it on the very next call.
 */
export function actAlsoAs(key: string): void {
  const scope = scopes.getStore()
  if (!scope || scope.keys.includes(key)) return
  scope.keys.push(key)
  if (scope.written === 0n) return
  scope.store?.remember(key, scope.written)
  scope.shared?.publish(key, scope.written)
}

/** Notes that the running request's write committed at `position`. */
export function noteCommitted(scope: RequestScope, position: WalPosition, store: PositionStore): void {
  if (position > scope.written) scope.written = position
  scope.store = store
  for (const key of scope.keys) {
    store.remember(key, position)
    scope.shared?.publish(key, position)
  }
}

/** The position a replica must have replayed before it may answer this request's reads. */
export const positionNeeded = (scope: RequestScope, store: PositionStore): WalPosition => {
  let needed = store.newest(scope.keys)
  if (scope.written > needed) needed = scope.written
  return scope.seen > needed ? scope.seen : needed
}

/**
 * Runs `fn` as work of no request: its statements go to the primary. For what outlives the request
 * that loads it (a memo shared by every reader), which must not be filled from a replica's past.
 */
export const onPrimaryOnly = <T>(fn: () => T): T => scopes.exit(fn)

/** The key of a signed-in reader's requests made with session tokens. */
export const readerKey = (userId: string): string => `reader:${userId}`

/** The key of a personal access token's requests: a digest, so the token itself is kept nowhere. */
export const personalTokenKey = (token: string): string => `token:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`

/** The key of an anonymous client's requests. */
export const addressKey = (ip: string): string => `address:${ip}`

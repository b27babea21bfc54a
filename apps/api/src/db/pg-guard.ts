import type pg from 'pg'
import { preparedNameOf } from '#/db/prepared.ts'

// A PostgreSQL server that stops answering (frozen, or behind a dead network) holds each query
// until the pool's query timeout, and a request can meet that timeout more than once: waiting for
// a connection, then its own statement, then the rollback of its transaction on the same silent
// socket. The guard bounds the whole: once one query has gone unanswered, new connections are
// refused at once (the request answers 503) until a probe query answers again; a connection whose
// query went unanswered is never used again (its rollback fails at once, and it is destroyed on
// release rather than handed to the next request with an answer still owed on it).

/** How often, while the server is silent, one request is let through to find out whether it is back. */
const PROBE_EVERY_MS = 1000

/** The message every refused call carries; db/portable.ts reads it as "the database cannot answer". */
const SILENT_SERVER_MESSAGE = 'Connection terminated: the database server is not answering'

const isSilence = (err: unknown) =>
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test((err as Error)?.message ?? '')

const refusal = () => Object.assign(new Error(SILENT_SERVER_MESSAGE), { code: 'ETIMEDOUT' })

/** A pooled connection as the query builder sees it. */
export type GuardedClient = Pick<pg.PoolClient, 'query'> & { release(destroy?: boolean): void }
type Client = GuardedClient

/** The part of a pg Pool the query builder uses. */
export interface GuardedPool {
  connect(): Promise<Client>
  end(): Promise<void>
  options: object
  Client?: typeof pg.Client
}

export function guardPool(pool: pg.Pool, now: () => number = Date.now): GuardedPool {
  let silentSince = 0
  let lastProbe = 0
  /** Callers waiting for a connection: told at once when the server is found silent. */
  const waiting = new Set<(err: Error) => void>()

  const noteSilence = () => {
    if (!silentSince) silentSince = now()
    for (const reject of waiting) reject(refusal())
    waiting.clear()
  }
  const noteAnswer = () => {
    silentSince = 0
  }

  /** One wrapper per pooled connection, so the query builder keeps its per-connection state. */
  const wrappers = new WeakMap<pg.PoolClient, { client: Client; checkOut(): void }>()
  const wrap = (raw: pg.PoolClient): Client => {
    const known = wrappers.get(raw)
    if (known) {
      known.checkOut()
      return known.client
    }
    let poisoned = false
    let released = false
    const query = ((...args: unknown[]) => {
      // A cursor (or anything but plain text and values) goes through untouched.
      if (typeof args[0] !== 'string') return (raw.query as (...a: unknown[]) => unknown)(...args)
      if (poisoned) return Promise.reject(refusal())
      // A statement the hot paths run with one fixed text is prepared once per connection (db/prepared.ts).
      const name = preparedNameOf(args[0])
      const sent = name === undefined ? args : [{ name, text: args[0], values: args[1] }]
      return (raw.query as (...a: unknown[]) => Promise<unknown>)(...sent).then(
        (result) => {
          noteAnswer()
          return result
        },
        (err: unknown) => {
          if (isSilence(err)) {
            poisoned = true
            noteSilence()
          }
          throw err
        },
      )
    }) as Client['query']
    const client: Client = {
      query,
      release: (destroy?: boolean) => {
        if (released) return
        released = true
        // A connection with an unanswered query is closed, not pooled: its late answer belongs to no one.
        raw.release(poisoned || destroy ? true : undefined)
      },
      // Read by the query builder to cancel a statement on this connection.
      get processID() {
        return (raw as unknown as { processID?: number }).processID
      },
    } as Client
    wrappers.set(raw, {
      client,
      checkOut: () => {
        released = false
      },
    })
    return client
  }

  return {
    async connect() {
      if (silentSince) {
        if (now() - lastProbe < PROBE_EVERY_MS) throw refusal()
        lastProbe = now()
      }
      let rejectEarly: (err: Error) => void = () => {}
      const early = new Promise<never>((_, reject) => {
        rejectEarly = reject
      })
      waiting.add(rejectEarly)
      const pending = pool.connect()
      try {
        return wrap(await Promise.race([pending, early]))
      } catch (err) {
        if (isSilence(err)) noteSilence()
        // Refused early: the pool may still hand a connection over later; give it straight back.
        pending.then(
          (c) => c.release(),
          () => {},
        )
        throw err
      } finally {
        waiting.delete(rejectEarly)
      }
    },
    end: () => pool.end(),
    options: pool.options,
    // The class the query builder opens a side connection with to cancel a statement.
    Client: (pool as unknown as { Client?: typeof pg.Client }).Client,
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify'
import { IdSchema, MESSAGES, type PagingQuery } from '@shelfwise/contracts'
import { badRequest } from '#/errors.ts'

// Keyset paging for every list that can grow: `limit` + opaque `cursor` in, the array out with
// X-Total-Count and a Link rel="next" header.

export interface Page<T> {
  items: T[]
  total: number
  /** The cursor of the next page; absent on the last one. */
  nextCursor?: string
}

export const encodeCursor = (values: (string | number | null)[]): string => Buffer.from(JSON.stringify(values)).toString('base64url')

const BASE64URL = /^[A-Za-z0-9_-]+$/
const utf8 = new TextDecoder('utf-8', { fatal: true })

// What encodeCursor can make: a string holds no NUL (PostgreSQL refuses to compare one) and no lone
// surrogate, a number is finite.
const isKeyValue = (v: unknown) =>
  v === null || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && !v.includes('\u0000') && v.isWellFormed())

/**
 * The keyset values of a cursor made by encodeCursor (`arity` of them, when given); 400 naming the cursor when it was not: a
 * character outside base64url, bytes that are not the canonical encoding (junk Buffer would skip) or
 * not UTF-8, or values of another kind, number or shape.
 */
export function decodeCursor(cursor: string, arity?: number): (string | number | null)[] {
  if (BASE64URL.test(cursor)) {
    const bytes = Buffer.from(cursor, 'base64url')
    if (bytes.toString('base64url') === cursor) {
      try {
        const values: unknown = JSON.parse(utf8.decode(bytes))
        if (Array.isArray(values) && values.length > 0 && (arity === undefined || values.length === arity) && values.every(isKeyValue))
          return values as (string | number | null)[]
      } catch {
        // fall through
      }
    }
  }
  throw badRequest(MESSAGES.badCursor)
}

// ---- One way to read a page and to check a cursor, for every list ---------------------------

/** How many rows a page reads: one more than it holds, to know whether another page follows (no limit: all). */
export const rowsToRead = (limit: number | undefined): number | undefined => (limit === undefined ? undefined : limit + 1)

/**
 * The page out of rows read with rowsToRead: at most `limit` of them, and the keyset of the last one
 * when more follow.
 */
export function cutPage<R, K>(rows: R[], limit: number | undefined, keyOf: (last: R) => K): { rows: R[]; next?: K } {
  if (limit === undefined || rows.length <= limit) return { rows }
  const kept = rows.slice(0, limit)
  const last = kept.at(-1)
  return last === undefined ? { rows: kept } : { rows: kept, next: keyOf(last) }
}

/**
 * The kinds of value a keyset holds: a moment (an ISO instant, as Date#toISOString writes it), a day
 * ('YYYY-MM-DD', or '' for none), any text, a row id, and three kinds of number: a count (a whole
 * number a PostgreSQL `integer` column holds, 0 to 2,147,483,647: a position, a line, a number of
 * reviews), a rating (0 to 5, an average included) and any finite number.
 */
export type KeyKind = 'instant' | 'day' | 'text' | 'id' | 'count' | 'rating' | 'number'
type KeyValue<K extends KeyKind> = K extends 'count' | 'rating' | 'number' ? number : string
export type Keyset<K extends readonly KeyKind[]> = { -readonly [I in keyof K]: KeyValue<K[I]> }

/** The largest value of PostgreSQL's `integer`: past it, comparing with such a column is an error, not false. */
const INT32_MAX = 2_147_483_647

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** True when a 'YYYY-MM-DD…' text names a day the calendar has (no 2024-02-30, which Date would roll over). */
const isRealDay = (text: string) => {
  const at = new Date(`${text.slice(0, 10)}T00:00:00Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text.slice(0, 10)
}

/**
 * A key as its kind, normalised (an instant to Date#toISOString's form), or undefined when it is not
 * one. Every kind is checked as strictly as the database will compare it: on PostgreSQL a text that
 * is no timestamp, a fraction or a number past `integer` compared with an integer column is an
 * error (a 500), where SQLite would quietly compare it.
 */
export function keyOfKind(kind: KeyKind, value: unknown): string | number | undefined {
  if (kind === 'count') return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= INT32_MAX ? (value as number) : undefined
  if (kind === 'rating') return typeof value === 'number' && value >= 0 && value <= 5 ? value : undefined
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  if (kind === 'instant') {
    // Only what toISOString writes: a four-digit year, and a day and time that Date keeps as they
    // are (2024-02-30 would roll over into March).
    const at = INSTANT.test(value) ? new Date(value) : undefined
    return at && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 19) === value.slice(0, 19) ? at.toISOString() : undefined
  }
  if (kind === 'day') return value === '' || (DAY.test(value) && isRealDay(value)) ? value : undefined
  if (kind === 'id') return IdSchema.safeParse(value).success ? value : undefined
  return value
}

/**
 * The keyset of a list's cursor, each value checked against its kind: anything this API did not
 * give out is a 400 naming the cursor, never a database error about a bad timestamp, id or number.
 */
export function decodeKeyset<const K extends readonly KeyKind[]>(cursor: string, kinds: K): Keyset<K> {
  const values = decodeCursor(cursor, kinds.length)
  const keys = kinds.map((kind, i) => keyOfKind(kind, values[i]))
  if (keys.some((k) => k === undefined)) throw badRequest(MESSAGES.badCursor)
  return keys as Keyset<K>
}

/**
 * A page of a reader's own list kept newest first by id alone (their tokens, devices, sync inbox):
 * `list` reads at most `limit` rows after `afterId`, `count` the whole list; `limit` defaults to
 * `defaultLimit`.
 */
export async function pageById<T extends { _id: string }>(
  { limit, cursor }: PagingQuery,
  defaultLimit: number,
  list: (afterId: string | undefined, limit: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const pageSize = limit ?? defaultLimit
  const [afterId] = cursor ? decodeKeyset(cursor, ['id'] as const) : [undefined]
  const rows = await list(afterId, pageSize + 1)
  const items = rows.slice(0, pageSize)
  const last = items.at(-1)
  return { items, total: await count(), ...(rows.length > pageSize && last ? { nextCursor: encodeCursor([last._id]) } : {}) }
}

/** Sets a page's headers: X-Total-Count, and Link rel="next" when more follow. */
export function setPageHeaders(req: FastifyRequest, reply: FastifyReply, page: Pick<Page<unknown>, 'total' | 'nextCursor'>): void {
  reply.header('X-Total-Count', String(page.total))
  if (page.nextCursor) {
    const url = new URL(req.url, 'http://x')
    url.searchParams.set('cursor', page.nextCursor)
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`)
  }
}

/** Sets the paging headers and answers the page's items. */
export function sendPage<T>(req: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  setPageHeaders(req, reply, page)
  return page.items
}

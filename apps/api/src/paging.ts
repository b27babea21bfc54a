import type { FastifyReply, FastifyRequest } from 'fastify'
import { MESSAGES } from '@shelfwise/contracts'
import { badRequest } from '#/errors.ts'

// Keyset paging for every list that can grow: `limit` + opaque `cursor` in, the array out with
// X-Total-Count and a Link rel="next" header.

export interface Page<T> {
  items: T[]
  total: number
  /** The cursor of the next page; absent on the last one. */
  nextCursor?: string
}

export const encodeCursor = (values: (string | number | null)[]): string =>
  Buffer.from(JSON.stringify(values)).toString('base64url')

const BASE64URL = /^[A-Za-z0-9_-]+$/
const utf8 = new TextDecoder('utf-8', { fatal: true })

// What encodeCursor can make: a string holds no NUL (PostgreSQL refuses to compare one) and no lone
// surrogate, a number is finite.
const isKeyValue = (v: unknown) =>
  v === null || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && !v.includes('\u0000') && v.isWellFormed())

/**
 * The keyset values of a cursor made by encodeCursor; 400 naming the cursor when it was not: a
 * character outside base64url, bytes that are not the canonical encoding (junk Buffer would skip) or
 * not UTF-8, or values of another kind, number or shape.
 */
export function decodeCursor(cursor: string, arity: number): (string | number | null)[] {
  if (BASE64URL.test(cursor)) {
    const bytes = Buffer.from(cursor, 'base64url')
    if (bytes.toString('base64url') === cursor) {
      try {
        const values: unknown = JSON.parse(utf8.decode(bytes))
        if (Array.isArray(values) && values.length === arity && values.every(isKeyValue)) return values as (string | number | null)[]
      } catch {
        // fall through
      }
    }
  }
  throw badRequest(MESSAGES.badCursor)
}

/** Sets the paging headers and answers the page's items. */
export function sendPage<T>(req: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  reply.header('X-Total-Count', String(page.total))
  if (page.nextCursor) {
    const url = new URL(req.url, 'http://x')
    url.searchParams.set('cursor', page.nextCursor)
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`)
  }
  return page.items
}

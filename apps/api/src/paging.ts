import type { FastifyReply, FastifyRequest } from 'fastify'
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

/** The keyset values of a cursor made by encodeCursor; 400 when it was not. */
export function decodeCursor(cursor: string, arity: number): (string | number | null)[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(values) && values.length === arity && values.every((v) => v === null || ['string', 'number'].includes(typeof v))) return values
  } catch {
    // fall through
  }
  throw badRequest('cursor: is not a cursor this list gave out')
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

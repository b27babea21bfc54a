import type { FastifyInstance, preValidationHookHandler } from 'fastify'
import { validationSentence } from '@shelfwise/contracts'
import { AppError } from '#/errors.ts'

// No text a reader types holds a NUL character, and PostgreSQL refuses to store or compare one (a
// 500 the fuzz suite found). In the path or the body it is refused with a 400 naming the field; in
// a query string, where search boxes forgive odd input, it is dropped, except from a list's cursor,
// which only this API writes: a cursor with a NUL was not given out by us, so it is a 400 too.

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const NUL = /\u0000/g
const where = { params: 'path', body: 'body' } as const

/** The dotted path of the first string (or key) holding U+0000 inside a parsed value, or undefined. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (depth > 20 || value === null || typeof value !== 'object') return undefined
  for (const [key, v] of Object.entries(value)) {
    const sub = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return sub
    const found = findNul(v, sub, depth + 1)
    if (found) return found
  }
  return undefined
}

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)'

/**
 * Before validation: a NUL in the path, a JSON body or a cursor is a 400; one elsewhere in the query
 * string is dropped. It runs after each route's own preValidation hooks, so a protected route answers
 * 401 to a request without a valid token before this tells it anything about its input.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A plain hook, not an async one: it runs on every request, and a promise per request is measurable.
  const guard: preValidationHookHandler = (req, _reply, done) => {
    for (const part of ['params', 'body'] as const) {
      const found = findNul(req[part], '')
      if (found !== undefined) return done(new AppError('validation_failed', validationSentence(found || where[part], NUL_MESSAGE)))
    }
    const query = req.query as Record<string, unknown> | undefined
    if (query && typeof query === 'object') {
      for (const key in query) {
        const v = query[key]
        if (key === 'cursor' && findNul(v, key) !== undefined) return done(new AppError('validation_failed', validationSentence('cursor', NUL_MESSAGE)))
        if (typeof v === 'string') {
          if (v.includes('\u0000')) query[key] = v.replace(NUL, '')
        } else if (Array.isArray(v)) query[key] = v.map((s) => (typeof s === 'string' ? s.replace(NUL, '') : s))
      }
    }
    done()
  }
  app.addHook('onRoute', (route) => {
    const own = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]
    route.preValidation = [...own, guard]
  })
}

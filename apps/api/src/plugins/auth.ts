import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { MESSAGES } from '@shelfwise/contracts'
import { unauthorized } from '#/errors.ts'
import type { Tokens } from '#/modules/auth/tokens.ts'
import type { Db } from '#/db/portable.ts'
import { findAuthState } from '#/modules/auth/auth.repository.ts'

export interface Actor {
  id: string
  /** The token's own id and expiry, for logout. */
  jti: string
  exp: number
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: Actor
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid, current bearer token is sent. */
    requireUser: (req: FastifyRequest) => Promise<void>
    /** preHandler: sets req.user when a valid token is sent; a bad or missing one means anonymous. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void
  }
}

const bearer = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization
  if (!h) return undefined
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m?.[1] ?? ''
}

/** Checks the signature, the expiry, the token version and revocation; the user must still exist. */
export function registerAuth(app: FastifyInstance, deps: { db: Db; tokens: Tokens }) {
  const resolve = async (token: string): Promise<Actor | undefined> => {
    const claims = deps.tokens.verify(token)
    if (!claims) return undefined
    const state = await findAuthState(deps.db, claims.sub, claims.jti)
    if (!state || state.tokenVersion !== claims.ver || state.revoked) return undefined
    return { id: claims.sub, jti: claims.jti, exp: claims.exp }
  }
  app.decorate('requireUser', async (req: FastifyRequest) => {
    const token = bearer(req)
    if (token === undefined) throw unauthorized(MESSAGES.authRequired)
    const actor = token ? await resolve(token) : undefined
    if (!actor) throw unauthorized(MESSAGES.authFailed)
    req.user = actor
  })
  // A plain hook, not an async one: most reads are anonymous and pass without a promise.
  app.decorate('optionalUser', (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = bearer(req)
    if (!token) return done()
    resolve(token).then((actor) => {
      req.user = actor
      done()
    }, done)
  })
}

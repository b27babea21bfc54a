import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { MESSAGES, PERSONAL_TOKEN_PREFIX, type RouteScope } from '@shelfwise/contracts'
import { forbidden, unauthorized } from '#/errors.ts'
import { PRIVATE } from '#/http-cache.ts'
import type { Actor } from '#/security/actor.ts'

declare module 'fastify' {
  interface FastifyRequest {
    user?: Actor
  }
  interface FastifyInstance {
    /** preValidation: 401 unless a valid, current bearer token is sent; 403 for a personal token without the route's scope. */
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** preHandler: sets req.user when a valid token is sent; a bad or missing one means anonymous. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void
  }
}

/** The bearer token sent: undefined without an Authorization header, '' for one that is not a bearer token. */
export const bearerToken = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization
  if (!h) return undefined
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m?.[1] ?? ''
}

/** The signed-in reader a request speaks for, worked out once per request whoever asks first. */
export type ActorOf = (req: FastifyRequest) => Promise<Actor | undefined>

/** Whether a bearer token is a personal access token (decision 0045) rather than a session's. */
export const isPersonalToken = (token: string | undefined): boolean => token?.startsWith(PERSONAL_TOKEN_PREFIX) === true

/** Who a token speaks for, by kind: the auth service checks sessions, the tokens service personal tokens. */
interface TokenCheckers {
  session: (token: string) => Promise<Actor | undefined>
  personal: (token: string) => Promise<Actor | undefined>
}

/**
 * The auth service checks a session's token (signature, expiry, version, revocation, the user still
 * there), the tokens service a personal one (its hash, expiry and owner, read each time: no memo, so
 * a revoked token is refused at once on every instance); the answer is kept per request, so the rate
 * limits (which count per verified reader or token, before the body is read) and the route's guard
 * share one database read.
 */
export function createActorResolver(check: TokenCheckers): ActorOf {
  const resolve = (token: string) => (isPersonalToken(token) ? check.personal(token) : check.session(token))
  const known = new WeakMap<FastifyRequest, Promise<Actor | undefined>>()
  return (req) => {
    let actor = known.get(req)
    if (!actor) {
      const token = bearerToken(req)
      actor = token ? resolve(token) : Promise.resolve(undefined)
      known.set(req, actor)
    }
    return actor
  }
}

/** Decorates the app with the guards of protected routes (requireUser) and of public ones that know the viewer (optionalUser). */
export function registerAuth(app: FastifyInstance, deps: { actorOf: ActorOf }) {
  app.decorate('requireUser', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req)
    if (token === undefined) throw unauthorized(MESSAGES.authRequired)
    const actor = token ? await deps.actorOf(req) : undefined
    if (!actor) throw unauthorized(MESSAGES.authFailed)
    reply.header('cache-control', PRIVATE)
    if (actor.personalToken) checkScope(actor.personalToken.scopes, req.routeOptions.config.scope ?? 'session')
    req.user = actor
  })
  // A plain hook, not an async one: most reads are anonymous and pass without a promise.
  app.decorate('optionalUser', (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!bearerToken(req)) return done()
    deps.actorOf(req).then((actor) => {
      // A personal token without `read` sees what anyone sees: the viewer's own flags are private data.
      req.user = actor?.personalToken && !actor.personalToken.scopes.includes('read') ? undefined : actor
      if (actor) reply.header('cache-control', PRIVATE)
      done()
    }, done)
  })
}

/** 403 unless a personal token's scopes hold what the route needs; a session-only route refuses every personal token. */
function checkScope(granted: readonly string[], needed: RouteScope) {
  if (needed === 'session') throw forbidden(MESSAGES.sessionOnly)
  if (!granted.includes(needed)) throw forbidden(MESSAGES.scopeMissing(needed))
}

import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { MESSAGES } from '@shelfwise/contracts'
import { unauthorized } from '#/errors.ts'
import { PRIVATE } from '#/http-cache.ts'
import type { Actor } from '#/security/actor.ts'
import type { AuthService } from '#/modules/auth/auth.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    user?: Actor
  }
  interface FastifyInstance {
    /** preValidation: 401 unless a valid, current bearer token is sent. */
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

/**
 * The auth service checks the token (signature, expiry, version, revocation, the user still there);
 * the answer is kept per request, so the writes limit (which counts per verified reader, before the
 * body is read) and the route's guard share one database read.
 */
export function createActorResolver(auth: Pick<AuthService, 'actorOfToken'>): ActorOf {
  const resolve = (token: string) => auth.actorOfToken(token)
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
    req.user = actor
    reply.header('cache-control', PRIVATE)
  })
  // A plain hook, not an async one: most reads are anonymous and pass without a promise.
  app.decorate('optionalUser', (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!bearerToken(req)) return done()
    deps.actorOf(req).then((actor) => {
      req.user = actor
      if (actor) reply.header('cache-control', PRIVATE)
      done()
    }, done)
  })
}

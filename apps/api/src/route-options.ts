import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { PagingQuerySchema, type RouteScope } from '@shelfwise/contracts'
import { sendPage, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a personal token needs for a signed-in route (set by routeOptions().signedIn). */
    scope?: RouteScope
  }
}

/**
 * What the OpenAPI document says of a route that wants the bearer token: the scope a personal token
 * needs for it, as OpenAPI 3.1 lets a bearer scheme list roles (decision 0046), and again as
 * `x-scope`; `session` means the web app's sign-in only.
 */
const securityFor = (scope: RouteScope) => ({ security: [{ bearer: [scope] }], 'x-scope': scope })

/**
 * The scope a route needs when it does not say: a read needs `read`; a write stays with the web
 * app's session, so a route added without thinking of tokens never opens to one.
 */
const defaultScope = (method: string | undefined): RouteScope => (method === 'GET' || method === undefined ? 'read' : 'session')

/**
 * The options every route of one module starts from: its tag in the OpenAPI document and, by who may
 * call it, its guard. The schema is passed through as it is written, so Fastify still infers the
 * request's types from it; a route adds its own hooks (rate limits) next to what this gives.
 */
export function routeOptions(app: FastifyInstance, tag: string) {
  const tags = [tag]
  const signedIn = <S extends FastifySchema>(schema: S, scope?: RouteScope) => ({
    schema: { tags, ...schema },
    preValidation: app.requireUser,
    config: { scope },
  })
  return {
    /** Anyone, signed in or not, with the same answer. */
    open: <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema } }),
    /** Anyone; a valid token makes req.user the viewer, a bad or missing one means anonymous. */
    viewer: <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema }, preHandler: app.optionalUser }),
    /**
     * A signed-in reader only: 401 before validation, so an anonymous caller learns nothing of the
     * path's or the body's rules; then a personal token without `scope` is 403. Without `scope`, a
     * GET needs `read` and any write the session (set by the method the route is registered with).
     */
    signedIn,
    /**
     * GET a page of the signed-in reader's own list: `limit` and `cursor` (or the list's own query) in,
     * the items out with X-Total-Count and Link; a GET's scope (`read`) unless `scope` says otherwise.
     */
    myPages: <Q extends z.ZodType = typeof PagingQuerySchema>(
      path: string,
      list: MyPages<Q>,
      run: (actor: Actor, query: z.output<Q>) => Promise<Page<unknown>>,
    ) => {
      const { summary, response, scope, querystring = PagingQuerySchema } = list
      app
        .withTypeProvider<ZodTypeProvider>()
        .get(path, signedIn({ summary, querystring, response: { 200: response } }, scope), async (req, reply) =>
          sendPage(req, reply, await run(req.user!, req.query as z.output<Q>)),
        )
    },
    /**
     * A switch a signed-in reader turns on with PUT and off with DELETE on one path (a like, a block,
     * a mute): both take the same `{id}` params, need the same scope, pass the same preHandler (a rate
     * limit) when given, and answer the same state.
     */
    toggle: <State>(path: string, both: Toggle<State>, on: ToggleSide<State>, off: ToggleSide<State>) => {
      const zodApp = app.withTypeProvider<ZodTypeProvider>()
      for (const [register, side] of [
        [zodApp.put.bind(zodApp), on],
        [zodApp.delete.bind(zodApp), off],
      ] as const) {
        const options = signedIn({ summary: side.summary, params: both.params, response: { 200: both.response as z.ZodType } }, both.scope)
        register(path, both.preHandler ? { ...options, preHandler: both.preHandler } : options, async (req) =>
          side.run(req.user!, (req.params as { id: string }).id),
        )
      }
    },
  }
}

/** What the OpenAPI document says of a reader's own paged list, and the query it takes when not only limit and cursor. */
interface MyPages<Q extends z.ZodType> {
  summary: string
  response: z.ZodType
  querystring?: Q
  scope?: RouteScope
}

/** What the two sides of a toggle share. */
interface Toggle<State> {
  params: z.ZodType<{ id: string }>
  response: z.ZodType<State>
  scope: RouteScope
  preHandler?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
}

/** One side of a toggle: its summary in the OpenAPI document, and the service call it makes. */
interface ToggleSide<State> {
  summary: string
  run: (actor: Actor, id: string) => Promise<State>
}

/**
 * Fills in each signed-in route's scope (its own or its method's default) and its OpenAPI marks: a
 * route made with signedIn(), or one that hangs app.requireUser on itself.
 */
export function registerRouteScopes(app: FastifyInstance) {
  const guards = (hook: unknown) => hook === app.requireUser || (Array.isArray(hook) && hook.includes(app.requireUser))
  app.addHook('onRoute', (route) => {
    const config = route.config
    const guarded = (config && 'scope' in config) || guards(route.preValidation) || guards(route.onRequest) || guards(route.preHandler)
    if (!guarded) return
    const scope = config?.scope ?? defaultScope(Array.isArray(route.method) ? route.method[0] : route.method)
    route.config = { ...config, scope }
    route.schema = { ...route.schema, ...securityFor(scope) }
  })
}

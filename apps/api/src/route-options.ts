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
  const open = <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema } })
  const viewer = <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema }, preHandler: app.optionalUser })
  /**
   * Registers a signed-in route from what the OpenAPI document says of it; `answer` makes the answer,
   * sent with 201 when `created` (a POST that makes something), else 200. The preHandler (a rate
   * limit) is passed when given.
   */
  const signedInCall = (method: Method, path: string, call: SignedInCall<z.ZodType, z.ZodType>, answer: (req: FastifyRequest) => Promise<unknown>) => {
    const { summary, description, params, body, response, created, scope, preHandler } = call
    const status = created ? 201 : 200
    const schema = {
      summary,
      ...(description === undefined ? {} : { description }),
      ...(params ? { params } : {}),
      ...(body ? { body } : {}),
      response: { [status]: response },
    }
    const options = signedIn(schema, scope)
    app[method](path, preHandler ? { ...options, preHandler } : options, async (req, reply) => reply.code(status).send(await answer(req)))
  }
  return {
    /** Anyone, signed in or not, with the same answer. */
    open,
    /** Anyone; a valid token makes req.user the viewer, a bad or missing one means anonymous. */
    viewer,
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
     * GET a page of what belongs to the thing named by `{id}` (a book's editions, a review's comments,
     * a webhook's deliveries): its `{id}` params and the list's query in, the items out with
     * X-Total-Count and Link. `guard` is who may call it, as open(), viewer() and signedIn() say;
     * `run` gets the caller (undefined when signed out or on an open route).
     */
    pagesOf: <Q extends z.ZodType>(
      guard: 'open' | 'viewer' | 'signedIn',
      path: string,
      list: PagesOf<Q>,
      run: (viewer: Actor | undefined, id: string, query: z.output<Q>) => Promise<Page<unknown>>,
    ) => {
      const { summary, description, params, querystring, response } = list
      const schema = { summary, ...(description === undefined ? {} : { description }), params, querystring, response: { 200: response } }
      const options = guard === 'open' ? open(schema) : guard === 'viewer' ? viewer(schema) : signedIn(schema)
      app
        .withTypeProvider<ZodTypeProvider>()
        .get(path, options, async (req, reply) => sendPage(req, reply, await run(req.user, (req.params as { id: string }).id, req.query as z.output<Q>)))
    },
    /**
     * A signed-in reader's call on the thing named by `{id}`: read it, change it, or make something
     * under it. Its `{id}` params and the body (when any) in, what `run` answers out.
     */
    byId: <R extends z.ZodType, B extends z.ZodType = z.ZodUnknown>(
      method: Method,
      path: string,
      call: SignedInCall<R, B> & { params: z.ZodType<{ id: string }> },
      run: (actor: Actor, id: string, body: z.output<B>) => Promise<z.input<R>>,
    ) => signedInCall(method, path, call, (req) => run(req.user!, (req.params as { id: string }).id, req.body as z.output<B>)),
    /**
     * A signed-in reader's call on their own things, with no id in the path (their settings, their
     * unread count, a device they approve): the body (when any) in, what `run` answers out.
     */
    mine: <R extends z.ZodType, B extends z.ZodType = z.ZodUnknown>(
      method: Method,
      path: string,
      call: SignedInCall<R, B>,
      run: (actor: Actor, body: z.output<B>) => Promise<z.input<R>>,
    ) => signedInCall(method, path, call, (req) => run(req.user!, req.body as z.output<B>)),
    /**
     * DELETE the thing named by `{id}` for a signed-in reader: `run` removes it (or refuses), the answer
     * is 204 without a body; `response` is what the OpenAPI document says of that 204, when anything.
     */
    removeById: (path: string, remove: RemoveById, run: (actor: Actor, id: string) => Promise<void>) => {
      const { summary, params, response, scope } = remove
      app
        .withTypeProvider<ZodTypeProvider>()
        .delete(path, signedIn({ summary, params, ...(response ? { response: { 204: response } } : {}) }, scope), async (req, reply) => {
          await run(req.user!, (req.params as { id: string }).id)
          return reply.code(204).send(null)
        })
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

/** What the OpenAPI document says of a page of what belongs to one thing, and the query it takes. */
interface PagesOf<Q extends z.ZodType> {
  summary: string
  description?: string
  params: z.ZodType<{ id: string }>
  querystring: Q
  response: z.ZodType
}

/** The methods byId() and mine() register. */
type Method = 'get' | 'post' | 'put' | 'delete'

/** What the OpenAPI document says of a signed-in call, the scope it needs and its preHandler. */
interface SignedInCall<R extends z.ZodType, B extends z.ZodType> {
  summary: string
  description?: string
  params?: z.ZodType
  body?: B
  /** The answer's schema; what `run` answers is checked against it. */
  response: R
  /** The answer is 201: the write made something. */
  created?: boolean
  scope?: RouteScope
  preHandler?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
}

/** What the OpenAPI document says of a signed-in DELETE of one thing, and the scope it needs. */
interface RemoveById {
  summary: string
  params: z.ZodType<{ id: string }>
  /** The 204's schema in the OpenAPI document, when it names one. */
  response?: z.ZodType
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

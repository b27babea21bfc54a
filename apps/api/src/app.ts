import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import cors from '@fastify/cors'
import compress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { LIMITS, MESSAGES } from '@shelfwise/contracts'
import { notFound } from '#/errors.ts'
import type { Config } from '#/config.ts'
import type { Db } from '#/db/portable.ts'
import { createTokens } from '#/security/tokens.ts'
import { createServices } from '#/services.ts'
import { registerErrorHandler } from '#/plugins/error-handler.ts'
import { bearerToken, createActorResolver, isPersonalToken, registerAuth } from '#/plugins/auth.ts'
import { addressKey, personalTokenKey, readerKey, runInRequestScope } from '#/db/read-your-writes.ts'
import { createRedisPositions } from '#/db/shared-positions.ts'
import { registerRequestLog } from '#/logging/logging.ts'
import { answerClientError, answerFrameworkError, registerSecurityHeaders, setUploadHeaders, UPLOAD_NAME } from '#/plugins/security-headers.ts'
import { registerRateLimits } from '#/plugins/rate-limit.ts'
import { registerInputGuard } from '#/plugins/input-guard.ts'
import { serializerCompiler } from '#/serializer.ts'
import { API_COMPRESSION, FILE_COMPRESSION, registerAnswerReuse } from '#/plugins/compression.ts'
import { authRoutes } from '#/modules/auth/auth.routes.ts'
import { booksRoutes } from '#/modules/books/books.routes.ts'
import { reviewsRoutes } from '#/modules/reviews/reviews.routes.ts'
import { usersRoutes } from '#/modules/users/users.routes.ts'
import { safetyRoutes } from '#/modules/safety/safety.routes.ts'
import { shelvesRoutes } from '#/modules/shelves/shelves.routes.ts'
import { readingRoutes } from '#/modules/reading/reading.routes.ts'
import { uploadsRoutes } from '#/modules/uploads/uploads.routes.ts'
import { accountRoutes } from '#/modules/account/account.routes.ts'
import { importsRoutes } from '#/modules/imports/imports.routes.ts'
import { feedRoutes } from '#/modules/feed/feed.routes.ts'
import { conversationRoutes } from '#/modules/conversation/conversation.routes.ts'
import { statsRoutes } from '#/modules/stats/stats.routes.ts'
import { bookshelvesRoutes } from '#/modules/bookshelves/bookshelves.routes.ts'
import { mergesRoutes } from '#/modules/merges/merges.routes.ts'
import { discussionsRoutes } from '#/modules/discussions/discussions.routes.ts'
import { webhooksRoutes } from '#/modules/webhooks/webhooks.routes.ts'
import { feedsRoutes } from '#/modules/feeds/feeds.routes.ts'
import { tokensRoutes } from '#/modules/tokens/tokens.routes.ts'
import { syncRoutes } from '#/modules/sync/sync.routes.ts'
import { kosyncRoutes } from '#/modules/sync/kosync.routes.ts'
import { deviceLinkRoutes } from '#/modules/tokens/device-link.routes.ts'
import { notificationsRoutes } from '#/modules/notifications/notifications.routes.ts'
import { createStreams, type Streams } from '#/modules/notifications/notifications.streams.ts'
import { registerRouteScopes } from '#/route-options.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The live notification streams this instance serves (server.ts ends them all on a drain). */
    notificationStreams: Streams
  }
}

export interface AppDeps {
  config: Config
  db: Db
  /** The signing secret; resolved by the caller (server.ts or a test). */
  jwtSecret: string
  logger?: FastifyServerOptions['logger']
}

/** Builds the whole app — API, uploads, web — without listening, so tests can `inject`. */
export async function buildApp({ config, db, jwtSecret, logger = false }: AppDeps): Promise<FastifyInstance> {
  const { headersMs, requestMs, idleMs, keepAliveMs } = config.timeouts
  const app = Fastify({
    logger,
    // Fastify's own two lines per request would drown the console: one line each, at debug (logging/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.bodyBytesMax,
    // Slow and silent connections (README, settings): a request's headers and the whole request must
    // arrive in time, a connection without a byte either way is closed, and so is an idle keep-alive one.
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      // How often Node looks for requests past those deadlines (its default is every 30 s).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersMs / 4))),
    },
    requestTimeout: requestMs,
    connectionTimeout: idleMs,
    keepAliveTimeout: keepAliveMs,
    // Node's own early answers (broken HTTP, huge headers, too slow) carry our headers and body too.
    clientErrorHandler: answerClientError,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: undefined,
    // A broken path is answered before any hook: this keeps our headers and error body on it.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  // Before any route: each signed-in route's scope is settled as it is added (decision 0046).
  registerRouteScopes(app)

  const tokens = createTokens(jwtSecret)
  const services = createServices({ db, config, tokens })
  const actorOf = createActorResolver({ session: services.auth.actorOfToken, personal: services.personalTokens.actorOfToken })
  // Images nobody shows any more are removed now and then (every instance may: it is safe).
  const stopSweeping = services.uploads.startSweeping(app.log)
  app.addHook('onClose', async () => stopSweeping())
  // Imports nobody works on (queued, or left by an instance that stopped) are taken up once the app
  // is ready (the server migrates the database between building the app and starting it).
  let stopImports = async () => {}
  app.addHook('onReady', async () => {
    stopImports = services.imports.startWorking(app.log)
  })
  app.addHook('onClose', async () => stopImports())
  // Webhook deliveries due (the outbox, decision 0048) are sent by every instance once it is ready.
  let stopWebhooks = async () => {}
  app.addHook('onReady', async () => {
    stopWebhooks = services.webhooks.startWorking(app.log)
  })
  app.addHook('onClose', async () => stopWebhooks())
  // Feed work (the outbox's fan-outs, follows' backfills, inbox builds, decision 0060) likewise.
  let stopFeed = async () => {}
  app.addHook('onReady', async () => {
    stopFeed = services.feed.startWorking(app.log)
  })
  app.addHook('onClose', async () => stopFeed())

  // Live notification streams (decision 0053): ended when the server drains or closes, so a browser
  // reconnects (with Last-Event-ID) to an instance that stays.
  const streams = createStreams(services.notifications.live, services.notifications)
  app.decorate('notificationStreams', streams)
  app.addHook('preClose', async () => streams.closeAll())
  app.addHook('onClose', async () => services.notifications.live.close())
  app.addHook('onClose', async () => services.changes.close())

  // With read replicas (decision 0063), each request runs knowing whom it acts for, so its reads go to
  // a replica only once that replica has replayed this reader's own writes. Before every other hook:
  // the rate limits' token check is a read too. A bad token's key is only a routing hint; the route's
  // guard still refuses it.
  if (config.databaseReplicaUrls.length) {
    // Several instances share the positions through Redis when it is set, so a reader's next request
    // reads its writes whichever instance it reaches (one short Redis read per request).
    const shared = config.redisUrl ? await createRedisPositions(config.redisUrl, (msg, err) => app.log.warn({ err }, msg)) : undefined
    if (shared) app.addHook('onClose', () => shared.close())
    app.addHook('onRequest', (req, _reply, done) => {
      const token = bearerToken(req)
      const sub = token && !isPersonalToken(token) ? tokens.verify(token)?.sub : undefined
      const key = !token ? addressKey(req.ip) : isPersonalToken(token) ? personalTokenKey(token) : sub ? readerKey(sub) : addressKey(req.ip)
      if (!shared) return runInRequestScope([key], done)
      shared.newest([key]).then((seen) => runInRequestScope([key], done, { positions: shared, seen }), done)
    })
  }
  // First of the rest, so every answer carries the security headers, errors and 404s included.
  registerSecurityHeaders(app)
  registerInputGuard(app)
  // API answers are compressed more cheaply than files (plugins/compression.ts).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.compress === undefined) route.compress = API_COMPRESSION
  })
  await app.register(compress, FILE_COMPRESSION)
  registerAnswerReuse(app)
  // Only with origins to grant: without any, the plugin would still run a hook on every request to
  // add nothing (about 3 % of a small answer's time), and an OPTIONS request is a 404 either way.
  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['X-Total-Count', 'Link', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
      maxAge: 600,
    })
  }
  // After CORS, so a 429 still carries the CORS grant and a client on another origin can read it.
  await registerRateLimits(app, { config, actorOf })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shelfwise API',
        version: '1.0.0',
        description: 'The open API of Shelfwise, a book discovery and review community. Errors answer `{message, code}`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The web app’s session token (a JWT from sign-in), or a personal access token (`swp_…`, made at /developers). Each call lists the scope a personal token needs; `session` means the web app’s sign-in only.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  registerAuth(app, { actorOf })
  if (logger) registerRequestLog(app)

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ ok: true }))
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
      // A reader's pages (profile, reviews, library, shelves, stats) are not there for a reader with
      // a block either way between them (decision 0057): 404, as for an absent reader.
      api.addHook('preHandler', async (req) => {
        const url = req.routeOptions.url
        // The caller's own standing with the reader (block, mute) stays answerable: it is how they unblock.
        if (req.method !== 'GET' || !url?.startsWith('/api/users/') || url.endsWith('/safety') || !req.headers.authorization) return
        // By id or by username (`/api/users/by-username/:username` is the same reader's page).
        const params = req.params as { id?: unknown; username?: unknown } | undefined
        const id = params?.id ?? params?.username
        if (typeof id !== 'string') return
        const actor = await actorOf(req)
        if (actor && (await services.safety.hidesReader(actor.id, id))) throw notFound(MESSAGES.userNotFound)
      })
      // Every route of the API, registered explicitly, each with its own module's service only.
      await api.register(authRoutes, { auth: services.auth })
      await api.register(booksRoutes, {
        books: services.books,
        discussionCount: services.discussions.countForWork,
        moderatorsNote: (viewerId, bookId) => services.safety.moderatorsNote(viewerId, 'book', bookId),
      })
      await api.register(reviewsRoutes, { reviews: services.reviews })
      await api.register(conversationRoutes, { conversation: services.conversation })
      await api.register(usersRoutes, { users: services.users, isNewAccount: services.conversation.isNewAccount })
      await api.register(safetyRoutes, { safety: services.safety, isNewAccount: services.conversation.isNewAccount })
      await api.register(shelvesRoutes, { shelves: services.shelves })
      await api.register(readingRoutes, { reading: services.reading })
      await api.register(uploadsRoutes, { uploads: services.uploads })
      await api.register(accountRoutes, { account: services.account })
      await api.register(importsRoutes, { imports: services.imports })
      await api.register(statsRoutes, { stats: services.stats })
      await api.register(bookshelvesRoutes, { bookshelves: services.bookshelves })
      await api.register(mergesRoutes, { merges: services.merges })
      await api.register(discussionsRoutes, { discussions: services.discussions })
      await api.register(webhooksRoutes, { webhooks: services.webhooks })
      await api.register(feedsRoutes, { feeds: services.feeds })
      await api.register(feedRoutes, { feed: services.feed })
      await api.register(tokensRoutes, { tokens: services.personalTokens, devices: services.devices })
      await api.register(syncRoutes, { sync: services.sync })
      await api.register(deviceLinkRoutes, { link: services.deviceLink })
      await api.register(notificationsRoutes, { notifications: services.notifications, streams })
    },
    { prefix: '/api' },
  )
  // KOReader's progress sync, in its own protocol (decision 0047).
  await app.register(kosyncRoutes, { prefix: '/kosync', sync: services.sync, devices: services.devices })

  mkdirSync(config.uploadsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
    // Only names the upload service makes; anything else dropped in the folder is never served.
    allowedPath: (path) => UPLOAD_NAME.test(path),
    setHeaders: setUploadHeaders,
  })

  const hasWeb = existsSync(join(config.webDist, 'index.html'))
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        // Vite names built assets by their content hash, so they never change.
        reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/'
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/uploads/')
    if (isPage && hasWeb) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', config.webDist)
    return reply.code(404).send({ message: MESSAGES.notFound, code: 'not_found' })
  })

  return app
}

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import type { DevicesService } from '#/modules/tokens/devices.service.ts'
import type { SyncService } from '#/modules/sync/sync.service.ts'

// KOReader's built-in progress sync (the kosync protocol of koreader-sync-server), served under
// /kosync so a reader enters `https://<site>/kosync` as the custom sync server in KOReader (decision
// 0047). The protocol is KOReader's, not our API's: its own paths, status codes and error bodies
// `{code, message}` (2001 Unauthorized 401, 2002 402, 2003 Invalid request 403, 2004 Field
// 'document' not provided. 403), answered as application/vnd.koreader.v1+json. It signs in with a
// device's username and the MD5 of its password (x-auth-user, x-auth-key), never the account's.

const TYPE = 'application/vnd.koreader.v1+json'

class KosyncError extends Error {
  readonly status: number
  readonly code: number
  constructor(status: number, code: number, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

const UNAUTHORIZED = () => new KosyncError(401, 2001, 'Unauthorized')
const INVALID = () => new KosyncError(403, 2003, 'Invalid request')
const NO_DOCUMENT = () => new KosyncError(403, 2004, "Field 'document' not provided.")

// A document is KOReader's hash of a file (or of its name): letters, digits and underscores.
const DOCUMENT = /^[A-Za-z0-9_]{1,64}$/
const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max

const answer = (reply: FastifyReply, status: number, body: object) =>
  reply.code(status).type(TYPE).header('cache-control', 'no-store').send(JSON.stringify(body))

export const kosyncRoutes: FastifyPluginAsync<{ sync: SyncService; devices: DevicesService }> = async (app, { sync, devices }) => {
  // KOReader sends JSON as application/json; its own type is taken as JSON too.
  app.addContentTypeParser(TYPE, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(INVALID(), undefined)
    }
  })
  // Outside /api, so the API's limits pass it by: its own, per address, before any work.
  app.addHook('onRequest', app.rateLimits.perDeviceAddress())
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof KosyncError) return answer(reply, err.status, { code: err.code, message: err.message })
    // Past the limit: 429 with Retry-After, as every HTTP client (KOReader's too) understands it.
    if (err instanceof AppError && err.code === 'rate_limited') {
      for (const [name, value] of Object.entries(err.headers ?? {})) reply.header(name, value)
      return answer(reply, 429, { code: 2000, message: err.message })
    }
    // A body that is not JSON, or too large, is an invalid request in the protocol's words.
    const status = (err as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) return answer(reply, 403, { code: 2003, message: 'Invalid request' })
    app.log.error({ err }, 'kosync: unexpected error')
    return answer(reply, 502, { code: 2000, message: 'Unknown server error.' })
  })

  const deviceOf = async (req: FastifyRequest): Promise<Actor> => {
    const user = req.headers['x-auth-user']
    const key = req.headers['x-auth-key']
    const actor = await devices.actorOfDevice(typeof user === 'string' ? user : undefined, typeof key === 'string' ? key : undefined)
    if (!actor) throw UNAUTHORIZED()
    return actor
  }

  const hidden = { schema: { hide: true } }

  // Accounts are made on the site; a device's sign-in is made on the Developers page.
  app.post('/users/create', hidden, async (_req, reply) =>
    answer(reply, 402, {
      code: 2002,
      message: 'Sign-ups are not taken here: make a device sign-in on the Shelfwise site (Developers page) and enter it in KOReader.',
    }),
  )

  app.get('/users/auth', hidden, async (req, reply) => {
    await deviceOf(req)
    return answer(reply, 200, { authorized: 'OK' })
  })

  app.put('/syncs/progress', hidden, async (req, reply) => {
    const actor = await deviceOf(req)
    const body = (req.body ?? {}) as Record<string, unknown>
    if (!text(body.document, 200)) throw NO_DOCUMENT()
    if (!DOCUMENT.test(body.document)) throw INVALID()
    const percentage = typeof body.percentage === 'number' ? body.percentage : typeof body.percentage === 'string' ? Number(body.percentage) : NaN
    if (!(percentage >= 0 && percentage <= 1) || !text(body.progress, 2000) || !text(body.device, 200)) throw INVALID()
    const deviceId = text(body.device_id, 200) ? body.device_id : null
    const timestamp = await sync.kosyncReport(actor, { document: body.document, progress: body.progress, percentage, device: body.device, deviceId })
    return answer(reply, 200, { document: body.document, timestamp })
  })

  app.get('/syncs/progress/:document', hidden, async (req, reply) => {
    const actor = await deviceOf(req)
    const { document } = req.params as { document: string }
    if (!DOCUMENT.test(document)) throw NO_DOCUMENT()
    const kept = await sync.kosyncProgress(actor, document)
    if (!kept) return answer(reply, 200, {})
    return answer(reply, 200, {
      document: kept.document,
      percentage: kept.percentage,
      progress: kept.progress,
      device: kept.device,
      ...(kept.deviceId ? { device_id: kept.deviceId } : {}),
      timestamp: kept.timestamp,
    })
  })
}

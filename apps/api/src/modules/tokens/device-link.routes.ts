import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  DeviceApproveInputSchema,
  DeviceCodeInputSchema,
  DeviceCodeSchema,
  DeviceDenyInputSchema,
  DeviceLinkAnswerSchema,
  DeviceTokenInputSchema,
  DeviceTokenRefusalSchema,
  DeviceTokenSchema,
  TOKEN_LIMITS,
} from '@shelfwise/contracts'
import { AppError } from '#/errors.ts'
import { routeOptions } from '#/route-options.ts'
import { DeviceGrantError, type DeviceLinkService } from '#/modules/tokens/device-link.service.ts'

// Device link (RFC 8628): a device asks for a code and polls for its token; the signed-in reader
// approves or refuses the code on the site's /link page (session only: a token never links another).
export const deviceLinkRoutes: FastifyPluginAsyncZod<{ link: DeviceLinkService }> = async (app, { link }) => {
  const route = routeOptions(app, 'device link')

  // RFC 8628 (and OAuth 2.0 before it) has devices send their requests form-encoded; JSON is taken
  // too. A field sent twice is refused by name rather than one of its values chosen.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    const fields: Record<string, string> = {}
    for (const [name, value] of new URLSearchParams(body as string)) {
      if (Object.hasOwn(fields, name)) return done(new AppError('validation_failed', `${name.slice(0, 40)}: must be sent once`), undefined)
      fields[name] = value
    }
    done(null, fields)
  })

  app.post(
    '/device/code',
    route.open({
      summary: 'A device asks to be linked (RFC 8628): a device_code to poll with and a user_code for the reader to enter at verification_uri',
      body: DeviceCodeInputSchema,
      response: { 200: DeviceCodeSchema },
    }),
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const clientId = req.body.client_id?.trim().slice(0, TOKEN_LIMITS.nameMax) || undefined
      return link.start(req.body.client_name ?? clientId, `${req.protocol}://${req.host}/link`)
    },
  )

  app.post(
    '/device/token',
    route.open({
      summary:
        'The device polls for its token (RFC 8628): 200 with a personal access token once approved; 400 authorization_pending, slow_down, expired_token, access_denied or invalid_grant',
      body: DeviceTokenInputSchema,
      response: { 200: DeviceTokenSchema, 400: DeviceTokenRefusalSchema },
    }),
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        return await link.poll(req.body.device_code)
      } catch (err) {
        if (!(err instanceof DeviceGrantError)) throw err
        return reply.code(400).send({ error: err.error, error_description: err.message, message: err.message, code: 'bad_request' as const })
      }
    },
  )

  route.mine(
    'post',
    '/device/approve',
    {
      summary: 'Link the device showing this code, with the scopes chosen; its next poll receives the token',
      body: DeviceApproveInputSchema,
      response: DeviceLinkAnswerSchema,
      scope: 'session',
    },
    link.approve,
  )

  route.mine(
    'post',
    '/device/deny',
    { summary: 'Refuse the device showing this code', body: DeviceDenyInputSchema, response: DeviceLinkAnswerSchema, scope: 'session' },
    (actor, input) => link.deny(actor, input.user_code),
  )
}

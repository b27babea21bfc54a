import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreatedDeviceSchema,
  CreateDeviceInputSchema,
  CreatedTokenSchema,
  CreateTokenInputSchema,
  DeviceIdParamsSchema,
  DeviceListSchema,
  PagingQuerySchema,
  PersonalTokenListSchema,
  TokenIdParamsSchema,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { routeOptions } from '#/route-options.ts'
import type { TokensService } from '#/modules/tokens/tokens.service.ts'
import type { DevicesService } from '#/modules/tokens/devices.service.ts'

// Tokens and devices are managed from the web app's session only: a token never makes, lists or revokes them.
export const tokensRoutes: FastifyPluginAsyncZod<{ tokens: TokensService; devices: DevicesService }> = async (app, { tokens, devices }) => {
  const route = routeOptions(app, 'tokens')

  app.post(
    '/me/tokens',
    route.signedIn(
      {
        summary: 'Make a personal access token with a name, scopes and an expiry; the token is in this answer only',
        body: CreateTokenInputSchema,
        response: { 201: CreatedTokenSchema },
      },
      'session',
    ),
    async (req, reply) => reply.code(201).send(await tokens.create(req.user!, req.body)),
  )

  app.get(
    '/me/tokens',
    route.signedIn(
      {
        summary: 'Your personal access tokens, newest first, with their last use (never the tokens themselves)',
        querystring: PagingQuerySchema,
        response: { 200: PersonalTokenListSchema },
      },
      'session',
    ),
    async (req, reply) => sendPage(req, reply, await tokens.list(req.user!, req.query)),
  )

  app.delete(
    '/me/tokens/:id',
    route.signedIn({ summary: 'Revoke one of your personal access tokens, at once', params: TokenIdParamsSchema, response: { 204: z.null() } }, 'session'),
    async (req, reply) => {
      await tokens.revoke(req.user!, req.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/me/devices',
    route.signedIn(
      {
        summary: 'Make a device sign-in for KOReader’s progress sync: a username and a password, shown in this answer only',
        body: CreateDeviceInputSchema,
        response: { 201: CreatedDeviceSchema },
      },
      'session',
    ),
    async (req, reply) => reply.code(201).send(await devices.create(req.user!, req.body)),
  )

  app.get(
    '/me/devices',
    route.signedIn(
      {
        summary: 'Your devices, newest first, with their last use (never their passwords)',
        querystring: PagingQuerySchema,
        response: { 200: DeviceListSchema },
      },
      'session',
    ),
    async (req, reply) => sendPage(req, reply, await devices.list(req.user!, req.query)),
  )

  app.delete(
    '/me/devices/:id',
    route.signedIn({ summary: 'Remove a device: its sign-in stops working at once', params: DeviceIdParamsSchema, response: { 204: z.null() } }, 'session'),
    async (req, reply) => {
      await devices.remove(req.user!, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

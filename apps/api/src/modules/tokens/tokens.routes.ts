import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreatedDeviceSchema,
  CreateDeviceInputSchema,
  CreatedTokenSchema,
  CreateTokenInputSchema,
  DeviceIdParamsSchema,
  DeviceListSchema,
  PersonalTokenListSchema,
  TokenIdParamsSchema,
  type PagingQuery,
} from '@shelfwise/contracts'
import type { Page } from '#/paging.ts'
import { routeOptions } from '#/route-options.ts'
import type { Actor } from '#/security/actor.ts'
import type { TokensService } from '#/modules/tokens/tokens.service.ts'
import type { DevicesService } from '#/modules/tokens/devices.service.ts'

/** A secret a reader makes, lists and ends from the web app: a personal token or a device's sign-in. */
interface Secrets<Input, Created, Listed> {
  path: string
  summaries: { create: string; list: string; end: string }
  schemas: { input: z.ZodType<Input>; created: z.ZodType<Created>; list: z.ZodType<Listed[]>; params: z.ZodType<{ id: string }> }
  create(actor: Actor, input: Input): Promise<Created>
  list(actor: Actor, query: PagingQuery): Promise<Page<Listed>>
  end(actor: Actor, id: string): Promise<void>
}

// Tokens and devices are managed from the web app's session only: a token never makes, lists or revokes them.
export const tokensRoutes: FastifyPluginAsyncZod<{ tokens: TokensService; devices: DevicesService }> = async (app, { tokens, devices }) => {
  const route = routeOptions(app, 'tokens')

  /** POST makes one (201, its secret in this answer only), GET lists them (paged), DELETE /:id ends one (204). */
  function secretRoutes<Input, Created, Listed>(secrets: Secrets<Input, Created, Listed>) {
    const { path, summaries, schemas } = secrets
    app.post(
      path,
      route.signedIn({ summary: summaries.create, body: schemas.input, response: { 201: schemas.created as z.ZodType } }, 'session'),
      async (req, reply) => reply.code(201).send(await secrets.create(req.user!, req.body as Input)),
    )
    route.myPages(path, { summary: summaries.list, response: schemas.list, scope: 'session' }, secrets.list)
    route.removeById(`${path}/:id`, { summary: summaries.end, params: schemas.params, response: z.null(), scope: 'session' }, secrets.end)
  }

  secretRoutes({
    path: '/me/tokens',
    summaries: {
      create: 'Make a personal access token with a name, scopes and an expiry; the token is in this answer only',
      list: 'Your personal access tokens, newest first, with their last use (never the tokens themselves)',
      end: 'Revoke one of your personal access tokens, at once',
    },
    schemas: { input: CreateTokenInputSchema, created: CreatedTokenSchema, list: PersonalTokenListSchema, params: TokenIdParamsSchema },
    create: tokens.create,
    list: tokens.list,
    end: tokens.revoke,
  })

  secretRoutes({
    path: '/me/devices',
    summaries: {
      create: 'Make a device sign-in for KOReader’s progress sync: a username and a password, shown in this answer only',
      list: 'Your devices, newest first, with their last use (never their passwords)',
      end: 'Remove a device: its sign-in stops working at once',
    },
    schemas: { input: CreateDeviceInputSchema, created: CreatedDeviceSchema, list: DeviceListSchema, params: DeviceIdParamsSchema },
    create: devices.create,
    list: devices.list,
    end: devices.remove,
  })
}

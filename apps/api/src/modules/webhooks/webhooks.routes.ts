import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreatedWebhookSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryListSchema,
  WebhookIdParamsSchema,
  WebhookInputSchema,
  WebhookListSchema,
  WebhookSchema,
} from '@shelfwise/contracts'
import { noStore } from '#/http-cache.ts'
import { routeOptions } from '#/route-options.ts'
import type { WebhooksService } from '#/modules/webhooks/webhooks.service.ts'

export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  const route = routeOptions(app, 'webhooks')

  app.post(
    '/me/webhooks',
    route.signedIn({
      summary:
        'Register a webhook: a public http(s) URL and the events it wants (reading.progress, read.finished, review.published, library.changed); the secret that signs its deliveries is shown in this answer only',
      body: WebhookInputSchema,
      response: { 201: CreatedWebhookSchema },
    }),
    async (req, reply) => {
      noStore(reply)
      return reply.code(201).send(await webhooks.create(req.user!, req.body))
    },
  )

  route.mine('get', '/me/webhooks', { summary: 'Your webhooks (without their secrets), with why one was disabled', response: WebhookListSchema }, webhooks.list)

  route.removeById(
    '/me/webhooks/:id',
    { summary: 'Delete one of your webhooks and its delivery log', params: WebhookIdParamsSchema, response: z.null() },
    webhooks.remove,
  )

  route.byId(
    'post',
    '/me/webhooks/:id/enable',
    {
      summary: 'Turn a disabled webhook back on (after its URL answers again): events from now on are delivered; those it missed are not sent again',
      params: WebhookIdParamsSchema,
      response: WebhookSchema,
    },
    webhooks.enable,
  )

  route.pagesOf(
    'signedIn',
    '/me/webhooks/:id/deliveries',
    {
      summary: 'A webhook’s delivery log, newest first (paged with limit and cursor; 50 unless limit says otherwise)',
      params: WebhookIdParamsSchema,
      querystring: WebhookDeliveriesQuerySchema,
      response: WebhookDeliveryListSchema,
    },
    (reader, webhookId, query) => webhooks.deliveries(reader!, webhookId, query),
  )
}

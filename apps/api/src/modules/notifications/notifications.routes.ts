import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CountSchema,
  MarkReadInputSchema,
  MarkReadResultSchema,
  MESSAGES,
  NotificationListSchema,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  NotificationsQuerySchema,
  StreamQuerySchema,
  StreamTicketSchema,
} from '@shelfwise/contracts'
import { unauthorized } from '#/errors.ts'
import { routeOptions } from '#/route-options.ts'
import type { NotificationsService } from '#/modules/notifications/notifications.service.ts'
import type { Streams } from '#/modules/notifications/notifications.streams.ts'

// A reader's notifications (issue 24, points 1 and 2, decisions 0052 and 0053). Reading them needs `read`.
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; streams: Streams }> = async (
  app,
  { notifications, streams },
) => {
  const route = routeOptions(app, 'notifications')

  route.myPages(
    '/me/notifications',
    {
      summary: 'Your notifications, latest activity first (paged with limit and cursor); unread ones of a kind on one thing are one group',
      querystring: NotificationsQuerySchema,
      response: NotificationListSchema,
      scope: 'read',
    },
    notifications.list,
  )

  app.get(
    '/me/notifications/unread-count',
    route.signedIn({ summary: 'How many of your notifications are unread', response: { 200: CountSchema } }, 'read'),
    async (req) => notifications.unreadCount(req.user!),
  )

  app.post(
    '/me/notifications/read',
    route.signedIn(
      {
        summary: 'Mark notifications read: the ones named in `ids`, or all of them when `ids` is absent',
        body: MarkReadInputSchema,
        response: { 200: MarkReadResultSchema },
      },
      'read',
    ),
    async (req) => notifications.markRead(req.user!, req.body),
  )

  app.post(
    '/me/notifications/ticket',
    route.signedIn(
      {
        summary: 'A single-use ticket (valid one minute) to open the live stream from a browser, whose EventSource cannot send the token',
        response: { 200: StreamTicketSchema },
      },
      'read',
    ),
    async (req) => notifications.ticket(req.user!),
  )

  app.get(
    '/me/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Your notifications live, as Server-Sent Events (`event: notification`, the item as data, its createdAt as the event id). Send the bearer token, or `ticket` from POST /me/notifications/ticket; reconnect with Last-Event-ID to get what changed meanwhile',
        querystring: StreamQuerySchema,
      },
      config: { scope: 'read' },
      // The bearer header as on every route; else a ticket, used up here. 401 before anything else is looked at.
      preValidation: async (req, reply) => {
        if (req.headers.authorization) return app.requireUser(req, reply)
        const ticket = (req.query as { ticket?: unknown }).ticket
        if (typeof ticket !== 'string' || ticket === '') throw unauthorized(MESSAGES.authRequired)
        const id = await notifications.useTicket(ticket)
        req.user = { id, jti: '', exp: 0 }
      },
      compress: false,
    },
    async (req, reply) => {
      reply.hijack()
      const lastEventId = req.headers['last-event-id']
      await streams.serve(req.user!.id, reply.raw, reply.getHeaders(), typeof lastEventId === 'string' ? lastEventId : undefined)
    },
  )

  app.get(
    '/me/notification-settings',
    route.signedIn({ summary: 'Which kinds of notification you get (true) or turned off', response: { 200: NotificationSettingsSchema } }, 'read'),
    async (req) => notifications.settings(req.user!),
  )

  app.put(
    '/me/notification-settings',
    route.signedIn({
      summary: 'Turn kinds of notification on (true) or off (false); kinds not named stay as they are',
      body: NotificationSettingsInputSchema,
      response: { 200: NotificationSettingsSchema },
    }),
    async (req) => notifications.putSettings(req.user!, req.body),
  )
}

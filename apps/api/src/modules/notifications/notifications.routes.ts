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

  route.mine(
    'get',
    '/me/notifications/unread-count',
    { summary: 'How many of your notifications are unread', response: CountSchema, scope: 'read' },
    notifications.unreadCount,
  )

  route.mine(
    'post',
    '/me/notifications/read',
    {
      summary: 'Mark notifications read: the ones named in `ids`, or all of them when `ids` is absent',
      body: MarkReadInputSchema,
      response: MarkReadResultSchema,
      scope: 'read',
    },
    notifications.markRead,
  )

  route.mine(
    'post',
    '/me/notifications/ticket',
    {
      summary: 'A single-use ticket (valid one minute) to open the live stream from a browser, whose EventSource cannot send the token',
      response: StreamTicketSchema,
      scope: 'read',
    },
    notifications.ticket,
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

  route.mine(
    'get',
    '/me/notification-settings',
    { summary: 'Which kinds of notification you get (true) or turned off', response: NotificationSettingsSchema, scope: 'read' },
    notifications.settings,
  )

  route.mine(
    'put',
    '/me/notification-settings',
    {
      summary: 'Turn kinds of notification on (true) or off (false); kinds not named stay as they are',
      body: NotificationSettingsInputSchema,
      response: NotificationSettingsSchema,
    },
    // Not passed bare: putSettings answers through this.settings.
    (actor, input) => notifications.putSettings(actor, input),
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdempotencyHeadersSchema,
  ProgressSyncInputSchema,
  ProgressSyncResultSchema,
  SyncInboxBindInputSchema,
  SyncInboxIdParamsSchema,
  SyncInboxListSchema,
  SyncSettingsInputSchema,
  SyncSettingsSchema,
} from '@shelfwise/contracts'
import { routeOptions } from '#/route-options.ts'
import type { SyncService } from '#/modules/sync/sync.service.ts'

export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService }> = async (app, { sync }) => {
  const route = routeOptions(app, 'sync')

  app.put(
    '/me/progress',
    route.signedIn(
      {
        summary: 'Say where you are in a book (by isbn, asin or id): applied, already_current, or needs_review (waits in the sync inbox)',
        description:
          'Position as percent, page with pages, or seconds with totalSeconds; finished to finish the read; reread to let progress go back or open a new read of a finished book. ' +
          'Opens a read when none is open, never moves progress backwards, never makes a second read or entry. With an Idempotency-Key header a replay answers the same and changes nothing (the key is kept a day).',
        headers: IdempotencyHeadersSchema,
        body: ProgressSyncInputSchema,
        response: { 200: ProgressSyncResultSchema },
      },
      'reading:write',
    ),
    async (req) => sync.progress(req.user!, req.body, req.headers['idempotency-key'] as string | undefined),
  )

  route.myPages(
    '/me/sync-inbox',
    { summary: 'Books your devices named that Shelfwise could not place, newest first (paged); bind each once', response: SyncInboxListSchema, scope: 'read' },
    sync.inbox,
  )

  route.byId(
    'post',
    '/me/sync-inbox/:id/bind',
    {
      summary: 'Bind an inbox item to a book: its last position is applied, and later syncs of the same identifier go straight to that book',
      params: SyncInboxIdParamsSchema,
      body: SyncInboxBindInputSchema,
      response: ProgressSyncResultSchema,
      scope: 'reading:write',
    },
    (actor, itemId, input) => sync.bind(actor, itemId, input.bookId),
  )

  route.mine(
    'get',
    '/me/sync-settings',
    { summary: 'Your sync settings: whether a device reporting the end of a book finishes the read', response: SyncSettingsSchema, scope: 'read' },
    sync.settings,
  )

  route.mine(
    'put',
    '/me/sync-settings',
    {
      summary: 'Change your sync settings: finishAtEnd finishes a read when a device reports 100 %, the last page or the last second',
      body: SyncSettingsInputSchema,
      response: SyncSettingsSchema,
      scope: 'reading:write',
    },
    sync.setSettings,
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BlockedPersonListSchema,
  FlaggedReaderListSchema,
  ModerationActionSchema,
  ModerationQuerySchema,
  ModerationReportListSchema,
  MutedWordsSchema,
  MutesSchema,
  ReportIdParamsSchema,
  ReportInputSchema,
  ReportListSchema,
  ReportSchema,
  SafetyBookParamsSchema,
  SafetyStateSchema,
  SafetyUserParamsSchema,
} from '@shelfwise/contracts'
import { routeOptions } from '#/route-options.ts'
import type { SafetyService } from '#/modules/safety/safety.service.ts'

// Blocks, mutes, reports and the moderators' queue (issue 24, points 4 to 6; decisions 0057, 0058).
export const safetyRoutes: FastifyPluginAsyncZod<{ safety: SafetyService; isNewAccount: (userId: string) => Promise<boolean> }> = async (
  app,
  { safety, isNewAccount },
) => {
  const route = routeOptions(app, 'safety')
  const reportLimit = app.rateLimits.perReader('reports', isNewAccount)

  route.byId(
    'get',
    '/users/:id/safety',
    {
      summary: 'Whether you blocked or muted a reader (the profile’s Block and Mute buttons)',
      params: SafetyUserParamsSchema,
      response: SafetyStateSchema,
    },
    safety.standing,
  )

  const aboutReader = { params: SafetyUserParamsSchema, response: SafetyStateSchema, scope: 'social:write' } as const
  route.toggle(
    '/users/:id/block',
    aboutReader,
    {
      summary:
        'Block a reader: neither of you can follow, like, comment on, reply to or mention the other, see the other’s profile and reading, or see the other’s reviews, comments and posts; the follows between you end',
      run: safety.block,
    },
    { summary: 'Lift a block (the follows that ended stay ended)', run: safety.unblock },
  )

  route.toggle(
    '/users/:id/mute',
    aboutReader,
    { summary: 'Mute a reader: their activity, posts and comments stay out of your feed and discussions; they are not told', run: safety.mute },
    { summary: 'Unmute a reader', run: safety.unmute },
  )

  route.toggle(
    '/books/:id/mute',
    { params: SafetyBookParamsSchema, response: z.object({ muted: z.boolean() }), scope: 'social:write' },
    { summary: 'Mute a book: activity about it stays out of your feed', run: safety.muteBook },
    { summary: 'Unmute a book', run: safety.unmuteBook },
  )

  route.myPages(
    '/me/blocks',
    { summary: 'The readers you blocked, newest first (paged with limit and cursor; 20 when no limit is given)', response: BlockedPersonListSchema },
    safety.blocks,
  )

  route.mine('get', '/me/mutes', { summary: 'The readers and books you muted, newest first (at most 500 of each)', response: MutesSchema }, safety.mutes)

  route.mine('get', '/me/muted-words', { summary: 'The words you muted', response: MutedWordsSchema }, safety.mutedWords)

  route.mine(
    'put',
    '/me/muted-words',
    {
      summary: 'Replace the words you muted (at most 100; case and accents do not matter): feed items and posts holding one stay out of your view',
      body: MutedWordsSchema,
      response: MutedWordsSchema,
      scope: 'social:write',
    },
    (actor, input) => safety.setMutedWords(actor, input.words),
  )

  app.post(
    '/reports',
    {
      ...route.signedIn(
        {
          summary: 'Report a review, comment, post, discussion, profile or book to the moderators (201; 200 with your open report of the same item)',
          body: ReportInputSchema,
          response: { 200: ReportSchema, 201: ReportSchema },
        },
        'social:write',
      ),
      preHandler: reportLimit,
    },
    async (req, reply) => {
      const { created, report } = await safety.report(req.user!, req.body)
      return reply.code(created ? 201 : 200).send(report)
    },
  )

  route.myPages(
    '/me/reports',
    { summary: 'Your reports and what the moderators decided, newest first (paged; 20 when no limit is given)', response: ReportListSchema },
    safety.myReports,
  )

  route.myPages(
    '/moderation/reports',
    {
      summary: 'Moderators: reports in a status (open by default), oldest first, each with the reported item, its writer and context (paged)',
      querystring: ModerationQuerySchema,
      response: ModerationReportListSchema,
      scope: 'session',
    },
    safety.queue,
  )

  route.byId(
    'post',
    '/moderation/reports/:id',
    {
      summary:
        'Moderators: decide a report with a note: hide the item (its thread shows “removed by the moderators”), restore it, or dismiss the report; every open report of the item gets the same outcome',
      params: ReportIdParamsSchema,
      body: ModerationActionSchema,
      response: ReportSchema,
      scope: 'session',
    },
    safety.decide,
  )

  route.mine(
    'get',
    '/moderation/flagged',
    { summary: 'Moderators: readers blocked by many others, most blocked first (at most 50)', response: FlaggedReaderListSchema, scope: 'session' },
    safety.flagged,
  )
}

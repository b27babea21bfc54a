import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  MERGE_PROPOSALS_DEFAULT_LIMIT,
  MERGE_PROPOSALS_MAX_LIMIT,
  MergeIdParamsSchema,
  MergeProposalInputSchema,
  MergeProposalListQuerySchema,
  MergeProposalListSchema,
  MergeProposalSchema,
  TRUSTED_READER,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import type { MergesService } from '#/modules/merges/merges.service.ts'
import { routeOptions } from '#/route-options.ts'

const tags = ['merges']
const security = [{ bearer: [] }]
const who =
  `A moderator, or a trusted reader (an account at least ${TRUSTED_READER.days} days old with at least ${TRUSTED_READER.reviews} reviews; ` +
  'not on their own proposal). Anyone else: 403.'

export const mergesRoutes: FastifyPluginAsyncZod<{ merges: MergesService }> = async (app, { merges }) => {
  const route = routeOptions(app, 'merges')
  app.post(
    '/merge-proposals',
    {
      schema: {
        tags,
        security,
        summary: 'Propose that two books are one work (kind work) or two editions of a book one printing (kind edition)',
        description:
          'Kind work: each id a book’s or an edition’s (taken as its book). Kind edition: two editions of one book (a book’s own id is its shown edition). ' +
          '201 with the proposal and both books side by side; 200 with the open proposal of the same pair when there is one. ' +
          '404 for an id naming no book or edition; 400 when the ids name one book (or edition) already, or editions of two books.',
        body: MergeProposalInputSchema,
        response: { 200: MergeProposalSchema, 201: MergeProposalSchema },
      },
      preValidation: app.requireUser,
    },
    async (req, reply) => {
      const { proposal, created } = await merges.propose(req.user!, req.body)
      return reply.code(created ? 201 : 200).send(proposal)
    },
  )

  app.get(
    '/merge-proposals',
    {
      schema: {
        tags,
        summary:
          'Merge proposals, open ones first, then applied and reverted ones, newest first within each; ' +
          `at most \`limit\` (default ${MERGE_PROPOSALS_DEFAULT_LIMIT}, at most ${MERGE_PROPOSALS_MAX_LIMIT}) per call, with X-Total-Count and Link rel="next"`,
        querystring: MergeProposalListQuerySchema,
        response: { 200: MergeProposalListSchema },
      },
    },
    async (req, reply) => sendPage(req, reply, await merges.list(req.query)),
  )

  app.get(
    '/merge-proposals/:id',
    {
      schema: {
        tags,
        summary: 'One merge proposal, with both books as they are now and its merge once applied',
        params: MergeIdParamsSchema,
        response: { 200: MergeProposalSchema },
      },
    },
    async (req) => merges.get(req.params.id),
  )

  route.byId(
    'post',
    '/merge-proposals/:id/apply',
    {
      summary: 'Apply an open proposal: every review, rating, read, shelf and list entry of the absorbed book moves to the one that stays',
      description: `${who} 404 for an unknown proposal; 409 when it is not open, or one of its books has been deleted or merged since.`,
      params: MergeIdParamsSchema,
      response: MergeProposalSchema,
    },
    merges.apply,
  )

  route.byId(
    'post',
    '/merges/:id/revert',
    {
      summary: 'Revert a merge in one step: the absorbed book is a book again with everything that moved; what readers wrote on the other since stays',
      description: `${who} 404 for an unknown merge; 409 when already reverted, when a later merge involves these books, or when the book that stayed is gone.`,
      params: MergeIdParamsSchema,
      response: MergeProposalSchema,
    },
    merges.revert,
  )
}

import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BookIdParamsSchema, UserIdParamsSchema } from '@shelfwise/contracts'
import { routeOptions } from '#/route-options.ts'
import type { FeedDocument, FeedsService } from '#/modules/feeds/feeds.service.ts'

const ATOM = 'application/atom+xml; charset=utf-8'

const atomResponse = {
  200: { description: 'An Atom 1.0 feed of the newest 50', content: { 'application/atom+xml': { schema: z.string() } } },
  304: { description: 'Not modified since the ETag or Last-Modified the request named', content: { 'application/atom+xml': { schema: z.null() } } },
}

/** The site's origin as the request reached it (behind a trusted proxy, as the proxy says). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`

/** Answers a feed, or 304 when the client's copy is current (If-None-Match first, else If-Modified-Since). */
function sendFeed(req: FastifyRequest, reply: FastifyReply, doc: FeedDocument) {
  const lastModified = new Date(doc.lastModified).toUTCString()
  // A caller who sent a token may get less (a block): their answer is theirs, never a shared cache's.
  const cache = req.headers.authorization ? 'private, max-age=300' : 'public, max-age=300'
  reply
    .header('etag', doc.etag)
    .header('last-modified', lastModified)
    .header('cache-control', cache)
    .header('vary', 'Authorization')
    .header('content-type', ATOM)
  const match = req.headers['if-none-match']
  const since = req.headers['if-modified-since']
  const fresh =
    match !== undefined
      ? match.split(',').some((t) => t.trim() === doc.etag || t.trim() === `W/${doc.etag}` || t.trim() === '*')
      : since !== undefined && !Number.isNaN(Date.parse(since)) && Math.floor(Date.parse(doc.lastModified) / 1000) <= Math.floor(Date.parse(since) / 1000)
  if (fresh) return reply.code(304).send(null)
  // Sent as bytes: no serializer touches the document.
  return reply.send(Buffer.from(doc.xml, 'utf8') as never)
}

export const feedsRoutes: FastifyPluginAsyncZod<{ feeds: FeedsService }> = async (app, { feeds }) => {
  const route = routeOptions(app, 'feeds')

  app.get(
    '/users/:id/reviews.atom',
    route.open({
      summary: 'A reader’s newest reviews as an Atom feed (ETag and Last-Modified: 304 when unchanged)',
      params: UserIdParamsSchema,
      response: atomResponse,
    }),
    async (req, reply) => sendFeed(req, reply, await feeds.userReviews(req.params.id, originOf(req))),
  )

  app.get(
    '/users/:id/reads.atom',
    route.open({
      summary: 'A reader’s newest finished reads as an Atom feed (ETag and Last-Modified: 304 when unchanged)',
      params: UserIdParamsSchema,
      response: atomResponse,
    }),
    async (req, reply) => sendFeed(req, reply, await feeds.userReads(req.params.id, originOf(req))),
  )

  app.get(
    '/books/:id/reviews.atom',
    route.viewer({
      summary:
        'A book’s newest reviews as an Atom feed (ETag and Last-Modified: 304 when unchanged); with a token, less the reviews of readers in a block with the caller',
      params: BookIdParamsSchema,
      response: atomResponse,
    }),
    async (req, reply) => sendFeed(req, reply, await feeds.bookReviews(req.params.id, originOf(req), req.user)),
  )
}

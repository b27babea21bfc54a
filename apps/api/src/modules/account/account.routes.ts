import { Readable } from 'node:stream'
import type { FastifyReply, FastifySchema } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AccountDeleteInputSchema, AccountExportSchema, EXPORT_FILE_NAMES } from '@shelfwise/contracts'
import { GOODREADS_EXPORT_COLUMNS } from '@shelfwise/library-files'
import { noStore } from '#/http-cache.ts'
import type { AccountService } from '#/modules/account/account.service.ts'
import { routeOptions } from '#/route-options.ts'

/** Sends text made piece by piece as a download: never kept by a browser or a shared cache (it is the reader's alone). */
const download = (reply: FastifyReply, type: string, fileName: string, pieces: AsyncIterable<string>) =>
  noStore(reply)
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    // A stream is sent as it is: no serializer, and no copy kept for reuse (plugins/compression.ts).
    .send(Readable.from(pieces) as never)

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const route = routeOptions(app, 'account')
  const { perIp, perAccount, costlyRead } = app.rateLimits
  /** An export of the caller's own data: signed in, and limited as a costly read is. */
  const exportOf = <S extends FastifySchema>(schema: S) => ({ ...route.signedIn(schema, 'session'), onRequest: costlyRead(() => 'export') })

  app.get(
    '/me/export/goodreads.csv',
    exportOf({
      summary: 'The caller’s library as a Goodreads “Export Library” CSV, for Goodreads, StoryGraph, BookWyrm or Hardcover to import',
      description:
        `The 24 columns of Goodreads’s export, in its order (${GOODREADS_EXPORT_COLUMNS.join(', ')}); one line per book with a status, ` +
        'a rating, a review or a finished read. ISBNs are written `="0593135202"`; dates YYYY/MM/DD, or as much of it as the reader gave; ' +
        'the review’s line breaks as `<br/>`. Exclusive Shelf: to-read, currently-reading, read, paused or did-not-finish. ' +
        `Sent as the attachment ${EXPORT_FILE_NAMES.goodreads}.`,
      response: {
        200: { description: 'The CSV file (UTF-8, lines ending in CR LF)', content: { 'text/csv': { schema: z.string() } } },
      },
    }),
    async (req, reply) => download(reply, 'text/csv; charset=utf-8', EXPORT_FILE_NAMES.goodreads, await account.goodreadsCsv(req.user!)),
  )

  app.get(
    '/me/export.json',
    exportOf({
      summary: 'Everything the caller owns: profile, statuses, reads with progress, ratings, reviews, follows, the books they listed, goals',
      description: `Sent as the attachment ${EXPORT_FILE_NAMES.json}. Dates of reads are as the reader gave them: YYYY, YYYY-MM or YYYY-MM-DD.`,
      response: { 200: AccountExportSchema },
    }),
    async (req, reply) => download(reply, 'application/json; charset=utf-8', EXPORT_FILE_NAMES.json, await account.exportJson(req.user!)),
  )

  app.delete(
    '/users/me',
    {
      ...route.signedIn(
        {
          summary: 'Close the caller’s account: checks the current password, then removes the account and the reader’s personal data',
          description:
            'In one transaction: reviews (taken out of their books’ averages and counts), ratings, statuses, reads and progress, lists, ' +
            'follows both ways, sessions and the profile; uploaded images are let go of and removed by the next sweeps. Books the reader ' +
            'listed, created or is credited on stay in the catalogue without the link to them. 400 when the password is wrong.',
          body: AccountDeleteInputSchema,
          response: { 204: z.null() },
        },
        'session',
      ),
      // Guessing the password with a stolen token is limited as a password change is.
      onRequest: perIp('account'),
      preHandler: perAccount('account', (req) => req.user?.id),
    },
    async (req, reply) => {
      await account.deleteAccount(req.user!, req.body)
      return reply.code(204).send(null)
    },
  )
}

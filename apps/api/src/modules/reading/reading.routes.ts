import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BookIdParamsSchema,
  LibraryCountsSchema,
  LibraryEntryListSchema,
  LibraryQuerySchema,
  PrivacyApplyInputSchema,
  PrivacyApplyResultSchema,
  PrivacyInputSchema,
  PrivacySchema,
  ReadIdParamsSchema,
  ReadInputSchema,
  ReadingEntrySchema,
  ReadingUpdateSchema,
  ReadSchema,
  UserIdParamsSchema,
} from '@shelfwise/contracts'
import { setPageHeaders } from '#/paging.ts'
import { sendShared } from '#/ready-json.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import { routeOptions } from '#/route-options.ts'

const statuses = 'Statuses: want (Want to Read), reading (Currently Reading), read, paused, dnf (Did Not Finish), or null for none.'
const privacy =
  'Who sees the reading log (statuses, reads, progress, shelves, stats, goals and the year in review; reviews stay public): ' +
  '`public` everyone, `followers` the readers who follow the caller, `private` only the caller (decision 0055).'
const dates = 'Dates are calendar dates kept as given: YYYY, YYYY-MM or YYYY-MM-DD.'

export const readingRoutes: FastifyPluginAsyncZod<{ reading: ReadingService }> = async (app, { reading }) => {
  const route = routeOptions(app, 'reading')
  app.get(
    '/books/:id/reading',
    route.signedIn({
      summary: 'The caller’s reading entry for a book: status, rating, the open read’s progress, and their reads',
      description: `${statuses} ${dates} A book the caller never logged answers status null and no reads.`,
      params: BookIdParamsSchema,
      response: { 200: ReadingEntrySchema },
    }),
    async (req) => reading.entry(req.user!, req.params.id),
  )

  app.put(
    '/books/:id/reading',
    route.signedIn(
      {
        summary: 'Set the caller’s status, rating (without a review) and progress for a book',
        description:
          `${statuses} Setting reading opens a read started today when none is open; read finishes the open read today, or adds one ` +
          'finished today; dnf stops the open read today. Progress applies to the open read (one is started today when none is open). ' +
          '`today` is the reader’s own date (YYYY-MM-DD) for what this call starts, finishes or stops; the server’s UTC date otherwise. ' +
          '`visibility` (public, followers, private) is who sees this book in the log; null follows the account’s default (GET /api/me/privacy).',
        params: BookIdParamsSchema,
        body: ReadingUpdateSchema,
        response: { 200: ReadingEntrySchema },
      },
      'reading:write',
    ),
    async (req) => reading.update(req.user!, req.params.id, req.body),
  )

  app.post(
    '/books/:id/reads',
    route.signedIn(
      {
        summary: 'Add a read of a book: a past one, a re-read, or one in progress',
        description: `${dates} A finish or stop is never before the start; a read is finished or stopped, not both. Only one read can be open at a time.`,
        params: BookIdParamsSchema,
        body: ReadInputSchema,
        response: { 201: ReadSchema },
      },
      'reading:write',
    ),
    async (req, reply) => reply.code(201).send(await reading.addRead(req.user!, req.params.id, req.body)),
  )

  app.put(
    '/reads/:id',
    route.signedIn(
      {
        summary: 'Change one of the caller’s reads (fields sent replace the old; null clears a date); 404 for anyone else’s',
        description: dates,
        params: ReadIdParamsSchema,
        body: ReadInputSchema,
        response: { 200: ReadSchema },
      },
      'reading:write',
    ),
    async (req) => reading.updateRead(req.user!, req.params.id, req.body),
  )

  app.delete(
    '/reads/:id',
    route.signedIn({ summary: 'Delete one of the caller’s reads for good; 404 for anyone else’s', params: ReadIdParamsSchema }, 'reading:write'),
    async (req, reply) => {
      await reading.deleteRead(req.user!, req.params.id)
      return reply.code(204).send()
    },
  )

  app.post(
    '/reads/:id/restore',
    route.signedIn(
      {
        summary: 'Bring back a read that Remove from Recently Read took off; 404 for anyone else’s',
        params: ReadIdParamsSchema,
        response: { 200: ReadSchema },
      },
      'reading:write',
    ),
    async (req) => reading.restoreRead(req.user!, req.params.id),
  )

  app.get(
    '/users/:id/library',
    route.viewer({
      summary: 'A reader’s books with a status, newest change first, one status or all',
      description:
        `${statuses} Pages with \`limit\` (default 50, at most 100) and \`cursor\` (X-Total-Count, Link rel="next"). ` +
        'Want to Read is private: only its reader sees it. `shelf` (a name, any letter case) keeps the books on one of the reader’s shelves: ' +
        'its reader sees every book on it, with a status or without; anyone else only a public shelf’s, as the library shows them (an unknown or private shelf: none). ' +
        '`owned=true` keeps the books the reader owns copies of (with a status or without), `owned=false` those they do not; `format` those whose copy is in that format ' +
        '(the copies’ format when the reader said it, else the format of the edition they read). Both are the reader’s own: anyone else gets an empty page. ' +
        'Each entry’s `owned` is sent to its reader only. ' +
        '`sort` orders the page: `finished` (the latest day of the reader’s reads), `added` (when the book entered the library), `rating`, `title` or `author` ' +
        '(then title), each by `order` `asc` or `desc` (default: desc for finished, added and rating; asc for title and author); ' +
        'books without the key (never finished, or finished on an unknown day; unrated) come last in both orders, ties by book id. Without `sort`: newest change first. ' +
        '`q` (at most 100 characters) keeps the books whose title or author holds every word, in any letter case, with or without accents. ' +
        'A cursor is good only for the sort, order and q it was made under: any other is a 400 naming the cursor.',
      params: UserIdParamsSchema,
      querystring: LibraryQuerySchema,
      response: { 200: LibraryEntryListSchema },
    }),
    async (req, reply) => {
      const page = await reading.library(req.params.id, req.user, req.query)
      setPageHeaders(req, reply, page)
      return sendShared(req, reply, page.items)
    },
  )

  app.get(
    '/users/:id/library/counts',
    route.viewer({
      summary: 'How many of a reader’s books have each status (Want to Read only for its reader)',
      params: UserIdParamsSchema,
      response: { 200: LibraryCountsSchema },
    }),
    async (req) => reading.libraryCounts(req.params.id, req.user),
  )

  app.get(
    '/me/privacy',
    route.signedIn({ summary: 'The caller’s default for who sees their reading log', description: privacy, response: { 200: PrivacySchema } }),
    async (req) => reading.privacy(req.user!),
  )

  app.put(
    '/me/privacy',
    route.signedIn(
      {
        summary: 'Set the caller’s default for who sees their reading log',
        description: `${privacy} Every book without its own visibility follows the default, those logged before as those logged after.`,
        body: PrivacyInputSchema,
        response: { 200: PrivacySchema },
      },
      'session',
    ),
    async (req) => reading.setPrivacy(req.user!, req.body),
  )

  app.post(
    '/me/privacy/apply',
    route.signedIn(
      {
        summary: 'Make a visibility the default and every past entry’s (books’ own choices are cleared); answers how many entries change',
        description: `${privacy} With \`dryRun\` true nothing changes: the answer previews how many entries would.`,
        body: PrivacyApplyInputSchema,
        response: { 200: PrivacyApplyResultSchema },
      },
      'session',
    ),
    async (req) => reading.applyPrivacy(req.user!, req.body),
  )
}

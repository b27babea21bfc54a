import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_NOTE_KINDS,
  ImportIdParamsSchema,
  ImportJobListSchema,
  ImportJobSchema,
  ImportRowListSchema,
  ImportRowParamsSchema,
  ImportRowResolveSchema,
  ImportRowSchema,
  ImportRowsQuerySchema,
  ImportUploadQuerySchema,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { noStore } from '#/http-cache.ts'
import { acceptOneFile, readOneFile, type OneFileUpload } from '#/one-file-upload.ts'
import type { ImportsService } from '#/modules/imports/imports.service.ts'

/** The export, in the multipart field `file`: 400 when there is none, 413 past 10 MB. */
const exportFile: OneFileUpload = {
  field: 'file',
  noun: 'file',
  maxBytes: IMPORT_LIMITS.maxBytes,
  noFile: IMPORT_MESSAGES.noFile,
  tooLarge: IMPORT_MESSAGES.tooLarge,
}

/**
 * The export's name and bytes, as the pieces they arrived in (joined, 10 MB were one copy of ~60 ms
 * on a busy machine, the server waiting).
 */
const readExportFile = (req: FastifyRequest) =>
  readOneFile(req, exportFile, async (part) => {
    const bytes: Buffer[] = []
    for await (const chunk of part.file) bytes.push(chunk as Buffer)
    return { name: part.filename, bytes }
  })

const tags = ['imports']
const security = [{ bearer: [] }]
const outcomes =
  'Outcomes: pending (not looked at yet), imported (changed the library), unchanged (all of it was there), needs_review (several books may be it: choose), failed (with the reason), skipped (left out by the reader).'

export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  const { costlyRead } = app.rateLimits
  // The upload in a scope of its own: multipart is parsed there only; the other routes take JSON.
  await app.register(async (scope) => {
    await acceptOneFile(scope, exportFile)
    const upload = scope.withTypeProvider<ZodTypeProvider>()
    upload.post(
      '/imports',
      {
        schema: {
          tags,
          security,
          summary: 'Import a Goodreads or StoryGraph library export (multipart field "file", CSV, at most 10 MB and 50,000 rows)',
          description:
            'The file is checked whole first: 400 naming the missing columns when it is not such an export, or the line of a broken CSV; ' +
            '413 past 10 MB or 50,000 rows, or when the caller’s imports kept here would pass 30 MB of files or 50 imports (each is removed 30 days after it finished); ' +
            '409 while another import of the caller’s is queued or running; nothing is kept then. Otherwise the import runs in the background (202): ' +
            'follow it with GET /api/imports/{id}. `source` (goodreads or storygraph) is found from the columns when not given. ' +
            'Imports add at most 1,000 books to the catalogue and post at most 500 reviews a day (UTC) per reader: rows past that fail saying so, to be looked at again the next day.',
          consumes: ['multipart/form-data'],
          querystring: ImportUploadQuerySchema,
          response: { 202: ImportJobSchema },
        },
        // Checked before the body is read, so nobody streams 10 MB at us without a token.
        onRequest: upload.requireUser,
      },
      async (req, reply) => reply.code(202).send(await imports.start(req.user!, await readExportFile(req), req.query.source)),
    )
  })

  app.get(
    '/imports',
    {
      schema: { tags, security, summary: 'The caller’s imports, newest first (the last 20)', response: { 200: ImportJobListSchema } },
      preValidation: app.requireUser,
    },
    async (req) => imports.list(req.user!),
  )

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An import’s progress and counts',
        description:
          'status: queued, running, done or failed (message says why). processed of total rows so far; imported, unchanged, needsReview, failed and skipped count the rows by outcome; ' +
          'created counts the rows that added their book to the catalogue, editionsAttached those whose edition was added to a work the catalogue had; ' +
          'notes: how many rows have each kind of note ([{kind, count}], kinds no row has left out; list them with GET /api/imports/{id}/rows?note=KIND). ' +
          'keptUntil: when the import and its rows are removed (30 days after it finished).',
        params: ImportIdParamsSchema,
        response: { 200: ImportJobSchema },
      },
      preValidation: app.requireUser,
    },
    async (req) => imports.get(req.user!, req.params.id),
  )

  app.get(
    '/imports/:id/rows',
    {
      schema: {
        tags,
        security,
        summary: 'An import’s rows with their fate and notes, in file order (filter with outcome=needs_review,failed and note=KIND)',
        description:
          `${outcomes} Each row has notes: [{kind, message}] (kinds: ${IMPORT_NOTE_KINDS.join(', ')}), ` +
          'actions: what the reader can do with it now (choose, create, retry, skip; none once settled), and correctable: what a retry may correct. ' +
          'note=KIND lists only the rows with a note of that kind (400 naming an unknown kind). Paged: limit (at most 500) and cursor; X-Total-Count and Link headers.',
        params: ImportIdParamsSchema,
        querystring: ImportRowsQuerySchema,
        response: { 200: ImportRowListSchema },
      },
      preValidation: app.requireUser,
    },
    async (req, reply) => sendPage(req, reply, await imports.rows(req.user!, req.params.id, req.query)),
  )

  app.get(
    '/imports/:id/rows.csv',
    {
      schema: {
        tags,
        security,
        summary: 'The rows that did not import (needs_review and failed, or the outcomes asked for) as CSV, with the file’s own columns',
        params: ImportIdParamsSchema,
        querystring: ImportRowsQuerySchema.pick({ outcome: true }),
        produces: ['text/csv'],
      },
      // A whole report written out: counted as an export of the reader's data, before any work.
      onRequest: costlyRead(() => 'export'),
      preValidation: app.requireUser,
    },
    async (req, reply) => {
      const { name, lines } = await imports.rowsCsv(req.user!, req.params.id, req.query.outcome)
      // Sent as it is read, page by page: no serializer, and no copy kept for reuse (plugins/compression.ts).
      return noStore(reply)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`)
        .send(Readable.from(lines) as never)
    },
  )

  app.post(
    '/imports/:id/rows/:line/resolve',
    {
      schema: {
        tags,
        security,
        summary: 'Settle a row that waits or failed: choose a candidate, create the book from the row, correct and retry, or skip',
        description:
          'Body: {action: "choose", bookId} (one of the row’s candidates), {action: "create"}, {action: "retry", title?, author?, isbn?, dateRead?, rating?, readCount?} or {action: "skip"}. ' +
          'A retry writes what it is sent into the row’s cells as the export writes them and reads the row again, so a row that could not be read is corrected in place; ' +
          '400 saying what is still wrong leaves the row as it was. ' +
          'Answers the row with its new outcome; the import’s counts follow. A row is settled once: 409 while the import runs, and for a row ' +
          'already imported, unchanged or skipped (resolves sent at once: one goes through, the others get 409).',
        params: ImportRowParamsSchema,
        body: ImportRowResolveSchema,
        response: { 200: ImportRowSchema },
      },
      preValidation: app.requireUser,
    },
    async (req) => imports.resolve(req.user!, req.params.id, req.params.line, req.body),
  )
}

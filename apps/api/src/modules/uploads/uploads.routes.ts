import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import { LIMITS, MESSAGES, UploadResultSchema } from '@shelfwise/contracts'
import { AppError, badRequest } from '#/errors.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // Multipart is parsed only inside this plugin; any other kind of body sent here is not an upload.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_req, _payload, done) => done(badRequest(MESSAGES.noImage)))
  await app.register(multipart, {
    limits: { files: 1, fileSize: LIMITS.uploadBytesMax, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: 10, headerPairs: 100 },
  })

  app.post(
    '/upload',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Upload an image (multipart field "image", JPEG/PNG/WebP/GIF, at most 5 MB); stored as WebP. 429 past the reader’s uploads of the day, 413 when their images fill their room',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 201: UploadResultSchema },
      },
      // Checked before the body is read, so nobody streams 5 MB at us without a token.
      onRequest: app.requireUser,
    },
    async (req, reply) => reply.code(201).send(await uploads.storeImage(req.user!, () => readImageField(req))),
  )
}

/** The bytes of the multipart file field `image`; 400 when there is none, 413 past 5 MB. */
async function readImageField(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(MESSAGES.noImage)
  try {
    const part = await req.file()
    if (!part) throw badRequest(MESSAGES.noImage)
    if (part.fieldname !== 'image') {
      part.file.resume() // drain it, so the request ends cleanly
      throw badRequest(MESSAGES.noImage)
    }
    // Buffered in memory (at most 5 MB) and written only once decoded, so no partial file is left behind.
    const bytes = await part.toBuffer()
    // toBuffer only throws when a chunk arrives after the cut; over a real socket the cut can be the last chunk.
    if (part.file.truncated) throw new AppError('payload_too_large', MESSAGES.fileTooLarge)
    return bytes
  } catch (err) {
    if (err instanceof AppError) throw err
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', MESSAGES.fileTooLarge)
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('payload_too_large', 'Send one image in the field "image" and nothing else')
    }
    // A body that claims to be multipart but is not well-formed (no boundary, cut short).
    throw badRequest(MESSAGES.noImage)
  }
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LIMITS, MESSAGES, UploadResultSchema } from '@shelfwise/contracts'
import { acceptOneFile, readOneFile, type OneFileUpload } from '#/one-file-upload.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'

/** The image, in the multipart field `image`: 400 when there is none, 413 past 5 MB. */
const image: OneFileUpload = { field: 'image', noun: 'image', maxBytes: LIMITS.uploadBytesMax, noFile: MESSAGES.noImage, tooLarge: MESSAGES.fileTooLarge }

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // Multipart is parsed only inside this plugin; any other kind of body sent here is not an upload.
  await acceptOneFile(app, image)

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
    async (req, reply) =>
      reply.code(201).send(
        await uploads.storeImage(req.user!, () =>
          // Buffered in memory (at most 5 MB) and written only once decoded, so no partial file is left behind.
          readOneFile(req, image, (part) => part.toBuffer()),
        ),
      ),
  )
}

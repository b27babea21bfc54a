import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart, { type MultipartFile } from '@fastify/multipart'
import { AppError, badRequest } from '#/errors.ts'

/** An upload of one file in one multipart field, and what a wrong one is told. */
export interface OneFileUpload {
  /** The multipart field the file comes in. */
  field: string
  /** What the file is called in the 413 for extra parts ('image', 'file'). */
  noun: string
  maxBytes: number
  /** 400: no file, a body that is not multipart, or one that is not well-formed. */
  noFile: string
  /** 413: the file is over maxBytes. */
  tooLarge: string
}

/** Makes `scope` parse multipart bodies only, one file and a few small fields at most; any other body is a 400. */
export async function acceptOneFile(scope: FastifyInstance, upload: OneFileUpload): Promise<void> {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', (_req, _payload, done) => done(badRequest(upload.noFile)))
  await scope.register(multipart, {
    limits: { files: 1, fileSize: upload.maxBytes, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: 10, headerPairs: 100 },
  })
}

/** Reads the upload's file with `read`; 400 when there is none, 413 past its size or with more parts than the file. */
export async function readOneFile<T>(req: FastifyRequest, upload: OneFileUpload, read: (part: MultipartFile) => Promise<T>): Promise<T> {
  if (!req.isMultipart()) throw badRequest(upload.noFile)
  try {
    const part = await req.file()
    if (!part) throw badRequest(upload.noFile)
    if (part.fieldname !== upload.field) {
      part.file.resume() // drain it, so the request ends cleanly
      throw badRequest(upload.noFile)
    }
    const value = await read(part)
    // Reading only throws when a chunk arrives after the cut; over a real socket the cut can be the last chunk.
    if (part.file.truncated) throw new AppError('payload_too_large', upload.tooLarge)
    return value
  } catch (err) {
    if (err instanceof AppError) throw err
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', upload.tooLarge)
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('payload_too_large', `Send one ${upload.noun} in the field "${upload.field}" and nothing else`)
    }
    // A body that claims to be multipart but is not well-formed (no boundary, cut short).
    throw badRequest(upload.noFile)
  }
}

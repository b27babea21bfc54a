import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { MESSAGES, validationSentence, type ErrorBody, type ErrorCode } from '@shelfwise/contracts'
import { AppError } from '#/errors.ts'
import { isConnectionError } from '#/db/portable.ts'

const where = { body: 'body', querystring: 'query', params: 'path', headers: 'header' } as const

const codeForStatus = (status: number): ErrorCode =>
  status === 401
    ? 'unauthorized'
    : status === 404
      ? 'not_found'
      : status === 409
        ? 'conflict'
        : status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : 'bad_request'

/** One error body for every failure: `{message, code}`; a 5xx never carries internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status: number
    let body: ErrorBody
    if (err instanceof AppError) {
      status = err.status
      body = { message: err.message, code: err.code }
      if (err.headers) reply.headers(err.headers)
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const part = where[(err.validationContext ?? 'body') as keyof typeof where] ?? 'request'
      const issues = err.validation.map((v) => {
        const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
        const params = v.params as { issue?: { message?: string } } | undefined
        const message = params?.issue?.message ?? v.message ?? 'is invalid'
        // A missing or non-object body reads better as one plain sentence than as zod's type talk.
        if (!path && /expected object/.test(message)) return { path: part, message: `must be a JSON object` }
        return { path: path || part, message }
      })
      const first = issues[0]!
      status = 400
      // The message is one plain sentence naming the field; `issues` keeps the paths for clients that want them.
      body = { message: validationSentence(first.path, first.message), code: 'validation_failed', issues }
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      status = 413
      body = { message: err.code === 'FST_REQ_FILE_TOO_LARGE' ? MESSAGES.fileTooLarge : MESSAGES.bodyTooLarge, code: 'payload_too_large' }
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      status = 400
      body = { message: 'The request body is not valid JSON', code: 'bad_request' }
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode
      body = { message: err.message, code: codeForStatus(status) }
    } else if (isConnectionError(err)) {
      req.log.error({ err }, 'database unavailable')
      status = 503
      body = { message: MESSAGES.unavailable, code: 'unavailable' }
      reply.header('retry-after', '5')
    } else {
      req.log.error({ err }, 'unexpected error')
      status = 500
      body = { message: MESSAGES.internal, code: 'internal' }
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body)
  })
}

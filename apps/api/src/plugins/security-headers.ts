import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import helmet from 'helmet'
import { MESSAGES, THEME_SCRIPT, type ErrorBody } from '@shelfwise/contracts'

/**
 * The Content-Security-Policy of every response. The built web app loads only its own scripts and
 * one inline script, allowed by its hash: THEME_SCRIPT, which picks the colour scheme before the
 * first paint (index.html's head); MUI's Emotion injects <style> tags at run time, hence 'unsafe-inline' for styles
 * only; book covers may come from any https host.
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'", `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const

const HSTS = 'max-age=31536000; includeSubDomains'

/** Names the upload service gives files: a random name and .webp, nothing else is ever served. */
export const UPLOAD_NAME = /^\/[A-Za-z0-9_-]+\.webp$/

/**
 * Headers of an uploaded image: its one real type, never sniffed, never run as a page; and shown on
 * any origin (Cross-Origin-Resource-Policy), so a client served from elsewhere can show avatars.
 */
export function setUploadHeaders(reply: FastifyReply) {
  reply.header('Content-Type', 'image/webp')
  reply.header('X-Content-Type-Options', 'nosniff')
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox")
  // On the raw response, where the first hook set same-origin for every answer.
  reply.raw.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
}

const HELMET = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // Sent by our own hook, only over TLS: over plain HTTP it would be ignored or, worse, pin a dev host.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Covers come from other hosts without CORP headers; requiring them would blank every external cover.
  crossOriginEmbedderPolicy: false,
} as const

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()'

/**
 * Helmet's headers for our options, worked out once. They never depend on the request (no CSP
 * nonces), and building helmet's middleware per request, as @fastify/helmet does, cost about 5 % of
 * a small answer's server time.
 */
function staticHelmetHeaders(): [string, string][] {
  const headers: [string, string][] = []
  const res = {
    setHeader: (name: string, value: string | string[]) => void headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]),
    removeHeader: () => {},
  }
  helmet(HELMET)({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return headers
}

const HEADERS = staticHelmetHeaders()

const setSecurityHeaders = (req: FastifyRequest, reply: FastifyReply) => {
  // On the raw response, as helmet itself does, so they survive whatever Fastify does with its own.
  const raw = reply.raw
  for (const [name, value] of HEADERS) raw.setHeader(name, value)
  reply.header('Permissions-Policy', PERMISSIONS_POLICY)
  if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS)
}

/**
 * Helmet's headers on every response, errors and 404s included (set in the first onRequest hook,
 * before anything can fail), and HSTS only when the request came over TLS: directly, or via a
 * trusted proxy's X-Forwarded-Proto (TRUST_PROXY).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    setSecurityHeaders(req, reply)
    done()
  })
}

/**
 * Fastify's `frameworkErrors`: the few answers it gives before any hook runs (a broken %-escape in
 * the path, a path part past maxParamLength), with the same headers and `{message, code}` body.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  setSecurityHeaders(req, reply)
  const [status, body]: [number, ErrorBody] =
    err.code === 'FST_ERR_BAD_URL'
      ? [400, { message: 'The address is not valid: it has a broken %-escape', code: 'bad_request' }]
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, { message: 'A part of the address is too long', code: 'bad_request' }]
        : [500, { message: MESSAGES.internal, code: 'internal' }]
  if (status === 500) req.log.error({ err }, 'unexpected framework error')
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive; the connection is closed'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
}
const NOT_HTTP: [number, string, string] = [400, 'Bad Request', 'The request is not well-formed HTTP']

/**
 * Fastify's `clientErrorHandler`: the answers Node gives before a request reaches Fastify (broken
 * HTTP, headers past 16 KB, a request that took too long to arrive), written on the socket with the
 * same security headers and `{message, code}` body as every other answer, then the connection closed.
 */
export function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? NOT_HTTP
  this.log.debug({ err: { code: err.code, message: err.message } }, 'client error')
  // Nothing may be written once an answer has begun: it would corrupt it.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message, code: 'bad_request' } satisfies ErrorBody)
    const headers = [
      ...HEADERS,
      ['Permissions-Policy', PERMISSIONS_POLICY],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ['Connection', 'close'],
    ]
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`)
  }
  socket.destroySoon()
}

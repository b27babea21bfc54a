import zlib from 'node:zlib'
import type { FastifyCompressOptions } from '@fastify/compress'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'

// Compression of answers (@fastify/compress), with two choices of ours for the API's JSON:
//
// - Brotli quality 2 instead of the plugin's 4. A 20 KB page of books takes about half the time
//   (measured 75 µs against 155 µs here) for an answer about 8 % larger (5.2 KB against 4.8 KB).
//   Files (the web app's scripts) keep quality 4: they are few and long-lived in caches.
// - Answers that come out as the very same text again (the first page of the catalogue, a popular
//   search's page, the recent reviews) reuse the bytes compressed the last time, per path and
//   Accept-Encoding. The text is compared in full, so a changed answer is always compressed anew;
//   the plugin still chooses the encoding and makes every first answer. Besides the time, this
//   spares the memory: each compression allocates the encoder's tables (a few hundred KB), and at
//   thousands of answers a second that churn alone grew the process by tens of MB.

/** The encodings offered, best first. */
const ENCODINGS: ('br' | 'gzip' | 'deflate')[] = ['br', 'gzip', 'deflate']

/** Answers smaller than this are sent as they are: compressing them saves too little. */
const THRESHOLD = 1024
/** Answers up to this size are compressed in line (no stream, no worker thread), whatever the number of cores. */
const SYNC_MAX = 128 * 1024
/** At most this much (texts and their compressed bytes) is kept for reuse. */
const KEPT_MAX = 8 * 1024 * 1024

/** The plugin's options for files and pages: its defaults, our encodings. */
export const FILE_COMPRESSION: FastifyCompressOptions = { threshold: THRESHOLD, encodings: ENCODINGS }

/** The options of every /api/ route (set per route: see app.ts). */
export const API_COMPRESSION: FastifyCompressOptions = {
  ...FILE_COMPRESSION,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
  syncThreshold: SYNC_MAX,
}

interface Kept {
  text: string
  encoding: string
  bytes: Buffer
}

/** Compressed answers by Accept-Encoding and path, oldest first out once past `maxSize`. */
export function createAnswerStore(maxSize = KEPT_MAX) {
  const kept = new Map<string, Kept>()
  let size = 0
  const sizeOf = (k: Kept) => k.text.length + k.bytes.length
  return {
    /** The kept answer when its text is exactly `text`. */
    find(key: string, text: string): Kept | undefined {
      const hit = kept.get(key)
      return hit && hit.text === text ? hit : undefined
    },
    keep(key: string, entry: Kept) {
      const old = kept.get(key)
      if (old) {
        size -= sizeOf(old)
        kept.delete(key)
      }
      kept.set(key, entry)
      size += sizeOf(entry)
      for (const [k, v] of kept) {
        if (size <= maxSize) break
        size -= sizeOf(v)
        kept.delete(k)
      }
    },
  }
}

const PENDING = Symbol('answer to keep')
type WithPending = FastifyReply & { [PENDING]?: { key: string; text: string } }

/**
 * Adds the reuse of compressed answers to every GET route under /api/. Call after registering
 * @fastify/compress: its onSend hook then runs between ours, so ours see the text before it and the
 * compressed bytes after it.
 */
export function registerAnswerReuse(app: FastifyInstance, store = createAnswerStore()) {
  const keyOf = (req: FastifyRequest) => `${req.headers['accept-encoding'] ?? ''}\n${req.url}`

  const before: onSendHookHandler = (req, reply, payload, done) => {
    if (
      typeof payload !== 'string' ||
      payload.length < THRESHOLD ||
      reply.statusCode !== 200 ||
      reply.hasHeader('content-encoding') ||
      req.headers['x-no-compression'] !== undefined ||
      !req.headers['accept-encoding']
    ) {
      return done(null, payload)
    }
    const key = keyOf(req)
    const hit = store.find(key, payload)
    if (!hit) {
      ;(reply as WithPending)[PENDING] = { key, text: payload }
      return done(null, payload)
    }
    // What the plugin would have sent for this text; it leaves an encoded answer alone.
    const vary = reply.getHeader('vary')
    if (vary === undefined) reply.header('vary', 'accept-encoding')
    else if (!String(vary).includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`)
    reply.header('content-encoding', hit.encoding)
    done(null, hit.bytes)
  }

  const after: onSendHookHandler = (_req, reply, payload, done) => {
    const pending = (reply as WithPending)[PENDING]
    const encoding = reply.getHeader('content-encoding')
    if (pending && Buffer.isBuffer(payload) && typeof encoding === 'string' && encoding !== 'identity') {
      store.keep(pending.key, { text: pending.text, encoding, bytes: payload })
    }
    done(null, payload)
  }

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!route.url.startsWith('/api/') || !methods.includes('GET')) return
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]
    route.onSend = [before, ...existing, after]
  })
}

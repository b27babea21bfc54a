import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

// The serialising layer of answers shared by many requests. A large JSON answer that many requests
// share (the profile of a reader with thousands of followers, a busy feed) is worth serialising
// once and compressing once per encoding, then sending as those bytes: checking a 242 KB profile id
// by id against its schema, stringifying it and compressing it cost ~10 ms per request, sending the
// kept bytes well under one. Services only say which answers they keep (a Shared answer, the same
// object while kept, under a version of its data: see users.service); this layer serialises and
// compresses each kept one once, in the encodings the compression plugin offers (brotli at quality
// 4, where per-request API answers get 2: made once per version, so more effort buys smaller bytes),
// and keeps the bytes exactly as long as the service keeps the answer.

export type Encoding = 'br' | 'gzip' | 'deflate'

/** Smaller (or unkept) answers go the ordinary way: the compression plugin handles them (it skips under 1 KB). */
const PRECOMPRESS_FROM = 8 * 1024

/** The encodings the app offers, best first (as registered with @fastify/compress in app.ts). */
const OFFERED: readonly Encoding[] = ['br', 'gzip', 'deflate']

const compressors: Record<Encoding, (text: string) => Buffer> = {
  br: (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } }),
  gzip: (text) => gzipSync(text),
  deflate: (text) => deflateSync(text),
}

/** A JSON answer serialised once; each compressed form is made on first use and kept with it. */
export class ReadyJson {
  readonly text: string
  /** True when the answer is kept for later requests: only then are its compressed forms worth keeping. */
  readonly kept: boolean
  readonly #encoded = new Map<Encoding, Buffer>()

  constructor(text: string, kept = false) {
    this.text = text
    this.kept = kept
  }

  /** The answer compressed with an encoding (made once). */
  encoded(encoding: Encoding): Buffer {
    let bytes = this.#encoded.get(encoding)
    if (!bytes) {
      bytes = compressors[encoding](this.text)
      this.#encoded.set(encoding, bytes)
    }
    return bytes
  }

  /** Roughly what it holds in memory, for a cache's bound: the text (one byte a character, JSON of ids is ASCII) and its compressed forms. */
  get size(): number {
    let n = this.text.length
    for (const b of this.#encoded.values()) n += b.length
    return n
  }
}

/**
 * The encoding to answer with, from an Accept-Encoding header: the highest q-value among those
 * offered, ties in the offered order; none for a missing header, identity, or only q=0.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const weights = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim())
    if (!name) continue
    const q = params.find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0)
  }
  let best: Encoding | undefined
  let bestWeight = 0
  for (const encoding of OFFERED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = encoding
      bestWeight = weight
    }
  }
  return best
}

/**
 * An answer a service hands to many requests: while `kept`, the same object every time (held in the
 * service's cache), so what this layer makes of it is made once.
 */
export interface Shared<T> {
  readonly value: T
  readonly kept: boolean
}

export const shared = <T>(value: T, kept: boolean): Shared<T> => ({ value, kept })

/** Each kept answer's text and compressed forms, for as long as its service keeps the answer. */
const serialised = new WeakMap<Shared<unknown>, ReadyJson>()

/** The answer as JSON text with its compressed forms; a kept answer's are made once. */
export function readyJsonOf(answer: Shared<unknown>): ReadyJson {
  if (!answer.kept) return new ReadyJson(JSON.stringify(answer.value))
  let ready = serialised.get(answer)
  if (!ready) {
    ready = new ReadyJson(JSON.stringify(answer.value), true)
    serialised.set(answer, ready)
  }
  return ready
}

/**
 * Sends a shared answer as JSON. A large kept one goes out as its kept compressed bytes when the
 * client accepts one of the app's encodings (the compression plugin leaves an answer with a
 * Content-Encoding alone); any other goes out as text, which the plugin compresses as usual.
 */
export function sendShared(req: FastifyRequest, reply: FastifyReply, shared: Shared<unknown>): FastifyReply {
  const answer = readyJsonOf(shared)
  reply.type('application/json; charset=utf-8')
  const encoding =
    answer.kept && answer.text.length >= PRECOMPRESS_FROM && req.headers['x-no-compression'] === undefined
      ? negotiateEncoding(req.headers['accept-encoding'])
      : undefined
  if (!encoding) return reply.send(answer.text)
  const vary = reply.getHeader('vary')
  if (!vary) reply.header('vary', 'accept-encoding')
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`)
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding))
}

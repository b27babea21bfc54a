import http from 'node:http'
import sharp from 'sharp'
import { multipart } from '../../support/multipart.ts'

// Requests whose body arrives slowly, so a test knows they are in flight when it signals the server.

export interface SlowRequest {
  /** Sends the rest of the body in pieces over `overMs`, then ends the request. */
  finish: (overMs?: number) => Promise<void>
  /** The answer; status 0 with `error` when the connection was cut. */
  answer: Promise<{ status: number; body: any; error?: string; at: number }>
}

export function slowRequest(o: {
  port: number
  method: string
  path: string
  headers: Record<string, string>
  body: Buffer
  agent: http.Agent | false
  /** How much of the body to send at once; the rest waits for finish(). */
  sendFirst: number
}): SlowRequest {
  const req = http.request({
    host: '127.0.0.1',
    port: o.port,
    method: o.method,
    path: o.path,
    agent: o.agent,
    headers: { ...o.headers, 'content-length': String(o.body.length) },
  })
  const answer = new Promise<{ status: number; body: any; error?: string; at: number }>((resolve) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString()
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, body, at: performance.now() })
      })
      res.on('error', (err) => resolve({ status: 0, body: undefined, error: (err as NodeJS.ErrnoException).code ?? err.message, at: performance.now() }))
    })
    req.on('error', (err) => resolve({ status: 0, body: undefined, error: (err as NodeJS.ErrnoException).code ?? err.message, at: performance.now() }))
  })
  req.write(o.body.subarray(0, o.sendFirst))
  return {
    answer,
    finish: async (overMs = 1000) => {
      const rest = o.body.subarray(o.sendFirst)
      const pieces = 10
      const size = Math.ceil(rest.length / pieces)
      for (let i = 0; i < pieces; i++) {
        if (req.destroyed) return
        req.write(rest.subarray(i * size, (i + 1) * size))
        await new Promise((r) => setTimeout(r, overMs / pieces))
      }
      req.end()
    },
  }
}

/** A JSON body as bytes, with its headers. */
export const jsonBody = (value: unknown, token: string) => ({
  body: Buffer.from(JSON.stringify(value)),
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
})

/** A multipart upload of `image` as bytes, with its headers. */
export function multipartImage(image: Buffer, token: string, filename = 'photo.png') {
  const { payload, headers } = multipart([{ name: 'image', value: image, filename, contentType: 'image/png' }])
  return { body: payload, headers: { ...headers, authorization: `Bearer ${token}` } }
}

/** A noisy PNG of about `side`² × 3 bytes (noise does not compress), so it takes a while to send. */
export const noisyPng = (side: number, seed = 40) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: seed } } })
    .png()
    .toBuffer()

/** Resolves with the error code of a fresh connection to the port: 'ECONNREFUSED' once nobody listens. */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume()
      resolve(`HTTP ${res.statusCode}`)
    })
    req.on('error', (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message))
    req.setTimeout(3000, () => req.destroy(new Error('timeout')))
  })
}

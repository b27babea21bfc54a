import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.ts'

// Slow and silent connections on a real socket: a stalled body, a body or headers sent a byte at a
// time, a connection that says nothing, an idle keep-alive connection; and Node's own early answers
// (broken HTTP, huge headers, too slow), which carry the security headers and our error body.
// The deadlines are shortened here (seconds in production: README, settings).

const SETTINGS = { HEADERS_TIMEOUT: '1', REQUEST_TIMEOUT: '3.5', IDLE_TIMEOUT: '2', KEEP_ALIVE_TIMEOUT: '0.2' }

interface Conn {
  socket: Socket
  /** Everything the server has sent so far. */
  received: () => string
  /** Resolves when the server closes the connection, with the time since it was opened. */
  closed: Promise<number>
}

const HARDENED = [
  /^content-security-policy: default-src 'self';/im,
  /^x-content-type-options: nosniff$/im,
  /^x-frame-options: DENY$/im,
  /^referrer-policy: no-referrer$/im,
  /^cross-origin-opener-policy: same-origin$/im,
  /^cross-origin-resource-policy: same-origin$/im,
  /^permissions-policy: camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)$/im,
]

/** The status line, header block and body of a raw answer. */
function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head: head.replaceAll('\r\n', '\n'), body }
}

/** Node's own early answer, dressed as ours: the status, the security headers and {message, code: 'bad_request'}. */
function expectEarlyAnswer(raw: string, status: number, message: string) {
  const res = parse(raw)
  expect(res.status).toBe(status)
  for (const h of HARDENED) expect(res.head).toMatch(h)
  expect(JSON.parse(res.body)).toEqual({ message, code: 'bad_request' })
  return res
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// Each test has its own connection: they run side by side.
describe.concurrent('slow and silent connections', () => {
  let ctx: TestContext & { close(): Promise<void> }
  let port: number
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', SETTINGS)
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    port = (ctx.app.server.address() as { port: number }).port
  })
  afterAll(async () => {
    await ctx.close()
  })

  const open = (): Promise<Conn> =>
    new Promise((resolve, reject) => {
      const started = Date.now()
      const socket = connect(port, '127.0.0.1')
      let data = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        data += chunk
      })
      socket.on('error', () => {})
      const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - started)))
      socket.once('connect', () => resolve({ socket, received: () => data, closed }))
      socket.once('error', reject)
    })

  /** Writes the text one character every `everyMs`, stopping when the server closes the connection. */
  const drip = async (c: Conn, text: string, everyMs: number) => {
    let open = true
    void c.closed.then(() => {
      open = false
    })
    for (const ch of text) {
      if (!open) return
      c.socket.write(ch)
      await sleep(everyMs)
    }
  }

  const postHead = (length: number) => `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

  it('cuts a request whose body stalls once the connection has been silent for IDLE_TIMEOUT', async () => {
    const c = await open()
    c.socket.write(`${postHead(100)}{"email":`)
    const after = await c.closed
    expect(after).toBeLessThan(2000 + 1500)
    expect(after).toBeGreaterThanOrEqual(1900)
    // Nothing was answered to a request that never finished.
    expect(c.received()).toBe('')
  })

  it('cuts a body sent a byte at a time at REQUEST_TIMEOUT, with a 408 carrying the security headers', async () => {
    const c = await open()
    c.socket.write(postHead(1000))
    await drip(c, 'x'.repeat(1000), 300)
    const after = await c.closed
    expect(after).toBeLessThan(3500 + 1500)
    expectEarlyAnswer(c.received(), 408, 'The request took too long to arrive; the connection is closed')
  })

  it('cuts headers sent a byte at a time at HEADERS_TIMEOUT, with a 408', async () => {
    const c = await open()
    await drip(c, `GET /api/books HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'y'.repeat(200)}`, 200)
    const after = await c.closed
    expect(after).toBeLessThan(1000 + 1500)
    expect(parse(c.received()).status).toBe(408)
  })

  it('closes a connection that never sends a byte', async () => {
    const c = await open()
    expect(await c.closed).toBeLessThan(2000 + 1500)
  })

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT, having answered its request', async () => {
    const c = await open()
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n')
    const after = await c.closed
    expect(parse(c.received()).status).toBe(200)
    expect(c.received()).toMatch(/keep-alive/i)
    // Before the idle deadline: the keep-alive one (plus the 1 s Node adds to it) applies between requests.
    expect(after).toBeLessThan(1900)
  })

  it('answers broken HTTP with a 400 carrying the security headers and {message, code}', async () => {
    const c = await open()
    c.socket.write('GET /api/books HTTP/1.1\r\nHost localhost\r\n\r\n')
    await c.closed
    const res = expectEarlyAnswer(c.received(), 400, 'The request is not well-formed HTTP')
    expect(res.head).toMatch(/^content-type: application\/json; charset=utf-8$/im)
  })

  it('answers headers past 16 KB with a 431 carrying the security headers', async () => {
    const c = await open()
    c.socket.write(`GET /api/books HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'z'.repeat(20_000)}\r\n\r\n`)
    await c.closed
    expectEarlyAnswer(c.received(), 431, 'The request headers are too large')
  })

  it('still answers a request that arrives in time, body and all', async () => {
    const c = await open()
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'whatever-it-is' })
    c.socket.write(postHead(Buffer.byteLength(body)))
    await drip(c, body, 10)
    await sleep(300)
    expect(parse(c.received()).status).toBe(401)
    c.socket.destroy()
  })
})

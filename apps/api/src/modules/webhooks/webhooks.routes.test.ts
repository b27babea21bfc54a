import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CreatedWebhookSchema,
  ErrorBodySchema,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WebhookDeliveryListSchema,
  WebhookListSchema,
  WebhookPayloadSchema,
  type WebhookEvent,
} from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { callerOf } from '../../../test/support/calls.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'
import { createWebhooksService } from '#/modules/webhooks/webhooks.service.ts'
import { claimDueDeliveries, insertWebhook } from '#/modules/webhooks/webhooks.repository.ts'
import { LEASE_MS, RETRY_BASE_MS, RETRY_WINDOW_MS } from '#/modules/webhooks/webhooks.worker.ts'

const ABSENT_ID = '01900000-0000-7000-8000-000000000000'

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/**
 * A loopback receiver: records every POST and answers, per path, the next status queued for it in
 * `answers`, else the path's `always` status, else 200.
 */
function receiver() {
  const got: Received[] = []
  const answers = new Map<string, number[]>()
  const always = new Map<string, number>()
  let server: Server
  let base = ''
  let n = 0
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (c: string) => (body += c))
      req.on('end', () => {
        const path = req.url ?? '/'
        got.push({ path, headers: req.headers, body })
        const status = answers.get(path)?.shift() ?? always.get(path) ?? 200
        res.writeHead(status, { 'content-type': 'text/plain' }).end('receiver says hello')
      })
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => new Promise<void>((ok) => server.close(() => ok())))
  return {
    got,
    answers,
    always,
    base: () => base,
    /** A new path of its own on the receiver, so each test's answers stay apart. */
    newUrl: () => `${base}/hook/${++n}`,
  }
}

/** Whether a signature header verifies with the secret over `t + "." + body`, as a receiver checks it. */
function verifies(header: string, secret: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
  if (!m) return false
  const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest()
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'))
}

/** A worker of its own on the suite's database, on a clock the test moves. */
function workerOn(ctx: TestContext, allowPrivate = true) {
  // A second ahead of the events the test makes just before, so they are due.
  const clock = { now: Date.now() + 1_000 }
  const service = () => createWebhooksService({ db: ctx.db, allowPrivate, pollMs: 0, worker: { now: () => clock.now, random: () => 1 } })
  return { clock, run: () => service().deliverDue(50), sweep: () => service().sweepLog() }
}

describeEachDialect(
  'webhooks routes',
  (ctx) => {
    const call = callerOf(ctx)
    const hook = receiver()

    async function makeHook(token: string, events: WebhookEvent[] = ['review.published'], url = hook.newUrl()) {
      const res = await call('POST', '/api/me/webhooks', token, { url, events })
      expect(res.statusCode, res.body).toBe(201)
      return CreatedWebhookSchema.parse(res.json())
    }
    const log = async (token: string, id: string) => {
      const res = await call('GET', `/api/me/webhooks/${id}/deliveries`, token)
      expect(res.statusCode, res.body).toBe(200)
      return WebhookDeliveryListSchema.parse(res.json())
    }
    const review = async (token: string) => {
      const book = await insertBook(ctx.db)
      const res = await call('POST', `/api/reviews/book/${book.id}`, token, { rating: 4, comment: 'A <fine> & "quiet" book' })
      expect(res.statusCode, res.body).toBe(201)
      return { bookId: book.id, reviewId: (res.json() as { _id: string })._id }
    }
    const receivedFor = (deliveryId: string) => hook.got.filter((r) => r.headers['shelfwise-delivery'] === deliveryId)

    describe('POST, GET and DELETE /api/me/webhooks', () => {
      it('registers a hook, shows its secret once and lists it without the secret', async () => {
        const reader = await insertUser(ctx.db)
        const created = await makeHook(reader.token, ['review.published', 'read.finished'])
        expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/)
        expect(created).toMatchObject({ events: ['read.finished', 'review.published'], disabledAt: null, disabledReason: null })
        const list = await call('GET', '/api/me/webhooks', reader.token)
        expect(list.statusCode).toBe(200)
        expect(list.body).not.toContain(created.secret)
        const { secret: _, ...shown } = created
        expect(WebhookListSchema.parse(list.json())).toEqual([shown])
      })

      it('refuses what is not an http(s) URL, unknown events and an empty list, naming the field', async () => {
        const reader = await insertUser(ctx.db)
        for (const [body, field] of [
          [{ url: 'ftp://example.com/x', events: ['review.published'] }, /url/i],
          [{ url: 'https://user:pw@example.com/x', events: ['review.published'] }, /url/i],
          [{ url: 'https://example.com/x', events: ['book.burned'] }, /events/i],
          [{ url: 'https://example.com/x', events: [] }, /events/i],
          [{ url: `https://example.com/${'x'.repeat(WEBHOOK_LIMITS.urlMax)}`, events: ['review.published'] }, /url/i],
        ] as const) {
          const res = await call('POST', '/api/me/webhooks', reader.token, body)
          expect(res.statusCode, res.body).toBe(400)
          expect(ErrorBodySchema.parse(res.json()).message).toMatch(field)
        }
      })

      it('answers 401 without a token, before looking at the body', async () => {
        for (const [method, url] of [
          ['POST', '/api/me/webhooks'],
          ['GET', '/api/me/webhooks'],
          ['DELETE', `/api/me/webhooks/${ABSENT_ID}`],
          ['GET', `/api/me/webhooks/${ABSENT_ID}/deliveries`],
        ] as const) {
          const res = await call(method, url, undefined, method === 'POST' ? { url: 'nope' } : undefined)
          expect(res.statusCode, `${method} ${url}`).toBe(401)
        }
      })

      it(`keeps at most ${WEBHOOK_LIMITS.hooksPerReader} hooks per reader`, async () => {
        const reader = await insertUser(ctx.db)
        for (let i = 0; i < WEBHOOK_LIMITS.hooksPerReader; i++) await makeHook(reader.token)
        const res = await call('POST', '/api/me/webhooks', reader.token, { url: hook.newUrl(), events: ['review.published'] })
        expect(res.statusCode).toBe(409)
        expect(res.json()).toEqual({ message: WEBHOOK_MESSAGES.tooMany, code: 'conflict' })
      })

      it('deletes a hook with its log; absent and another reader’s are both 404', async () => {
        const owner = await insertUser(ctx.db)
        const other = await insertUser(ctx.db)
        const created = await makeHook(owner.token)
        for (const [method, url] of [
          ['DELETE', `/api/me/webhooks/${created._id}`],
          ['GET', `/api/me/webhooks/${created._id}/deliveries`],
          ['DELETE', `/api/me/webhooks/${ABSENT_ID}`],
        ] as const) {
          const res = await call(method, url, other.token)
          expect(res.statusCode).toBe(404)
          expect(res.json()).toEqual({ message: WEBHOOK_MESSAGES.notFound, code: 'not_found' })
        }
        await review(owner.token)
        expect(await log(owner.token, created._id)).toHaveLength(1)
        expect((await call('DELETE', `/api/me/webhooks/${created._id}`, owner.token)).statusCode).toBe(204)
        expect((await call('DELETE', `/api/me/webhooks/${created._id}`, owner.token)).statusCode).toBe(404)
        const left = await ctx.db.selectFrom('webhookDeliveries').select('id').where('webhookId', '=', created._id).execute()
        expect(left).toEqual([])
      })
    })

    describe('deliveries', () => {
      /** A reader with a hook, a worker to send its deliveries, and the delivery of the reader's new review, still pending. */
      const pendingDelivery = async () => {
        const reader = await insertUser(ctx.db)
        const created = await makeHook(reader.token)
        const worker = workerOn(ctx)
        const published = await review(reader.token)
        const [entry] = await log(reader.token, created._id)
        return { reader, created, worker, published, entry }
      }

      it('POSTs a signed delivery of a published review that verifies with the hook’s secret', async () => {
        const {
          reader,
          created,
          worker,
          published: { bookId, reviewId },
          entry,
        } = await pendingDelivery()
        expect(entry).toMatchObject({ event: 'review.published', state: 'pending', attempts: 0, deliveredAt: null })
        await worker.run()
        const [got] = receivedFor(entry!._id)
        expect(got).toBeDefined()
        expect(got!.headers['content-type']).toBe('application/json')
        expect(verifies(String(got!.headers['shelfwise-signature']), created.secret, got!.body)).toBe(true)
        expect(verifies(String(got!.headers['shelfwise-signature']), `${created.secret}x`, got!.body)).toBe(false)
        expect(Number(/^t=(\d+)/.exec(String(got!.headers['shelfwise-signature']))![1])).toBe(Math.floor(worker.clock.now / 1000))
        const payload = WebhookPayloadSchema.parse(JSON.parse(got!.body))
        expect(payload).toMatchObject({ id: entry!._id, event: 'review.published', data: { reviewId, bookId, rating: 4, comment: 'A <fine> & "quiet" book' } })
        const [after] = await log(reader.token, created._id)
        expect(after).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, lastError: null, nextAttemptAt: null })
        expect(after!.deliveredAt).not.toBeNull()
      })

      it('sends only the events a hook asked for: progress and a finished read from the reading log', async () => {
        const reader = await insertUser(ctx.db)
        const created = await makeHook(reader.token, ['reading.progress', 'read.finished'])
        const book = await insertBook(ctx.db, { pageCount: 300 })
        expect((await call('PUT', `/api/books/${book.id}/reading`, reader.token, { progress: { page: 42 } })).statusCode).toBe(200)
        expect((await call('PUT', `/api/books/${book.id}/reading`, reader.token, { status: 'read' })).statusCode).toBe(200)
        const events = (await log(reader.token, created._id)).map((d) => d.event)
        expect(events.sort()).toEqual(['read.finished', 'reading.progress'])
        const worker = workerOn(ctx)
        await worker.run()
        const bodies = hook.got
          .filter((r) => (JSON.parse(r.body) as { data: { bookId?: string } }).data.bookId === book.id)
          .map((r) => WebhookPayloadSchema.parse(JSON.parse(r.body)))
        expect(bodies.find((b) => b.event === 'reading.progress')?.data).toMatchObject({ bookId: book.id, progress: { page: 42 } })
      })

      it('retries a failing receiver with growing waits, always with the same delivery id, until it answers', async () => {
        const { reader, created, worker, entry } = await pendingDelivery()
        hook.answers.set(new URL(created.url).pathname, [500, 503])
        await worker.run()
        const first = (await log(reader.token, created._id))[0]!
        expect(first).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500, lastError: 'HTTP 500: receiver says hello' })
        // The first wait is RETRY_BASE_MS (the test's jitter is its longest); nothing is due before.
        expect(Date.parse(first.nextAttemptAt!)).toBe(worker.clock.now + RETRY_BASE_MS)
        worker.clock.now += RETRY_BASE_MS - 1_000
        expect(await worker.run()).toBe(0)
        worker.clock.now += 1_000
        expect(await worker.run()).toBe(1)
        const second = (await log(reader.token, created._id))[0]!
        expect(second).toMatchObject({ attempts: 2, lastStatus: 503 })
        expect(Date.parse(second.nextAttemptAt!)).toBe(worker.clock.now + 2 * RETRY_BASE_MS)
        worker.clock.now += 2 * RETRY_BASE_MS
        await worker.run()
        expect((await log(reader.token, created._id))[0]).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200 })
        const got = receivedFor(entry!._id)
        expect(got).toHaveLength(3)
        expect(new Set(got.map((g) => JSON.parse(g.body).id))).toEqual(new Set([entry!._id]))
        for (const g of got) expect(verifies(String(g.headers['shelfwise-signature']), created.secret, g.body)).toBe(true)
      })

      it('stops after a day of failures: the hook is disabled, says why, and gets no new deliveries', async () => {
        const reader = await insertUser(ctx.db)
        const created = await makeHook(reader.token)
        const worker = workerOn(ctx)
        const start = worker.clock.now
        await review(reader.token)
        hook.always.set(new URL(created.url).pathname, 500)
        let attempts = 0
        for (let i = 0; i < 100; i++) {
          await worker.run()
          attempts++
          const [d] = await log(reader.token, created._id)
          if (d!.state !== 'pending') break
          worker.clock.now = Date.parse(d!.nextAttemptAt!)
        }
        const [d] = await log(reader.token, created._id)
        expect(d).toMatchObject({ state: 'failed', attempts, nextAttemptAt: null })
        // Waits double from 30 s up to an hour: about 30 attempts fit in a day, and none past it.
        expect(attempts).toBeGreaterThan(20)
        expect(attempts).toBeLessThan(40)
        expect(worker.clock.now - start).toBeLessThanOrEqual(RETRY_WINDOW_MS)
        const [listed] = WebhookListSchema.parse((await call('GET', '/api/me/webhooks', reader.token)).json())
        expect(listed!.disabledAt).not.toBeNull()
        expect(listed!.disabledReason).toMatch(/failed for a day/)
        await review(reader.token)
        expect(await log(reader.token, created._id)).toHaveLength(1)

        // Turned back on by its reader (another reader's call is 404): new events are delivered again; the missed one is not resent.
        const stranger = await insertUser(ctx.db)
        expect((await call('POST', `/api/me/webhooks/${created._id}/enable`, stranger.token)).statusCode).toBe(404)
        hook.always.delete(new URL(created.url).pathname)
        const enabled = await call('POST', `/api/me/webhooks/${created._id}/enable`, reader.token)
        expect(enabled.statusCode, enabled.body).toBe(200)
        expect(enabled.json()).toMatchObject({ _id: created._id, disabledAt: null, disabledReason: null })
        await review(reader.token)
        await workerOn(ctx).run()
        const after = await log(reader.token, created._id)
        expect(after.map((x) => x.state)).toEqual(['delivered', 'failed'])
      })

      it('keeps the delivery log 30 days: a sweep deletes settled deliveries older than that, never one still to go or another hook’s newer ones', async () => {
        const reader = await insertUser(ctx.db)
        const created = await makeHook(reader.token)
        await review(reader.token)
        await review(reader.token)
        await workerOn(ctx).run()
        await review(reader.token)
        // Two delivered and one still due; all three made 31 days ago.
        const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString()
        await ctx.db.updateTable('webhookDeliveries').set({ createdAt: longAgo }).where('webhookId', '=', created._id).execute()
        const fresh = await makeHook(reader.token)
        await review(reader.token)
        const worker = workerOn(ctx)
        expect(await worker.sweep()).toBeGreaterThanOrEqual(2)
        // Left: the old one still due, and the new event's (one per hook).
        expect((await log(reader.token, created._id)).map((d) => d.state)).toEqual(['pending', 'pending'])
        expect((await log(reader.token, fresh._id)).map((d) => d.state)).toEqual(['pending'])
        await worker.run()
        expect((await log(reader.token, created._id)).map((d) => d.state)).toEqual(['delivered', 'delivered'])
      })

      it('takes back a delivery whose worker died once its lease ends, and delivers it with the same id', async () => {
        const { reader, created, worker, entry } = await pendingDelivery()
        // A worker claims it and dies before sending.
        const t = new Date(worker.clock.now).toISOString()
        const claimed = await claimDueDeliveries(ctx.db, t, new Date(worker.clock.now + LEASE_MS).toISOString(), 50)
        expect(claimed.map((c) => c.id)).toContain(entry!._id)
        worker.clock.now += LEASE_MS - 1_000
        await worker.run()
        expect(receivedFor(entry!._id)).toHaveLength(0)
        worker.clock.now += 1_000
        await worker.run()
        expect(receivedFor(entry!._id)).toHaveLength(1)
        expect((await log(reader.token, created._id))[0]).toMatchObject({ state: 'delivered', attempts: 2 })
      })

      it('never sends one attempt twice when several workers claim at once', async () => {
        const reader = await insertUser(ctx.db)
        const created = await makeHook(reader.token, ['library.changed'])
        for (let i = 0; i < 12; i++) {
          const book = await insertBook(ctx.db)
          expect((await call('PUT', `/api/users/addtowishlist/${book.id}`, reader.token)).statusCode).toBe(200)
        }
        const ids = (await log(reader.token, created._id)).map((d) => d._id)
        expect(ids).toHaveLength(12)
        const workers = [workerOn(ctx), workerOn(ctx), workerOn(ctx)]
        await Promise.all(workers.map((w) => w.run()))
        for (const id of ids) expect(receivedFor(id), id).toHaveLength(1)
      })
    })

    it('removes the hooks and their logs with the account, and exports the hooks without secrets', async () => {
      const reader = await insertUser(ctx.db)
      const created = await makeHook(reader.token)
      await review(reader.token)
      const exported = await call('GET', '/api/me/export.json', reader.token)
      expect(exported.statusCode).toBe(200)
      expect(exported.body).not.toContain(created.secret)
      expect((exported.json() as { webhooks: unknown }).webhooks).toEqual([
        { url: created.url, events: ['review.published'], createdAt: created.createdAt, disabled: false },
      ])
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${reader.token}` },
        payload: { password: 'correct-horse-battery' },
      })
      expect(res.statusCode, res.body).toBe(204)
      expect(await ctx.db.selectFrom('webhooks').select('id').where('userId', '=', reader.id).execute()).toEqual([])
      expect(await ctx.db.selectFrom('webhookDeliveries').select('id').where('userId', '=', reader.id).execute()).toEqual([])
    })
  },
  { WEBHOOKS_ALLOW_PRIVATE: 'true' },
)

describeEachDialect('webhooks to private addresses', (ctx) => {
  const call = callerOf(ctx)
  const hook = receiver()

  it('refuses URLs on loopback, private and link-local addresses with a clear 400', async () => {
    const reader = await insertUser(ctx.db)
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'https://api.localhost/x',
      'http://10.1.2.3/x',
      'http://172.20.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[fe80::1]/x',
      'http://[fd00::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
    ]) {
      const res = await call('POST', '/api/me/webhooks', reader.token, { url, events: ['review.published'] })
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toEqual({ message: WEBHOOK_MESSAGES.privateUrl, code: 'bad_request' })
    }
    const ok = await call('POST', '/api/me/webhooks', reader.token, { url: 'https://93.184.216.34/hook', events: ['review.published'] })
    expect(ok.statusCode, ok.body).toBe(201)
  })

  it('refuses at delivery time a host name that resolves to a private address (DNS rebinding)', async () => {
    const reader = await insertUser(ctx.db)
    // As if the name had resolved to a public address when the hook was made.
    const url = `${hook.base().replace('127.0.0.1', 'localhost')}/rebound`
    const made = await insertWebhook(ctx.db, {
      id: '01900000-0000-7000-8000-0000000000aa',
      userId: reader.id,
      url,
      events: ['review.published'],
      secret: 'whsec_x',
      createdAt: new Date().toISOString(),
    })
    const book = await insertBook(ctx.db)
    expect((await call('POST', `/api/reviews/book/${book.id}`, reader.token, { rating: 3, comment: 'ok' })).statusCode).toBe(201)
    await workerOn(ctx, false).run()
    expect(hook.got).toHaveLength(0)
    const [d] = WebhookDeliveryListSchema.parse((await call('GET', `/api/me/webhooks/${made._id}/deliveries`, reader.token)).json())
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null })
    expect(d!.lastError).toMatch(/private address/)
  })
})

import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  NotificationListSchema,
  NotificationSchema,
  NotificationSettingsSchema,
  NotificationWithdrawnSchema,
  type Notification,
  type NotificationWithdrawn,
} from '@shelfwise/contracts'
import { anotherInstance, describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertReaders, insertReview, insertUser } from '../../../test/support/factories.ts'
import { createNotificationsService } from '#/modules/notifications/notifications.service.ts'

type Reader = Awaited<ReturnType<typeof insertUser>>

const client = (ctx: TestContext, app: () => FastifyInstance = () => ctx.app) => {
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    app().inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
  return {
    call,
    async list(token: string, query = ''): Promise<Notification[]> {
      const res = await call('GET', `/api/me/notifications${query}`, token)
      expect(res.statusCode).toBe(200)
      return NotificationListSchema.parse(res.json())
    },
    async unread(token: string): Promise<number> {
      const res = await call('GET', '/api/me/notifications/unread-count', token)
      expect(res.statusCode).toBe(200)
      return res.json().count as number
    },
  }
}

/** A live stream read over real HTTP: every `notification` event it got, with its id, and every `withdrawn` one. */
async function openStream(base: string, auth: { token?: string; ticket?: string; lastEventId?: string }) {
  const controller = new AbortController()
  const headers: Record<string, string> = {}
  if (auth.token) headers.authorization = `Bearer ${auth.token}`
  if (auth.lastEventId) headers['last-event-id'] = auth.lastEventId
  const url = `${base}/api/me/notifications/stream${auth.ticket ? `?ticket=${encodeURIComponent(auth.ticket)}` : ''}`
  const res = await fetch(url, { headers, signal: controller.signal })
  const events: { id: string; item: Notification }[] = []
  const withdrawals: NotificationWithdrawn[] = []
  let ended = false
  const done = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const fields = Object.fromEntries(block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]))
          if (fields.event === 'notification') events.push({ id: fields.id!, item: NotificationSchema.parse(JSON.parse(fields.data!)) })
          if (fields.event === 'withdrawn') withdrawals.push(NotificationWithdrawnSchema.parse(JSON.parse(fields.data!)))
        }
      }
    } catch {
      // aborted
    }
    ended = true
  })()
  return {
    status: res.status,
    events,
    withdrawals,
    async waitForWithdrawn(id: string, ms = 2000): Promise<NotificationWithdrawn> {
      const until = Date.now() + ms
      for (;;) {
        const hit = withdrawals.find((w) => w.ids.includes(id))
        if (hit) return hit
        if (Date.now() > until) throw new Error(`no withdrawn event for ${id} within ${ms} ms; got ${JSON.stringify(withdrawals)}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    get ended() {
      return ended
    },
    async waitFor(pred: (n: Notification) => boolean, ms = 2000): Promise<Notification> {
      const until = Date.now() + ms
      for (;;) {
        const hit = events.find((e) => pred(e.item))
        if (hit) return hit.item
        if (Date.now() > until) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.map((e) => e.item))}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    async close() {
      controller.abort()
      await done
    },
  }
}

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

describeEachDialect('notifications', (ctx) => {
  const api = client(ctx)
  const other = anotherInstance(ctx)
  const apiB = client(ctx, other)
  let baseA = ''
  let baseB = ''
  let ana: Reader, ben: Reader, cy: Reader, dee: Reader
  let reviewId: string
  let bookId: string

  beforeAll(async () => {
    ;[ana, ben, cy, dee] = await insertReaders(ctx.db, ['ana', 'ben', 'cy', 'dee'], (n) => ({ username: `${n}_${ctx.dialect}`, name: n.toUpperCase() }))
    const book = await insertBook(ctx.db, { title: 'Emma' })
    bookId = book.id
    reviewId = (await insertReview(ctx.db, { bookId, userId: ana.id, rating: 5 })).id
    baseA = await listen(ctx.app)
    baseB = await listen(other())
  })
  afterAll(async () => {
    await other().close()
  })

  it('groups likes on one review while unread: the newest readers first, counted, never the reader’s own', async () => {
    expect(await api.list(ana.token)).toEqual([])
    expect((await api.call('PUT', `/api/reviews/${reviewId}/like`, ana.token)).statusCode).toBe(200)
    expect(await api.list(ana.token)).toEqual([])
    for (const r of [ben, cy, dee]) expect((await api.call('PUT', `/api/reviews/${reviewId}/like`, r.token)).statusCode).toBe(200)
    // Taking a like back and giving it again counts the reader once: the take-back withdrew them
    // (decision 0052, "Withdrawn"), the new like puts them back as the newest.
    await api.call('DELETE', `/api/reviews/${reviewId}/like`, ben.token)
    await api.call('PUT', `/api/reviews/${reviewId}/like`, ben.token)
    const [n, ...rest] = await api.list(ana.token)
    expect(rest).toEqual([])
    expect(n).toMatchObject({ type: 'review_like', count: 3, readAt: null, target: { type: 'review', id: reviewId, bookId, title: 'Emma', parentId: null } })
    expect(n!.actors.map((a) => a.username)).toEqual([ben.username, dee.username, cy.username])
    expect(await api.unread(ana.token)).toBe(1)
  })

  it('marks one or all read; a like after that starts a new group', async () => {
    const [n] = await api.list(ana.token)
    // Another reader's ids change nothing.
    expect((await api.call('POST', '/api/me/notifications/read', ben.token, { ids: [n!._id] })).json()).toEqual({ marked: 0 })
    expect((await api.call('POST', '/api/me/notifications/read', ana.token, { ids: [n!._id] })).json()).toEqual({ marked: 1 })
    expect(await api.unread(ana.token)).toBe(0)
    const other = await insertUser(ctx.db)
    await api.call('PUT', `/api/reviews/${reviewId}/like`, other.token)
    const list = await api.list(ana.token)
    expect(list.map((x) => [x.type, x.count, x.readAt === null])).toEqual([
      ['review_like', 1, true],
      ['review_like', 3, false],
    ])
    const all = await api.call('POST', '/api/me/notifications/read', ana.token)
    expect(all.body).toBe('{"marked":1}')
    expect(await api.unread(ana.token)).toBe(0)
  })

  it('tells of a follower, a comment, a reply and a mention, each reader once', async () => {
    const who = await insertUser(ctx.db)
    expect((await api.call('PUT', `/api/users/follow/${who.id}`, ben.token)).statusCode).toBe(200)
    const [f] = await api.list(who.token)
    expect(f).toMatchObject({ type: 'follow', count: 1, target: { type: 'user', id: who.id } })

    const top = await api.call('POST', `/api/reviews/${reviewId}/comments`, ben.token, { text: 'Lovely review' })
    expect(top.statusCode).toBe(201)
    const reply = await api.call('POST', `/api/reviews/${reviewId}/comments`, cy.token, {
      text: `Agreed @${ben.username} and @${dee.username}`,
      parentId: top.json()._id,
    })
    expect(reply.statusCode).toBe(201)
    const forAna = (await api.list(ana.token)).filter((n) => n.readAt === null)
    expect(forAna.map((n) => [n.type, n.count])).toEqual([['review_comment', 2]])
    // Ben is answered (and named): one notification, the reply.
    expect((await api.list(ben.token)).map((n) => [n.type, n.target.type, n.target.parentId])).toEqual([['comment_reply', 'comment', reviewId]])
    expect((await api.list(dee.token)).map((n) => n.type)).toEqual(['mention'])
    const like = await api.call('PUT', `/api/comments/${top.json()._id}/like`, dee.token)
    expect(like.statusCode).toBe(200)
    expect((await api.list(ben.token)).map((n) => n.type)).toEqual(['comment_like', 'comment_reply'])
  })

  it('tells of replies to a post and of new posts in a thread the reader joined', async () => {
    const t = await api.call('POST', `/api/books/${bookId}/discussions`, ana.token, { title: 'Ending?', text: 'What did you think' })
    expect(t.statusCode).toBe(201)
    const id = t.json()._id as string
    const p = await api.call('POST', `/api/discussions/${id}/posts`, ben.token, { text: 'Loved it' })
    expect(p.statusCode).toBe(201)
    await api.call('POST', `/api/discussions/${id}/posts`, cy.token, { text: 'Me too', parentId: p.json()._id })
    const forBen = (await api.list(ben.token)).filter((n) => n.target.parentId === id)
    expect(forBen.map((n) => [n.type, n.target.type, n.target.title])).toEqual([['post_reply', 'post', 'Ending?']])
    const forAna = (await api.list(ana.token)).filter((n) => n.target.id === id)
    expect(forAna.map((n) => [n.type, n.count, n.target.title])).toEqual([['discussion_reply', 2, 'Ending?']])
  })

  it('keeps quiet about a kind the reader turned off', async () => {
    const me = await insertUser(ctx.db)
    const r = await api.call('PUT', '/api/me/notification-settings', me.token, { follow: false })
    expect(r.statusCode).toBe(200)
    expect(NotificationSettingsSchema.parse(r.json())).toMatchObject({ follow: false, review_like: true })
    expect((await api.call('PUT', '/api/me/notification-settings', me.token, { nope: true })).statusCode).toBe(400)
    expect((await api.call('PUT', '/api/me/notification-settings', me.token, { follow: 'no' })).statusCode).toBe(400)
    await api.call('PUT', `/api/users/follow/${me.id}`, ben.token)
    expect(await api.list(me.token)).toEqual([])
    expect((await api.call('GET', '/api/me/notification-settings', me.token)).json()).toMatchObject({ follow: false })
  })

  it('answers 401 without a token and refuses bad input by name', async () => {
    for (const [m, u] of [
      ['GET', '/api/me/notifications'],
      ['GET', '/api/me/notifications/unread-count'],
      ['POST', '/api/me/notifications/read'],
      ['POST', '/api/me/notifications/ticket'],
      ['GET', '/api/me/notifications/stream'],
      ['GET', '/api/me/notification-settings'],
    ] as const)
      expect((await api.call(m, u)).statusCode).toBe(401)
    const bad = await api.call('POST', '/api/me/notifications/read', ana.token, { ids: ['x'] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Ids 1 must be a valid id')
    expect((await api.call('GET', '/api/me/notifications?limit=0', ana.token)).statusCode).toBe(400)
    expect((await api.call('GET', '/api/me/notifications?cursor=zzz', ana.token)).statusCode).toBe(400)
  })

  it('pages newest first with a cursor', async () => {
    const me = await insertUser(ctx.db)
    for (let i = 0; i < 5; i++) await api.call('PUT', `/api/users/follow/${me.id}`, (await insertUser(ctx.db)).token)
    const svc = createNotificationsService({ db: ctx.db, databaseUrl: ctx.config.databaseUrl })
    // Five follows make one group; five kinds of things make five rows.
    for (let i = 0; i < 4; i++)
      await ctx.db
        .transaction()
        .execute((trx) => svc.notify(trx, { recipientId: me.id, type: 'import_finished', target: { type: 'import', id: crypto.randomUUID(), title: 'done' } }))
    await svc.live.close()
    const first = await api.call('GET', '/api/me/notifications?limit=2', me.token)
    expect(first.headers['x-total-count']).toBe('5')
    const seen = NotificationListSchema.parse(first.json())
    let link = first.headers.link as string | undefined
    while (link) {
      const next = await api.call('GET', `/api/me/notifications?${new URL(link.slice(1, link.indexOf('>')), 'http://x').searchParams}`, me.token)
      seen.push(...NotificationListSchema.parse(next.json()))
      link = next.headers.link as string | undefined
    }
    expect(seen).toHaveLength(5)
    expect(new Set(seen.map((n) => n._id)).size).toBe(5)
    expect(seen.map((n) => n.createdAt)).toEqual([...seen.map((n) => n.createdAt)].sort().reverse())
    expect(seen.at(-1)).toMatchObject({ type: 'follow', count: 5 })
  })

  it('streams a like made through another instance within 2 seconds', async () => {
    const me = await insertUser(ctx.db)
    const mine = (await insertReview(ctx.db, { bookId, userId: me.id, rating: 4 })).id
    const stream = await openStream(baseA, { token: me.token })
    expect(stream.status).toBe(200)
    await new Promise((r) => setTimeout(r, 100))
    const started = Date.now()
    expect((await apiB.call('PUT', `/api/reviews/${mine}/like`, ben.token)).statusCode).toBe(200)
    const got = await stream.waitFor((n) => n.type === 'review_like' && n.target.id === mine)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(got.count).toBe(1)
    // The group grows: the same item again, with the new count.
    await apiB.call('PUT', `/api/reviews/${mine}/like`, cy.token)
    expect((await stream.waitFor((n) => n.target.id === mine && n.count === 2)).actors.map((a) => a.username)).toEqual([cy.username, ben.username])
    await stream.close()
  })

  it('tells a stream, within 2 seconds and across instances, when a notification is withdrawn, with the unread count then', async () => {
    const me = await insertUser(ctx.db)
    const mine = (await insertReview(ctx.db, { bookId, userId: me.id, rating: 4 })).id
    await apiB.call('PUT', `/api/users/follow/${me.id}`, ana.token)
    const stream = await openStream(baseA, { token: me.token })
    await new Promise((r) => setTimeout(r, 100))
    await apiB.call('PUT', `/api/reviews/${mine}/like`, ben.token)
    await apiB.call('PUT', `/api/reviews/${mine}/like`, cy.token)
    const group = await stream.waitFor((n) => n.target.id === mine && n.count === 2)
    expect(await api.unread(me.token)).toBe(2)
    // One of two takes their like back: the same item again, smaller; no withdrawal.
    await apiB.call('DELETE', `/api/reviews/${mine}/like`, ben.token)
    await stream.waitFor((n) => n._id === group._id && n.count === 1 && n.actors.length === 1 && n.actors[0]!.username === cy.username)
    expect(stream.withdrawals).toEqual([])
    // The last one out: the group is withdrawn, and the top bar's count is told.
    const started = Date.now()
    await apiB.call('DELETE', `/api/reviews/${mine}/like`, cy.token)
    expect(await stream.waitForWithdrawn(group._id)).toEqual({ ids: [group._id], unreadCount: 1 })
    expect(Date.now() - started).toBeLessThan(2000)
    // A deleted comment's notification too (what went with its cause); each told once.
    const comment = (await apiB.call('POST', `/api/reviews/${mine}/comments`, ben.token, { text: 'Nice' })).json()._id as string
    const commented = await stream.waitFor((n) => n.type === 'review_comment' && n.target.id === mine)
    await apiB.call('DELETE', `/api/comments/${comment}`, ben.token)
    expect(await stream.waitForWithdrawn(commented._id)).toEqual({ ids: [commented._id], unreadCount: 1 })
    await new Promise((r) => setTimeout(r, 600))
    expect(
      stream.withdrawals.map((w) => w.ids[0]),
      JSON.stringify(stream.events.map((e) => [e.item._id.slice(-4), e.item.count, e.item.createdAt])),
    ).toEqual([group._id, commented._id])
    await stream.close()
  })

  it('replays what changed meanwhile to a stream that reconnects with Last-Event-ID, on any instance', async () => {
    const me = await insertUser(ctx.db)
    const first = await openStream(baseA, { token: me.token })
    await new Promise((r) => setTimeout(r, 100))
    await api.call('PUT', `/api/users/follow/${me.id}`, ben.token)
    await first.waitFor((n) => n.type === 'follow')
    const lastId = first.events.at(-1)!.id
    await first.close()
    // While no stream is open: two more follows, through the other instance.
    await apiB.call('PUT', `/api/users/follow/${me.id}`, cy.token)
    await apiB.call('PUT', `/api/users/follow/${me.id}`, dee.token)
    const again = await openStream(baseB, { token: me.token, lastEventId: lastId })
    const caught = await again.waitFor((n) => n.type === 'follow' && n.count === 3)
    expect(caught.actors.map((a) => a.username)).toEqual([dee.username, cy.username, ben.username])
    await again.close()
  })

  it('loses nothing when the live channel drops: the instance listens again and its streams catch up from the table', async () => {
    if (ctx.dialect !== 'postgres') return
    const me = await insertUser(ctx.db)
    const stream = await openStream(baseA, { token: me.token })
    await new Promise((r) => setTimeout(r, 200))
    // Every LISTEN connection on this database is cut (a network drop, a PostgreSQL restart).
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`.execute(ctx.db)
    // Written while no instance listens: its NOTIFY reaches nobody.
    await apiB.call('PUT', `/api/users/follow/${me.id}`, ben.token)
    const got = await stream.waitFor((n) => n.type === 'follow', 5000)
    expect(got.actors.map((a) => a.username)).toEqual([ben.username])
    // And signals flow again.
    await apiB.call('PUT', `/api/users/follow/${me.id}`, cy.token)
    await stream.waitFor((n) => n.type === 'follow' && n.count === 2, 2000)
    await stream.close()
  })

  it('opens a browser’s stream with a single-use ticket, never with the token in the address', async () => {
    const t = await api.call('POST', '/api/me/notifications/ticket', dee.token)
    expect(t.statusCode).toBe(200)
    const { ticket } = t.json() as { ticket: string }
    const s = await openStream(baseA, { ticket })
    expect(s.status).toBe(200)
    await s.close()
    const reused = await api.call('GET', `/api/me/notifications/stream?ticket=${ticket}`)
    expect(reused.statusCode).toBe(401)
    expect(reused.json().message).toBe(NOTIFICATION_MESSAGES.ticketInvalid)
    expect((await api.call('GET', `/api/me/notifications/stream?access_token=${dee.token}`)).statusCode).toBe(401)
    expect((await api.call('GET', `/api/me/notifications/stream?token=${dee.token}`)).statusCode).toBe(401)
  })

  it('caps a reader’s open streams: one more closes the oldest', async () => {
    const me = await insertUser(ctx.db)
    const streams = []
    for (let i = 0; i < NOTIFICATION_LIMITS.streamsPerReader; i++) streams.push(await openStream(baseA, { token: me.token }))
    await new Promise((r) => setTimeout(r, 50))
    expect(streams.some((s) => s.ended)).toBe(false)
    const extra = await openStream(baseA, { token: me.token })
    const until = Date.now() + 2000
    while (!streams[0]!.ended && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    expect(streams[0]!.ended).toBe(true)
    expect(streams.slice(1).some((s) => s.ended)).toBe(false)
    for (const s of [...streams, extra]) await s.close()
  })
})

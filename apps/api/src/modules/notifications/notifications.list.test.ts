import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { NotificationListSchema } from '@shelfwise/contracts'
import { createTestContext, testDialects, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'
import { createNotificationsService, type NotificationsService } from '#/modules/notifications/notifications.service.ts'

// The list's cost (issue 24, "Speed and load"; decision 0052, "Reading the list"): a page is one
// statement whatever the reader has, and the total it answers is the kept count, right after every
// kind of change.

type Reader = Awaited<ReturnType<typeof insertUser>>

for (const dialect of testDialects()) {
  describe(`notifications: the list's cost and total [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let svc: NotificationsService
    let recording: string[] | undefined
    let bookId: string
    beforeAll(async () => {
      ctx = await createTestContext(dialect, {}, { onQuery: (text) => recording?.push(text) })
      svc = createNotificationsService({ db: ctx.db, databaseUrl: ctx.config.databaseUrl })
      bookId = (await insertBook(ctx.db, { title: 'Emma' })).id
    })
    afterAll(async () => {
      await svc?.live.close()
      await ctx?.close()
    })

    const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) })
    /** The statements a call ran on the readers' and notifications' tables (a background sweeper's are left out). */
    async function statementsOf<T>(fn: () => Promise<T>): Promise<{ answer: T; statements: string[]; notifications: string[] }> {
      recording = []
      try {
        const answer = await fn()
        const statements = recording.filter((s) => /"(users|notifications|notification_\w+)"/.test(s))
        return { answer, statements, notifications: statements.filter((s) => /"notification/.test(s)) }
      } finally {
        recording = undefined
      }
    }
    const like = (recipientId: string, actorId: string, reviewId: string) =>
      ctx.db.transaction().execute((trx) => svc.notify(trx, { recipientId, type: 'review_like', actorId, target: { type: 'review', id: reviewId, bookId } }))
    const listed = async (userId: string) =>
      Number(
        (
          await ctx.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('userId', '=', userId)
            .where('actorCount', '>', 0)
            .executeTakeFirstOrThrow()
        ).n,
      )
    /** Every reader's kept count against a count of their listed groups (a reader without a row has none). */
    async function expectCountsRight() {
      const { rows } = await sql<{ userId: string; kept: number; real: number }>`
        select u.id as user_id, coalesce(c.listed, 0) as kept, (select count(*) from notifications n where n.user_id = u.id and n.actor_count > 0) as real
        from users u left join notification_counts c on c.user_id = u.id`.execute(ctx.db)
      expect(rows.filter((r) => Number(r.kept) !== Number(r.real))).toEqual([])
    }

    it('reads a page, its readers and its total in one statement, as many for 25 groups as for 2, and the unread count in one', async () => {
      const me = await insertUser(ctx.db)
      const review: string[] = Array.from({ length: 25 }, () => crypto.randomUUID())
      const fans = await Promise.all(Array.from({ length: 5 }, () => insertUser(ctx.db)))
      await like(me.id, fans[0]!.id, review[1]!)
      await like(me.id, fans[1]!.id, review[2]!)
      const small = await statementsOf(() => get('/api/me/notifications?limit=20', me.token))
      expect(small.answer.headers['x-total-count']).toBe('2')
      for (let i = 3; i < 25; i++) await like(me.id, fans[i % 5]!.id, review[i]!)
      // The newest group has five readers: three are shown, the most recent first.
      for (const f of fans) await like(me.id, f.id, review[0]!)
      const recent = await ctx.db
        .selectFrom('notificationActors as a')
        .innerJoin('notifications as n', 'n.id', 'a.notificationId')
        .innerJoin('users as u', 'u.id', 'a.actorId')
        .select('u.username')
        .where('n.userId', '=', me.id)
        .where('n.targetId', '=', review[0]!)
        .orderBy('a.createdAt', 'desc')
        .orderBy('a.actorId')
        .limit(3)
        .execute()

      const first = await statementsOf(() => get('/api/me/notifications?limit=20', me.token))
      expect(first.answer.statusCode).toBe(200)
      expect(first.answer.headers['x-total-count']).toBe('25')
      const items = NotificationListSchema.parse(first.answer.json())
      expect(items).toHaveLength(20)
      expect(items[0]).toMatchObject({ target: { id: review[0] }, count: 5 })
      expect(items[0]!.actors.map((a) => a.username)).toEqual(recent.map((r) => r.username))
      expect(items.slice(1).every((n) => n.count === 1 && n.actors.length === 1 && n.actors[0]!._id === fans[review.indexOf(n.target.id) % 5]!.id)).toBe(true)

      const link = first.answer.headers.link as string
      const next = await statementsOf(() => get(`/api/me/notifications?${new URL(link.slice(1, link.indexOf('>')), 'http://x').searchParams}`, me.token))
      expect(next.answer.headers['x-total-count']).toBe('25')
      const rest = NotificationListSchema.parse(next.answer.json())
      expect(new Set([...items, ...rest].map((n) => n.target.id))).toEqual(new Set(Array.from({ length: 25 }, (_, i) => review[i]!)))

      // One statement for the page, the same with a cursor and with 2 groups (besides the reader's token
      // check, read until its token is kept: decision 0064, sign-ins).
      for (const call of [small, first, next]) {
        expect(call.notifications).toHaveLength(1)
        expect(call.statements.filter((s) => !s.includes('"revoked_tokens"'))).toHaveLength(1)
      }
      const unread = await statementsOf(() => get('/api/me/notifications/unread-count', me.token))
      expect(unread.answer.json()).toEqual({ count: 25 })
      expect(unread.notifications).toHaveLength(1)
    })

    it('answers the total past the last page and for a reader with none', async () => {
      const [me, fan] = (await Promise.all([insertUser(ctx.db), insertUser(ctx.db)])) as [Reader, Reader]
      const none = await get('/api/me/notifications', me.token)
      expect(none.headers['x-total-count']).toBe('0')
      expect(none.json()).toEqual([])
      await like(me.id, fan.id, crypto.randomUUID())
      const one = await get('/api/me/notifications?limit=1', me.token)
      expect(one.headers['x-total-count']).toBe('1')
      const [item] = NotificationListSchema.parse(one.json())
      // A cursor after the last item: an empty page that still says how many there are.
      const after = Buffer.from(JSON.stringify([item!.createdAt, item!._id])).toString('base64url')
      const past = await get(`/api/me/notifications?cursor=${after}`, me.token)
      expect(past.statusCode).toBe(200)
      expect(past.json()).toEqual([])
      expect(past.headers['x-total-count']).toBe('1')
    })

    it('keeps every reader’s total right through likes, a fan-out, withdrawals, marking read, removals and a closed account', async () => {
      const people = await Promise.all(Array.from({ length: 6 }, () => insertUser(ctx.db)))
      const [me, ana, ben, cy, dee, eve] = people as [Reader, Reader, Reader, Reader, Reader, Reader]
      const total = async (r: Reader) => (await get('/api/me/notifications', r.token)).headers['x-total-count']

      await like(me.id, ana.id, 'r1')
      await like(me.id, ben.id, 'r1')
      await like(me.id, ana.id, 'r2')
      expect(await total(me)).toBe('2')
      await ctx.db.transaction().execute((trx) =>
        svc.notifyMany(trx, {
          recipientIds: [me.id, cy.id, dee.id, eve.id],
          type: 'discussion_reply',
          actorId: ana.id,
          target: { type: 'discussion', id: 't1', bookId },
        }),
      )
      expect([await total(me), await total(cy), await total(dee)]).toEqual(['3', '1', '1'])
      await expectCountsRight()

      // The last reader out of a group hides it; the next one brings it back.
      const unlike = (actorId: string, id: string) =>
        ctx.db.transaction().execute((trx) => svc.withdraw(trx, { actorId, types: ['review_like'], target: { type: 'review', id }, recipientId: me.id }))
      await unlike(ana.id, 'r2')
      expect(await total(me)).toBe('2')
      await unlike(ana.id, 'r1')
      expect(await total(me)).toBe('2')
      await like(me.id, cy.id, 'r2')
      expect(await total(me)).toBe('3')
      await expectCountsRight()

      // Read groups stay listed; a like after that starts a new group.
      await ctx.app.inject({ method: 'POST', url: '/api/me/notifications/read', headers: bearer(me.token), payload: {} })
      expect(await total(me)).toBe('3')
      await like(me.id, dee.id, 'r1')
      expect(await total(me)).toBe('4')

      // A block takes each out of the other's unread groups.
      await ctx.db.transaction().execute((trx) => svc.withdrawBetween(trx, me.id, dee.id))
      expect(await total(me)).toBe('3')
      // A thread that went takes its unread notifications with it, for every reader told.
      await ctx.db.transaction().execute((trx) => svc.withdrawAbout(trx, { type: 'discussion', id: 't1' }))
      expect([await total(cy), await total(dee), await total(eve)]).toEqual(['0', '0', '0'])
      await expectCountsRight()

      // A closed account: its groups go, and so does its count, without an error on either database.
      await like(eve.id, ana.id, 'r9')
      await ctx.db.deleteFrom('users').where('id', '=', eve.id).execute()
      expect(await ctx.db.selectFrom('notificationCounts').select('listed').where('userId', '=', eve.id).execute()).toEqual([])
      await expectCountsRight()
      expect(await listed(me.id)).toBe(3)
    })
  })
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { anotherInstance, createTestContext, testDialects, until, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// A reader's webhooks are kept until the database tells they changed (decision 0064, "Webhooks"): a
// write of a reader whose hooks are warm asks nothing about them, and a hook added, disabled or removed
// by any code path, here or on another instance, decides the very next event here (another
// instance's within the channel's delivery). Deliveries are counted where they are queued (the outbox).

for (const dialect of testDialects()) {
  describe(`webhooks told by the database [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let statements: string[] = []
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_INTERVAL: '0' }, { onQuery: (text) => statements.push(text) })
    })
    afterAll(async () => ctx.close())

    /** Reviews a new book as the reader on an app; answers the statements it sent that read the hooks. */
    const review = async (reader: { token: string }, app: FastifyInstance = ctx.app) => {
      const book = await insertBook(ctx.db)
      statements = []
      const res = await app.inject({
        method: 'POST',
        url: `/api/reviews/book/${book.id}`,
        headers: bearer(reader.token),
        payload: { rating: 4, comment: 'Kept.' },
      })
      expect(res.statusCode, res.body).toBe(201)
      return statements.filter((s) => /from "webhooks"/.test(s))
    }
    const queued = async (userId: string) =>
      Number(
        (
          await ctx.db
            .selectFrom('webhookDeliveries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('userId', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const addHook = async (app: FastifyInstance, token: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/me/webhooks',
        headers: bearer(token),
        payload: { url: 'http://127.0.0.1:9/hook', events: ['review.published'] },
      })
      expect(res.statusCode, res.body).toBe(201)
      return (res.json() as { _id: string })._id
    }
    /** Reviews until a review asks nothing about the hooks: one told earlier may still be arriving. */
    const warm = async (reader: { token: string }) => {
      for (let i = 0; i < 50; i++) if ((await review(reader)).length === 0) return
      throw new Error('every review read the hooks again')
    }

    it('asks nothing about a warm reader’s hooks, and a hook added, disabled or removed decides the very next review', async () => {
      const reader = await insertUser(ctx.db)
      await warm(reader)
      expect(await queued(reader.id)).toBe(0)
      const id = await addHook(ctx.app, reader.token)
      await review(reader)
      expect(await queued(reader.id)).toBe(1)
      // Disabled as the delivery worker does after a day of failures (its row written directly).
      await ctx.db.updateTable('webhooks').set({ disabledAt: new Date().toISOString(), disabledReason: 'failing' }).where('id', '=', id).execute()
      await review(reader)
      expect(await queued(reader.id)).toBe(1)
      await ctx.db.updateTable('webhooks').set({ disabledAt: null, disabledReason: null }).where('id', '=', id).execute()
      await review(reader)
      expect(await queued(reader.id)).toBe(2)
      const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/me/webhooks/${id}`, headers: bearer(reader.token) })
      expect(removed.statusCode, removed.body).toBe(204)
      await review(reader)
      expect(await queued(reader.id)).toBe(0) // the hook's log went with it, and nothing new was queued
    })

    if (dialect !== 'postgres') return

    describe('another instance on the same database', () => {
      const otherApp = anotherInstance(() => ctx, { ownConnections: true })

      it('queues a delivery here within a second of a hook added through the other', async () => {
        const reader = await insertUser(ctx.db)
        await warm(reader)
        await addHook(otherApp(), reader.token)
        expect(
          await until(async () => {
            await review(reader)
            return (await queued(reader.id)) > 0
          }),
        ).toBe(true)
      })
    })
  })
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { sql } from 'kysely'
import { createChanges, TOPICS, type Changes } from '#/changes.ts'
import { createDb } from '#/db/connect.ts'
import type { Db } from '#/db/portable.ts'
import { createTestContext, testDialects, until, type TestContext } from '../test/support/context.ts'
import { buildBook, insertBook, insertUser } from '../test/support/factories.ts'

// What changed, told by the database (decision 0064): a kept value costs no statement until its
// topic changes; this instance's own write drops it before the write resolves, another instance's
// within milliseconds, a rolled-back write never; and while the channel is down every call reads.

for (const dialect of testDialects()) {
  describe(`changes told by the database [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let statements: string[] = []
    let changes: Changes
    beforeAll(async () => {
      ctx = await createTestContext(dialect, {}, { onQuery: (text) => statements.push(text) })
      changes = createChanges(ctx.db, ctx.config.databaseUrl)
      await changes.ready()
    })
    afterAll(async () => {
      await changes.close()
      await ctx.close()
    })

    /** A kept count of the catalogue's books that says how often it was read. */
    const keptCatalogue = () => {
      const kept = changes.kept<number>({ max: 4 })
      let loads = 0
      const read = () =>
        kept.get(TOPICS.catalogue, async () => {
          loads++
          const row = await ctx.db
            .selectFrom('books')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
          return Number(row.n)
        })
      /** Reads until a read costs nothing: a change told earlier may still be on its way from the shared channel. */
      const settle = async () => {
        for (;;) {
          await read()
          const before = loads
          await new Promise((resolve) => setTimeout(resolve, 50))
          await read()
          if (loads === before) return read()
        }
      }
      return { read, settle, loads: () => loads }
    }

    it('serves a kept value without reading again, and a book this process adds shows on the very next read', async () => {
      const catalogue = keptCatalogue()
      const before = await catalogue.settle()
      const loads = catalogue.loads()
      expect(await catalogue.read()).toBe(before)
      expect(catalogue.loads()).toBe(loads)
      await insertBook(ctx.db)
      expect(await catalogue.read()).toBe(before + 1)
      expect(catalogue.loads()).toBe(loads + 1)
    })

    it('keeps the value through a write that rolled back', async () => {
      const catalogue = keptCatalogue()
      const before = await catalogue.settle()
      const loads = catalogue.loads()
      await expect(
        ctx.db.transaction().execute(async (trx) => {
          const { genres: _genres, ...book } = buildBook()
          await trx
            .insertInto('books')
            .values({ ...book, updatedAt: book.createdAt })
            .execute()
          throw new Error('changed my mind')
        }),
      ).rejects.toThrow('changed my mind')
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await catalogue.read()).toBe(before)
      expect(catalogue.loads()).toBe(loads)
    })

    it('answers a warm book page with one statement, and a discussion started or hidden shows in its count at once', async () => {
      const reader = await insertUser(ctx.db, { createdAt: new Date(Date.now() - 30 * 86_400_000) })
      const book = await insertBook(ctx.db)
      const page = async () => {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/books/${book.id}` })
        expect(res.statusCode, res.body).toBe(200)
        return res.json() as { discussionCount: number }
      }
      expect((await page()).discussionCount).toBe(0)
      statements = []
      expect((await page()).discussionCount).toBe(0)
      expect(statements).toHaveLength(1)
      const started = await ctx.app.inject({
        method: 'POST',
        url: `/api/books/${book.id}/discussions`,
        headers: { authorization: `Bearer ${reader.token}` },
        payload: { title: 'Who is the narrator?', text: 'Read the first chapter again.' },
      })
      expect(started.statusCode, started.body).toBe(201)
      expect((await page()).discussionCount).toBe(1)
      // The moderators hide it (their row, written as any other code path would): the count drops at once.
      await ctx.db
        .insertInto('hiddenItems')
        .values({ targetType: 'discussion', targetId: (started.json() as { _id: string })._id, note: 'spam', hiddenAt: new Date().toISOString() })
        .execute()
      expect((await page()).discussionCount).toBe(0)
    })

    it('drops a value by a further topic it names, also once it was read again for its age', async () => {
      let clock = Date.now()
      const timed = createChanges(ctx.db, ctx.config.databaseUrl, { now: () => clock })
      await timed.ready()
      try {
        // A topic told as a trigger tells it, in a write of this process (a transaction: on SQLite the writer's connection).
        const tell = (topic: string) =>
          ctx.db
            .transaction()
            .execute((trx) =>
              (dialect === 'postgres' ? sql`select shelfwise_tell(${topic})` : sql`select pg_notify('shelfwise_changes', ${topic})`).execute(trx),
            )
        const kept = timed.kept<number>({ max: 4 })
        let loads = 0
        const read = () => kept.get('token:one', async () => ++loads, ['tokens-of:reader'])
        /** Reads until a read costs nothing (on PostgreSQL the shared channel's copy of a signal arrives a little after this process's own). */
        const settle = async () => {
          for (;;) {
            const before = await read()
            await new Promise((resolve) => setTimeout(resolve, 50))
            if ((await read()) === before) return before
          }
        }
        const first = await settle()
        await tell('tokens-of:reader')
        const second = await read()
        expect(second).toBeGreaterThan(first)
        await settle()
        clock += 31_000 // past the age no value is kept longer than: read again
        const third = await read()
        expect(await read()).toBe(third)
        await tell('tokens-of:reader')
        expect(await read()).toBeGreaterThan(third)
        const fourth = await settle()
        await tell('tokens-of:somebody-else')
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(await read()).toBe(fourth)
      } finally {
        await timed.close()
      }
    })

    if (dialect !== 'postgres') return

    describe('several instances', () => {
      let other: Db
      beforeAll(() => {
        other = createDb({ url: ctx.config.databaseUrl, poolSize: 2 })
      })
      afterAll(async () => other.destroy())

      it('hears a book another instance adds within a second', async () => {
        const catalogue = keptCatalogue()
        const before = await catalogue.read()
        await insertBook(other)
        expect(await until(async () => (await catalogue.read()) === before + 1, 1000)).toBe(true)
      })

      it('reads every time while its channel is down, and keeps values again once it is back', async () => {
        const catalogue = keptCatalogue()
        await catalogue.read()
        expect(changes.live).toBe(true)
        // The listening connection is cut from the server's side, as a network drop or a restart would.
        const admin = new pg.Client({ connectionString: ctx.config.databaseUrl })
        await admin.connect()
        try {
          await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN shelfwise_changes'`)
        } finally {
          await admin.end()
        }
        expect(await until(() => !changes.live, 3000)).toBe(true)
        const loads = catalogue.loads()
        // A book added while nobody listened is seen all the same: nothing is kept meanwhile.
        await insertBook(other)
        const count = await catalogue.read()
        expect(catalogue.loads()).toBeGreaterThan(loads)
        expect(await until(() => changes.live, 3000)).toBe(true)
        expect(await catalogue.read()).toBe(count)
        const settled = catalogue.loads()
        await catalogue.read()
        expect(catalogue.loads()).toBe(settled)
      })
    })
  })
}

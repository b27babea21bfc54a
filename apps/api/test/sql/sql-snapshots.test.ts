import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Db, DialectName } from '#/db/portable.ts'
import { createTestContext, testDialects, type TestContext } from '../support/context.ts'
import { bearer, insertBook, insertFollow, insertRead, insertReview, insertUser, insertWish } from '../support/factories.ts'

// The SQL each dialect runs for the non-trivial reads (search, the followed-users feed, popular this
// week, a profile, a reader's stats and year in numbers) and each dialect's schema, triggers and functions included, kept
// as files beside this test (test/sql/<dialect>/). A change in what the database is asked, by a
// refactor or a Kysely upgrade, fails here and shows in review as a diff of plain SQL. After a change
// you mean, refresh them: `npm run sql:refresh -w @shelfwise/api` (with TEST_DATABASE_URL set, for
// PostgreSQL's too).

const here = import.meta.dirname

/** One statement per block, in a stable order: the statements a call ran, each once. */
const listing = (statements: Iterable<string>) =>
  `${[...new Set([...statements].map((s) => s.replace(/\s+/g, ' ').trim()))].sort().join(';\n\n')};\n`

async function schemaOf(db: Db, dialect: DialectName): Promise<string> {
  if (dialect === 'sqlite') {
    const rows = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(db)
    return rows.rows.map((r) => `-- ${r.type} ${r.name}\n${r.sql ?? '(internal)'};`).join('\n\n') + '\n'
  }
  const part = async (title: string, query: ReturnType<typeof sql<{ line: string }>>) =>
    `-- ${title}\n${(await query.execute(db)).rows.map((r) => r.line).join('\n')}`
  const parts = await Promise.all([
    part('columns', sql<{ line: string }>`
      select table_name || '.' || column_name || ' ' || data_type || case when is_nullable = 'NO' then ' not null' else '' end
        || coalesce(' default ' || column_default, '') as line
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`),
    part('constraints', sql<{ line: string }>`
      select conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) as line
      from pg_constraint where connamespace = 'public'::regnamespace order by conrelid::regclass::text, conname`),
    part('indexes', sql<{ line: string }>`select indexdef as line from pg_indexes where schemaname = 'public' order by tablename, indexname`),
    part('triggers', sql<{ line: string }>`
      select pg_get_triggerdef(t.oid) as line from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by c.relname, t.tgname`),
    // Our own functions (the unaccent extension's are its own).
    part('functions', sql<{ line: string }>`
      select pg_get_functiondef(p.oid) as line from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`),
  ])
  return parts.join('\n\n') + '\n'
}

for (const dialect of testDialects()) {
  describe(`SQL snapshots [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let recording: string[] | undefined
    let reader: Awaited<ReturnType<typeof insertUser>>
    let followed: Awaited<ReturnType<typeof insertUser>>

    beforeAll(async () => {
      ctx = await createTestContext(dialect, {}, { onQuery: (text) => recording?.push(text) })
      // A small community: enough rows that every branch of the reads below runs.
      reader = await insertUser(ctx.db, { username: 'snapshot_reader' })
      followed = await insertUser(ctx.db, { username: 'snapshot_followed' })
      await insertFollow(ctx.db, reader.id, followed.id)
      const titles = ['Lantern of the Moors', 'The Lantern Keeper', 'Moorland Love', 'Salt and Love', 'A Quiet Harbour']
      for (const [i, title] of titles.entries()) {
        const book = await insertBook(ctx.db, { title, author: 'Ada Marsh', genres: ['Romance'], category: 'Fiction', pageCount: 200 + i * 50 })
        await insertReview(ctx.db, { bookId: book.id, userId: followed.id, rating: 3 + (i % 3) })
        await insertRead(ctx.db, followed.id, book.id)
        if (i % 2 === 0) await insertWish(ctx.db, reader.id, book.id)
      }
    })
    afterAll(async () => ctx?.close())

    /** The statements the calls ran, as the listing kept in the file. */
    async function statementsOf(calls: () => Promise<unknown>): Promise<string> {
      recording = []
      try {
        await calls()
        return listing(recording)
      } finally {
        recording = undefined
      }
    }
    const get = async (url: string, token?: string) => {
      const res = await ctx.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }
    const file = (name: string) => join(here, dialect, `${name}.sql`)

    it('search: words, a typo, filters only, words with filters, an ISBN', async () => {
      const text = await statementsOf(async () => {
        await get('/api/books/search?query=lantern&limit=20')
        await get('/api/books/search?query=lanterm%20moor&limit=20')
        await get('/api/books/search?genres=Romance&minPages=250&limit=20')
        await get('/api/books/search?query=love&genres=Romance&sort=rating&limit=20')
        await get('/api/books/search?query=9780306406157&limit=20')
      })
      await expect(text).toMatchFileSnapshot(file('search'))
    })

    it('the followed-users feed', async () => {
      await expect(await statementsOf(() => get('/api/users/followed-users-books', reader.token))).toMatchFileSnapshot(file('feed'))
    })

    it('popular this week', async () => {
      await expect(await statementsOf(() => get('/api/reviews/popular-week'))).toMatchFileSnapshot(file('popular'))
    })

    it('a profile, as its owner and as another reader', async () => {
      const text = await statementsOf(async () => {
        await get(`/api/users/profile/${followed.id}`, followed.token)
        await get(`/api/users/profile/${followed.id}`, reader.token)
      })
      await expect(text).toMatchFileSnapshot(file('profile'))
    })

    it("a reader's stats", async () => {
      await expect(await statementsOf(() => get(`/api/users/${followed.id}/stats`, followed.token))).toMatchFileSnapshot(file('stats'))
    })

    it("a reader's year in numbers", async () => {
      const text = await statementsOf(async () => {
        await get(`/api/users/${followed.id}/stats/2025`, followed.token)
        // The reads above were finished today: this year's figures run every count.
        await get(`/api/users/${followed.id}/stats/${new Date().getUTCFullYear()}`, followed.token)
      })
      await expect(text).toMatchFileSnapshot(file('year-stats'))
    })

    it('a book’s discussions and a thread’s posts, signed in (progress read) and signed out', async () => {
      const book = await insertBook(ctx.db, { title: 'Discussed', pageCount: 300 })
      const started = await ctx.app.inject({
        method: 'POST',
        url: `/api/books/${book.id}/discussions`,
        headers: bearer(followed.token),
        payload: { title: 'Chapter one', text: 'Opening', position: { page: 20 } },
      })
      expect(started.statusCode, started.body).toBe(201)
      const id = (started.json() as { _id: string })._id
      const text = await statementsOf(async () => {
        await get(`/api/books/${book.id}/discussions?limit=20`, reader.token)
        await get(`/api/discussions/${id}/posts?limit=50`, reader.token)
        await get(`/api/discussions/${id}/posts?limit=50&reveal=all`)
      })
      await expect(text).toMatchFileSnapshot(file('discussions'))
    })

    it('the schema: tables, indexes, triggers and functions', async () => {
      await expect(await schemaOf(ctx.db, dialect)).toMatchFileSnapshot(file('schema'))
    })
  })
}

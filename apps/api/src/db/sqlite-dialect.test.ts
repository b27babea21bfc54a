import { mkdtempSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileHandle } from 'node:fs/promises'
import { CamelCasePlugin, Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '#/db/connect.ts'
import { NodeSqliteDialect } from '#/db/sqlite-dialect.ts'
import type { Database } from '#/db/schema.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import type { Db } from '#/db/portable.ts'
import { insertUser } from '../../test/support/factories.ts'

describe('SQLite through node:sqlite', () => {
  let db: Db
  let file: string
  // Another process's view of the file: it sees committed data only.
  let other: DatabaseSync
  const committedBio = (id: string) => (other.prepare('select bio from users where id = ?').get(id) as { bio: string } | undefined)?.bio
  beforeAll(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'shelfwise-sqlite-')), 'x.db')
    db = createDb({ url: file })
    await migrateToLatest(db)
    other = new DatabaseSync(file, { readOnly: true })
  })
  afterAll(async () => {
    other.close()
    await db.destroy()
  })

  it('runs with WAL, synchronous=NORMAL (the driver syncs the WAL itself) and foreign keys on', async () => {
    const {
      rows: [mode],
    } = await sql<{ journalMode: string }>`pragma journal_mode`.execute(db)
    const {
      rows: [sync],
    } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db)
    const {
      rows: [fk],
    } = await sql<{ foreignKeys: number }>`pragma foreign_keys`.execute(db)
    expect(mode?.journalMode).toBe('wal')
    expect(sync?.synchronous).toBe(1)
    expect(fk?.foreignKeys).toBe(1)
  })

  it('keeps a transaction apart from queries that arrive while it waits', async () => {
    const user = await insertUser(db, { bio: 'before' })
    let seenInside = ''
    const trx = db
      .transaction()
      .execute(async (t) => {
        await t.updateTable('users').set({ bio: 'inside' }).where('id', '=', user.id).execute()
        await new Promise((r) => setTimeout(r, 30))
        seenInside = (await t.selectFrom('users').select('bio').where('id', '=', user.id).executeTakeFirstOrThrow()).bio
        throw new Error('roll back')
      })
      .catch(() => 'rolled back')
    // Queued behind the transaction instead of running inside it.
    const outside = db.updateTable('users').set({ bio: 'outside' }).where('id', '=', user.id).execute()
    expect(await trx).toBe('rolled back')
    await outside
    expect(seenInside).toBe('inside')
    const after = await db.selectFrom('users').select('bio').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(after.bio).toBe('outside')
  })

  it('answers the same rows from a cached statement when it runs again with other values', async () => {
    const a = await insertUser(db)
    const b = await insertUser(db)
    const find = (id: string) => db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst()
    expect((await find(a.id))?.username).toBe(a.username)
    expect((await find(b.id))?.username).toBe(b.username)
    expect(await find('nobody')).toBeUndefined()
  })

  it('reports a unique violation as an error the caller can recognise, and stays usable', async () => {
    const a = await insertUser(db)
    await expect(insertUser(db, { email: a.email })).rejects.toThrow(/UNIQUE constraint failed/)
    expect((await db.selectFrom('users').select('id').where('id', '=', a.id).execute()).length).toBe(1)
  })

  describe('group commit', () => {
    const setBio = (id: string, bio: string) => db.transaction().execute((t) => t.updateTable('users').set({ bio }).where('id', '=', id).execute())

    it('answers each transaction only once it is committed, and lets queued ones share its COMMIT', async () => {
      const [a, b] = [await insertUser(db, { bio: 'a0' }), await insertUser(db, { bio: 'b0' })]
      let firstAnswered = false
      let seenMeanwhile: (string | undefined)[] = []
      const first = db
        .transaction()
        .execute(async (t) => {
          await t.updateTable('users').set({ bio: 'a1' }).where('id', '=', a.id).execute()
          // Long enough for the second to queue behind it.
          await new Promise((r) => setTimeout(r, 30))
        })
        .then(() => {
          firstAnswered = true
          expect(committedBio(a.id)).toBe('a1')
        })
      // Queued while the first runs: it finds the first done but not yet committed, nor answered.
      const second = db
        .transaction()
        .execute(async (t) => {
          seenMeanwhile = [committedBio(a.id), String(firstAnswered)]
          await t.updateTable('users').set({ bio: 'b1' }).where('id', '=', b.id).execute()
        })
        .then(() => expect(committedBio(b.id)).toBe('b1'))
      await Promise.all([first, second])
      expect(seenMeanwhile).toEqual(['a0', 'false'])
      expect([committedBio(a.id), committedBio(b.id)]).toEqual(['a1', 'b1'])
    })

    it('rolls back a failing transaction alone, keeping the others of its group', async () => {
      const [a, b, c] = [await insertUser(db, { bio: 'a0' }), await insertUser(db, { bio: 'b0' }), await insertUser(db, { bio: 'c0' })]
      const results = await Promise.allSettled([
        setBio(a.id, 'a1'),
        db.transaction().execute(async (t) => {
          await t.updateTable('users').set({ bio: 'b1' }).where('id', '=', b.id).execute()
          throw new Error('changed my mind')
        }),
        setBio(c.id, 'c1'),
      ])
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
      expect([committedBio(a.id), committedBio(b.id), committedBio(c.id)]).toEqual(['a1', 'b0', 'c1'])
    })

    it('commits a pending group before a write outside a transaction answers', async () => {
      const [a, b] = [await insertUser(db, { bio: 'a0' }), await insertUser(db, { bio: 'b0' })]
      const inGroup = setBio(a.id, 'a1')
      const alone = db
        .updateTable('users')
        .set({ bio: 'b1' })
        .where('id', '=', b.id)
        .execute()
        .then(() => [committedBio(a.id), committedBio(b.id)])
      await inGroup
      expect(await alone).toEqual(['a1', 'b1'])
    })

    it('shows a read outside a transaction committed rows only, without waiting for the writers', async () => {
      const user = await insertUser(db, { bio: 'r0' })
      const bioNow = async () => (await db.selectFrom('users').select('bio').where('id', '=', user.id).executeTakeFirstOrThrow()).bio
      const seen: string[] = []
      // A transaction in progress holds the write connection: a read meanwhile neither waits for it nor sees its row.
      await db.transaction().execute(async (t) => {
        await t.updateTable('users').set({ bio: 'r1' }).where('id', '=', user.id).execute()
        seen.push(await bioNow())
      })
      // One that is done but whose COMMIT waits for its group (the next transaction holds the
      // connection): another request still reads the committed row.
      const done = db.transaction().execute((t) => t.updateTable('users').set({ bio: 'r2' }).where('id', '=', user.id).execute())
      const next = db.transaction().execute(async () => {
        seen.push(await bioNow())
      })
      await Promise.all([done, next])
      seen.push(await bioNow())
      expect(seen).toEqual(['r0', 'r1', 'r2'])
    })

    it('rejects every transaction of a group whose COMMIT fails, and keeps none of their writes', async () => {
      // A deferred foreign key is checked by the COMMIT itself, so one bad member fails the group's COMMIT.
      await sql`create table if not exists deferred_notes (id integer primary key, user_id text references users (id) deferrable initially deferred)`.execute(
        db,
      )
      const [a, c] = [await insertUser(db, { bio: 'a0' }), await insertUser(db, { bio: 'c0' })]
      const results = await Promise.allSettled([
        setBio(a.id, 'a1'),
        db.transaction().execute((t) => sql`insert into deferred_notes (user_id) values ('nobody')`.execute(t)),
        setBio(c.id, 'c1'),
      ])
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
      expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/)
      expect([committedBio(a.id), committedBio(c.id)]).toEqual(['a0', 'c0'])
      expect(other.prepare('select count(*) as n from deferred_notes').get()).toEqual({ n: 0 })
      // And the next transaction commits as usual.
      await setBio(a.id, 'a2')
      expect(committedBio(a.id)).toBe('a2')
    })

    it('stays consistent under many concurrent writers', async () => {
      const users = await Promise.all(Array.from({ length: 40 }, () => insertUser(db, { bio: 'x' })))
      await Promise.all(users.map((u, i) => setBio(u.id, `n${i}`)))
      expect(users.map((u) => committedBio(u.id))).toEqual(users.map((_, i) => `n${i}`))
    })
  })

  describe('the WAL synced off the event loop', () => {
    /** A database whose fsyncs of the WAL wait for the test to let each one go (or fail it). */
    async function withGatedSync() {
      const path = join(mkdtempSync(join(tmpdir(), 'shelfwise-sqlite-')), 'gated.db')
      const gates: { go: () => void; fail: (err: Error) => void }[] = []
      let gated = false
      const syncFile = (file: FileHandle) => (gated ? new Promise<void>((resolve, reject) => gates.push({ go: resolve, fail: reject })) : file.datasync())
      const gdb = new Kysely<Database>({ dialect: new NodeSqliteDialect({ path, syncFile }), plugins: [new CamelCasePlugin()] })
      // Ungated until here: the WAL is opened (and its directory synced) by these first writes.
      await migrateToLatest(gdb)
      const user = await insertUser(gdb, { bio: 'b0' })
      gated = true
      const probe = new DatabaseSync(path, { readOnly: true })
      const bio = () => (probe.prepare('select bio from users where id = ?').get(user.id) as { bio: string }).bio
      const nextGate = async () => {
        for (let i = 0; i < 200 && !gates.length; i++) await new Promise((r) => setTimeout(r, 5))
        return gates.shift()!
      }
      return { gdb, user, bio, nextGate, close: async () => (probe.close(), await gdb.destroy()) }
    }

    it('answers a write only after the fsync of its WAL, and keeps the event loop free meanwhile', async () => {
      const { gdb, user, bio, nextGate, close } = await withGatedSync()
      try {
        let answered = false
        const writing = gdb
          .transaction()
          .execute((t) => t.updateTable('users').set({ bio: 'b1' }).where('id', '=', user.id).execute())
          .then(() => (answered = true))
        const gate = await nextGate()
        // Committed (another connection sees it) but not yet answered, and timers still run.
        await new Promise((r) => setTimeout(r, 20))
        expect([bio(), answered]).toEqual(['b1', false])
        // A write outside a transaction waits for an fsync too.
        let aloneAnswered = false
        const alone = gdb
          .updateTable('users')
          .set({ bio: 'b2' })
          .where('id', '=', user.id)
          .execute()
          .then(() => (aloneAnswered = true))
        await new Promise((r) => setTimeout(r, 20))
        expect([bio(), aloneAnswered]).toEqual(['b2', false])
        gate.go()
        await writing
        expect(aloneAnswered).toBe(false)
        ;(await nextGate()).go()
        await alone
        expect(aloneAnswered).toBe(true)
      } finally {
        await close()
      }
    })

    it('fails every write of a failed fsync, and every later write, instead of calling them saved', async () => {
      const { gdb, user, nextGate, close } = await withGatedSync()
      try {
        const setBio = (bio: string) => gdb.transaction().execute((t) => t.updateTable('users').set({ bio }).where('id', '=', user.id).execute())
        const first = Promise.allSettled([setBio('x1'), setBio('x2')])
        ;(await nextGate()).fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))
        const results = await first
        expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
        expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/EIO/)
        await expect(setBio('x3')).rejects.toThrow(/fsync of its write-ahead log failed/)
        await expect(gdb.updateTable('users').set({ bio: 'x4' }).where('id', '=', user.id).execute()).rejects.toThrow(/fsync of its write-ahead log failed/)
        // Reads still answer.
        expect((await gdb.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst())?.id).toBe(user.id)
      } finally {
        await close()
      }
    })

    it('waits for a pending fsync when the database is closed', async () => {
      const { gdb, user, nextGate } = await withGatedSync()
      let answered = false
      const writing = gdb
        .transaction()
        .execute((t) => t.updateTable('users').set({ bio: 'c1' }).where('id', '=', user.id).execute())
        .then(() => (answered = true))
      const gate = await nextGate()
      let closed = false
      const closing = gdb.destroy().then(() => (closed = true))
      await new Promise((r) => setTimeout(r, 20))
      expect([answered, closed]).toEqual([false, false])
      gate.go()
      await closing
      expect(answered).toBe(true)
      await writing
    })
  })

  it('commits a pending group when the database is closed', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'shelfwise-sqlite-')), 'close.db')
    const closing = createDb({ url: path })
    await migrateToLatest(closing)
    const user = await insertUser(closing, { bio: 'before' })
    let entered: () => void = () => {}
    const inside = new Promise<void>((r) => (entered = r))
    const written = closing.transaction().execute(async (t) => {
      await t.updateTable('users').set({ bio: 'after' }).where('id', '=', user.id).execute()
      entered()
    })
    await inside
    await closing.destroy()
    await written
    const file = new DatabaseSync(path, { readOnly: true })
    expect(file.prepare('select bio from users where id = ?').get(user.id)).toEqual({ bio: 'after' })
    file.close()
  })

  it('checkpoints from a thread of its own once a file sees steady writes, and still closes cleanly', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'shelfwise-sqlite-')), 'busy.db')
    const busy = createDb({ url: path })
    await migrateToLatest(busy)
    const user = await insertUser(busy)
    // One COMMIT each (awaited in turn), past the point where the checkpointer starts.
    for (let i = 0; i < 80; i++)
      await busy.transaction().execute((t) =>
        t
          .updateTable('users')
          .set({ bio: `b${i}` })
          .where('id', '=', user.id)
          .execute(),
      )
    const probe = new DatabaseSync(path)
    // NOOP reports the WAL's pages and how many of them are already in the database file.
    const state = () => probe.prepare('pragma wal_checkpoint(NOOP)').get() as { log: number; checkpointed: number }
    for (let i = 0; i < 100 && state().checkpointed < state().log; i++) await new Promise((r) => setTimeout(r, 20))
    expect(state().log).toBeGreaterThan(0)
    expect(state().checkpointed).toBe(state().log)
    probe.close()
    await busy.destroy()
    const file = new DatabaseSync(path, { readOnly: true })
    expect(file.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' })
    expect(file.prepare('select bio from users where id = ?').get(user.id)).toEqual({ bio: 'b79' })
    file.close()
  })

  it('keeps a read outside a transaction from seeing a pending group on a database in memory too', async () => {
    const mem = createDb({ url: ':memory:' })
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(mem)
      let release: () => void = () => {}
      const held = new Promise<void>((r) => (release = r))
      const writing = mem.transaction().execute(async (t) => {
        await sql`insert into notes (body) values ('pending')`.execute(t)
        await held
      })
      let answered = false
      void writing.then(() => (answered = true))
      // In memory there is no second connection: the read waits for the transaction and its COMMIT.
      const reading = sql<{ n: number }>`select count(*) as n from notes`.execute(mem).then((r) => [r.rows[0]!.n, answered])
      await new Promise((r) => setTimeout(r, 20))
      release()
      expect(await reading).toEqual([1, true])
    } finally {
      await mem.destroy()
    }
  })
})

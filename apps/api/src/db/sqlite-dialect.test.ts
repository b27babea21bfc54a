import { mkdtempSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '#/db/connect.ts'
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

  it('runs with WAL, synchronous=FULL and foreign keys on, so a committed write survives a crash', async () => {
    const { rows: [mode] } = await sql<{ journalMode: string }>`pragma journal_mode`.execute(db)
    const { rows: [sync] } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db)
    const { rows: [fk] } = await sql<{ foreignKeys: number }>`pragma foreign_keys`.execute(db)
    expect(mode?.journalMode).toBe('wal')
    expect(sync?.synchronous).toBe(2)
    expect(fk?.foreignKeys).toBe(1)
  })

  it('keeps a transaction apart from queries that arrive while it waits', async () => {
    const user = await insertUser(db, { bio: 'before' })
    let seenInside = ''
    const trx = db.transaction().execute(async (t) => {
      await t.updateTable('users').set({ bio: 'inside' }).where('id', '=', user.id).execute()
      await new Promise((r) => setTimeout(r, 30))
      seenInside = (await t.selectFrom('users').select('bio').where('id', '=', user.id).executeTakeFirstOrThrow()).bio
      throw new Error('roll back')
    }).catch(() => 'rolled back')
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
      const first = db.transaction().execute(async (t) => {
        await t.updateTable('users').set({ bio: 'a1' }).where('id', '=', a.id).execute()
        // Long enough for the second to queue behind it.
        await new Promise((r) => setTimeout(r, 30))
      }).then(() => {
        firstAnswered = true
        expect(committedBio(a.id)).toBe('a1')
      })
      // Queued while the first runs: it finds the first done but not yet committed, nor answered.
      const second = db.transaction().execute(async (t) => {
        seenMeanwhile = [committedBio(a.id), String(firstAnswered)]
        await t.updateTable('users').set({ bio: 'b1' }).where('id', '=', b.id).execute()
      }).then(() => expect(committedBio(b.id)).toBe('b1'))
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
      const alone = db.updateTable('users').set({ bio: 'b1' }).where('id', '=', b.id).execute()
        .then(() => [committedBio(a.id), committedBio(b.id)])
      await inGroup
      expect(await alone).toEqual(['a1', 'b1'])
    })

    it('stays consistent under many concurrent writers', async () => {
      const users = await Promise.all(Array.from({ length: 40 }, () => insertUser(db, { bio: 'x' })))
      await Promise.all(users.map((u, i) => setBio(u.id, `n${i}`)))
      expect(users.map((u) => committedBio(u.id))).toEqual(users.map((_, i) => `n${i}`))
    })
  })
})

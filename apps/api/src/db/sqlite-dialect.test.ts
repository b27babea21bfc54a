import { mkdtempSync } from 'node:fs'
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
  beforeAll(async () => {
    db = createDb({ url: join(mkdtempSync(join(tmpdir(), 'shelfwise-sqlite-')), 'x.db') })
    await migrateToLatest(db)
  })
  afterAll(() => db.destroy())

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
})

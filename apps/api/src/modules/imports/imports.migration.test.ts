import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { freshMigrationDb } from '../../../test/support/migration-db.ts'
import { v7 as uuidv7 } from 'uuid'
import { isUniqueViolation } from '#/db/portable.ts'
import { testDialects } from '../../../test/support/context.ts'

// Migration 2026_11_27_0100 puts one unsettled import per reader in a unique index. A database where
// the race it closes already let a reader queue several keeps their oldest; the others fail saying why.

const BEFORE = '2026_11_26_0400_reading_goals'
const AFTER = '2026_11_27_0100_import_limits'

describe.each(testDialects())('import limits migration (%s)', (dialect) => {
  it('keeps a reader’s oldest unsettled import, fails the others saying why, and then refuses a second one', async () => {
    const { db, migrator, close } = await freshMigrationDb(dialect)
    try {
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined()
      const at = (minute: number) => `2026-11-20T10:0${minute}:00.000Z`
      const user = (n: number) => ({
        id: uuidv7(),
        name: 'R',
        username: `r${n}${randomBytes(3).toString('hex')}`,
        email: `${uuidv7()}@x.example`,
        password_hash: 'x',
        user_type: 'Reader',
        created_at: at(0),
        updated_at: at(0),
      })
      const [racer, calm] = [user(1), user(2)]
      await db.insertInto('users').values([racer, calm]).execute()
      const job = (userId: string, status: string, minute: number) => ({
        id: uuidv7(),
        user_id: userId,
        source: 'goodreads',
        status,
        file_name: 'a.csv',
        file_text: 'x',
        header: '[]',
        total: 1,
        created_at: at(minute),
        updated_at: at(minute),
      })
      const jobs = [job(racer.id, 'queued', 1), job(racer.id, 'running', 2), job(racer.id, 'queued', 3), job(calm.id, 'running', 1), job(calm.id, 'done', 2)]
      await db.insertInto('imports').values(jobs).execute()

      expect((await migrator.migrateTo(AFTER)).error).toBeUndefined()
      const rows = await db.selectFrom('imports').select(['id', 'status', 'message', 'file_text']).execute()
      const after = jobs.map((j) => rows.find((r) => r.id === j.id)!)
      expect(after.map((j) => j.status)).toEqual(['queued', 'failed', 'failed', 'running', 'done'])
      expect(after[1]!.message).toMatch(/another import of yours was running at the same time/)
      expect(after[1]!.file_text).toBeNull()

      let refused: unknown
      await db
        .insertInto('imports')
        .values(job(calm.id, 'queued', 4))
        .execute()
        .catch((err: unknown) => (refused = err))
      expect(isUniqueViolation(refused)).toBe(true)
    } finally {
      await close()
    }
  })

  it('moves a file not yet read out of its job, byte for byte, and the job keeps no text (2026_11_27_0300)', async () => {
    const { db, migrator, close } = await freshMigrationDb(dialect)
    try {
      expect((await migrator.migrateTo('2026_11_27_0200_book_identity_and_history')).error).toBeUndefined()
      const at = '2026-11-27T10:00:00.000Z'
      const userId = uuidv7()
      await db
        .insertInto('users')
        .values({
          id: userId,
          name: 'R',
          username: `r${randomBytes(3).toString('hex')}`,
          email: `${uuidv7()}@x.example`,
          password_hash: 'x',
          user_type: 'Reader',
          created_at: at,
          updated_at: at,
        })
        .execute()
      const text = 'Title,Author\nمرحبا بالعالم 📚,Zoë Ø\n'
      const job = (file_text: string | null, status: string) => ({
        id: uuidv7(),
        user_id: userId,
        source: 'goodreads',
        status,
        file_name: 'a.csv',
        file_text,
        header: '[]',
        total: 1,
        created_at: at,
        updated_at: at,
      })
      const [waiting, done] = [job(text, 'queued'), job(null, 'done')]
      await db.insertInto('imports').values([waiting, done]).execute()

      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const parts = await db.selectFrom('import_files').select(['import_id', 'part', 'bytes']).execute()
      expect(parts.map((p) => [p.import_id, p.part])).toEqual([[waiting.id, 0]])
      expect(Buffer.from(parts[0]!.bytes as Uint8Array).toString('utf8')).toBe(text)
      const columns = Object.keys((await db.selectFrom('imports').selectAll().where('id', '=', waiting.id).executeTakeFirstOrThrow()) as object)
      expect(columns).not.toContain('file_text')
    } finally {
      await close()
    }
  })
})

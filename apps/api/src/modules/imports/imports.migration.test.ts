import { describe, expect, it } from 'vitest'
import { atMigration, oldImportRow, oldUserRow } from '../../../test/support/migration-db.ts'
import { isUniqueViolation } from '#/db/portable.ts'
import { testDialects } from '../../../test/support/context.ts'

// Migration 2026_11_27_0100 puts one unsettled import per reader in a unique index. A database where
// the race it closes already let a reader queue several keeps their oldest; the others fail saying why.

const BEFORE = '2026_11_26_0400_reading_goals'
const AFTER = '2026_11_27_0100_import_limits'

// An import as these schemas hold it: its file kept as text in the job.
const jobRow = (userId: string, status: string, at: string, fileText: string | null) => oldImportRow(userId, at, { status, file_text: fileText })

describe.each(testDialects())('import limits migration (%s)', (dialect) => {
  it('keeps a reader’s oldest unsettled import, fails the others saying why, and then refuses a second one', () =>
    atMigration(dialect, BEFORE, async ({ db, migrator }) => {
      const at = (minute: number) => `2026-11-20T10:0${minute}:00.000Z`
      const [racer, calm] = [oldUserRow(at(0)), oldUserRow(at(0))]
      await db.insertInto('users').values([racer, calm]).execute()
      const job = (userId: string, status: string, minute: number) => jobRow(userId, status, at(minute), 'x')
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
    }))

  it('moves a file not yet read out of its job, byte for byte, and the job keeps no text (2026_11_27_0300)', () =>
    atMigration(dialect, '2026_11_27_0200_book_identity_and_history', async ({ db, migrator }) => {
      const at = '2026-11-27T10:00:00.000Z'
      const user = oldUserRow(at)
      await db.insertInto('users').values(user).execute()
      const text = 'Title,Author\nمرحبا بالعالم 📚,Zoë Ø\n'
      const job = (file_text: string | null, status: string) => jobRow(user.id, status, at, file_text)
      const [waiting, done] = [job(text, 'queued'), job(null, 'done')]
      await db.insertInto('imports').values([waiting, done]).execute()

      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const parts = await db.selectFrom('import_files').select(['import_id', 'part', 'bytes']).execute()
      expect(parts.map((p) => [p.import_id, p.part])).toEqual([[waiting.id, 0]])
      expect(Buffer.from(parts[0]!.bytes as Uint8Array).toString('utf8')).toBe(text)
      const columns = Object.keys((await db.selectFrom('imports').selectAll().where('id', '=', waiting.id).executeTakeFirstOrThrow()) as object)
      expect(columns).not.toContain('file_text')
    }))
})

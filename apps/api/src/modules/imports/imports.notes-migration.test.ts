import { describe, expect, it } from 'vitest'
import { atMigration, migrationBefore, oldImportRow, oldUserRow } from '../../../test/support/migration-db.ts'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { columnTypes, isUniqueViolation } from '#/db/portable.ts'
import { migrations } from '#/db/migrations/index.ts'
import { testDialects } from '../../../test/support/context.ts'

// Migrations 2026_12_03_0100 (the notes of an import's rows) and 2026_12_03_0200 (a review may have
// no stars) on a database that already holds reviews and an import's report (decision 0029).

const NOTES = '2026_12_03_0100_import_row_notes'
const UNRATED = '2026_12_03_0200_reviews_without_rating'
const BEFORE = migrationBefore(NOTES)

const refusal = async (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (err: unknown) => err,
  )

describe.each(testDialects())('import notes and reviews without stars: migrations (%s)', (dialect) => {
  it('notes every kept row from its message, and keeps every review, index, trigger and check while a rating may be null', () =>
    atMigration(dialect, BEFORE, async ({ db, migrator }) => {
      const at = '2026-11-20T10:00:00.000Z'
      const [reader, other, third] = [oldUserRow(at), oldUserRow(at), oldUserRow(at)]
      await db.insertInto('users').values([reader, other, third]).execute()
      const book = { id: uuidv7(), title: 'Emma', author: 'Jane Austen', created_at: at, updated_at: at }
      await db.insertInto('books').values(book).execute()
      const review = { id: uuidv7(), book_id: book.id, user_id: reader.id, rating: 4, comment: 'Lovely', created_at: at, updated_at: at }
      await db.insertInto('reviews').values(review).execute()
      const job = oldImportRow(reader.id, at, { total: 5 })
      await db.insertInto('imports').values(job).execute()
      const importId = job.id
      const row = (line: number, outcome: string, message: string | null, data: string | null = '{}') => ({
        import_id: importId,
        line,
        title: 'T',
        author: 'A',
        data,
        fields: '[]',
        outcome,
        message,
      })
      await db
        .insertInto('import_rows')
        .values([
          row(2, 'imported', 'Added to the catalogue from this row. Rating 3.75 rounded to 4★'),
          row(3, 'needs_review', '2 books here have this title and author: choose the one you read'),
          row(4, 'failed', 'Date Read "2012/02/30" is not a date', null),
          row(5, 'unchanged', 'Status changed from Want to Read to Read'),
          row(6, 'imported', null),
        ])
        .execute()

      expect((await migrator.migrateTo(UNRATED)).error).toBeUndefined()

      const notes = await db.selectFrom('import_row_notes').select(['line', 'position', 'kind', 'message']).orderBy('line').execute()
      expect(notes.map((n) => [Number(n.line), Number(n.position), n.kind])).toEqual([
        [2, 0, 'book_created'],
        [3, 0, 'waiting_for_you'],
        [4, 0, 'unreadable'],
        [5, 0, 'other'],
      ])
      expect(notes[2]!.message).toBe('Date Read "2012/02/30" is not a date')
      // A row's notes go with it.
      await db.deleteFrom('import_rows').where('import_id', '=', importId).where('line', '=', 2).execute()
      expect(await db.selectFrom('import_row_notes').select('line').where('line', '=', 2).execute()).toEqual([])

      // The review is kept as it was; a review may now have no stars, and the check still holds for every rating given.
      expect(await db.selectFrom('reviews').select(['id', 'rating', 'comment']).execute()).toEqual([{ id: review.id, rating: 4, comment: 'Lovely' }])
      const version = async () =>
        Number((await db.selectFrom('users').select('profile_version').where('id', '=', other.id).executeTakeFirstOrThrow()).profile_version)
      const versionBefore = await version()
      await db
        .insertInto('reviews')
        .values({ ...review, id: uuidv7(), user_id: other.id, rating: null })
        .execute()
      // The trigger that moves a reviewer's profile version still fires.
      expect(await version()).toBe(versionBefore + 1)
      expect(
        await refusal(
          db
            .insertInto('reviews')
            .values({ ...review, id: uuidv7(), user_id: other.id, rating: 3 })
            .execute(),
        ),
      ).toSatisfy(isUniqueViolation)
      const outOfRange = await refusal(
        db
          .insertInto('reviews')
          .values({ ...review, id: uuidv7(), user_id: third.id, rating: 6 })
          .execute(),
      )
      expect(String(outOfRange)).toMatch(/check/i)
      // Run again (a stop after its commit, before the migrator noted it): nothing changes.
      await migrations[UNRATED]!.up(db, columnTypes(dialect))
      expect(await db.selectFrom('reviews').select('id').execute()).toHaveLength(2)
      if (dialect === 'sqlite') {
        const kept = await sql<{
          name: string
        }>`select name from sqlite_master where tbl_name = 'reviews' and sql is not null and type != 'table' order by name`.execute(db)
        expect(kept.rows.map((r) => r.name)).toEqual([
          'reviews_book_created_idx',
          'reviews_created_idx',
          'reviews_profile_version_ad',
          'reviews_profile_version_ai',
          'reviews_profile_version_au',
          'reviews_user_created_idx',
        ])
        expect((await sql<{ n: number }>`select count(*) as n from pragma_foreign_key_check`.execute(db)).rows[0]!.n).toBe(0)
      }
    }))
})

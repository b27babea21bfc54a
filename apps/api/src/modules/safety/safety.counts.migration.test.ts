import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { testDialects } from '../../../test/support/context.ts'
import { atMigration, oldUserRow } from '../../../test/support/migration-db.ts'

// Migration 2026_12_19_0210 (decision 0058, "Counts"): comments and posts hidden before it are taken
// out of their review's and thread's counts once; tombstones and shown items are not.

const BEFORE = '2026_12_19_0200_notification_targets'

describe.each(testDialects())('hidden counts migration (%s)', (dialect) => {
  it('takes items hidden before it out of the counts, once', () =>
    atMigration(dialect, BEFORE, async ({ db, migrator }) => {
      const now = '2026-12-18T10:00:00.000Z'
      const user = oldUserRow(now)
      await db.insertInto('users').values(user).execute()
      const book = { id: uuidv7(), title: 'Emma', author: 'Jane Austen', created_at: now, updated_at: now }
      await db.insertInto('books').values(book).execute()
      const review = { id: uuidv7(), book_id: book.id, user_id: user.id, rating: 4, comment: '', created_at: now, updated_at: now, comment_count: 3 }
      await db.insertInto('reviews').values(review).execute()
      const comment = (deleted: 0 | 1) => ({ id: uuidv7(), review_id: review.id, user_id: user.id, text: 'x', deleted, created_at: now })
      const comments = [comment(0), comment(0), comment(0), comment(1)]
      for (const c of comments)
        await db
          .insertInto('review_comments')
          .values({ ...c, thread_id: c.id })
          .execute()
      const thread = { id: uuidv7(), book_id: book.id, user_id: user.id, title: 'T', post_count: 3, last_activity_at: now, created_at: now }
      const untouched = { ...thread, id: uuidv7(), post_count: 1 }
      await db.insertInto('discussions').values([thread, untouched]).execute()
      const post = (d: string, id: string, deletedAt: string | null) => ({
        id,
        discussion_id: d,
        user_id: user.id,
        root_id: id,
        text: 'x',
        created_at: now,
        deleted_at: deletedAt,
      })
      const posts = [
        post(thread.id, thread.id, null),
        post(thread.id, uuidv7(), null),
        post(thread.id, uuidv7(), null),
        post(thread.id, uuidv7(), now),
        post(untouched.id, untouched.id, null),
      ]
      await db.insertInto('discussion_posts').values(posts).execute()
      const hide = (target_type: string, target_id: string) => ({ target_type, target_id, note: 'n', hidden_at: now })
      // Hidden: one live comment, the tombstone, two live posts and the deleted one.
      await db
        .insertInto('hidden_items')
        .values([
          hide('comment', comments[0]!.id),
          hide('comment', comments[3]!.id),
          hide('post', posts[1]!.id),
          hide('post', posts[2]!.id),
          hide('post', posts[3]!.id),
        ])
        .execute()

      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      expect(Number((await db.selectFrom('reviews').select('comment_count').where('id', '=', review.id).executeTakeFirstOrThrow()).comment_count)).toBe(2)
      const counts = await db.selectFrom('discussions').select(['id', 'post_count', 'hidden_post_count']).orderBy('id').execute()
      expect(counts.map((d) => [d.id, Number(d.post_count), Number(d.hidden_post_count)])).toEqual(
        [
          [thread.id, 3, 2],
          [untouched.id, 1, 0],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      )
    }))

  it('marks profiles hidden before 2026_12_19_0220 as hidden, and only those', () =>
    atMigration(dialect, '2026_12_19_0210_hidden_post_counts', async ({ db, migrator }) => {
      const now = '2026-12-18T10:00:00.000Z'
      const [hidden, shown] = [oldUserRow(now), oldUserRow(now)]
      await db.insertInto('users').values([hidden, shown]).execute()
      await db.insertInto('hidden_items').values({ target_type: 'profile', target_id: hidden.id, note: 'n', hidden_at: now }).execute()
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const rows = await db.selectFrom('users').select(['id', 'profile_hidden']).where('id', 'in', [hidden.id, shown.id]).execute()
      expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.profile_hidden)]))).toEqual({ [hidden.id]: 1, [shown.id]: 0 })
    }))
})

import type { AccountExport } from '@shelfwise/contracts'
import { lockedForUpdate, toIso, type Db } from '#/db/portable.ts'
import { pageAfter } from '#/db/keyset.ts'
import { timeIdCursor, timeIdKey, type AccountDoor, type Cursor, type ExportSections, type PageReader, type ReaderDataDoor } from '#/reader-data.ts'

// The users module's doors to a reader's data (decision 0019): the account row (the export's
// profile), and the follows both ways.

type Person = AccountExport['follows']['following'][number]

/** The reader's account row: their profile in the export; locked first and removed last when they leave. */
export const accountDoor: AccountDoor<{ sections: Pick<ExportSections, 'profile'> }> = {
  module: 'users',
  tables: { users: { exported: { in: ['profile'] }, removed: 'deleted' } },

  exportFor: (db, userId) => ({
    sections: {
      profile: {
        async value() {
          const p = await db
            .selectFrom('users')
            .select(['name', 'username', 'email', 'userType', 'bio', 'profileImage', 'createdAt'])
            .where('id', '=', userId)
            .executeTakeFirst()
          return p && { ...p, createdAt: toIso(p.createdAt) }
        },
      },
    },
  }),

  // FOR UPDATE on PostgreSQL: a follow or review of theirs being written waits, then finds them gone.
  async lockFor(trx, userId) {
    return (await lockedForUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).executeTakeFirst()) !== undefined
  },

  // Every token of theirs stops working because the user is gone; their revoked token ids have no
  // owner and are dropped as they expire.
  async removeFor(trx, userId) {
    await trx.deleteFrom('users').where('id', '=', userId).execute()
  },
}

/** A page of the people the reader follows (or who follow them), newest follow first, along the follows' keyset indexes. */
const followPages =
  (db: Db, userId: string, side: 'following' | 'followers'): PageReader<Person> =>
  async (after: Cursor | undefined, limit: number) => {
    const [mine, theirs] = side === 'following' ? (['f.followerId', 'f.followeeId'] as const) : (['f.followeeId', 'f.followerId'] as const)
    const q = db.selectFrom('follows as f').innerJoin('users as u', 'u.id', theirs).select(['u.id', 'u.username', 'f.createdAt']).where(mine, '=', userId)
    const rows = await pageAfter(q, ['f.createdAt', theirs], 'desc', timeIdKey(after), limit).execute()
    const last = rows.at(-1)
    return {
      items: rows.map((r) => ({ _id: r.id, username: r.username })),
      ...(rows.length === limit && last ? { next: timeIdCursor(toIso(last.createdAt), last.id) } : {}),
    }
  }

/** The reader's follows both ways. */
export const followsDoor: ReaderDataDoor<{ sections: Pick<ExportSections, 'follows'> }> = {
  module: 'users',
  tables: { follows: { exported: { in: ['follows'] }, removed: 'deleted' } },

  exportFor: (db, userId) => ({
    sections: { follows: { following: { pages: followPages(db, userId, 'following') }, followers: { pages: followPages(db, userId, 'followers') } } },
  }),

  // Others' follower and following counts are counted from these rows, and triggers move the profile
  // version of everyone on either side (their kept profiles and feeds follow at once). First of the
  // doors: every writer locks users before books.
  async removeFor(trx, userId) {
    await trx
      .deleteFrom('follows')
      .where((eb) => eb.or([eb('followerId', '=', userId), eb('followeeId', '=', userId)]))
      .execute()
  },
}

import { toIso, type Db } from '#/db/portable.ts'
import type { ExportSections, PageReader, ReaderDataDoor } from '#/reader-data.ts'

// The safety module's door to a reader's data (decisions 0019, 0057, 0058): whom they blocked and
// muted, the books and words they muted, and their reports with the outcomes, exported; all of it
// deleted with the account. Blocks and mutes of them by others go too (those rows name them); the
// reports they decided as a moderator stay, unlinked from them, and so do the items they hid.

type Sections = Pick<ExportSections, 'safety'>

/** Pages along a table's key after its last value (`key` unique within the reader's rows). */
function keyed<T, R>(read: (after: string | undefined, limit: number) => Promise<R[]>, key: (r: R) => string, map: (r: R) => T): PageReader<T> {
  return async (after, limit) => {
    const rows = await read(after, limit)
    return { items: rows.map(map), ...(rows.length === limit && rows.length ? { next: key(rows.at(-1)!) } : {}) }
  }
}

export const safetyDoor: ReaderDataDoor<{ sections: Sections }> = {
  module: 'safety',
  tables: {
    blocks: { exported: { in: ['safety'] }, removed: 'deleted' },
    userMutes: { exported: { in: ['safety'] }, removed: 'deleted' },
    bookMutes: { exported: { in: ['safety'] }, removed: 'deleted' },
    mutedWords: { exported: { in: ['safety'] }, removed: 'deleted' },
    reports: { exported: { in: ['safety'] }, removed: 'deleted' },
    hiddenItems: { exported: { leftOut: 'what a moderator hid is the community’s record, kept without their name' }, removed: 'unlinked' },
  },

  exportFor: (db: Db, userId: string) => ({
    sections: {
      safety: {
        blocks: {
          pages: keyed(
            (after, limit) => {
              let q = db
                .selectFrom('blocks')
                .innerJoin('users', 'users.id', 'blocks.blockedId')
                .select(['users.id', 'users.username', 'blocks.createdAt'])
                .where('blocks.blockerId', '=', userId)
              if (after !== undefined) q = q.where('blocks.blockedId', '>', after)
              return q.orderBy('blocks.blockedId').limit(limit).execute()
            },
            (r) => r.id,
            (r) => ({ _id: r.id, username: r.username, blockedAt: toIso(r.createdAt) }),
          ),
        },
        mutedReaders: {
          pages: keyed(
            (after, limit) => {
              let q = db
                .selectFrom('userMutes')
                .innerJoin('users', 'users.id', 'userMutes.mutedId')
                .select(['users.id', 'users.username', 'userMutes.createdAt'])
                .where('userMutes.userId', '=', userId)
              if (after !== undefined) q = q.where('userMutes.mutedId', '>', after)
              return q.orderBy('userMutes.mutedId').limit(limit).execute()
            },
            (r) => r.id,
            (r) => ({ _id: r.id, username: r.username, mutedAt: toIso(r.createdAt) }),
          ),
        },
        mutedBooks: {
          pages: keyed(
            (after, limit) => {
              let q = db.selectFrom('bookMutes').select(['bookId', 'createdAt']).where('userId', '=', userId)
              if (after !== undefined) q = q.where('bookId', '>', after)
              return q.orderBy('bookId').limit(limit).execute()
            },
            (r) => r.bookId,
            (r) => ({ bookId: r.bookId, mutedAt: toIso(r.createdAt) }),
          ),
        },
        mutedWords: {
          pages: keyed(
            (after, limit) => {
              let q = db.selectFrom('mutedWords').select('word').where('userId', '=', userId)
              if (after !== undefined) q = q.where('word', '>', after)
              return q.orderBy('word').limit(limit).execute()
            },
            (r) => r.word,
            (r) => r.word,
          ),
        },
        reports: {
          pages: keyed(
            (after, limit) => {
              let q = db
                .selectFrom('reports')
                .select(['id', 'targetType', 'targetId', 'reason', 'note', 'status', 'outcomeNote', 'createdAt', 'decidedAt'])
                .where('reporterId', '=', userId)
              if (after !== undefined) q = q.where('id', '>', after)
              return q.orderBy('id').limit(limit).execute()
            },
            (r) => r.id,
            (r) => ({
              _id: r.id,
              targetType: r.targetType,
              targetId: r.targetId,
              reason: r.reason,
              note: r.note,
              status: r.status,
              outcomeNote: r.outcomeNote,
              createdAt: toIso(r.createdAt),
              decidedAt: r.decidedAt === null ? null : toIso(r.decidedAt),
            }),
          ),
        },
      },
    },
  }),

  async removeFor(trx, userId) {
    await trx
      .deleteFrom('blocks')
      .where((eb) => eb.or([eb('blockerId', '=', userId), eb('blockedId', '=', userId)]))
      .execute()
    await trx
      .deleteFrom('userMutes')
      .where((eb) => eb.or([eb('userId', '=', userId), eb('mutedId', '=', userId)]))
      .execute()
    await trx.deleteFrom('bookMutes').where('userId', '=', userId).execute()
    await trx.deleteFrom('mutedWords').where('userId', '=', userId).execute()
    await trx.deleteFrom('reports').where('reporterId', '=', userId).execute()
    await trx.updateTable('reports').set({ decidedByUserId: null }).where('decidedByUserId', '=', userId).execute()
    await trx.updateTable('hiddenItems').set({ hiddenByUserId: null }).where('hiddenByUserId', '=', userId).execute()
  },
}

import { toIso, type Db } from '#/db/portable.ts'
import { pagesAlong, type ExportSections, type ReaderDataDoor } from '#/reader-data.ts'

// The safety module's door to a reader's data (decisions 0019, 0057, 0058): whom they blocked and
// muted, the books and words they muted, and their reports with the outcomes, exported; all of it
// deleted with the account. Blocks and mutes of them by others go too (those rows name them); the
// reports they decided as a moderator stay, unlinked from them, and so do the items they hid.

type Sections = Pick<ExportSections, 'safety'>

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
          pages: pagesAlong(
            () =>
              db
                .selectFrom('blocks')
                .innerJoin('users', 'users.id', 'blocks.blockedId')
                .select(['users.id', 'users.username', 'blocks.createdAt'])
                .where('blocks.blockerId', '=', userId),
            'id',
            (r) => ({ _id: r.id, username: r.username, blockedAt: toIso(r.createdAt) }),
            'blocks.blockedId',
          ),
        },
        mutedReaders: {
          pages: pagesAlong(
            () =>
              db
                .selectFrom('userMutes')
                .innerJoin('users', 'users.id', 'userMutes.mutedId')
                .select(['users.id', 'users.username', 'userMutes.createdAt'])
                .where('userMutes.userId', '=', userId),
            'id',
            (r) => ({ _id: r.id, username: r.username, mutedAt: toIso(r.createdAt) }),
            'userMutes.mutedId',
          ),
        },
        mutedBooks: {
          pages: pagesAlong(
            () => db.selectFrom('bookMutes').select(['bookId', 'createdAt']).where('userId', '=', userId),
            'bookId',
            (r) => ({ bookId: r.bookId, mutedAt: toIso(r.createdAt) }),
          ),
        },
        mutedWords: {
          pages: pagesAlong(
            () => db.selectFrom('mutedWords').select('word').where('userId', '=', userId),
            'word',
            (r) => r.word,
          ),
        },
        reports: {
          pages: pagesAlong(
            () =>
              db
                .selectFrom('reports')
                .select(['id', 'targetType', 'targetId', 'reason', 'note', 'status', 'outcomeNote', 'createdAt', 'decidedAt'])
                .where('reporterId', '=', userId),
            'id',
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

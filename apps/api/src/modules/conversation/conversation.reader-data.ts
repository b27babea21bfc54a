import type { AccountExport } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'
import { fromStoredPosition } from '#/modules/spoilers/spoilers.service.ts'
import { pageAfter } from '#/db/keyset.ts'
import { timeIdCursor, timeIdKey, type Cursor, type ExportSections, type PageReader, type ReaderDataDoor } from '#/reader-data.ts'
import type { ConversationService } from '#/modules/conversation/conversation.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'

// The conversation module's door to a reader's data (decisions 0019, 0042): their likes and their
// comments, exported; removed with the account as their own deletions would be: a top-level comment
// others replied to stays as a tombstone ("comment deleted", no text and no name), anything else
// goes, and every count moves with it.

type Section = AccountExport['conversation']

/** Rows removed per statement while an account closes. */
const BATCH = 500

/** A newest-first page along (userId, createdAt) of one of the reader's tables. */
function pagesOf<T>(
  db: Db,
  userId: string,
  table: 'reviewLikes' | 'commentLikes' | 'reviewComments',
  key: 'reviewId' | 'commentId' | 'id',
  map: (row: Record<string, unknown>) => T,
): PageReader<T> {
  return async (after: Cursor | undefined, limit: number) => {
    const q = db
      .selectFrom(table as 'reviewComments')
      .selectAll()
      .where('userId', '=', userId)
    const rows = (await pageAfter(q, ['createdAt', key as 'id'], 'desc', timeIdKey(after), limit).execute()) as unknown as Record<string, unknown>[]
    const last = rows.at(-1)
    return {
      items: rows.map(map),
      ...(rows.length === limit && last ? { next: timeIdCursor(toIso(last.createdAt as string), last[key]) } : {}),
    }
  }
}

export const createConversationDoor = (
  conversation: Pick<ConversationService, 'removeForAccount'>,
  reviews: Pick<ReviewsService, 'moveCounters'>,
): ReaderDataDoor<{ sections: Pick<ExportSections, 'conversation'> }> => ({
  module: 'conversation',
  tables: {
    reviewLikes: { exported: { in: ['conversation'] }, removed: 'deleted' },
    reviewComments: { exported: { in: ['conversation'] }, removed: 'deleted' },
    commentLikes: { exported: { in: ['conversation'] }, removed: 'deleted' },
  },

  exportFor: (db, userId) => ({
    sections: {
      conversation: {
        reviewLikes: {
          pages: pagesOf<Section['reviewLikes'][number]>(db, userId, 'reviewLikes', 'reviewId', (r) => ({
            reviewId: r.reviewId as string,
            likedAt: toIso(r.createdAt as string),
          })),
        },
        comments: {
          pages: pagesOf<Section['comments'][number]>(db, userId, 'reviewComments', 'id', (r) => ({
            _id: r.id as string,
            reviewId: r.reviewId as string,
            parentId: (r.parentId as string | null) ?? null,
            text: (r.text as string | null) ?? '',
            position: fromStoredPosition(r.positionKind as string | null, r.positionValue === null ? null : Number(r.positionValue)),
            createdAt: toIso(r.createdAt as string),
            editedAt: r.editedAt ? toIso(r.editedAt as string) : null,
          })),
        },
        commentLikes: {
          pages: pagesOf<Section['commentLikes'][number]>(db, userId, 'commentLikes', 'commentId', (r) => ({
            commentId: r.commentId as string,
            likedAt: toIso(r.createdAt as string),
          })),
        },
      },
    },
  }),

  // In batches, each counter moved with the rows it counts: linear in the reader's rows, bounded per statement.
  async removeFor(trx, userId) {
    for (;;) {
      const likes = await trx.selectFrom('reviewLikes').select('reviewId').where('userId', '=', userId).limit(BATCH).execute()
      if (likes.length === 0) break
      const ids = likes.map((l) => l.reviewId)
      await trx.deleteFrom('reviewLikes').where('userId', '=', userId).where('reviewId', 'in', ids).execute()
      for (const id of ids) await reviews.moveCounters(trx, id, { likes: -1 })
    }
    await trx
      .updateTable('reviewComments')
      .set((eb) => ({ likes: eb('likes', '-', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('commentLikes').select('commentId').where('userId', '=', userId))
      .execute()
    await trx.deleteFrom('commentLikes').where('userId', '=', userId).execute()
    // Replies first, so a top-level comment whose only replies were theirs goes whole.
    for (const replies of [true, false]) {
      for (;;) {
        const mine = await trx
          .selectFrom('reviewComments')
          .select('id')
          .where('userId', '=', userId)
          .where('parentId', replies ? 'is not' : 'is', null)
          .limit(BATCH)
          .execute()
        if (mine.length === 0) break
        for (const c of mine) await conversation.removeForAccount(trx, c.id)
      }
    }
  },
})

import { toIso } from '#/db/portable.ts'
import { pageAfter } from '#/db/keyset.ts'
import { timeIdCursor, timeIdKey, type LibraryParts, type ReaderDataDoor, type ReviewPart } from '#/reader-data.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'

// The reviews module's door to a reader's data (decision 0019): their reviews, in the export's
// library, and removed with their books' counters kept right. A review without stars (decision 0029)
// is exported with rating 0, as the API answers it.

const toPart = (r: {
  id: string
  bookId: string
  rating: number | null
  comment: string
  spoiler: number
  createdAt: string | Date
  updatedAt: string | Date
}) => ({
  id: r.id,
  part: {
    bookId: r.bookId,
    review: {
      rating: Number(r.rating),
      comment: r.comment,
      spoiler: Number(r.spoiler) === 1,
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
    },
  } satisfies ReviewPart,
})

/** The reader's reviews; removed through the reviews service, which moves their books' counts and averages. */
export const createReviewsDoor = (reviews: Pick<ReviewsService, 'removeAllBy'>): ReaderDataDoor<{ library: Pick<LibraryParts, 'reviews'> }> => ({
  module: 'reviews',
  tables: { reviews: { exported: { in: ['library'] }, removed: 'deleted' } },

  exportFor: (db, userId) => {
    const columns = ['id', 'bookId', 'rating', 'comment', 'spoiler', 'createdAt', 'updatedAt'] as const
    return {
      library: {
        reviews: {
          // Newest first along reviews_user_created_idx, after a review (its creation time and id).
          async pages(after, limit) {
            const q = db.selectFrom('reviews').select(columns).where('userId', '=', userId)
            const rows = (await pageAfter(q, ['createdAt', 'id'], 'desc', timeIdKey(after), limit).execute()).map(toPart)
            const last = rows.at(-1)
            return {
              items: rows.map((r) => r.part),
              ...(rows.length === limit && last ? { next: timeIdCursor(last.part.review.createdAt, last.id) } : {}),
            }
          },
          async ofBooks(bookIds) {
            if (!bookIds.length) return []
            const rows = await db.selectFrom('reviews').select(columns).where('userId', '=', userId).where('bookId', 'in', bookIds).execute()
            return rows.map((r) => toPart(r).part)
          },
        },
      },
    }
  },

  async removeFor(trx, userId) {
    await reviews.removeAllBy(userId, trx)
  },
})

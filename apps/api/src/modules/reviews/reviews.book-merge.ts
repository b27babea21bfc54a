import { toIso, type Db } from '#/db/portable.ts'
import { chunked, stillThere, type BookMergeDoor } from '#/book-merge.ts'
import type { BooksService } from '#/modules/books/books.service.ts'

// The reviews module's door for merging duplicates (decision 0030). A work merge moves every review of
// the absorbed work to the survivor. A reader who reviewed both keeps one review (one per reader per
// book): the newer (last written or edited; on a tie, the survivor's), and the other is kept whole in
// the merge, so a revert writes it back. Ratings move through the books service's rating ledger, one
// relative move per book. An edition merge moves nothing here: reviews belong to the work.

interface ReviewRow {
  id: string
  bookId: string
  userId: string
  rating: number | null
  comment: string
  createdAt: string
  updatedAt: string
}

interface ReviewsMoved {
  /** The absorbed work's reviews, now the survivor's. */
  moved: string[]
  /** The older review of a reader who reviewed both books, as it was. */
  folded: ReviewRow[]
}

const toRow = (r: {
  id: string
  bookId: string
  userId: string
  rating: number | null
  comment: string
  createdAt: string | Date
  updatedAt: string | Date
}): ReviewRow => ({
  id: r.id,
  bookId: r.bookId,
  userId: r.userId,
  rating: r.rating === null ? null : Number(r.rating),
  comment: r.comment,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})

/** Reviews with stars counted and summed: what the ledger moves for them (a review without stars is in no average, decision 0029). */
const tally = (ratings: (number | null)[]) => {
  const rated = ratings.filter((r): r is number => r !== null)
  return { reviews: rated.length, reviewStars: rated.reduce((s, r) => s + r, 0) }
}

/** Moves the ledger for reviews leaving one book for another (either side may be none). */
async function shift(trx: Db, books: { ratings: Pick<BooksService['ratings'], 'move'> }, ratings: (number | null)[], from: string | null, to: string | null) {
  const t = tally(ratings)
  if (!t.reviews) return
  if (from) await books.ratings.move(trx, from, { reviews: -t.reviews, reviewStars: -t.reviewStars })
  if (to) await books.ratings.move(trx, to, t)
}

/** Which of one reader's two reviews stays: the one written or edited last; on a tie the survivor's. */
const newer = (absorbed: ReviewRow, survivor: ReviewRow) => (absorbed.updatedAt > survivor.updatedAt ? absorbed : survivor)

export const createReviewsMergeDoor = (books: { ratings: Pick<BooksService['ratings'], 'move'> }): BookMergeDoor<ReviewsMoved> => ({
  module: 'reviews',
  tables: { reviews: 'work: moved to the survivor; of a reader’s two reviews the newer stays, the other is kept in the merge for a revert' },

  async readers(trx, step, moved) {
    if (step.kind !== 'work') return []
    if (!moved) return (await trx.selectFrom('reviews').select('userId').where('bookId', '=', step.absorbed).execute()).map((r) => r.userId)
    const out = moved.folded.map((r) => r.userId)
    for (const some of chunked(moved.moved))
      out.push(...(await trx.selectFrom('reviews').select('userId').where('id', 'in', some).execute()).map((r) => r.userId))
    return out
  },

  async move(trx, step) {
    if (step.kind !== 'work') return { moved: [], folded: [] }
    const { absorbed, survivor } = step
    // The readers who reviewed both books, along reviews_book_user_key.
    const pairs = await trx
      .selectFrom('reviews as a')
      .innerJoin('reviews as b', (j) => j.onRef('b.userId', '=', 'a.userId').on('b.bookId', '=', survivor))
      .select([
        'a.id as aId',
        'a.bookId as aBookId',
        'a.userId as aUserId',
        'a.rating as aRating',
        'a.comment as aComment',
        'a.createdAt as aCreatedAt',
        'a.updatedAt as aUpdatedAt',
        'b.id as bId',
        'b.bookId as bBookId',
        'b.userId as bUserId',
        'b.rating as bRating',
        'b.comment as bComment',
        'b.createdAt as bCreatedAt',
        'b.updatedAt as bUpdatedAt',
      ])
      .where('a.bookId', '=', absorbed)
      .execute()
    const folded: ReviewRow[] = []
    for (const p of pairs) {
      const a = toRow({
        id: p.aId,
        bookId: p.aBookId,
        userId: p.aUserId,
        rating: p.aRating,
        comment: p.aComment,
        createdAt: p.aCreatedAt,
        updatedAt: p.aUpdatedAt,
      })
      const b = toRow({
        id: p.bId,
        bookId: p.bBookId,
        userId: p.bUserId,
        rating: p.bRating,
        comment: p.bComment,
        createdAt: p.bCreatedAt,
        updatedAt: p.bUpdatedAt,
      })
      folded.push(newer(a, b) === a ? b : a)
    }
    for (const rows of chunked(folded)) {
      await trx
        .deleteFrom('reviews')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    }
    for (const bookId of [survivor, absorbed]) {
      await shift(
        trx,
        books,
        folded.filter((r) => r.bookId === bookId).map((r) => r.rating),
        bookId,
        null,
      )
    }
    const rest = await trx.selectFrom('reviews').select(['id', 'rating']).where('bookId', '=', absorbed).orderBy('id').execute()
    // A statement per MERGE_CHUNK reviews: each fires the reviewer's triggers, and the loop is let go between them.
    for (const ids of chunked(rest.map((r) => r.id))) await trx.updateTable('reviews').set({ bookId: survivor }).where('id', 'in', ids).execute()
    await shift(
      trx,
      books,
      rest.map((r) => (r.rating === null ? null : Number(r.rating))),
      absorbed,
      survivor,
    )
    return { moved: rest.map((r) => r.id), folded }
  },

  async putBack(trx, step, { moved, folded }) {
    if (step.kind !== 'work') return
    const { absorbed, survivor } = step
    // Moved reviews still on the survivor go home as they are now (edited since or not); one deleted since stays deleted.
    for (const ids of chunked(moved)) {
      const here = await trx.selectFrom('reviews').select('rating').where('id', 'in', ids).where('bookId', '=', survivor).execute()
      if (!here.length) continue
      await trx.updateTable('reviews').set({ bookId: absorbed }).where('id', 'in', ids).where('bookId', '=', survivor).execute()
      await shift(
        trx,
        books,
        here.map((r) => (r.rating === null ? null : Number(r.rating))),
        survivor,
        absorbed,
      )
    }
    // The folded reviews come back, unless their reader has reviewed that book again since (theirs
    // stays) or closed their account (their reviews went with it).
    for (const some of chunked(folded)) {
      const rows = await stillThere(trx, 'users', some, (r) => r.userId)
      if (!rows.length) continue
      const back = await trx
        .insertInto('reviews')
        .values(rows.map((r) => ({ ...r })))
        .onConflict((oc) => oc.columns(['bookId', 'userId']).doNothing())
        .returning(['bookId', 'rating'])
        .execute()
      for (const bookId of [absorbed, survivor]) {
        await shift(
          trx,
          books,
          back.filter((r) => r.bookId === bookId).map((r) => (r.rating === null ? null : Number(r.rating))),
          null,
          bookId,
        )
      }
    }
  },
})

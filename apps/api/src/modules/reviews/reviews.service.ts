import { blockedAmong, hiddenByModerators } from '#/modules/safety/safety.service.ts'
import { v7 as uuidv7 } from 'uuid'
import type { AliasableExpression, Expression, SqlBool } from 'kysely'
import {
  badgeOf,
  LIMITS,
  MESSAGES,
  type BookReviewsQuery,
  type CreateReviewInput,
  type DeleteReviewQuery,
  type PagingQuery,
  type PopularEntry,
  type Review,
  type UpdateReviewInput,
} from '@shelfwise/contracts'
import { isForeignKeyViolation, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { conflict, notFound } from '#/errors.ts'
import { cutPage, decodeKeyset, encodeCursor, rowsToRead, type Page } from '#/paging.ts'
import { TOPICS, type Changes } from '#/changes.ts'
import type { Actor } from '#/security/actor.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import { createMemo } from '#/memo.ts'
import { noEvents, type Events } from '#/events.ts'
import { noWithdrawAbout, type WithdrawAbout } from '#/modules/notifications/notifications.service.ts'
import {
  deleteOwnReview,
  deleteReviewsBy,
  findWorkReviewCount,
  findReviewAsSeenBy,
  findReviewOwner,
  listBookReviewsByFollowed,
  listBookReviewsByLikes,
  moveReviewCounters,
  findNewestReviewId,
  findReviewById,
  findReviewForChange,
  findReviewer,
  findReviewOfBookBy,
  findUserReviewCount,
  insertReview,
  markSpoiler,
  listBookReviews,
  listPopularBookIds,
  listRecentReviews,
  listUserReviews,
  updateReview,
  type NewReview,
  type ReviewListOptions,
} from '#/modules/reviews/reviews.repository.ts'

export interface ReviewsDeps {
  db: Db
  /** The book's details, and its rating ledger: every review's rating moves the book's counters through it. */
  books: BooksService
  /** A new review supersedes the reader's rating given without one; a deleted one may leave its stars as that rating. */
  reading: Pick<ReadingService, 'supersedeRating' | 'keepRating'>
  /** Told of a review published, in its transaction (webhooks, decision 0048). */
  events?: Events
  /** Which of some reviews a reader likes (the conversation module's, decision 0041); none known without it. */
  likedAmong?: (viewerId: string, reviewIds: string[]) => Promise<Set<string>>
  /** Removes the unread notifications about a deleted review and its comments (decision 0052, "Withdrawn"). */
  withdrawAbout?: WithdrawAbout
  /** What changed, told by the database (decision 0064): a writer's name and picture are kept until theirs change. */
  changes?: Changes
}

/** Who asks: a signed-in reader's id, or undefined. */
type Viewer = Pick<Actor, 'id'> | undefined

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/** Reads one page (or, without `limit`, the rest of the list) through a newest-first list function. */
async function readPage(q: PagingQuery, total: number, list: (opts: ReviewListOptions) => Promise<Review[]>): Promise<Page<Review>> {
  const after = q.cursor ? decodeKeyset(q.cursor, ['instant', 'id'] as const) : undefined
  const rows = await list({ after: after && { createdAt: after[0], id: after[1] }, limit: rowsToRead(q.limit) })
  const page = cutPage(rows, q.limit, (last) => encodeCursor([last.createdAt, last._id]))
  return { items: page.rows, total, ...(page.next ? { nextCursor: page.next } : {}) }
}

/**
 * How long the shared lists may be reused. Recent reviews: a new review, made on any instance, shows
 * at once (the newest review's id is the list's version); an edit or a deletion made on another
 * instance within this time. Popular this week: counted at most once per this time per instance (a
 * week's count moves little in seconds, and recounting on every new review would cost a count per
 * review); an empty week costs nothing to count and is never kept.
 */
const SHARED_LIST_TTL_MS = 5_000

export const createReviewsService = ({ db, books, reading, events = noEvents, likedAmong, withdrawAbout = noWithdrawAbout, changes }: ReviewsDeps) => {
  const reviewers = changes?.kept<Review['user'] | undefined>({ max: 10_000 })
  /** The reader part of a new review (name and picture as others see them), kept per reader until it changes; undefined for no such reader. */
  const reviewerOf = (userId: string): Promise<Review['user'] | undefined> =>
    reviewers ? reviewers.get(TOPICS.profile(userId), () => findReviewer(db, userId)) : findReviewer(db, userId)

  /** The reviews with `likedByMe` for this viewer (one read for the whole list). */
  const withViewer = async (all: Review[], viewer: Viewer): Promise<Review[]> => {
    if (all.length === 0) return all
    // A review the moderators hid keeps its place without its text (decision 0058); reviews by a
    // reader with a block either way between them and the viewer are left out (decision 0057).
    const [hidden, blocked] = await Promise.all([
      hiddenByModerators(
        db,
        'review',
        all.map((r) => r._id),
      ),
      blockedAmong(
        db,
        viewer?.id,
        all.map((r) => r.user._id),
      ),
    ])
    const list = all.flatMap((r) => (blocked.has(r.user._id) ? [] : hidden.has(r._id) ? [{ ...r, comment: '', removedByModerators: true as const }] : [r]))
    if (!viewer || !likedAmong || list.length === 0) return list
    const liked = await likedAmong(
      viewer.id,
      list.map((r) => r._id),
    )
    return list.map((r) => (liked.has(r._id) ? { ...r, likedByMe: true } : r))
  }
  const pageWithViewer = async (page: Page<Review>, viewer: Viewer): Promise<Page<Review>> => ({ ...page, items: await withViewer(page.items, viewer) })

  /** Stores a new review and moves its book's ratings (the reader's lone rating, if any, gives way to it); the book part of the Review, or undefined for an absent book. */
  const addReview = async (trx: Db, review: NewReview) => {
    await insertReview(trx, review)
    await reading.supersedeRating(trx, review.userId, review.bookId)
    // Counted in the same transaction as the insert, so the average never drifts from the rows.
    return books.ratings.addReview(trx, review.bookId, review.rating)
  }

  /**
   * Moves a book's ratings for a review whose stars go from `before` to `after`: a review that had
   * none (0, decision 0029) enters the average then, and takes the place of the reader's rating
   * given without a review, as a new review does.
   */
  const moveRating = async (trx: Db, userId: string, bookId: string, before: number, after: number) => {
    if (before === after) return
    if (before > 0) return void (await books.ratings.move(trx, bookId, { reviewStars: after - before }))
    await reading.supersedeRating(trx, userId, bookId)
    await books.ratings.move(trx, bookId, { reviews: 1, reviewStars: after })
  }

  /**
   * A page of a book's reviews with those by the people the viewer follows first, each half newest
   * first. The cursor says which half it is in (1: followed, 0: the others) and where in it.
   */
  const followingFirst = async (bookId: string, viewerId: string, q: PagingQuery, total: number): Promise<Page<Review>> => {
    const at = q.cursor ? decodeKeyset(q.cursor, ['count', 'instant', 'id'] as const) : undefined
    const want = rowsToRead(q.limit)
    const rows: { half: number; review: Review }[] = []
    if (!at || at[0] === 1) {
      const followed = await listBookReviewsByFollowed(db, bookId, viewerId, true, { after: at && { createdAt: at[1], id: at[2] }, limit: want })
      rows.push(...followed.map((review) => ({ half: 1, review })))
    }
    if (want === undefined || rows.length < want) {
      const after = at && at[0] === 0 ? { createdAt: at[1], id: at[2] } : undefined
      const others = await listBookReviewsByFollowed(db, bookId, viewerId, false, { after, limit: want === undefined ? undefined : want - rows.length })
      rows.push(...others.map((review) => ({ half: 0, review })))
    }
    const page = cutPage(rows, q.limit, (last) => encodeCursor([last.half, last.review.createdAt, last.review._id]))
    return { items: page.rows.map((r) => r.review), total, ...(page.next ? { nextCursor: page.next } : {}) }
  }

  const popular = createMemo<{ bookId: string; reviewCount: number }[]>({ ttlMs: SHARED_LIST_TTL_MS, max: 1 })
  const recent = createMemo<Review[]>({ ttlMs: SHARED_LIST_TTL_MS, max: 10 })
  return {
    /**
     * A book's reviews, paged when `limit` is given: newest first (the default), most liked first, or
     * by the people the viewer follows first (newest first for a signed-out viewer); 404 'Book not
     * found' when absent.
     */
    async listForBook(id: string, q: BookReviewsQuery, viewer?: Viewer): Promise<Page<Review>> {
      // An edition's id is its work's (decision 0027).
      const work = await findWorkReviewCount(db, id)
      if (!work) throw notFound(MESSAGES.bookNotFound)
      const { workId: bookId, total } = work
      if (q.sort === 'liked') {
        const after = q.cursor ? decodeKeyset(q.cursor, ['count', 'instant', 'id'] as const) : undefined
        const rows = await listBookReviewsByLikes(db, bookId, {
          after: after && { likes: after[0], createdAt: after[1], id: after[2] },
          limit: rowsToRead(q.limit),
        })
        const page = cutPage(rows, q.limit, (last) => encodeCursor([last.likes ?? 0, last.createdAt, last._id]))
        return pageWithViewer({ items: page.rows, total, ...(page.next ? { nextCursor: page.next } : {}) }, viewer)
      }
      if (q.sort === 'following' && viewer) return pageWithViewer(await followingFirst(bookId, viewer.id, q, total), viewer)
      return pageWithViewer(await readPage(q, total, (opts) => listBookReviews(db, bookId, opts)), viewer)
    },

    /** The caller's own review of a book, or null when they have none (or the book is absent). */
    async findMine(actor: Actor, id: string): Promise<Review | null> {
      const review = await findReviewOfBookBy(db, await books.workOf(id), actor.id)
      return review ? (await withViewer([review], actor))[0]! : null
    },

    /** Whether a reader has a review of a book (`on`: the caller's transaction, when it asks from inside one). */
    async hasReview(userId: string, bookId: string, on: Db = db): Promise<boolean> {
      return (await findReviewOfBookBy(on, await books.workOf(bookId, on), userId)) !== undefined
    },

    /** The caller's own review of a book; 404 'Review not found' when they have none (or the book is absent). */
    async mine(actor: Actor, id: string): Promise<Review> {
      const review = await findReviewOfBookBy(db, await books.workOf(id), actor.id)
      if (!review) throw notFound(MESSAGES.reviewNotFound)
      return (await withViewer([review], actor))[0]!
    },

    /** A reader's reviews, newest first, each with its book; 404 'User not found' when absent. */
    async listForUser(userId: string, q: PagingQuery, viewer?: Viewer): Promise<Page<Review>> {
      const total = await findUserReviewCount(db, userId)
      if (total === undefined) throw notFound(MESSAGES.userNotFound)
      return pageWithViewer(await readPage(q, total, (opts) => listUserReviews(db, userId, opts)), viewer)
    },

    /** The newest reviews over all books written here, not imported (8 unless asked for another number). */
    async recent(limit: number = LIMITS.recentReviews, viewer?: Viewer): Promise<Review[]> {
      return withViewer(await recent.get(String(limit), () => listRecentReviews(db, limit), { version: await findNewestReviewId(db) }), viewer)
    },

    /** Who wrote a review and of which book (the conversation module's permission checks); undefined when absent. */
    findOwner: (id: string, trx: Db = db) => findReviewOwner(trx, id),

    /** The same with the book's title and a block check on the writer, in one read (the like's hot path). */
    findAsSeenBy: (trx: Db, id: string, blocked: (writer: Expression<string>) => AliasableExpression<SqlBool>) => findReviewAsSeenBy(trx, id, blocked),

    /** Moves a review's like and comment counts in the caller's transaction; answers them after, or undefined for an absent review. */
    async moveCounters(trx: Db, id: string, by: { likes?: number; comments?: number }) {
      try {
        return await moveReviewCounters(trx, id, by)
      } finally {
        recent.clear()
      }
    },

    /** The books most reviewed in the last 7×24 hours, with that count: most first, then by average, then title. */
    async popularThisWeek(): Promise<PopularEntry[]> {
      // The counting is the expensive part and the same for everyone; the books are read fresh.
      const counts = await popular.get(
        'week',
        () => {
          const now = Date.now()
          return listPopularBookIds(db, { since: new Date(now - WEEK_MS).toISOString(), until: new Date(now).toISOString() }, LIMITS.popularWeek)
        },
        { keep: (list) => list.length > 0 },
      )
      // A book the moderators hid is in no catalogue list (decision 0058).
      const list = (await books.listByIds(counts.map((c) => c.bookId))).filter((book) => !book.removedByModerators)
      const countOf = new Map(counts.map((c) => [c.bookId, c.reviewCount]))
      return list.map((book) => ({ book, reviewCount: countOf.get(book._id) ?? 0 }))
    },

    /** Writes the reader's one review of a book; 404 for an absent book, 409 for a second review. */
    async create(actor: Actor, asked: string, input: CreateReviewInput): Promise<Review> {
      const bookId = await books.workOf(asked)
      // Read before the transaction, not inside it: a miss must not wait for a second connection while holding one.
      const user = await reviewerOf(actor.id)
      const id = uuidv7()
      const createdAt = nowIso()
      try {
        // No read before the transaction: the insert's foreign key tells an absent book, and the
        // review is answered from what was written, with its book and reader.
        return await db
          .transaction()
          .execute(async (trx) => {
            const reviewed = await addReview(trx, { id, bookId, userId: actor.id, rating: input.rating, comment: input.comment, createdAt })
            if (!reviewed || !user) throw notFound(reviewed ? MESSAGES.userNotFound : MESSAGES.bookNotFound)
            const { book } = reviewed
            if (input.spoiler) await markSpoiler(trx, id)
            const spoiler = input.spoiler === true
            await events.emit(trx, actor.id, 'review.published', { reviewId: id, bookId, rating: input.rating, comment: input.comment, createdAt })
            const badge = badgeOf(actor.id, reviewed.authorUserId, reviewed.publisherUserId)
            return {
              _id: id,
              rating: input.rating,
              comment: input.comment,
              spoiler,
              likes: 0,
              likedByMe: false,
              commentCount: 0,
              createdAt,
              updatedAt: createdAt,
              user,
              book,
              badge,
            }
          })
          .finally(() => recent.clear())
      } catch (err) {
        // The unique (book, reader) constraint decides, so two racing requests still make one review.
        if (isUniqueViolation(err)) throw conflict(MESSAGES.alreadyReviewed)
        // No such book (the foreign key refused the review).
        if (isForeignKeyViolation(err)) throw notFound(MESSAGES.bookNotFound)
        throw err
      }
    },

    /**
     * Writes a review an import brings (decision 0020): a new one when the reader has none; the same
     * text again is the same review (its rating follows the file, unless the file has none); a review
     * of the reader's own with other text is kept as it is. A review without stars (`rating` null) is
     * kept without them (decision 0029): in no average, and the reader's rating given without a
     * review stays theirs. Answers what happened.
     */
    async importReview(
      userId: string,
      bookId: string,
      rating: number | null,
      comment: string,
      on?: Db,
      /** When the review was written, from the file (the day the read ended); now when unknown. */
      writtenAt?: string,
      /** The file marks the review as a spoiler (Goodreads's Spoiler, decision 0031). */
      spoiler = false,
    ): Promise<'created' | 'same' | 'rated' | 'kept'> {
      // In the caller's transaction when given (an import's batch), else in one of its own.
      const write = (fn: (trx: Db) => Promise<void>) => (on ? fn(on) : db.transaction().execute(fn)).finally(() => recent.clear())
      const mine = await findReviewOfBookBy(on ?? db, bookId, userId)
      if (mine) {
        if (mine.comment.trim() !== comment.trim()) return 'kept'
        if (rating === null || mine.rating === rating) return 'same'
        await write(async (trx) => {
          await updateReview(trx, mine._id, { rating }, nowIso())
          await moveRating(trx, userId, bookId, mine.rating, rating)
        })
        return 'rated'
      }
      try {
        await write(async (trx) => {
          const review = { id: uuidv7(), bookId, userId, rating: rating ?? 0, comment, createdAt: writtenAt ?? nowIso(), imported: true }
          if (rating === null) await insertReview(trx, review)
          else await addReview(trx, review)
          if (spoiler) await markSpoiler(trx, review.id)
        })
        return 'created'
      } catch (err) {
        // The reader wrote one meanwhile: theirs stays (in a caller's transaction the caller decides).
        if (!on && isUniqueViolation(err)) return 'kept'
        throw err
      }
    },

    /** Changes the author's own review; anyone else's, or an absent one, is 404 'Review not found'. */
    update: async (actor: Actor, id: string, input: UpdateReviewInput): Promise<Review> => {
      const changed = await db
        .transaction()
        .execute(async (trx) => {
          const current = await findReviewForChange(trx, id)
          if (current?.userId !== actor.id) throw notFound(MESSAGES.reviewNotFound)
          await updateReview(trx, id, { rating: input.rating, comment: input.comment }, nowIso())
          if (input.spoiler !== undefined) await markSpoiler(trx, id, input.spoiler)
          if (input.rating !== undefined) await moveRating(trx, actor.id, current.bookId, current.rating, input.rating)
          return (await findReviewById(trx, id))!
        })
        .finally(() => recent.clear())
      // The viewer's marks (likes, hidden, blocks) are read from the pool, so only after the COMMIT: read
      // inside the transaction, they waited for a connection while it held the book's row, and with
      // every connection held by an edit waiting for that row, no edit could finish (PostgreSQL, 16 at once).
      return (await withViewer([changed], actor))[0]!
    },

    /**
     * Deletes the author's own review and takes it out of the book's average; else 404 'Review not
     * found'. With `keepRating`, its stars stay as the reader's rating given without a review
     * (decision 0036): the book keeps them in its average.
     */
    remove: (actor: Actor, id: string, { keepRating = false }: DeleteReviewQuery = {}): Promise<void> =>
      db
        .transaction()
        .execute(async (trx) => {
          const gone = await deleteOwnReview(trx, id, actor.id)
          if (!gone) throw notFound(MESSAGES.reviewNotFound)
          await withdrawAbout(trx, { type: 'review', id, childType: 'comment' })
          // A review without stars (decision 0029) was in no average.
          if (gone.rating === 0) return
          await books.ratings.move(trx, gone.bookId, { reviews: -1, reviewStars: -gone.rating })
          if (keepRating) await reading.keepRating(trx, actor.id, gone.bookId, gone.rating)
        })
        .finally(() => recent.clear()),

    /**
     * Deletes every review of a reader whose account is being closed, in the caller's transaction,
     * and takes each out of its book's count and average. Answers how many went.
     */
    async removeAllBy(userId: string, trx: Db = db): Promise<number> {
      try {
        await books.ratings.takeOutReviewsOf(trx, userId)
        return await deleteReviewsBy(trx, userId)
      } finally {
        recent.clear()
      }
    },
  }
}

export type ReviewsService = ReturnType<typeof createReviewsService>

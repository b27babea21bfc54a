import { badgeOf, type Review } from '@shelfwise/contracts'
import { sql, type AliasableExpression, type Expression, type SqlBool } from 'kysely'
import { lockedForUpdate, toIso, type Db, type RowOf } from '#/db/portable.ts'
import { enqueueFeedWork } from '#/feed-outbox.ts'
import { precompile } from '#/db/precompiled.ts'
import { summaryImage } from '#/db/user-summary.ts'
import { pageAfter } from '#/db/keyset.ts'

/** Selects every column a Review needs (its reader and book joined in); compose with where/order/limit. */
const selectReviews = (db: Db) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .innerJoin('books as b', 'b.id', 'r.bookId')
    .select([
      'r.id',
      'r.rating',
      'r.comment',
      'r.spoiler',
      'r.likes',
      'r.commentCount',
      'r.createdAt',
      'r.updatedAt',
      'r.userId',
      'u.username',
      summaryImage('u').as('profileImage'),
      'r.bookId',
      'b.title as bookTitle',
      'b.author as bookAuthor',
      'b.coverImage as bookCoverImage',
      'b.authorUserId as bookAuthorUserId',
      'b.publisherUserId as bookPublisherUserId',
    ])

type ReviewRow = RowOf<typeof selectReviews>

const toReview = (r: ReviewRow): Review => ({
  _id: r.id,
  rating: Number(r.rating),
  comment: r.comment,
  spoiler: Number(r.spoiler) === 1,
  likes: Number(r.likes),
  // Whether the caller likes it is the service's to say (reviews.service.ts, withViewer).
  likedByMe: false,
  commentCount: Number(r.commentCount),
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
  user: { _id: r.userId, username: r.username, profileImage: r.profileImage },
  book: { _id: r.bookId, title: r.bookTitle, author: r.bookAuthor, coverImage: r.bookCoverImage },
  badge: badgeOf(r.userId, r.bookAuthorUserId, r.bookPublisherUserId),
})

/** Where a page of a newest-first review list starts: after the review with this creation time and id. */
interface ReviewKey {
  createdAt: string
  id: string
}

export interface ReviewListOptions {
  limit?: number
  after?: ReviewKey
}

type ReviewQuery = ReturnType<typeof selectReviews>

// Newest first, ties by id.
const newestFirst = (q: ReviewQuery, { limit, after }: ReviewListOptions): ReviewQuery =>
  pageAfter(q, ['r.createdAt', 'r.id'], 'desc', after && [after.createdAt, after.id], limit)

const reviewById = precompile(1, (db, id: string) => selectReviews(db).where('r.id', '=', id))

/** One review with its reader and book. */
export async function findReviewById(db: Db, id: string): Promise<Review | undefined> {
  const row = await reviewById.first(db, id)
  return row && toReview(row)
}

// A signed-in reader's book page asks for their own review: one row of the unique (book, reader) index.
const reviewOfBookBy = precompile(2, (db, bookId: string, userId: string) => selectReviews(db).where('r.bookId', '=', bookId).where('r.userId', '=', userId))

/** The review a reader wrote of a book, with its reader and book; undefined when there is none. */
export async function findReviewOfBookBy(db: Db, bookId: string, userId: string): Promise<Review | undefined> {
  const row = await reviewOfBookBy.first(db, bookId, userId)
  return row && toReview(row)
}

// A book's page of reviews is read on every book page: built once per shape (db/precompiled.ts).
const bookReviewsFirst = precompile(2, (db, bookId: string, limit: number) => newestFirst(selectReviews(db).where('r.bookId', '=', bookId), { limit }))
const bookReviewsAfter = precompile(4, (db, bookId: string, createdAt: string, id: string, limit: number) =>
  newestFirst(selectReviews(db).where('r.bookId', '=', bookId), { limit, after: { createdAt, id } }),
)

/** A book's reviews, newest first. */
export async function listBookReviews(db: Db, bookId: string, opts: ReviewListOptions = {}): Promise<Review[]> {
  const { limit, after } = opts
  if (limit === undefined) return (await newestFirst(selectReviews(db).where('r.bookId', '=', bookId), opts).execute()).map(toReview)
  const rows = after ? await bookReviewsAfter.all(db, bookId, after.createdAt, after.id, limit) : await bookReviewsFirst.all(db, bookId, limit)
  return rows.map(toReview)
}

/** Where a page of a most-liked-first list starts: after the review with this count, creation time and id. */
interface LikedKey {
  likes: number
  createdAt: string
  id: string
}

/** A book's reviews, most liked first, then newest first. */
export async function listBookReviewsByLikes(db: Db, bookId: string, opts: { limit?: number; after?: LikedKey }): Promise<Review[]> {
  let q = selectReviews(db).where('r.bookId', '=', bookId)
  const { after, limit } = opts
  if (after) {
    q = q
      .where('r.likes', '<=', after.likes)
      .where((eb) =>
        eb.or([
          eb('r.likes', '<', after.likes),
          eb('r.createdAt', '<', after.createdAt),
          eb.and([eb('r.createdAt', '=', after.createdAt), eb('r.id', '<', after.id)]),
        ]),
      )
  }
  q = q.orderBy('r.likes', 'desc').orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc')
  return (await (limit === undefined ? q : q.limit(limit)).execute()).map(toReview)
}

/**
 * A book's reviews by the people a reader follows (`followed` true) or by everyone else, newest
 * first: the two halves of the book's reviews with the followed ones first.
 */
export async function listBookReviewsByFollowed(db: Db, bookId: string, viewerId: string, followed: boolean, opts: ReviewListOptions = {}): Promise<Review[]> {
  const q = selectReviews(db)
    .where('r.bookId', '=', bookId)
    .where((eb) => {
      const byFollowed = eb.exists(
        eb.selectFrom('follows as f').select('f.followeeId').where('f.followerId', '=', viewerId).whereRef('f.followeeId', '=', 'r.userId'),
      )
      return followed ? byFollowed : eb.not(byFollowed)
    })
  return (await newestFirst(q, opts).execute()).map(toReview)
}

/** Who wrote a review and of which book, for the conversation module; undefined when absent. */
export async function findReviewOwner(db: Db, id: string): Promise<{ userId: string; bookId: string } | undefined> {
  return db.selectFrom('reviews').select(['userId', 'bookId']).where('id', '=', id).executeTakeFirst()
}

/**
 * Who wrote a review, of which book and its title, and `blocked` (a condition on the writer the caller
 * gives: a block between them and the reader who acts), in one read; undefined when absent.
 */
export async function findReviewAsSeenBy(
  db: Db,
  id: string,
  blocked: (writer: Expression<string>) => AliasableExpression<SqlBool>,
): Promise<{ userId: string; bookId: string; title: string | null; blocked: boolean } | undefined> {
  const row = await db
    .selectFrom('reviews as r')
    .leftJoin('books as b', 'b.id', 'r.bookId')
    .select((eb) => ['r.userId', 'r.bookId', 'b.title', blocked(eb.ref('r.userId')).as('blocked')])
    .where('r.id', '=', id)
    .executeTakeFirst()
  return row && { userId: row.userId, bookId: row.bookId, title: row.title, blocked: Boolean(row.blocked) }
}

/** Moves a review's like and comment counters by these amounts; answers the counts after, or undefined when the review is absent. */
export async function moveReviewCounters(
  db: Db,
  id: string,
  by: { likes?: number; comments?: number },
): Promise<{ likes: number; commentCount: number } | undefined> {
  const row = await db
    .updateTable('reviews')
    .set((eb) => ({ likes: eb('likes', '+', by.likes ?? 0), commentCount: eb('commentCount', '+', by.comments ?? 0) }))
    .where('id', '=', id)
    .returning(['likes', 'commentCount'])
    .executeTakeFirst()
  return row && { likes: Number(row.likes), commentCount: Number(row.commentCount) }
}

/** A reader's reviews, newest first, each with its book's title, author and cover. */
export async function listUserReviews(db: Db, userId: string, opts: ReviewListOptions = {}): Promise<Review[]> {
  return (await newestFirst(selectReviews(db).where('r.userId', '=', userId), opts).execute()).map(toReview)
}

/**
 * The newest reviews over all books written here: an imported one (decision 0036) is in its place on
 * its book and its reader's profile, not in the community's feed. The condition is written as the
 * partial index's own (a literal, not a parameter), so both databases read that index.
 */
export const buildRecentReviewsQuery = (db: Db, limit: number) => newestFirst(selectReviews(db).where(sql<boolean>`r.imported = 0`), { limit })

/** The newest reviews written here over all books (buildRecentReviewsQuery). */
export async function listRecentReviews(db: Db, limit: number): Promise<Review[]> {
  return (await buildRecentReviewsQuery(db, limit).execute()).map(toReview)
}

const workReviewCount = precompile(1, (db, id: string) =>
  db
    .selectFrom('books')
    .select(['id as workId', 'totalReviews'])
    .where('id', '=', id)
    .unionAll(db.selectFrom('editions as e').innerJoin('books as b', 'b.id', 'e.bookId').select(['b.id as workId', 'b.totalReviews']).where('e.id', '=', id)),
)

/**
 * The work an id names (its own, or an edition's work: decision 0027) with its review count, kept on
 * the work's row, in one read (a book's review page asked twice before); undefined when neither.
 */
export async function findWorkReviewCount(db: Db, id: string): Promise<{ workId: string; total: number } | undefined> {
  const row = await workReviewCount.first(db, id)
  return row && { workId: row.workId, total: Number(row.totalReviews) }
}

/** How many reviews a reader wrote; undefined when the reader is absent. */
export async function findUserReviewCount(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => eb.selectFrom('reviews').select(eb.fn.countAll<number>().as('n')).where('userId', '=', userId).as('n'))
    .where('u.id', '=', userId)
    .executeTakeFirst()
  return row && Number(row.n)
}

const newestReview = precompile(0, (db) => db.selectFrom('reviews').select((eb) => eb.fn.max('id').as('id')))

/** The id of the newest review (ids are time-ordered UUIDv7): changes whenever a review is added, anywhere. */
export async function findNewestReviewId(db: Db): Promise<string | null> {
  return (await newestReview.first(db))?.id ?? null
}

/** A span of creation times, both ends included, as ISO strings. */
export interface TimeWindow {
  since: string
  until: string
}

/**
 * Books with reviews created in a window, with that count: most first, then by average, then title.
 * The window is counted first (a range of the created_at index), then joined to its few books.
 */
export const buildPopularInWindowQuery = (db: Db, window: TimeWindow, limit: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('reviews')
        .select((e) => ['bookId', e.fn.countAll<number>().as('reviewCount')])
        // Both ends bounded: SQLite then rates the range as narrow and reads it from reviews_created_idx,
        // instead of walking all of reviews_book_created_idx to skip sorting for the GROUP BY.
        .where('createdAt', '>=', window.since)
        .where('createdAt', '<=', window.until)
        .groupBy('bookId')
        .as('w'),
    )
    // A cross join with the key in WHERE is an inner join; SQLite also keeps it in this order (the
    // window's few rows first, each looked up by primary key) instead of scanning every book.
    .crossJoin('books as b')
    .whereRef('b.id', '=', 'w.bookId')
    // A book the moderators hid is in no catalogue list (decision 0058): left out here, so the next takes its place.
    .where('b.hidden', '=', 0)
    .select(['b.id', 'w.reviewCount'])
    .orderBy('w.reviewCount', 'desc')
    .orderBy('b.averageRating', 'desc')
    .orderBy('b.title', 'asc')
    .orderBy('b.id', 'asc')
    .limit(limit)

/** The ids of the books most reviewed in a window, with their review count in it. */
export async function listPopularBookIds(db: Db, window: TimeWindow, limit: number): Promise<{ bookId: string; reviewCount: number }[]> {
  const rows = await buildPopularInWindowQuery(db, window, limit).execute()
  return rows.map((r) => ({ bookId: r.id, reviewCount: Number(r.reviewCount) }))
}

export interface NewReview {
  id: string
  bookId: string
  userId: string
  /** 1 to 5; 0 for a review without stars (an import's, decision 0029), stored as null. */
  rating: number
  comment: string
  createdAt: string
  /** Brought by an import (decision 0036): out of Recent Reviews. */
  imported?: boolean
}

// The create path's statements run on every new review: built once per dialect (db/precompiled.ts).
const insertReviewRow = precompile(
  7,
  (db, id: string, bookId: string, userId: string, rating: number | null, comment: string, createdAt: string, imported: number) =>
    db.insertInto('reviews').values({ id, bookId, userId, rating, comment, createdAt, updatedAt: createdAt, imported }),
)

/** Stores a review; the unique (book, reader) constraint refuses a second one, the book's foreign key an absent book. */
export async function insertReview(db: Db, r: NewReview): Promise<void> {
  await insertReviewRow.all(db, r.id, r.bookId, r.userId, r.rating || null, r.comment, r.createdAt, r.imported ? 1 : 0)
  // A review written here reaches the followers' feeds (decision 0060); an imported one stays out of feeds.
  if (!r.imported) await enqueueFeedWork(db, 'review', r.userId, r.id)
}

/** Marks a review as a spoiler (an imported one whose file says so, decision 0031), or as not one. */
export async function markSpoiler(db: Db, id: string, spoiler = true): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ spoiler: spoiler ? 1 : 0 })
    .where('id', '=', id)
    .execute()
}

const reviewerById = precompile(1, (db, id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', summaryImage('users').as('profileImage')])
    .where('id', '=', id),
)

/** The reader part of a Review (id, username, picture); undefined when the reader is absent. */
export async function findReviewer(db: Db, id: string): Promise<Review['user'] | undefined> {
  const row = await reviewerById.first(db, id)
  return row && { _id: row.id, username: row.username, profileImage: row.profileImage }
}

/**
 * The author, book and rating (0: none, decision 0029) of a review, locked until the transaction ends (on PostgreSQL;
 * SQLite transactions already hold the whole database), so a concurrent edit cannot slip between.
 */
export async function findReviewForChange(db: Db, id: string): Promise<{ userId: string; bookId: string; rating: number } | undefined> {
  const row = await lockedForUpdate(db, db.selectFrom('reviews').select(['userId', 'bookId', 'rating']).where('id', '=', id)).executeTakeFirst()
  return row && { userId: row.userId, bookId: row.bookId, rating: Number(row.rating) }
}

/** Changes a review's rating and/or text. */
export async function updateReview(db: Db, id: string, changes: { rating?: number; comment?: string }, updatedAt: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ ...changes, updatedAt })
    .where('id', '=', id)
    .execute()
}

/** Deletes a review if this reader wrote it; answers its book and rating (0: none), or undefined when nothing was deleted. */
export async function deleteOwnReview(db: Db, id: string, userId: string): Promise<{ bookId: string; rating: number } | undefined> {
  const row = await db.deleteFrom('reviews').where('id', '=', id).where('userId', '=', userId).returning(['bookId', 'rating']).executeTakeFirst()
  return row && { bookId: row.bookId, rating: Number(row.rating) }
}

/**
 * Deletes every review a reader wrote; answers how many went. Their ratings leave their books'
 * counters first, through the books service's rating ledger.
 */
export async function deleteReviewsBy(db: Db, userId: string): Promise<number> {
  const res = await db.deleteFrom('reviews').where('userId', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows)
}

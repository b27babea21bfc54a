import { toIso, type Db } from '#/db/portable.ts'
import { summaryImage } from '#/db/user-summary.ts'

// What is being said about the books a reader is credited on (issue 23, point 5, decision 0059): the
// newest reviews, comments and discussion posts on them, read where each is kept, as the feed is.
// Every read is bounded: the reader's CREDITED_WORKS_MAX newest credited books; per book its newest
// reviews along reviews_book_created_idx, the comments on its COMMENTED_REVIEWS_MAX newest reviews
// and the posts of its ACTIVE_THREADS_MAX most recently active threads.

/** The most credited books read (the newest credited first). */
export const CREDITED_WORKS_MAX = 20
/** A book's reviews whose comments are read: its newest. */
const COMMENTED_REVIEWS_MAX = 50
/** A book's threads whose posts are read: the most recently active. */
const ACTIVE_THREADS_MAX = 10

export interface CreditedWork {
  id: string
  title: string
  author: string
  coverImage: string
  authorUserId: string | null
  publisherUserId: string | null
}

/** One review, comment or post as read, before its writer is looked up and the rules applied. */
export interface TalkRow {
  type: 'review' | 'comment' | 'post'
  id: string
  userId: string
  bookId: string
  at: string
  text: string
  spoiler: boolean
  rating: number | null
  positionKind: string | null
  positionValue: number | null
  reviewId: string | null
  discussionId: string | null
  title: string | null
}

/** The books a reader is linked to as author or publisher, newest first, at most CREDITED_WORKS_MAX. */
export async function listCreditedWorks(db: Db, userId: string): Promise<CreditedWork[]> {
  return db
    .selectFrom('books')
    .select(['id', 'title', 'author', 'coverImage', 'authorUserId', 'publisherUserId'])
    .where((eb) => eb.or([eb('authorUserId', '=', userId), eb('publisherUserId', '=', userId)]))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(CREDITED_WORKS_MAX)
    .execute()
}

const blank = { spoiler: false, rating: null, positionKind: null, positionValue: null, reviewId: null, discussionId: null, title: null }

/** A comment or a post as read: its writer, moment, text and how far into the book it says it is. */
interface PositionedRow {
  id: string
  userId: string
  createdAt: string | Date
  text: string | null
  positionKind: string | null
  positionValue: number | null
}

const positionedTalk = (type: 'comment' | 'post', bookId: string, r: PositionedRow): TalkRow => ({
  ...blank,
  type,
  id: r.id,
  userId: r.userId,
  bookId,
  at: toIso(r.createdAt),
  text: r.text ?? '',
  positionKind: r.positionKind,
  positionValue: r.positionValue === null ? null : Number(r.positionValue),
})

/** A book's newest reviews written here (imported ones stay out, as of Recent Reviews). */
async function newestReviews(db: Db, bookId: string, limit: number): Promise<TalkRow[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'userId', 'createdAt', 'comment', 'spoiler', 'rating'])
    .where('bookId', '=', bookId)
    .where('imported', '=', 0)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    ...blank,
    type: 'review',
    id: r.id,
    userId: r.userId,
    bookId,
    at: toIso(r.createdAt),
    text: r.comment,
    spoiler: Number(r.spoiler) === 1,
    rating: r.rating === null ? null : Number(r.rating),
    reviewId: r.id,
  }))
}

/** The newest comments (not deleted, writer still there) on a book's newest reviews. */
async function newestComments(db: Db, bookId: string, limit: number): Promise<TalkRow[]> {
  const rows = await db
    .selectFrom('reviewComments as c')
    .select((eb) => ['c.id', eb.ref('c.userId').$notNull().as('userId'), 'c.createdAt', 'c.text', 'c.positionKind', 'c.positionValue', 'c.reviewId'])
    .where('c.reviewId', 'in', (eb) =>
      eb.selectFrom('reviews').select('id').where('bookId', '=', bookId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(COMMENTED_REVIEWS_MAX),
    )
    .where('c.deleted', '=', 0)
    .where('c.userId', 'is not', null)
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ ...positionedTalk('comment', bookId, r), reviewId: r.reviewId }))
}

/** The newest posts (not deleted, writer still there) in a book's most recently active threads. */
async function newestPosts(db: Db, bookId: string, limit: number): Promise<TalkRow[]> {
  const rows = await db
    .selectFrom('discussionPosts as p')
    .innerJoin('discussions as d', 'd.id', 'p.discussionId')
    .select((eb) => [
      'p.id',
      eb.ref('p.userId').$notNull().as('userId'),
      'p.createdAt',
      'p.text',
      'p.positionKind',
      'p.positionValue',
      'd.id as discussionId',
      'd.title',
    ])
    .where('p.discussionId', 'in', (eb) =>
      eb.selectFrom('discussions').select('id').where('bookId', '=', bookId).orderBy('lastActivityAt', 'desc').orderBy('id', 'desc').limit(ACTIVE_THREADS_MAX),
    )
    .where('p.deletedAt', 'is', null)
    .where('p.userId', 'is not', null)
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ ...positionedTalk('post', bookId, r), discussionId: r.discussionId, title: r.title }))
}

/** Newest first, then by id (newest first), so the order is total. */
const newestFirst = (a: TalkRow, b: TalkRow): number => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

/** Every book's newest `limit` reviews, comments and posts, merged newest first. */
export async function listTalkAbout(db: Db, bookIds: string[], limit: number): Promise<TalkRow[]> {
  const parts = await Promise.all(bookIds.flatMap((id) => [newestReviews(db, id, limit), newestComments(db, id, limit), newestPosts(db, id, limit)]))
  return parts.flat().sort(newestFirst)
}

/** The shown fields of some readers. */
export async function findPeople(db: Db, ids: string[]) {
  const rows = ids.length
    ? await db
        .selectFrom('users')
        .select(['id', 'name', 'username', summaryImage('users').as('profileImage')])
        .where('id', 'in', ids)
        .execute()
    : []
  return new Map(rows.map((p) => [p.id, p]))
}

/** Whether a reader has an account. */
export async function userExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

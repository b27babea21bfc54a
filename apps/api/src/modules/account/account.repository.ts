import { sql } from 'kysely'
import type { ReadingStatus } from '@shelfwise/contracts'
import { dialectOf, toIso, type Db } from '#/db/portable.ts'
import type { UsersTable } from '#/db/schema.ts'

// What a reader owns, read for their exports in bounded pages along an index, and the rows of their
// account removed when they leave (decision 0019). The books themselves are made by the books
// service; reviews (whose books keep counters) and uploads (whose files a sweep removes) are removed
// by their own services, in the same transaction.

export interface ProfileRow {
  name: string
  username: string
  email: string
  userType: UsersTable['userType']
  bio: string
  profileImage: string
  createdAt: string
}

/** The reader's own profile fields; undefined when the account is gone. */
export async function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['name', 'username', 'email', 'userType', 'bio', 'profileImage', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return row && { ...row, createdAt: toIso(row.createdAt) }
}

export interface EntryRow {
  bookId: string
  status: ReadingStatus | null
  rating: number | null
  createdAt: string
}

/** A page of the reader's reading entries, along the primary key (user_id, book_id), after a book id. */
export async function listEntryPage(db: Db, userId: string, afterBookId: string | undefined, limit: number): Promise<EntryRow[]> {
  let q = db.selectFrom('readingEntries').select(['bookId', 'status', 'rating', 'createdAt']).where('userId', '=', userId)
  if (afterBookId !== undefined) q = q.where('bookId', '>', afterBookId)
  const rows = await q.orderBy('bookId').limit(limit).execute()
  return rows.map((r) => ({
    bookId: r.bookId,
    status: r.status as ReadingStatus | null,
    rating: r.rating === null ? null : Number(r.rating),
    createdAt: toIso(r.createdAt),
  }))
}

export interface ReviewRow {
  id: string
  bookId: string
  rating: number
  comment: string
  createdAt: string
  updatedAt: string
}

const toReview = (r: { id: string; bookId: string; rating: number; comment: string; createdAt: string | Date; updatedAt: string | Date }): ReviewRow => ({
  id: r.id,
  bookId: r.bookId,
  rating: Number(r.rating),
  comment: r.comment,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})

/** The reader's reviews of some books (one each at most). */
export async function listReviewsOfBooks(db: Db, userId: string, bookIds: string[]): Promise<ReviewRow[]> {
  if (!bookIds.length) return []
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'bookId', 'rating', 'comment', 'createdAt', 'updatedAt'])
    .where('userId', '=', userId)
    .where('bookId', 'in', bookIds)
    .execute()
  return rows.map(toReview)
}

/**
 * A page of the reader's reviews of books they have no reading entry for, newest first along
 * reviews_user_created_idx, after a review (its creation time and id).
 */
export async function listReviewOnlyPage(db: Db, userId: string, after: { createdAt: string; id: string } | undefined, limit: number): Promise<ReviewRow[]> {
  let q = db
    .selectFrom('reviews as r')
    .select(['r.id', 'r.bookId', 'r.rating', 'r.comment', 'r.createdAt', 'r.updatedAt'])
    .where('r.userId', '=', userId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('readingEntries as e').select('e.bookId').whereRef('e.userId', '=', 'r.userId').whereRef('e.bookId', '=', 'r.bookId'))),
    )
  if (after) {
    q = q.where('r.createdAt', '<=', after.createdAt).where((eb) => eb.or([eb('r.createdAt', '<', after.createdAt), eb('r.id', '<', after.id)]))
  }
  const rows = await q.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(limit).execute()
  return rows.map(toReview)
}

export interface ReadRow {
  id: string
  bookId: string
  startedOn: string | null
  finishedOn: string | null
  stoppedOn: string | null
  outcome: 'finished' | 'stopped' | null
  page: number | null
  percent: number | null
  minutes: number | null
  removed: boolean
}

/** Every read of some of the reader's books, removed ones too, oldest first (by start, else end, else when logged). */
export async function listReadsOfBooks(db: Db, userId: string, bookIds: string[]): Promise<ReadRow[]> {
  if (!bookIds.length) return []
  const rows = await db
    .selectFrom('readThroughs')
    .select(['id', 'bookId', 'startedOn', 'finishedOn', 'stoppedOn', 'outcome', 'progressPage', 'progressPercent', 'progressMinutes', 'removedAt'])
    .where('userId', '=', userId)
    .where('bookId', 'in', bookIds)
    .orderBy(sql`coalesce(started_on, finished_on, stopped_on, '9999')`)
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    bookId: r.bookId,
    startedOn: r.startedOn,
    finishedOn: r.finishedOn,
    stoppedOn: r.stoppedOn,
    outcome: r.outcome as ReadRow['outcome'],
    page: r.progressPage === null ? null : Number(r.progressPage),
    percent: r.progressPercent === null ? null : Number(r.progressPercent),
    minutes: r.progressMinutes === null ? null : Number(r.progressMinutes),
    removed: r.removedAt !== null,
  }))
}

export interface ProgressRow {
  readId: string
  page: number | null
  percent: number | null
  minutes: number | null
  at: string
}

/** The progress reported during some reads, oldest first. */
export async function listProgressOfReads(db: Db, readIds: string[]): Promise<ProgressRow[]> {
  if (!readIds.length) return []
  const rows = await db
    .selectFrom('progressUpdates')
    .select(['readId', 'page', 'percent', 'minutes', 'createdAt'])
    .where('readId', 'in', readIds)
    .orderBy('readId')
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    readId: r.readId,
    page: r.page === null ? null : Number(r.page),
    percent: r.percent === null ? null : Number(r.percent),
    minutes: r.minutes === null ? null : Number(r.minutes),
    at: toIso(r.createdAt),
  }))
}

export interface PersonRow {
  id: string
  username: string
  followedAt: string
}

/** A page of the people the reader follows (or who follow them), newest follow first, along the follows' keyset indexes. */
export async function listFollowPage(
  db: Db,
  userId: string,
  side: 'following' | 'followers',
  after: { followedAt: string; id: string } | undefined,
  limit: number,
): Promise<PersonRow[]> {
  const [mine, theirs] = side === 'following' ? (['f.followerId', 'f.followeeId'] as const) : (['f.followeeId', 'f.followerId'] as const)
  let q = db.selectFrom('follows as f').innerJoin('users as u', 'u.id', theirs).select(['u.id', 'u.username', 'f.createdAt']).where(mine, '=', userId)
  if (after) {
    q = q.where('f.createdAt', '<=', after.followedAt).where((eb) => eb.or([eb('f.createdAt', '<', after.followedAt), eb(theirs, '<', after.id)]))
  }
  const rows = await q.orderBy('f.createdAt', 'desc').orderBy(theirs, 'desc').limit(limit).execute()
  return rows.map((r) => ({ id: r.id, username: r.username, followedAt: toIso(r.createdAt) }))
}

/**
 * A page of the ids of the books the reader put in the catalogue (`listed`: listed, or created as
 * author or publisher) or is credited on (`credited`: linked author or publisher), by id.
 */
export async function listOwnBookIds(db: Db, userId: string, kind: 'listed' | 'credited', afterId: string | undefined, limit: number): Promise<string[]> {
  const [a, b] = kind === 'listed' ? (['createdByUserId', 'listedByUserId'] as const) : (['authorUserId', 'publisherUserId'] as const)
  let q = db
    .selectFrom('books')
    .select('id')
    .where((eb) => eb.or([eb(a, '=', userId), eb(b, '=', userId)]))
  if (afterId !== undefined) q = q.where('id', '>', afterId)
  return (await q.orderBy('id').limit(limit).execute()).map((r) => r.id)
}

// ---- Leaving ------------------------------------------------------------------------------------

/**
 * Locks the reader's row until the transaction ends (FOR UPDATE on PostgreSQL: a follow or review
 * of theirs being written waits, then finds them gone); false when the account is already gone.
 */
export async function lockAccount(db: Db, userId: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('id', '=', userId)
  if (dialectOf(db) === 'postgres') q = q.forUpdate()
  return (await q.executeTakeFirst()) !== undefined
}

/**
 * Removes the reader's follows both ways. Others' follower and following counts are counted from
 * these rows, and triggers move the profile version of everyone on either side (their kept profiles
 * and feeds follow at once). Runs before anything that touches books: every writer locks users
 * before books.
 */
export async function deleteFollows(db: Db, userId: string): Promise<number> {
  const res = await db
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('followerId', '=', userId), eb('followeeId', '=', userId)]))
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}

/**
 * Removes the reader's reading log (progress, reads, entries) and the spec's two lists kept from it.
 * Deleting an entry with a rating given without a review takes it out of its book's average
 * (triggers of migration 2026_11_26_0200).
 */
export async function deleteReadingLog(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('progressUpdates')
    .where('readId', 'in', (eb) => eb.selectFrom('readThroughs').select('id').where('userId', '=', userId))
    .execute()
  await db.deleteFrom('readThroughs').where('userId', '=', userId).execute()
  await db.deleteFrom('readingEntries').where('userId', '=', userId).execute()
  await db.deleteFrom('wishlist').where('userId', '=', userId).execute()
  await db.deleteFrom('reads').where('userId', '=', userId).execute()
}

/**
 * Removes the user row and the sessions kept for it. The books they listed, created or are credited
 * on stay in the catalogue: the foreign keys clear those links (ON DELETE SET NULL). Their revoked
 * tokens are ids without an owner, dropped as they expire; every token of theirs stops working
 * because the user is gone.
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('keptTokens').where('userId', '=', userId).execute()
  const res = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

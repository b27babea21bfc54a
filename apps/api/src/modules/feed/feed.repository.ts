import { FEED_ITEM_TYPES, type FeedItemType } from '@shelfwise/contracts'
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { toIso, type Db } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'
import { shownBookOf } from '#/modules/reading/reading.service.ts'
import { summaryImage } from '#/db/user-summary.ts'

// The followed feed's sources (decision 0050). Nothing is written for the feed: each kind of
// activity is read where it is kept, one keyset query per kind over the rows of the people the
// reader follows, served by a per-writer time index, and the pages merged here. A deleted review,
// comment, thread or read is simply no longer found.

/** One activity as a source reads it, before the actor and the book are looked up. */
export interface ActivityRow {
  type: FeedItemType
  /** The row it comes from (a read, a review, a comment, a thread). */
  id: string
  userId: string
  bookId: string | null
  at: string
  rating: number | null
  reviewId: string | null
  title: string | null
}

/** Where a page starts: after this item in the feed's order (at, then type rank, then id; all newest first). */
export interface FeedKey {
  at: string
  rank: number
  id: string
}

/** A type's place among items of the same moment (higher first), so the order is total. */
export const rankOf = (type: FeedItemType): number => FEED_ITEM_TYPES.indexOf(type)

/** The ids the reader follows, as a subquery. */
const followed = (db: Db, readerId: string) => db.selectFrom('follows').select('followeeId').where('followerId', '=', readerId)

/**
 * Rows of a source of rank `rank` that come after `key` in the feed's order: a source of a lower rank
 * may share the key's moment, one of a higher rank must be earlier, the key's own source is cut by id.
 */
function after(eb: ExpressionBuilder<any, any>, at: string, id: string, rank: number, key: FeedKey | undefined): Expression<SqlBool> {
  if (!key) return sql<SqlBool>`1 = 1`
  const atRef = sql.ref(at)
  const idRef = sql.ref(id)
  if (rank < key.rank) return eb(atRef, '<=', key.at)
  if (rank > key.rank) return eb(atRef, '<', key.at)
  return eb.or([eb(atRef, '<', key.at), eb.and([eb(atRef, '=', key.at), eb(idRef, '<', key.id)])])
}

type Source = (db: Db, readerId: string, key: FeedKey | undefined, limit: number) => Promise<ActivityRow[]>

const asRow = (
  type: FeedItemType,
  r: { id: string; userId: string; bookId: string | null; at: string | Date; rating?: unknown; reviewId?: string | null; title?: string | null },
): ActivityRow => ({
  type,
  id: r.id,
  userId: r.userId,
  bookId: r.bookId,
  at: toIso(r.at),
  rating: r.rating === null || r.rating === undefined ? null : Number(r.rating),
  reviewId: r.reviewId ?? null,
  title: r.title ?? null,
})

/** A read shows in the feed when its book is shown to the writer's followers, as every feed reader is (decision 0055). */
const shownToFollowers = shownBookOf('follower', 't.userId', 't.bookId')

/** The rating a reader gave the book: their review's stars, or the rating given without a review. */
const ratingOf = (eb: ExpressionBuilder<Database & { t: Database['readThroughs'] }, 't'>) =>
  eb.fn.coalesce(
    eb.selectFrom('reviews as rv').select('rv.rating').whereRef('rv.userId', '=', 't.userId').whereRef('rv.bookId', '=', 't.bookId').limit(1),
    eb.selectFrom('readingEntries as re').select('re.rating').whereRef('re.userId', '=', 't.userId').whereRef('re.bookId', '=', 't.bookId'),
  )

/** Reads started here (a read with a start date), at the moment the read was made. */
const started: Source = async (db, readerId, key, limit) => {
  const rows = await db
    .selectFrom('readThroughs as t')
    .select(['t.id', 't.userId', 't.bookId', 't.createdAt as at'])
    .where('t.userId', 'in', followed(db, readerId))
    .where('t.removedAt', 'is', null)
    .where(shownToFollowers)
    .where('t.startedOn', 'is not', null)
    .where((eb) => after(eb, 't.createdAt', 't.id', rankOf('started'), key))
    .orderBy('t.createdAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => asRow('started', r))
}

/** Reads finished, at their finishing moment, with the reader's rating of the book. */
const finished: Source = async (db, readerId, key, limit) => {
  const rows = await db
    .selectFrom('readThroughs as t')
    .select((eb) => ['t.id', 't.userId', 't.bookId', eb.ref('t.finishedAt').$notNull().as('at'), ratingOf(eb).as('rating')])
    .where('t.userId', 'in', followed(db, readerId))
    .where('t.removedAt', 'is', null)
    .where(shownToFollowers)
    .where('t.outcome', '=', 'finished')
    .where('t.finishedAt', 'is not', null)
    .where((eb) => after(eb, 't.finishedAt', 't.id', rankOf('finished'), key))
    .orderBy('t.finishedAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => asRow('finished', r))
}

/** Reads stopped (did not finish), at the read's last change. */
const dnf: Source = async (db, readerId, key, limit) => {
  const rows = await db
    .selectFrom('readThroughs as t')
    .select(['t.id', 't.userId', 't.bookId', 't.updatedAt as at'])
    .where('t.userId', 'in', followed(db, readerId))
    .where('t.removedAt', 'is', null)
    .where(shownToFollowers)
    .where('t.outcome', '=', 'stopped')
    .where((eb) => after(eb, 't.updatedAt', 't.id', rankOf('dnf'), key))
    .orderBy('t.updatedAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => asRow('dnf', r))
}

/** Reviews written here (imported ones stay out, as they do of Recent Reviews). */
const reviews: Source = async (db, readerId, key, limit) => {
  const rows = await db
    .selectFrom('reviews as r')
    .select(['r.id', 'r.userId', 'r.bookId', 'r.createdAt as at', 'r.rating', 'r.id as reviewId'])
    .where('r.userId', 'in', followed(db, readerId))
    .where('r.imported', '=', 0)
    .where((eb) => after(eb, 'r.createdAt', 'r.id', rankOf('review'), key))
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => asRow('review', r))
}

/** Comments on reviews that are not deleted; their text is never read. */
const comments: Source = async (db, readerId, key, limit) => {
  const rows = await db
    .selectFrom('reviewComments as c')
    .innerJoin('reviews as r', 'r.id', 'c.reviewId')
    .select((eb) => ['c.id', eb.ref('c.userId').$notNull().as('userId'), 'r.bookId', 'c.createdAt as at', 'c.reviewId'])
    .where('c.userId', 'in', followed(db, readerId))
    .where('c.deleted', '=', 0)
    .where((eb) => after(eb, 'c.createdAt', 'c.id', rankOf('comment'), key))
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => asRow('comment', r))
}

/** Threads started, while their opening post is not deleted; the title only, never the post. */
const discussions: Source = async (db, readerId, key, limit) => {
  const rows = await db
    .selectFrom('discussions as d')
    .innerJoin('discussionPosts as p', 'p.id', 'd.id')
    .select((eb) => ['d.id', eb.ref('d.userId').$notNull().as('userId'), 'd.bookId', 'd.createdAt as at', 'd.title'])
    .where('d.userId', 'in', followed(db, readerId))
    .where('p.deletedAt', 'is', null)
    .where((eb) => after(eb, 'd.createdAt', 'd.id', rankOf('discussion'), key))
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => asRow('discussion', r))
}

const SOURCES: Source[] = [started, finished, dnf, reviews, comments, discussions]

/** Feed order: newest first, then higher type rank, then higher id. */
const compareActivity = (a: ActivityRow, b: ActivityRow): number =>
  a.at !== b.at ? (a.at < b.at ? 1 : -1) : rankOf(a.type) !== rankOf(b.type) ? rankOf(b.type) - rankOf(a.type) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0

/** The first `limit` activities after `key`: each source's first `limit`, merged. */
export async function listActivity(db: Db, readerId: string, key: FeedKey | undefined, limit: number): Promise<ActivityRow[]> {
  const parts = await Promise.all(SOURCES.map((source) => source(db, readerId, key, limit)))
  return parts.flat().sort(compareActivity).slice(0, limit)
}

/** How many activities the feed holds, counting at most `cap` (each source stops at cap + 1). */
export async function countActivity(db: Db, readerId: string, cap: number): Promise<number> {
  const parts = await Promise.all(SOURCES.map((source) => source(db, readerId, undefined, cap + 1)))
  return Math.min(
    cap,
    parts.reduce((n, p) => n + p.length, 0),
  )
}

/** The shown fields of the actors and books of a page. */
export async function findPeopleAndBooks(db: Db, userIds: string[], bookIds: string[]) {
  const [people, books] = await Promise.all([
    userIds.length
      ? db
          .selectFrom('users')
          .select(['id', 'name', 'username', summaryImage('users').as('profileImage')])
          .where('id', 'in', userIds)
          .execute()
      : [],
    bookIds.length ? db.selectFrom('books').select(['id', 'title', 'author', 'coverImage']).where('id', 'in', bookIds).execute() : [],
  ])
  return { people: new Map(people.map((p) => [p.id, p])), books: new Map(books.map((b) => [b.id, b])) }
}

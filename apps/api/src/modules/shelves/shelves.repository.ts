import { ownerScope, shownBook, shownBookOf, type ReadingScope } from '#/modules/reading/reading.service.ts'
import { sql, type SelectQueryBuilder } from 'kysely'
import { rowCount, toIso, type Db } from '#/db/portable.ts'
import { cutPage, rowsToRead } from '#/paging.ts'
import { summaryImage } from '#/db/user-summary.ts'

// A reader's shelves (wishlist, reads), the books they listed or created, and the activity of the
// people they follow. Lists page by keyset: (time desc, book id desc).

export type Shelf = 'wishlist' | 'reads'
/**
 * Listed: the reader put someone else's book in the catalogue; created: as its author or publisher;
 * credited: the reader is its linked author or publisher, whoever added it.
 */
export type Ownership = 'listed' | 'created' | 'credited'

/** Where a page starts: strictly after this (time, book id) pair. */
export interface Keyset {
  at: string
  id: string
}

export interface BookPageRequest {
  limit?: number
  after?: Keyset
}

/** A page of book ids (the books service makes them Books). */
export interface BookPageResult {
  ids: string[]
  /** When each book came on the list, as `ids` (a shelf's books only). */
  ats?: string[]
  /** The whole list's size. */
  total: number
  /** The keyset of the last book, when more follow. */
  next?: Keyset
}

type ActivityType = 'review' | 'read'

interface BookActivityTotals {
  bookId: string
  reviewCount: number
  readCount: number
}

export interface ActivityRecord {
  type: ActivityType
  bookId: string
  userId: string
  username: string
  profileImage: string
  at: string
  rating: number | null
}

// Both shelves have the same shape but name their time column differently; aliasing it lets one
// query serve both.
// The reads show only the books the viewer's scope does (decision 0055); the wishlist is its reader's alone.
const shelfEntries = (db: Db, shelf: Shelf, scope: ReadingScope) =>
  shelf === 'wishlist'
    ? db.selectFrom('wishlist').select(['bookId', 'addedAt as at']).where('userId', '=', scope.ownerId).as('s')
    : db.selectFrom('reads as rd').select(['rd.bookId', 'rd.readAt as at']).where('rd.userId', '=', scope.ownerId).where(shownBook(scope, 'rd.bookId')).as('s')

/**
 * One page of a query ordered by (time desc, id desc) on the `columns` given: the rows strictly after
 * the page's keyset, one more than the limit read to know whether another page follows.
 */
async function readPage<Row>(
  // Of any tables: the two lists read different ones.
  query: SelectQueryBuilder<any, any, Row>,
  columns: { at: string; id: string },
  { after, limit }: BookPageRequest,
  keyOf: (last: Row) => Keyset,
) {
  if (after) {
    query = query.where((eb) => eb.or([eb(columns.at, '<', after.at), eb.and([eb(columns.at, '=', after.at), eb(columns.id, '<', after.id)])]))
  }
  const take = rowsToRead(limit)
  if (take !== undefined) query = query.limit(take)
  return cutPage(await query.execute(), limit, keyOf)
}

/** One page (or, without a limit, all) of a reader's shelf, most recently added first. */
export async function listShelfBooks(db: Db, shelf: Shelf, scope: ReadingScope, page: BookPageRequest): Promise<BookPageResult> {
  const query = db
    .selectFrom(shelfEntries(db, shelf, scope))
    .select(['s.bookId', 's.at as shelvedAt'])
    .orderBy('s.at', 'desc')
    .orderBy('s.bookId', 'desc')
  const cut = await readPage(query, { at: 's.at', id: 's.bookId' }, page, (last) => ({ at: toIso(last.shelvedAt), id: last.bookId }))
  const total = page.limit === undefined && !page.after ? cut.rows.length : await countShelf(db, shelf, scope)
  return { ids: cut.rows.map((r) => r.bookId), ats: cut.rows.map((r) => toIso(r.shelvedAt)), total, ...(cut.next ? { next: cut.next } : {}) }
}

const countShelf = (db: Db, shelf: Shelf, scope: ReadingScope): Promise<number> => rowCount(db.selectFrom(shelfEntries(db, shelf, scope)))

/** The ids of a reader's shelf, most recently added first. */
export async function listShelfBookIds(db: Db, shelf: Shelf, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom(shelfEntries(db, shelf, ownerScope(userId)))
    .select('s.bookId')
    .orderBy('s.at', 'desc')
    .orderBy('s.bookId', 'desc')
    .execute()
  return rows.map((r) => r.bookId)
}

/** One page (or all) of the books a user listed, created or is credited on, newest first. */
export async function listOwnedBooks(db: Db, ownership: Ownership, userId: string, page: BookPageRequest): Promise<BookPageResult> {
  const owned = () => {
    const q = db.selectFrom('books as b')
    if (ownership === 'listed') return q.where('b.listedByUserId', '=', userId)
    if (ownership === 'created') return q.where('b.createdByUserId', '=', userId).where('b.listedByUserId', 'is', null)
    return q.where((eb) => eb.or([eb('b.authorUserId', '=', userId), eb('b.publisherUserId', '=', userId)]))
  }
  const query = owned().select(['b.id', 'b.createdAt']).orderBy('b.createdAt', 'desc').orderBy('b.id', 'desc')
  const cut = await readPage(query, { at: 'b.createdAt', id: 'b.id' }, page, (last) => ({ at: toIso(last.createdAt), id: last.id }))
  let total = cut.rows.length
  if (page.limit !== undefined || page.after) {
    total = await rowCount(owned())
  }
  return { ids: cut.rows.map((r) => r.id), total, ...(cut.next ? { next: cut.next } : {}) }
}

// Reviews and reads by the people a reader follows, since a moment, optionally for some books only.
const followedActivity = (db: Db, followerId: string, since: string, bookIds?: string[]) => {
  let reviews = db
    .selectFrom('reviews as r')
    .innerJoin('follows as f', 'f.followeeId', 'r.userId')
    .where('f.followerId', '=', followerId)
    .where('r.createdAt', '>=', since)
    .select([sql<ActivityType>`'review'`.as('type'), 'r.bookId', 'r.userId', 'r.createdAt as at', sql<number | null>`r.rating`.as('rating')])
  let reads = db
    .selectFrom('reads as x')
    .innerJoin('follows as f', 'f.followeeId', 'x.userId')
    .where('f.followerId', '=', followerId)
    .where('x.readAt', '>=', since)
    .where(shownBookOf('follower', 'x.userId', 'x.bookId'))
    .select([sql<ActivityType>`'read'`.as('type'), 'x.bookId', 'x.userId', 'x.readAt as at', sql<number | null>`null`.as('rating')])
  if (bookIds) {
    reviews = reviews.where('r.bookId', 'in', bookIds)
    reads = reads.where('x.bookId', 'in', bookIds)
  }
  return reviews.unionAll(reads)
}

export interface FollowedActivityTotals {
  /** The most active books, at most the limit. */
  books: BookActivityTotals[]
  /** How many activity items were grouped in all (every book's): what the answer cost. */
  items: number
}

/**
 * The books with the most activity by the people a reader follows since a moment (ties: newest
 * activity first), with their review and read counts.
 */
export async function listFollowedActivityTotals(db: Db, followerId: string, since: string, limit: number): Promise<FollowedActivityTotals> {
  // Only what the totals need (book, kind as 1/0, time), so the rows grouped stay small: ~7× faster
  // than grouping the full activity rows for a reader following 500 people.
  const rows = await db
    .with('a', (qc) =>
      qc
        .selectFrom('reviews as r')
        .innerJoin('follows as f', 'f.followeeId', 'r.userId')
        .where('f.followerId', '=', followerId)
        .where('r.createdAt', '>=', since)
        .select(['r.bookId', sql<number>`1`.as('isReview'), 'r.createdAt as at'])
        .unionAll(
          qc
            .selectFrom('reads as x')
            .innerJoin('follows as f', 'f.followeeId', 'x.userId')
            .where('f.followerId', '=', followerId)
            .where('x.readAt', '>=', since)
            .where(shownBookOf('follower', 'x.userId', 'x.bookId'))
            .select(['x.bookId', sql<number>`0`.as('isReview'), 'x.readAt as at']),
        ),
    )
    .selectFrom('a')
    .select((eb) => [
      'a.bookId',
      eb.fn.sum<number>('a.isReview').as('reviewCount'),
      eb.fn.countAll<number>().as('activityCount'),
      eb.fn.max('a.at').as('latestAt'),
      // Over every group, before the limit.
      sql<number>`sum(count(*)) over ()`.as('items'),
    ])
    .groupBy('a.bookId')
    .orderBy('activityCount', 'desc')
    .orderBy('latestAt', 'desc')
    .orderBy('a.bookId', 'desc')
    .limit(limit)
    .execute()
  return {
    books: rows.map((r) => ({ bookId: r.bookId, reviewCount: Number(r.reviewCount), readCount: Number(r.activityCount) - Number(r.reviewCount) })),
    items: Number(rows[0]?.items ?? 0),
  }
}

/** The newest activity items per book (at most `perBook` each) by the people a reader follows. */
export async function listFollowedActivity(db: Db, followerId: string, since: string, bookIds: string[], perBook: number): Promise<ActivityRecord[]> {
  if (!bookIds.length) return []
  const rows = await db
    .with('a', () => followedActivity(db, followerId, since, bookIds))
    .with('ranked', (qc) =>
      qc
        .selectFrom('a')
        .selectAll()
        .select((eb) =>
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('a.bookId').orderBy('a.at', 'desc').orderBy('a.type', 'desc').orderBy('a.userId'))
            .as('rank'),
        ),
    )
    .selectFrom('ranked')
    .innerJoin('users as u', 'u.id', 'ranked.userId')
    .where('ranked.rank', '<=', perBook)
    .select(['ranked.type', 'ranked.bookId', 'ranked.userId', 'ranked.at', 'ranked.rating', 'u.username', summaryImage('u').as('profileImage')])
    .orderBy('ranked.bookId')
    .orderBy('ranked.rank')
    .execute()
  return rows.map((r) => ({
    type: r.type,
    bookId: r.bookId,
    userId: r.userId,
    username: r.username,
    profileImage: r.profileImage,
    at: toIso(r.at),
    rating: r.rating === null ? null : Number(r.rating),
  }))
}

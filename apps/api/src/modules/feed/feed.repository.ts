import { FEED_ITEM_TYPES, type FeedItemType } from '@shelfwise/contracts'
import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { toIso, type Db } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'
import { shownBookOf } from '#/modules/reading/reading.service.ts'
import { summaryImage } from '#/db/user-summary.ts'

// The followed feed's sources (decision 0050). Nothing is written for the feed: each kind of
// activity is read where it is kept, one keyset query per kind over the rows of the people the
// reader follows, served by a per-writer time index, and the pages merged here. A deleted review,
// comment, thread or read is simply no longer found.
//
// Each source is read in widening time windows (an hour, a day, then 8, 64 and 512 days back from
// where the page starts, then all): "the newest 21 rows of 500 readers" sorted every row those
// readers ever wrote (172,609 reviews for the bench's feedreader, seconds a page); a window that holds
// a page already has the newest rows, and one range seek per followed reader finds it.

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

/**
 * What a source reads: after `key`, at or after `since` (a window's start) when given, at most `limit`
 * rows, newest first when `ordered` (a count needs no order and stops at its limit).
 */
interface Bounds {
  key: FeedKey | undefined
  /** One writer's rows (a fan-out, a follow's backfill) instead of those of the readers `readerId` follows. */
  writer?: string
  /** Only these rows (a page of the inbox checked against where its rows are kept). */
  ids?: readonly string[]
  since?: string
  limit: number
  ordered: boolean
}

/** A row as the sources select it, before it becomes an ActivityRow. */
interface SourceRow {
  id: string
  userId: string
  bookId: string | null
  at: string | Date
  rating?: unknown
  reviewId?: string | null
  title?: string | null
}

/** One kind of activity: its query, bounded. */
interface Source {
  type: FeedItemType
  query: (db: Db, readerId: string, bounds: Bounds) => { execute(): Promise<SourceRow[]>; compile(): CompiledQuery }
}

/**
 * A source's query bounded: by the readers `readerId` follows (or the one writer), the rows asked for,
 * after the key, inside the window, in feed order when asked, limited.
 */
function bounded<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  db: Db,
  readerId: string,
  user: string,
  at: string,
  id: string,
  rank: number,
  b: Bounds,
): QB {
  let q = b.writer === undefined ? qb.where(sql.ref(user), 'in', followed(db, readerId)) : qb.where(sql.ref(user), '=', b.writer)
  if (b.ids !== undefined) q = q.where(sql.ref(id), 'in', b.ids)
  q = q.where((eb) => after(eb, at, id, rank, b.key))
  if (b.since !== undefined) q = q.where(sql.ref(at), '>=', b.since)
  if (b.ordered) q = q.orderBy(sql.ref(at), 'desc').orderBy(sql.ref(id), 'desc')
  return q.limit(b.limit) as QB
}

const asRow = (type: FeedItemType, r: SourceRow): ActivityRow => ({
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

/** Reads started here (a read with a start date), at the moment the read was made. Imported reads are history, not news (decision 0067): none of the read kinds shows them. */
const started: Source = {
  type: 'started',
  query: (db, readerId, b) =>
    db
      .selectFrom('readThroughs as t')
      .select(['t.id', 't.userId', 't.bookId', 't.createdAt as at'])
      .where('t.removedAt', 'is', null)
      .where('t.imported', '=', 0)
      .where(shownToFollowers)
      .where('t.startedOn', 'is not', null)
      .$call((qb) => bounded(qb, db, readerId, 't.userId', 't.createdAt', 't.id', rankOf('started'), b)),
}

/** Reads finished, at their finishing moment, with the reader's rating of the book. */
const finished: Source = {
  type: 'finished',
  query: (db, readerId, b) =>
    db
      .selectFrom('readThroughs as t')
      .select((eb) => ['t.id', 't.userId', 't.bookId', eb.ref('t.finishedAt').$notNull().as('at'), ratingOf(eb).as('rating')])
      .where('t.removedAt', 'is', null)
      .where('t.imported', '=', 0)
      .where(shownToFollowers)
      .where('t.outcome', '=', 'finished')
      .where('t.finishedAt', 'is not', null)
      .$call((qb) => bounded(qb, db, readerId, 't.userId', 't.finishedAt', 't.id', rankOf('finished'), b)),
}

/** Reads stopped (did not finish), at the read's last change. */
const dnf: Source = {
  type: 'dnf',
  query: (db, readerId, b) =>
    db
      .selectFrom('readThroughs as t')
      .select(['t.id', 't.userId', 't.bookId', 't.updatedAt as at'])
      .where('t.removedAt', 'is', null)
      .where('t.imported', '=', 0)
      .where(shownToFollowers)
      .where('t.outcome', '=', 'stopped')
      .$call((qb) => bounded(qb, db, readerId, 't.userId', 't.updatedAt', 't.id', rankOf('dnf'), b)),
}

/** Reviews written here (imported ones stay out, as they do of Recent Reviews). */
const reviews: Source = {
  type: 'review',
  query: (db, readerId, b) =>
    db
      .selectFrom('reviews as r')
      .select(['r.id', 'r.userId', 'r.bookId', 'r.createdAt as at', 'r.rating', 'r.id as reviewId'])
      .where('r.imported', '=', 0)
      .$call((qb) => bounded(qb, db, readerId, 'r.userId', 'r.createdAt', 'r.id', rankOf('review'), b)),
}

/** Comments on reviews that are not deleted; their text is never read. */
const comments: Source = {
  type: 'comment',
  query: (db, readerId, b) =>
    db
      .selectFrom('reviewComments as c')
      .innerJoin('reviews as r', 'r.id', 'c.reviewId')
      .select((eb) => ['c.id', eb.ref('c.userId').$notNull().as('userId'), 'r.bookId', 'c.createdAt as at', 'c.reviewId'])
      .where('c.deleted', '=', 0)
      .$call((qb) => bounded(qb, db, readerId, 'c.userId', 'c.createdAt', 'c.id', rankOf('comment'), b)),
}

/** Threads started, while their opening post is not deleted; the title only, never the post. */
const discussions: Source = {
  type: 'discussion',
  query: (db, readerId, b) =>
    db
      .selectFrom('discussions as d')
      .innerJoin('discussionPosts as p', 'p.id', 'd.id')
      .select((eb) => ['d.id', eb.ref('d.userId').$notNull().as('userId'), 'd.bookId', 'd.createdAt as at', 'd.title'])
      .where('p.deletedAt', 'is', null)
      .$call((qb) => bounded(qb, db, readerId, 'd.userId', 'd.createdAt', 'd.id', rankOf('discussion'), b)),
}

const SOURCES: Source[] = [started, finished, dnf, reviews, comments, discussions]

const read = async (source: Source, db: Db, readerId: string, b: Bounds): Promise<ActivityRow[]> =>
  (await source.query(db, readerId, b).execute()).map((r) => asRow(source.type, r))

/** Each source's query for a first page read in its widest window (for the query-plan tests). */
export const sourceQueries = (db: Db, readerId: string, limit: number): { type: FeedItemType; compiled: CompiledQuery }[] =>
  SOURCES.map((s) => ({ type: s.type, compiled: s.query(db, readerId, { key: undefined, since: EVER, limit, ordered: true }).compile() }))

/** Feed order: newest first, then higher type rank, then higher id. */
const compareActivity = (a: ActivityRow, b: ActivityRow): number =>
  a.at !== b.at ? (a.at < b.at ? 1 : -1) : rankOf(a.type) !== rankOf(b.type) ? rankOf(b.type) - rankOf(a.type) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0

const HOUR_MS = 3_600_000
/** The windows a source is read in, in hours back from where the page starts: an hour, a day, 8, 64 and 512 days. */
const WINDOW_HOURS = [1, 24, 8 * 24, 64 * 24, 512 * 24]
/**
 * The last window's start: before any moment kept (a finish can be dated years back). A bound and not
 * none, so the planners stay on the per-writer time indexes: without one SQLite chose the
 * (reader, book) index and walked all 53,081 reads of the bench's feedreader (114–139 ms a source).
 */
const EVER = '0001-01-01T00:00:00.000Z'

/** A source's first `limit` rows after `key`: the first window that holds `limit` rows has them. */
async function newest(source: Source, db: Db, readerId: string, key: FeedKey | undefined, limit: number, writer?: string): Promise<ActivityRow[]> {
  const from = key ? Date.parse(key.at) : Date.now()
  const who = writer === undefined ? {} : { writer }
  for (const hours of WINDOW_HOURS) {
    const rows = await read(source, db, readerId, { key, since: new Date(from - hours * HOUR_MS).toISOString(), limit, ordered: true, ...who })
    if (rows.length >= limit) return rows
  }
  return read(source, db, readerId, { key, since: EVER, limit, ordered: true, ...who })
}

/** The activity kinds a row of each table gives (a read may be a start, a finish or a stop). */
const SOURCES_OF = {
  read: [started, finished, dnf],
  review: [reviews],
  comment: [comments],
  discussion: [discussions],
} as const satisfies Record<string, Source[]>
export type ActivityKind = keyof typeof SOURCES_OF

/** What one row of a writer shows in the feed now (none when deleted, hidden from followers, or not an activity). */
export async function activitiesOfRow(db: Db, writer: string, kind: ActivityKind, id: string): Promise<ActivityRow[]> {
  const parts = await Promise.all(SOURCES_OF[kind].map((s: Source) => read(s, db, '', { key: undefined, writer, ids: [id], limit: 1, ordered: false })))
  return parts.flat()
}

/** A writer's newest `limit` activities, in feed order (a follow's backfill). */
export async function newestOfWriter(db: Db, writer: string, limit: number): Promise<ActivityRow[]> {
  const parts = await Promise.all(SOURCES.map((s) => newest(s, db, '', undefined, limit, writer)))
  return parts.flat().sort(compareActivity).slice(0, limit)
}

/**
 * The activities of an inbox page as they stand for `readerId` now, by type and id: each type's rows
 * read again in one statement, through the same rules as the read-time feed (still followed, shown to
 * followers, not removed or deleted). A row missing from the answer drops out of the page.
 */
export async function currentRows(db: Db, readerId: string, keys: { rank: number; itemId: string }[]): Promise<Map<string, ActivityRow>> {
  const byType = new Map<FeedItemType, string[]>()
  for (const k of keys) {
    const type = FEED_ITEM_TYPES[k.rank]
    if (type === undefined) continue
    byType.set(type, [...(byType.get(type) ?? []), k.itemId])
  }
  const parts = await Promise.all(
    [...byType].map(([type, ids]) =>
      read(
        SOURCES.find((s) => s.type === type)!,
        db,
        readerId,
        { key: undefined, ids, limit: ids.length, ordered: false },
      ),
    ),
  )
  return new Map(parts.flat().map((r) => [`${r.type}:${r.id}`, r]))
}

/** Whether a row comes after `key` in the feed's order (the key's own row does not). */
const isAfter = (r: ActivityRow, key: FeedKey | undefined): boolean => {
  if (!key) return true
  if (r.at !== key.at) return r.at < key.at
  const rank = rankOf(r.type)
  return rank !== key.rank ? rank < key.rank : r.id < key.id
}

/** Sources in the order they are counted: the usually sparse ones first, so the count often stops early. */
const COUNT_ORDER: Source[] = [started, dnf, discussions, comments, finished, reviews]

/**
 * A page of the feed: the first `limit` activities after `key`, merged from each source's first
 * `limit`, and how many activities the feed holds, counting at most `cap`.
 *
 * The sources are counted first, in no order (each stops at cap + 1 rows), until the count reaches
 * the cap. A source counted whole (at most `cap` rows) needs no second read: its rows are at hand. Only
 * the others are read in windows. For the bench's feedreader (500 followed, 172,609 of their
 * reviews) a first page went from seconds to about ten milliseconds.
 */
export async function feedPage(
  db: Db,
  readerId: string,
  key: FeedKey | undefined,
  limit: number,
  cap: number,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const whole = new Map<Source, ActivityRow[]>()
  let counted = 0
  for (const source of COUNT_ORDER) {
    if (counted >= cap) break
    const rows = await read(source, db, readerId, { key: undefined, since: EVER, limit: cap + 1, ordered: false })
    counted += rows.length
    if (rows.length <= cap) whole.set(source, rows)
  }
  const parts = await Promise.all(
    SOURCES.map(async (source) => {
      const known = whole.get(source)
      return known ? known.filter((r) => isAfter(r, key)) : newest(source, db, readerId, key, limit)
    }),
  )
  return { rows: parts.flat().sort(compareActivity).slice(0, limit), total: Math.min(cap, counted) }
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

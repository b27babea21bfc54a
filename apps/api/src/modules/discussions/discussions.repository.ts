import { badgeOf, type Badge } from '@shelfwise/contracts'
import { sql } from 'kysely'
import { lockedForWrite, rowCount, toIso, type Db, type RowOf } from '#/db/portable.ts'
import { enqueueFeedWork } from '#/feed-outbox.ts'
import type { StoredPosition } from '#/modules/spoilers/spoilers.service.ts'
import { summaryImage } from '#/db/user-summary.ts'
import { pageAfter } from '#/db/keyset.ts'

// The SQL of book discussions (decision 0043). A thread's opening post has the thread's own id; a
// thread reads in order along (discussion_id, root_id, id).

interface Person {
  _id: string
  username: string
  profileImage: string
}

/** A thread as stored, with its starter. */
export interface DiscussionRow {
  id: string
  bookId: string
  title: string
  user: Person | null
  /** The live posts (the thread goes when none is left). */
  postCount: number
  /** Of those, the ones the moderators hid (decision 0058): readers are shown the difference. */
  hiddenPostCount: number
  lastActivityAt: string
  createdAt: string
}

/** A post as stored, with its author (null for a tombstone or a closed account). */
export interface PostRow {
  id: string
  discussionId: string
  parentId: string | null
  rootId: string
  userId: string | null
  user: Person | null
  text: string | null
  positionKind: StoredPosition['kind']
  positionValue: number | null
  createdAt: string
  editedAt: string | null
  deletedAt: string | null
  /** The writer's badge on the thread's book (decision 0051). */
  badge: Badge
}

const person = (id: string | null, username: string | null, profileImage: string | null): Person | null =>
  id !== null && username !== null ? { _id: id, username, profileImage: profileImage ?? '' } : null

const selectDiscussions = (db: Db) =>
  db
    .selectFrom('discussions as d')
    .leftJoin('users as u', 'u.id', 'd.userId')
    .select([
      'd.id',
      'd.bookId',
      'd.title',
      'd.userId',
      'u.username',
      summaryImage('u').as('profileImage'),
      'd.postCount',
      'd.hiddenPostCount',
      'd.lastActivityAt',
      'd.createdAt',
    ])

type RawDiscussion = RowOf<typeof selectDiscussions>

const toDiscussion = (r: RawDiscussion): DiscussionRow => ({
  id: r.id,
  bookId: r.bookId,
  title: r.title,
  user: person(r.userId, r.username, r.profileImage),
  postCount: Number(r.postCount),
  hiddenPostCount: Number(r.hiddenPostCount),
  lastActivityAt: toIso(r.lastActivityAt),
  createdAt: toIso(r.createdAt),
})

const selectPosts = (db: Db) =>
  db
    .selectFrom('discussionPosts as p')
    .leftJoin('users as u', 'u.id', 'p.userId')
    .innerJoin('discussions as dd', 'dd.id', 'p.discussionId')
    .innerJoin('books as bb', 'bb.id', 'dd.bookId')
    .select([
      'bb.authorUserId as bookAuthorUserId',
      'bb.publisherUserId as bookPublisherUserId',
      'p.id',
      'p.discussionId',
      'p.parentId',
      'p.rootId',
      'p.userId',
      'u.username',
      summaryImage('u').as('profileImage'),
      'p.text',
      'p.positionKind',
      'p.positionValue',
      'p.createdAt',
      'p.editedAt',
      'p.deletedAt',
    ])

type RawPost = RowOf<typeof selectPosts>

const toPost = (r: RawPost): PostRow => ({
  id: r.id,
  discussionId: r.discussionId,
  parentId: r.parentId,
  rootId: r.rootId,
  userId: r.userId,
  user: r.deletedAt === null ? person(r.userId, r.username, r.profileImage) : null,
  text: r.text,
  positionKind: r.positionKind,
  positionValue: r.positionValue === null ? null : Number(r.positionValue),
  createdAt: toIso(r.createdAt),
  editedAt: r.editedAt === null ? null : toIso(r.editedAt),
  deletedAt: r.deletedAt === null ? null : toIso(r.deletedAt),
  badge: r.deletedAt === null ? badgeOf(r.userId, r.bookAuthorUserId, r.bookPublisherUserId) : null,
})

export interface NewDiscussion {
  id: string
  bookId: string
  userId: string
  title: string
  at: string
}

export async function insertDiscussion(db: Db, d: NewDiscussion): Promise<void> {
  await db
    .insertInto('discussions')
    .values({ id: d.id, bookId: d.bookId, userId: d.userId, title: d.title, postCount: 0, lastActivityAt: d.at, createdAt: d.at })
    .execute()
  await enqueueFeedWork(db, 'discussion', d.userId, d.id)
}

export interface NewPost {
  id: string
  discussionId: string
  userId: string
  parentId: string | null
  rootId: string
  /** The post it answered (a reply's notification is grouped on it); null for a top-level post. */
  answeredId: string | null
  text: string
  position: StoredPosition
  at: string
}

export async function insertPost(db: Db, p: NewPost): Promise<void> {
  await db
    .insertInto('discussionPosts')
    .values({
      id: p.id,
      discussionId: p.discussionId,
      userId: p.userId,
      parentId: p.parentId,
      rootId: p.rootId,
      answeredId: p.answeredId,
      text: p.text,
      positionKind: p.position.kind,
      positionValue: p.position.value,
      createdAt: p.at,
    })
    .execute()
}

/** Moves a thread's post count by `delta`, and its last activity to `at` when given. */
export async function moveDiscussionCounters(db: Db, id: string, delta: number, at?: string): Promise<void> {
  await db
    .updateTable('discussions')
    .set((eb) => ({ postCount: eb('postCount', '+', delta), ...(at ? { lastActivityAt: at } : {}) }))
    .where('id', '=', id)
    .execute()
}

/** Moves a thread's count of live posts the moderators hid. */
export async function moveHiddenPosts(db: Db, id: string, delta: number): Promise<void> {
  await db
    .updateTable('discussions')
    .set((eb) => ({ hiddenPostCount: eb('hiddenPostCount', '+', delta) }))
    .where('id', '=', id)
    .execute()
}

/** One thread with its starter. */
export async function findDiscussion(db: Db, id: string): Promise<DiscussionRow | undefined> {
  const row = await selectDiscussions(db).where('d.id', '=', id).executeTakeFirst()
  return row && toDiscussion(row)
}

/** One thread, locked until the transaction ends (PostgreSQL), for a post's write. */
/** The readers with a post in a thread (tombstones aside), the most recent posters first, at most `limit`. */
export async function listParticipants(db: Db, discussionId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('discussionPosts')
    .select('userId')
    .where('discussionId', '=', discussionId)
    .where('deletedAt', 'is', null)
    .groupBy('userId')
    .orderBy((eb) => eb.fn.max('createdAt'), 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => r.userId).filter((id): id is string => id !== null)
}

export async function lockDiscussion(db: Db, id: string): Promise<{ id: string; bookId: string } | undefined> {
  return lockedForWrite(db, db.selectFrom('discussions').select(['id', 'bookId']).where('id', '=', id)).executeTakeFirst()
}

/** Where a page of a book's threads starts: after the thread with this last activity and id. */
export interface ActivityKey {
  at: string
  id: string
}

/** A book's threads, newest activity first (ties by id), along discussions_book_activity_idx. */
const buildBookDiscussionsQuery = (db: Db, bookId: string, limit: number | undefined, after?: ActivityKey) =>
  pageAfter(selectDiscussions(db).where('d.bookId', '=', bookId), ['d.lastActivityAt', 'd.id'], 'desc', after && [after.at, after.id], limit)

export async function listBookDiscussions(db: Db, bookId: string, limit: number | undefined, after?: ActivityKey): Promise<DiscussionRow[]> {
  return (await buildBookDiscussionsQuery(db, bookId, limit, after).execute()).map(toDiscussion)
}

/** How many threads of a book readers are shown a count of: those the moderators hid left out (decision 0058). */
export async function countShownBookDiscussions(db: Db, bookId: string): Promise<number> {
  // The book's threads less its hidden ones, the hidden ones found from the (few) hidden threads: a
  // NOT EXISTS per thread made SQLite probe the hidden items once for each of a busy book's threads
  // (two thirds of the database time of a book page). CROSS JOIN keeps that order on SQLite.
  const { rows } = await sql<{ n: number | string }>`
    select (select count(*) from discussions where book_id = ${bookId})
         - (select count(*) from hidden_items h cross join discussions d
            where h.target_type = 'discussion' and d.id = h.target_id and d.book_id = ${bookId}) as n`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** How many threads a book has. */
export const countBookDiscussions = (db: Db, bookId: string): Promise<number> => rowCount(db.selectFrom('discussions').where('bookId', '=', bookId))

/** Posts by id (the opening posts of a page of threads). */
export async function listPostsByIds(db: Db, ids: string[]): Promise<PostRow[]> {
  if (!ids.length) return []
  return (await selectPosts(db).where('p.id', 'in', ids).execute()).map(toPost)
}

/** Where a page of a thread's posts starts: after the post with this root and id. */
export interface ThreadKey {
  rootId: string
  id: string
}

/** A thread's posts in reading order: each top-level post, then its replies, oldest first. */
const buildThreadPostsQuery = (db: Db, discussionId: string, limit: number | undefined, after?: ThreadKey) => {
  let q = selectPosts(db).where('p.discussionId', '=', discussionId)
  if (after) {
    q = q.where('p.rootId', '>=', after.rootId).where((eb) => eb.or([eb('p.rootId', '>', after.rootId), eb('p.id', '>', after.id)]))
  }
  q = q.orderBy('p.rootId').orderBy('p.id')
  return limit === undefined ? q : q.limit(limit)
}

export async function listThreadPosts(db: Db, discussionId: string, limit: number | undefined, after?: ThreadKey): Promise<PostRow[]> {
  return (await buildThreadPostsQuery(db, discussionId, limit, after).execute()).map(toPost)
}

/** One post with its author. */
export async function findPost(db: Db, id: string): Promise<PostRow | undefined> {
  const row = await selectPosts(db).where('p.id', '=', id).executeTakeFirst()
  return row && toPost(row)
}

/** One post with its thread's book, locked until the transaction ends (PostgreSQL). */
export async function lockPost(db: Db, id: string): Promise<(Omit<PostRow, 'user' | 'badge'> & { bookId: string; answeredId: string | null }) | undefined> {
  const row = await lockedForWrite(
    db,
    db
      .selectFrom('discussionPosts as p')
      .innerJoin('discussions as d', 'd.id', 'p.discussionId')
      .select([
        'p.id',
        'p.discussionId',
        'p.parentId',
        'p.rootId',
        'p.answeredId',
        'p.userId',
        'p.text',
        'p.positionKind',
        'p.positionValue',
        'p.createdAt',
        'p.editedAt',
        'p.deletedAt',
        'd.bookId',
      ])
      .where('p.id', '=', id),
  ).executeTakeFirst()
  if (!row) return undefined
  return {
    ...row,
    positionValue: row.positionValue === null ? null : Number(row.positionValue),
    createdAt: toIso(row.createdAt),
    editedAt: row.editedAt === null ? null : toIso(row.editedAt),
    deletedAt: row.deletedAt === null ? null : toIso(row.deletedAt),
  }
}

/**
 * How many posts a thread has, tombstones included: its kept count of live posts and its tombstones,
 * counted on their own partial index (a few at most). Counting the thread's rows read every one of
 * them on every page (20,427 index entries for the bench's biggest thread).
 */
export async function countThreadRows(db: Db, discussionId: string): Promise<number> {
  const row = await db
    .selectFrom('discussions as d')
    .select((eb) => [
      'd.postCount',
      eb
        .selectFrom('discussionPosts as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.discussionId', '=', 'd.id')
        .where('p.deletedAt', 'is not', null)
        .as('tombstones'),
    ])
    .where('d.id', '=', discussionId)
    .executeTakeFirst()
  return row ? Number(row.postCount) + Number(row.tombstones ?? 0) : 0
}

/** How many replies a post has (a reply is never a tombstone: a deleted one goes). */
export const countReplies = (db: Db, postId: string): Promise<number> => rowCount(db.selectFrom('discussionPosts').where('parentId', '=', postId))

export async function updatePostText(db: Db, id: string, text: string, position: StoredPosition | undefined, at: string): Promise<void> {
  await db
    .updateTable('discussionPosts')
    .set({ text, editedAt: at, ...(position ? { positionKind: position.kind, positionValue: position.value } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Changes a discussion's title. */
export async function updateDiscussionTitle(db: Db, id: string, title: string): Promise<void> {
  await db.updateTable('discussions').set({ title }).where('id', '=', id).execute()
}

/** Makes a post a tombstone: its text, author and position gone, kept for its replies. */
export async function tombstonePost(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('discussionPosts')
    .set({ text: null, userId: null, positionKind: null, positionValue: null, deletedAt: at })
    .where('id', '=', id)
    .execute()
}

export async function deletePostRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('discussionPosts').where('id', '=', id).execute()
}

export async function deleteDiscussionRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('discussions').where('id', '=', id).execute()
}

/** Recounts the live posts of threads (after a reader's posts went with their account). */
export async function recountDiscussions(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return
  await db
    .updateTable('discussions')
    .set({
      postCount: sql<number>`(select count(*) from discussion_posts p where p.discussion_id = discussions.id and p.deleted_at is null)`,
      hiddenPostCount: sql<number>`(select count(*) from discussion_posts p join hidden_items h on h.target_type = 'post' and h.target_id = p.id
        where p.discussion_id = discussions.id and p.deleted_at is null)`,
    })
    .where('id', 'in', ids)
    .execute()
}

/** Whether a book (a work's id) is in the catalogue. */
export async function findBookExists(db: Db, bookId: string): Promise<boolean> {
  return (await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst()) !== undefined
}

/** The reader's live posts in a thread other than `exceptId`. */
const otherLivePosts = (db: Db, discussionId: string, userId: string, exceptId: string) =>
  db
    .selectFrom('discussionPosts')
    .select('id')
    .where('userId', '=', userId)
    .where('discussionId', '=', discussionId)
    .where('deletedAt', 'is', null)
    .where('id', '<>', exceptId)

/**
 * Whether the reader has another live reply answering this post (their "replied to your post" stays).
 * A reply from before the answered post was kept answered its top-level post (`parent_id`).
 */
export async function hasOtherLiveAnswer(db: Db, discussionId: string, userId: string, answeredId: string, exceptId: string): Promise<boolean> {
  const row = await otherLivePosts(db, discussionId, userId, exceptId)
    .where((eb) => eb.or([eb('answeredId', '=', answeredId), eb.and([eb('answeredId', 'is', null), eb('parentId', '=', answeredId)])]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Whether the reader still has another live post in a thread. */
export async function hasOtherLivePost(db: Db, discussionId: string, userId: string, exceptId: string): Promise<boolean> {
  return (await otherLivePosts(db, discussionId, userId, exceptId).limit(1).executeTakeFirst()) !== undefined
}

import { badgeOf, type Comment, type Liker } from '@shelfwise/contracts'
import { sql } from 'kysely'
import { lockedForUpdate, rowCount, toIso, type Db, type RowOf } from '#/db/portable.ts'
import { enqueueFeedWork } from '#/feed-outbox.ts'
import { fromStoredPosition, type StoredPosition } from '#/modules/spoilers/spoilers.service.ts'
import { summaryImage } from '#/db/user-summary.ts'
import { pageAfter } from '#/db/keyset.ts'
import { pairRows } from '#/db/pair-rows.ts'

// Likes of reviews and comments, and comments on reviews (decisions 0041 and 0042). The counters
// kept on the reviews' rows move through the reviews service; the comments' own here.

// ---- Likes of reviews -------------------------------------------------------------------------

/** Stores a reader's like of a review (false when they already liked it), and removes it (false when there was none). */
export const { on: insertReviewLike, off: deleteReviewLike } = pairRows('reviewLikes', ['reviewId', 'userId'])

/** Which of these reviews (at most a page of them) the reader likes. */
export async function listLikedReviewsAmong(db: Db, userId: string, reviewIds: string[]): Promise<Set<string>> {
  if (reviewIds.length === 0) return new Set()
  const rows = await db.selectFrom('reviewLikes').select('reviewId').where('userId', '=', userId).where('reviewId', 'in', reviewIds).execute()
  return new Set(rows.map((r) => r.reviewId))
}

/** How many readers like a review. */
export const countReviewLikes = (db: Db, reviewId: string): Promise<number> => rowCount(db.selectFrom('reviewLikes').where('reviewId', '=', reviewId))

/** Where a page of likers starts: after the like with this time and reader. */
interface LikerKey {
  createdAt: string
  userId: string
}

/** Who liked a review, newest like first, with the time of each like. */
export async function listReviewLikers(db: Db, reviewId: string, opts: { after?: LikerKey; limit?: number }): Promise<(Liker & { likedAt: string })[]> {
  const q = db
    .selectFrom('reviewLikes as l')
    .innerJoin('users as u', 'u.id', 'l.userId')
    .select(['u.id', 'u.name', 'u.username', summaryImage('u').as('profileImage'), 'l.createdAt'])
    .where('l.reviewId', '=', reviewId)
  const { after, limit } = opts
  const rows = await pageAfter(q, ['l.createdAt', 'l.userId'], 'desc', after && [after.createdAt, after.userId], limit).execute()
  return rows.map((r) => ({ _id: r.id, name: r.name, username: r.username, profileImage: r.profileImage, likedAt: toIso(r.createdAt) }))
}

// ---- Comments ---------------------------------------------------------------------------------

/** Selects what a Comment needs, its writer joined in (none for a tombstone), and the book's linked author and publisher (the badge, decision 0051). */
const selectComments = (db: Db) =>
  db
    .selectFrom('reviewComments as c')
    .leftJoin('users as u', 'u.id', 'c.userId')
    .innerJoin('reviews as rv', 'rv.id', 'c.reviewId')
    .innerJoin('books as b', 'b.id', 'rv.bookId')
    .select([
      'b.authorUserId as bookAuthorUserId',
      'b.publisherUserId as bookPublisherUserId',
      'c.id',
      'c.reviewId',
      'c.threadId',
      'c.parentId',
      'c.text',
      'c.deleted',
      'c.likes',
      'c.createdAt',
      'c.editedAt',
      'c.positionKind',
      'c.positionValue',
      'u.id as userId',
      'u.name as userName',
      'u.username',
      summaryImage('u').as('profileImage'),
    ])

type CommentRow = RowOf<typeof selectComments>

/** A comment as the API answers it, before its mentions and the caller's like are known. */
export type CommentCore = Omit<Comment, 'likedByMe' | 'mentions'> & { threadId: string }

const toComment = (r: CommentRow): CommentCore => {
  const deleted = Number(r.deleted) === 1
  return {
    _id: r.id,
    reviewId: r.reviewId,
    threadId: r.threadId,
    parentId: r.parentId,
    user:
      !deleted && r.userId && r.username !== null ? { _id: r.userId, name: r.userName ?? '', username: r.username, profileImage: r.profileImage ?? '' } : null,
    text: deleted ? null : r.text,
    createdAt: toIso(r.createdAt),
    editedAt: r.editedAt === null ? null : toIso(r.editedAt),
    deleted,
    likes: Number(r.likes),
    badge: deleted ? null : badgeOf(r.userId, r.bookAuthorUserId, r.bookPublisherUserId),
    position: deleted ? null : fromStoredPosition(r.positionKind, r.positionValue === null ? null : Number(r.positionValue)),
  }
}

/** Where a page of a review's comments starts: after this comment in thread order. */
interface CommentKey {
  threadId: string
  id: string
}

/**
 * A review's comments in thread order: each top-level comment (oldest first) followed by its
 * replies (oldest first). Ids are time-ordered (UUIDv7) and a thread's id is its top-level
 * comment's, so (thread id, id) is that order, read along review_comments_thread_idx.
 */
export async function listReviewComments(db: Db, reviewId: string, opts: { after?: CommentKey; limit?: number }): Promise<CommentCore[]> {
  const { after, limit } = opts
  const q = pageAfter(selectComments(db).where('c.reviewId', '=', reviewId), ['c.threadId', 'c.id'], 'asc', after && [after.threadId, after.id], limit)
  return (await q.execute()).map(toComment)
}

/** How many comments a review holds, tombstones included (the list's X-Total-Count). */
export const countReviewComments = (db: Db, reviewId: string): Promise<number> => rowCount(db.selectFrom('reviewComments').where('reviewId', '=', reviewId))

/** One comment as the API answers it; undefined when absent. */
export async function findComment(db: Db, id: string): Promise<CommentCore | undefined> {
  const row = await selectComments(db).where('c.id', '=', id).executeTakeFirst()
  return row && toComment(row)
}

/** What the rules need of a comment: its review, thread, writer and state; locked until the transaction ends on PostgreSQL. */
export async function findCommentForChange(
  db: Db,
  id: string,
): Promise<
  { reviewId: string; threadId: string; parentId: string | null; userId: string | null; text: string | null; deleted: boolean; replyCount: number } | undefined
> {
  const row = await lockedForUpdate(
    db,
    db.selectFrom('reviewComments').select(['reviewId', 'threadId', 'parentId', 'userId', 'text', 'deleted', 'replyCount']).where('id', '=', id),
  ).executeTakeFirst()
  return row && { ...row, deleted: Number(row.deleted) === 1, replyCount: Number(row.replyCount) }
}

interface NewComment {
  id: string
  reviewId: string
  threadId: string
  parentId: string | null
  userId: string
  text: string
  position: StoredPosition
  createdAt: string
}

/** Stores a comment. */
export async function insertComment(db: Db, { position, ...c }: NewComment): Promise<void> {
  await db
    .insertInto('reviewComments')
    .values({ ...c, positionKind: position.kind, positionValue: position.value })
    .execute()
  await enqueueFeedWork(db, 'comment', c.userId, c.id)
}

/** Changes a comment's text (and its position when given) and marks when. */
export async function updateCommentText(db: Db, id: string, text: string, position: StoredPosition | undefined, editedAt: string): Promise<void> {
  await db
    .updateTable('reviewComments')
    .set({ text, editedAt, ...(position ? { positionKind: position.kind, positionValue: position.value } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Turns a comment into a tombstone: no text, no writer, no likes. */
export async function tombstoneComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('commentLikes').where('commentId', '=', id).execute()
  await db
    .updateTable('reviewComments')
    .set({ text: null, userId: null, deleted: 1, likes: 0, positionKind: null, positionValue: null })
    .where('id', '=', id)
    .execute()
}

/** Deletes a comment (its likes go with it). */
export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reviewComments').where('id', '=', id).execute()
}

/** Moves a comment's reply count; answers it after and whether the comment is a tombstone. */
export async function moveReplyCount(db: Db, id: string, by: number): Promise<{ replyCount: number; deleted: boolean } | undefined> {
  const row = await db
    .updateTable('reviewComments')
    .set((eb) => ({ replyCount: eb('replyCount', '+', by) }))
    .where('id', '=', id)
    .returning(['replyCount', 'deleted'])
    .executeTakeFirst()
  return row && { replyCount: Number(row.replyCount), deleted: Number(row.deleted) === 1 }
}

// ---- Likes of comments ------------------------------------------------------------------------

/** Stores a reader's like of a comment (false when they already liked it), and removes it (false when there was none). */
export const { on: insertCommentLike, off: deleteCommentLike } = pairRows('commentLikes', ['commentId', 'userId'])

/** Moves a comment's like count; answers it after. */
export async function moveCommentLikes(db: Db, id: string, by: number): Promise<number> {
  const row = await db
    .updateTable('reviewComments')
    .set((eb) => ({ likes: eb('likes', '+', by) }))
    .where('id', '=', id)
    .returning('likes')
    .executeTakeFirstOrThrow()
  return Number(row.likes)
}

/** Which of these comments (at most a page of them) the reader likes. */
export async function listLikedCommentsAmong(db: Db, userId: string, commentIds: string[]): Promise<Set<string>> {
  if (commentIds.length === 0) return new Set()
  const rows = await db.selectFrom('commentLikes').select('commentId').where('userId', '=', userId).where('commentId', 'in', commentIds).execute()
  return new Set(rows.map((r) => r.commentId))
}

// ---- Readers ----------------------------------------------------------------------------------

/** The readers with these usernames (lower-cased; at most a page's mentions), along users_username_lower_key. */
export async function listUsersByUsernames(db: Db, lowered: string[]): Promise<{ _id: string; username: string }[]> {
  if (lowered.length === 0) return []
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(sql<string>`lower(username)`, 'in', lowered)
    .execute()
  return rows.map((r) => ({ _id: r.id, username: r.username }))
}

/** Whether a reader still has a live comment on a review. */
export async function hasLiveCommentBy(db: Db, reviewId: string, userId: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('reviewComments').select('id').where('userId', '=', userId).where('reviewId', '=', reviewId).where('deleted', '=', 0)
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  const row = await q.limit(1).executeTakeFirst()
  return row !== undefined
}

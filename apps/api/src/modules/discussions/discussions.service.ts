import { v7 as uuidv7 } from 'uuid'
import {
  MESSAGES,
  SAFETY_MESSAGES,
  NOTIFICATION_LIMITS,
  type CreateDiscussionInput,
  type CreatePostInput,
  type Discussion,
  type DiscussionReadQuery,
  type Post,
  type Reveal,
  type UpdatePostInput,
} from '@shelfwise/contracts'
import { isForeignKeyViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, notFound } from '#/errors.ts'
import { TOPICS, type Changes } from '#/changes.ts'
import { cutPage, decodeKeyset, encodeCursor, rowsToRead, type Page } from '#/paging.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import type { Actor } from '#/security/actor.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { SpoilersService } from '#/modules/spoilers/spoilers.service.ts'
import { fromStoredPosition, isWithheld, toStoredPosition, type Standing } from '#/modules/spoilers/spoilers.service.ts'
import { checkPostLimits, type Limiter } from '#/modules/discussions/discussions.limits.ts'
import { DISCUSSION_MESSAGES } from '#/modules/discussions/discussions.messages.ts'
import { hiddenByModerators, isBlockedBetween, quietFilterFor, type QuietFilter } from '#/modules/safety/safety.service.ts'
import {
  noNotify,
  noNotifyMany,
  noWithdraw,
  noWithdrawAbout,
  type Notify,
  type NotifyMany,
  type Withdraw,
  type WithdrawAbout,
} from '#/modules/notifications/notifications.service.ts'
import { mentionedReaders, withdrawMentionsDropped } from '#/modules/conversation/conversation.service.ts'
import {
  countBookDiscussions,
  countShownBookDiscussions,
  countReplies,
  countThreadRows,
  hasOtherLiveAnswer,
  hasOtherLivePost,
  deleteDiscussionRow,
  deletePostRow,
  findBookExists,
  findDiscussion,
  findPost,
  insertDiscussion,
  insertPost,
  listBookDiscussions,
  listPostsByIds,
  listThreadPosts,
  listParticipants,
  lockDiscussion,
  lockPost,
  moveDiscussionCounters,
  moveHiddenPosts,
  tombstonePost,
  updateDiscussionTitle,
  updatePostText,
  type DiscussionRow,
  type PostRow,
} from '#/modules/discussions/discussions.repository.ts'

export interface DiscussionsDeps {
  db: Db
  /** An edition's id is its work's (decision 0027). */
  books: Pick<BooksService, 'workOf'>
  /** When a reader's account was made, for the limits of new accounts. */
  users: Pick<UsersService, 'accountCreatedAt'>
  /** Where the caller stands in a book, for withholding posts ahead of them. */
  spoilers: SpoilersService
  /** Tells readers of replies to their posts and of new posts in threads they joined (decision 0052). */
  notify?: Notify
  /** The same, for a thread's participants at once (a bounded number of statements, decision 0052). */
  notifyMany?: NotifyMany
  /** Takes back what a deleted post told; removes what was told about a deleted thread or post. */
  withdraw?: Withdraw
  withdrawAbout?: WithdrawAbout
  /** What changed, told by the database (decision 0064): a book's count of threads is kept until its threads change. */
  changes?: Changes
}

/**
 * A post as a caller sees it (decision 0043): a tombstone without text, author or position; a post
 * ahead of the caller without text, saying how far in it is; else whole.
 */
function postAsSeen(row: Omit<PostRow, 'user'> & { user: PostRow['user'] }, standing: Standing, reveal: Reveal | undefined): Post {
  const position = fromStoredPosition(row.positionKind, row.positionValue)
  const base = { _id: row.id, discussionId: row.discussionId, parentId: row.parentId, createdAt: row.createdAt, editedAt: row.editedAt }
  if (row.deletedAt !== null) return { ...base, user: null, badge: null, text: null, position: null, deleted: true }
  const withheld = isWithheld({ id: row.id, authorId: row.userId, position }, standing, reveal)
  return {
    ...base,
    user: row.user,
    badge: row.badge,
    text: withheld ? null : row.text,
    position,
    deleted: false,
    ...(withheld ? { withheld: 'ahead' as const } : {}),
  }
}

const asDiscussion = (d: DiscussionRow, firstPost: Post | null): Discussion => ({
  _id: d.id,
  bookId: d.bookId,
  title: d.title,
  user: d.user,
  // Posts the moderators hid keep their place in the thread but not in its count (decision 0058).
  postCount: Math.max(0, d.postCount - d.hiddenPostCount),
  lastActivityAt: d.lastActivityAt,
  createdAt: d.createdAt,
  firstPost,
})

/** A post the moderators hid: in its place, without text (decision 0058). */
const removed = (p: Post): Post => (p.deleted ? p : { ...p, text: null, removedByModerators: true })

/** A thread the moderators hid: its title in the moderators' words, its opening post without text. */
const removedThread = (d: Discussion): Discussion => ({
  ...d,
  title: SAFETY_MESSAGES.removedByModerators,
  firstPost: d.firstPost && removed(d.firstPost),
  removedByModerators: true,
})

/** Whether the caller keeps a thread out of view (decision 0057): its starter blocked either way or muted, or a muted word in its title or opening post. */
const quietThread = (quiet: QuietFilter, d: DiscussionRow, first: PostRow | undefined) => quiet.hides({ writerId: d.user?._id, texts: [d.title, first?.text] })

/** What a post's withdrawal needs to know of it. */
type PostTold = { id: string; discussionId: string; parentId: string | null; answeredId: string | null }

export const createDiscussionsService = ({
  db,
  books,
  users,
  spoilers,
  notify = noNotify,
  notifyMany = noNotifyMany,
  withdraw = noWithdraw,
  withdrawAbout = noWithdrawAbout,
  changes,
}: DiscussionsDeps) => {
  const threadCounts = changes?.kept<number>({ max: 10_000 })
  /** The work a book id names; 404 'Book not found' when there is none. */
  const bookOf = async (id: string): Promise<string> => {
    const bookId = await books.workOf(id)
    if (!(await findBookExists(db, bookId))) throw notFound(MESSAGES.bookNotFound)
    return bookId
  }

  /** Checks a reader's new post against the limits (the reader's account age decides how tight). */
  const checkLimits = async (actor: Actor, limit: Limiter, text: string, thread: boolean) => {
    const createdAt = await users.accountCreatedAt(actor.id)
    if (!createdAt) throw notFound(MESSAGES.userNotFound)
    await checkPostLimits(limit, actor.id, createdAt, text, thread)
  }

  /** One thread with its opening post as the caller may see it; 404 when absent. */
  const get = async (actor: Actor | undefined, id: string, reveal: Reveal | undefined): Promise<Discussion> => {
    const d = await findDiscussion(db, id)
    if (!d) throw notFound(DISCUSSION_MESSAGES.discussionNotFound)
    if (await isBlockedBetween(db, actor?.id, d.user?._id)) throw notFound(DISCUSSION_MESSAGES.discussionNotFound)
    const [first, standing, hidden] = await Promise.all([findPost(db, id), spoilers.standingOf(actor, d.bookId), hiddenByModerators(db, 'discussion', [id])])
    const post = first ? postAsSeen(first, standing, reveal) : null
    const hiddenPost = first && (await hiddenByModerators(db, 'post', [first.id])).has(first.id)
    const thread = asDiscussion(d, post && hiddenPost ? removed(post) : post)
    return hidden.has(id) ? removedThread(thread) : thread
  }

  /**
   * Tells the readers a post mentions (`@username`, the first LIMITS.mentionsMax), except those in
   * `told` and the writer; adds them to `told`. notify applies blocks, settings and the own action.
   */
  const tellMentioned = async (
    trx: Db,
    actorId: string,
    text: string,
    post: { id: string; discussionId: string; bookId: string; title: string },
    told: Set<string>,
  ) => {
    const target = { type: 'post' as const, id: post.id, parentId: post.discussionId, bookId: post.bookId, title: post.title }
    for (const u of await mentionedReaders(trx, text)) {
      if (told.has(u._id) || u._id === actorId) continue
      told.add(u._id)
      await notify(trx, { recipientId: u._id, type: 'mention', actorId, target })
    }
  }

  /**
   * Takes back what a deleted post told (decision 0052, "Withdrawn"): its mentions; its writer from the
   * answered post's replies and from the thread's new posts, unless another live post of theirs
   * still tells the same; everything about the thread when the thread went.
   */
  const withdrawPost = async (trx: Db, writerId: string, post: PostTold, threadGoes: boolean) => {
    if (threadGoes) return withdrawAbout(trx, { type: 'discussion', id: post.discussionId, childType: 'post' })
    await withdrawAbout(trx, { type: 'post', id: post.id })
    await withdrawReply(trx, writerId, post)
  }

  /**
   * Takes the writer of a reply that went or was hidden out of what it told: the thread's new posts
   * unless another live post of theirs stays in it, and the answered post's replies (grouped on the
   * post it answered, which may be a reply itself) unless another live reply of theirs answers it too.
   */
  const withdrawReply = async (trx: Db, writerId: string, post: PostTold) => {
    if (post.id === post.discussionId) return
    if (!(await hasOtherLivePost(trx, post.discussionId, writerId, post.id)))
      await withdraw(trx, { actorId: writerId, types: ['discussion_reply'], target: { type: 'discussion', id: post.discussionId } })
    // Replies from before the answered post was kept answered their top-level post as far as is known.
    const answered = post.answeredId ?? post.parentId
    if (answered !== null && !(await hasOtherLiveAnswer(trx, post.discussionId, writerId, answered, post.id)))
      await withdraw(trx, { actorId: writerId, types: ['post_reply'], target: { type: 'post', id: answered } })
  }

  /** What the author of a post sees of it: all of it. */
  const asAuthor = (actor: Actor): Standing => ({ signedIn: true, userId: actor.id, progress: { finished: true, page: null, percent: null, pageCount: null } })

  return {
    get,

    /**
     * How many threads a work has (the book page's "Discussions (N)"), those the moderators hid left
     * out; 0 for an absent one. The caller names the work itself (the book page has just read it), so
     * no statement goes to finding it; the count is kept until the book's threads change.
     */
    countForWork: (workId: string): Promise<number> => {
      const load = () => countShownBookDiscussions(db, workId)
      return threadCounts ? threadCounts.get(TOPICS.bookThreads(workId), load) : load()
    },

    /** The moderators hid a post or showed it again (decision 0058, "Counts"): a live one leaves its thread's count, or comes back. */
    hiddenChanged: async (trx: Db, id: string, hidden: boolean) => {
      const post = await lockPost(trx, id)
      if (!post || post.deletedAt !== null) return
      await moveHiddenPosts(trx, post.discussionId, hidden ? 1 : -1)
      // What a hidden post told is taken back as after its deletion (decision 0052, "Withdrawn"): its
      // mentions and its reply; what others told its writer stays. A restore tells nobody again.
      if (!hidden || !post.userId) return
      await withdraw(trx, { actorId: post.userId, types: ['mention'], target: { type: 'post', id } })
      await withdrawReply(trx, post.userId, post)
    },

    /** A book's threads, newest activity first, each with its opening post as the caller may see it; 404 for an absent book. */
    async listForBook(actor: Actor | undefined, id: string, q: DiscussionReadQuery): Promise<Page<Discussion>> {
      const bookId = await bookOf(id)
      const after = q.cursor ? decodeKeyset(q.cursor, ['instant', 'id'] as const) : undefined
      const [total, rows, standing] = await Promise.all([
        countBookDiscussions(db, bookId),
        listBookDiscussions(db, bookId, rowsToRead(q.limit), after && { at: after[0], id: after[1] }),
        spoilers.standingOf(actor, bookId),
      ])
      const page = cutPage(rows, q.limit, (last) => encodeCursor([last.lastActivityAt, last.id]))
      const firsts = new Map(
        (
          await listPostsByIds(
            db,
            page.rows.map((d) => d.id),
          )
        ).map((p) => [p.id, p]),
      )
      const ids = page.rows.map((d) => d.id)
      const [quiet, hidden, hiddenPosts] = await Promise.all([
        quietFilterFor(db, actor?.id, { writerIds: page.rows.map((d) => d.user?._id) }),
        hiddenByModerators(db, 'discussion', ids),
        hiddenByModerators(db, 'post', ids),
      ])
      const items = page.rows
        .filter((d) => !quietThread(quiet, d, firsts.get(d.id)))
        .map((d) => {
          const first = firsts.get(d.id)
          const post = first ? postAsSeen(first, standing, q.reveal) : null
          const thread = asDiscussion(d, post && hiddenPosts.has(d.id) ? removed(post) : post)
          return hidden.has(d.id) ? removedThread(thread) : thread
        })
      return { items, total, ...(page.next ? { nextCursor: page.next } : {}) }
    },

    /** Starts a thread on a book with its opening post (which has the thread's id); 404 for an absent book. */
    async create(actor: Actor, id: string, input: CreateDiscussionInput, limit: Limiter): Promise<Discussion> {
      const bookId = await bookOf(id)
      await checkLimits(actor, limit, input.text, true)
      const discussionId = uuidv7()
      const at = nowIso()
      try {
        await db.transaction().execute(async (trx) => {
          await insertDiscussion(trx, { id: discussionId, bookId, userId: actor.id, title: input.title, at })
          await insertPost(trx, {
            id: discussionId,
            discussionId,
            userId: actor.id,
            parentId: null,
            rootId: discussionId,
            answeredId: null,
            text: input.text,
            position: toStoredPosition(input.position),
            at,
          })
          await moveDiscussionCounters(trx, discussionId, 1, at)
          // The readers the opening post names, as a comment's mentions tell them.
          await tellMentioned(trx, actor.id, input.text, { id: discussionId, discussionId, bookId, title: input.title }, new Set())
        })
      } catch (err) {
        // The book went meanwhile.
        if (isForeignKeyViolation(err)) throw notFound(MESSAGES.bookNotFound)
        throw err
      }
      return get(actor, discussionId, undefined)
    },

    /** A thread's posts in reading order (each top-level post, then its replies), as the caller may see them; 404 when absent. */
    async listPosts(actor: Actor | undefined, id: string, q: DiscussionReadQuery): Promise<Page<Post>> {
      const d = await findDiscussion(db, id)
      if (!d) throw notFound(DISCUSSION_MESSAGES.discussionNotFound)
      const after = q.cursor ? decodeKeyset(q.cursor, ['id', 'id'] as const) : undefined
      const [rows, standing] = await Promise.all([
        listThreadPosts(db, id, rowsToRead(q.limit), after && { rootId: after[0], id: after[1] }),
        spoilers.standingOf(actor, d.bookId),
      ])
      const page = cutPage(rows, q.limit, (last) => encodeCursor([last.rootId, last.id]))
      // Every row, tombstones included, is listed: the total counts them as the pages do.
      const total = await countThreadRows(db, id)
      // Posts by a reader with a block either way, a muted reader or holding a muted word are left out (decision 0057).
      const [quiet, hidden] = await Promise.all([
        quietFilterFor(db, actor?.id, { writerIds: page.rows.map((p) => p.userId) }),
        hiddenByModerators(
          db,
          'post',
          page.rows.map((p) => p.id),
        ),
      ])
      const items = page.rows
        .filter((p) => !quiet.hides({ writerId: p.userId, texts: [p.text] }))
        .map((p) => (hidden.has(p.id) ? removed(postAsSeen(p, standing, q.reveal)) : postAsSeen(p, standing, q.reveal)))
      return { items, total, ...(page.next ? { nextCursor: page.next } : {}) }
    },

    /**
     * Adds a post to a thread: a reply names a top-level post of the thread (a reply to a reply
     * answers its top-level post: one level deep). 404 for an absent thread or parent.
     */
    async addPost(actor: Actor, id: string, input: CreatePostInput, limit: Limiter): Promise<Post> {
      const found = await findDiscussion(db, id)
      // A thread started by a reader with a block either way is not there for the caller (decision 0057).
      if (!found || (await isBlockedBetween(db, actor.id, found.user?._id))) throw notFound(DISCUSSION_MESSAGES.discussionNotFound)
      await checkLimits(actor, limit, input.text, false)
      const postId = uuidv7()
      const at = nowIso()
      await db.transaction().execute(async (trx) => {
        const d = await lockDiscussion(trx, id)
        if (!d) throw notFound(DISCUSSION_MESSAGES.discussionNotFound)
        let parentId: string | null = null
        let answered: string | null = null
        if (input.parentId !== undefined) {
          const parent = await lockPost(trx, input.parentId)
          if (!parent || parent.discussionId !== id || parent.deletedAt !== null || (await isBlockedBetween(trx, actor.id, parent.userId)))
            throw notFound(DISCUSSION_MESSAGES.parentNotFound)
          parentId = parent.rootId
          answered = parent.userId
        }
        await insertPost(trx, {
          id: postId,
          discussionId: id,
          userId: actor.id,
          parentId,
          rootId: parentId ?? postId,
          answeredId: input.parentId ?? null,
          text: input.text,
          position: toStoredPosition(input.position),
          at,
        })
        await moveDiscussionCounters(trx, id, 1, at)
        // The answered post's writer, then the readers the post mentions, then the thread's other
        // recent participants (at once: a bounded number of statements), each told once.
        const title = found.title
        const told = new Set<string>()
        if (answered) {
          told.add(answered)
          const target = { type: 'post' as const, id: input.parentId!, parentId: id, bookId: d.bookId, title }
          await notify(trx, { recipientId: answered, type: 'post_reply', actorId: actor.id, target })
        }
        await tellMentioned(trx, actor.id, input.text, { id: postId, discussionId: id, bookId: d.bookId, title }, told)
        const participants = await listParticipants(trx, id, NOTIFICATION_LIMITS.discussionFanOutMax)
        await notifyMany(trx, {
          recipientIds: participants.filter((userId) => !told.has(userId)),
          type: 'discussion_reply',
          actorId: actor.id,
          target: { type: 'discussion', id, bookId: d.bookId, title },
        })
      })
      const row = await findPost(db, postId)
      // The author always sees their own post.
      return postAsSeen(row!, asAuthor(actor), undefined)
    },

    /**
     * Changes the author's own post (text, and position when sent), marking it edited; on the opening
     * post `title` changes the discussion's title too (400 on any other post). 404 for anyone else's,
     * a deleted or an absent one.
     */
    async updatePost(actor: Actor, id: string, input: UpdatePostInput): Promise<Post> {
      await db.transaction().execute(async (trx) => {
        const post = await lockPost(trx, id)
        if (!post || post.userId !== actor.id || post.deletedAt !== null) throw notFound(DISCUSSION_MESSAGES.postNotFound)
        if (input.title !== undefined) {
          if (id !== post.discussionId) throw badRequest(DISCUSSION_MESSAGES.titleOnReply)
          await updateDiscussionTitle(trx, id, input.title)
        }
        await updatePostText(trx, id, input.text, input.position === undefined ? undefined : toStoredPosition(input.position), nowIso())
        // A reader the edit no longer names loses that mention's notification (decision 0052, "Withdrawn").
        await withdrawMentionsDropped(trx, withdraw, actor.id, { type: 'post', id }, post.text ?? '', input.text)
      })
      const row = await findPost(db, id)
      return postAsSeen(row!, asAuthor(actor), undefined)
    },

    /**
     * Deletes the author's own post (decision 0043): a top-level post with replies stays as a
     * tombstone so the thread still reads; one without goes, and so does a tombstone whose last reply
     * went. A thread left without a live post goes. 404 for anyone else's, a deleted or an absent one.
     */
    removePost: (actor: Actor, id: string): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const post = await lockPost(trx, id)
        if (!post || post.userId !== actor.id || post.deletedAt !== null) throw notFound(DISCUSSION_MESSAGES.postNotFound)
        await lockDiscussion(trx, post.discussionId)
        const at = nowIso()
        // The opening post stays (as a tombstone) while the thread has any other post: it is the thread's head.
        const opening = id === post.discussionId
        const keep = opening ? (await countThreadRows(trx, post.discussionId)) > 1 : post.parentId === null && (await countReplies(trx, id)) > 0
        if (keep) await tombstonePost(trx, id, at)
        else if (!opening) await deletePostRow(trx, id)
        if (post.parentId !== null && post.parentId !== post.discussionId) {
          const parent = await lockPost(trx, post.parentId)
          if (parent && parent.deletedAt !== null && (await countReplies(trx, parent.id)) === 0) await deletePostRow(trx, parent.id)
        }
        await moveDiscussionCounters(trx, post.discussionId, -1)
        // A hidden post that goes leaves the hidden count too.
        if ((await hiddenByModerators(trx, 'post', [id])).has(id)) await moveHiddenPosts(trx, post.discussionId, -1)
        // A thread without a live post left goes, its tombstones with it.
        const d = await findDiscussion(trx, post.discussionId)
        const threadGoes = (!keep && opening) || (d !== undefined && d.postCount <= 0)
        if (threadGoes) await deleteDiscussionRow(trx, post.discussionId)
        await withdrawPost(trx, actor.id, post, threadGoes)
      }),
  }
}

export type DiscussionsService = ReturnType<typeof createDiscussionsService>

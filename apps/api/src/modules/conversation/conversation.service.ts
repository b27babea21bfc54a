import { v7 as uuidv7 } from 'uuid'
import {
  LIMITS,
  MESSAGES,
  type Comment,
  type CreateCommentInput,
  type CommentReadQuery,
  type LikeState,
  type Liker,
  type PagingQuery,
  type Reveal,
  type UpdateCommentInput,
} from '@shelfwise/contracts'
import { nowIso, type Db } from '#/db/portable.ts'
import { AppError, badRequest, notFound } from '#/errors.ts'
import { cutPage, decodeKeyset, encodeCursor, rowsToRead, type Page } from '#/paging.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import type { Actor } from '#/security/actor.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import { blockedEitherWay, blocksWithin, hiddenByModerators, isBlockedBetween, quietFilterFor } from '#/modules/safety/safety.service.ts'
import { noNotify, noWithdraw, noWithdrawAbout, type Notify, type Withdraw, type WithdrawAbout } from '#/modules/notifications/notifications.service.ts'
import { isWithheld, toStoredPosition, type SpoilersService, type Standing } from '#/modules/spoilers/spoilers.service.ts'
import {
  countReviewComments,
  countReviewLikes,
  deleteComment,
  deleteCommentLike,
  deleteReviewLike,
  findComment,
  findCommentForChange,
  hasLiveCommentBy,
  insertComment,
  insertCommentLike,
  insertReviewLike,
  listLikedCommentsAmong,
  listLikedReviewsAmong,
  listReviewComments,
  listReviewLikers,
  listUsersByUsernames,
  moveCommentLikes,
  moveReplyCount,
  tombstoneComment,
  updateCommentText,
  type CommentCore,
} from '#/modules/conversation/conversation.repository.ts'

export interface ConversationDeps {
  db: Db
  /** When a reader's account was made, for the limits of new accounts. */
  users: Pick<UsersService, 'accountCreatedAt'>
  /** The reviews the conversation is about: who wrote each, and their like and comment counts. */
  reviews: Pick<ReviewsService, 'findOwner' | 'findAsSeenBy' | 'moveCounters'>
  /** Where the caller stands in the review's book, for withholding comments ahead of them (decision 0059). */
  spoilers: Pick<SpoilersService, 'standingOf'>
  /** Tells readers of likes, comments, replies and mentions, in the same transaction (decision 0052). */
  notify?: Notify
  /** Takes back what an unlike or a deleted comment had told (decision 0052, "Withdrawn"). */
  withdraw?: Withdraw
  withdrawAbout?: WithdrawAbout
}

/** How long an account is new: tighter limits, and few links in a comment (decision 0042). */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000

// `@name` where a username may start: not inside a word or an e-mail address. One class, repeated
// once and bounded, so the scan is linear in the text.
const MENTION = /(?:^|[^A-Za-z0-9._@-])@([A-Za-z0-9._-]{3,30})/g
// A link as the web makes it clickable: http or https, up to the next space.
const LINK = /\bhttps?:\/\/\S/gi

/** The usernames a text mentions, lower-cased, each also without trailing dots and dashes ("@ann." ends a sentence); at most LIMITS.mentionsMax. */
function mentionedNames(text: string): string[] {
  const names = new Set<string>()
  for (const m of text.matchAll(MENTION)) {
    if (names.size >= LIMITS.mentionsMax * 2) break
    const name = m[1]!.toLowerCase()
    names.add(name)
    const trimmed = name.replace(/[.-]+$/, '')
    if (trimmed.length >= 3) names.add(trimmed)
  }
  return [...names]
}

/**
 * Takes back the mention notifications of the readers `before` named and `after` no longer does (an
 * edited comment or post, decision 0052, "Withdrawn"). A reader an edit names anew is not told: only
 * a new comment or post tells.
 */
export async function withdrawMentionsDropped(
  trx: Db,
  withdraw: Withdraw,
  actorId: string,
  target: { type: 'comment' | 'post'; id: string },
  before: string,
  after: string,
): Promise<void> {
  const still = new Set((await mentionedReaders(trx, after)).map((u) => u._id))
  for (const u of await mentionedReaders(trx, before)) if (!still.has(u._id)) await withdraw(trx, { actorId, types: ['mention'], target, recipientId: u._id })
}

/** The readers a text mentions (`@username`), the first LIMITS.mentionsMax found: a comment's or a discussion post's. */
export const mentionedReaders = async (db: Db, text: string): Promise<{ _id: string; username: string }[]> =>
  (await listUsersByUsernames(db, mentionedNames(text).slice(0, LIMITS.mentionsMax * 2))).slice(0, LIMITS.mentionsMax)

/** How many links a text holds. */
const linkCount = (text: string): number => text.match(LINK)?.length ?? 0

/** What a comment's writer sees of it: all of it (they are its author). */
const asWriter = (userId: string): Standing => ({ signedIn: true, userId, progress: { finished: true, page: null, percent: null, pageCount: null } })

/** How a list is read: where the caller stands in the book, and what they asked to reveal. */
interface Seen {
  standing: Standing
  reveal?: Reveal | undefined
}

export const createConversationService = ({
  db,
  users,
  reviews,
  spoilers,
  notify = noNotify,
  withdraw = noWithdraw,
  withdrawAbout = noWithdrawAbout,
}: ConversationDeps) => {
  /** The review, or 404 'Review not found'. */
  const reviewOrNotFound = async (id: string, trx: Db = db) => {
    const review = await reviews.findOwner(id, trx)
    if (!review) throw notFound(MESSAGES.reviewNotFound)
    return review
  }

  /**
   * Comments as the API answers them: the caller's likes and the mentioned readers, one read each for
   * the whole list; a comment further in than the caller is withheld by the rules discussion posts
   * follow (decision 0059): no text, no mentions, `withheld: "ahead"` and its position.
   */
  const present = async (list: CommentCore[], viewerId: string | undefined, seen: Seen, on: Db = db): Promise<Comment[]> => {
    const withheld = new Set(
      list
        .filter((c) => !c.deleted && isWithheld({ id: c._id, authorId: c.user?._id ?? null, position: c.position ?? null }, seen.standing, seen.reveal))
        .map((c) => c._id),
    )
    const liked = viewerId
      ? await listLikedCommentsAmong(
          on,
          viewerId,
          list.map((c) => c._id),
        )
      : new Set<string>()
    // A withheld comment's mentions would tell what it says: none are read for it.
    const namesOf = new Map(list.map((c) => [c._id, c.text && !withheld.has(c._id) ? mentionedNames(c.text) : []]))
    const users = await listUsersByUsernames(on, [...new Set([...namesOf.values()].flat())])
    const byName = new Map(users.map((u) => [u.username.toLowerCase(), u]))
    // A mention across a block is plain text, not a link (decision 0057); hidden ones show the moderators' words.
    const [blocked, hidden] = await Promise.all([
      blocksWithin(on, [...list.map((c) => c.user?._id), ...users.map((u) => u._id)]),
      hiddenByModerators(
        on,
        'comment',
        list.map((c) => c._id),
      ),
    ])
    return list.map(({ threadId: _thread, ...c }) => ({
      ...c,
      ...(withheld.has(c._id) ? { text: null, withheld: 'ahead' as const } : {}),
      ...(hidden.has(c._id) && !c.deleted ? { text: null, removedByModerators: true as const } : {}),
      likedByMe: liked.has(c._id),
      mentions: [
        ...new Map(
          (namesOf.get(c._id) ?? []).flatMap((n) => {
            const u = byName.get(n)
            return u && !(c.user && blocked(c.user._id, u._id)) ? [[u._id, u]] : []
          }),
        ).values(),
      ],
    }))
  }

  /** One comment as its writer sees it (after writing or changing it). */
  const oneComment = async (id: string, writerId: string, on: Db = db): Promise<Comment> =>
    (await present([(await findComment(on, id))!], writerId, { standing: asWriter(writerId) }, on))[0]!

  /** Whether the reader's account is younger than a day; the time until it is not. */
  const accountAge = async (userId: string) => {
    const createdAt = await users.accountCreatedAt(userId)
    const left = createdAt ? Date.parse(createdAt) + NEW_ACCOUNT_MS - Date.now() : 0
    return { isNew: left > 0, leftMs: left }
  }

  /** A new account's comment may hold few links (decision 0042): 429 until the account is a day old. */
  const checkLinks = async (actor: Actor, text: string) => {
    if (linkCount(text) <= LIMITS.newAccountLinks) return
    const { isNew, leftMs } = await accountAge(actor.id)
    if (!isNew) return
    throw new AppError('rate_limited', MESSAGES.tooManyLinks(LIMITS.newAccountLinks), { 'retry-after': String(Math.max(1, Math.ceil(leftMs / 1000))) })
  }

  /**
   * Removes a comment: a top-level one that still has replies stays as a tombstone, anything else
   * goes; a tombstone whose last reply goes goes too. The review's count moves in the same transaction.
   */
  const removeComment = async (
    trx: Db,
    id: string,
    c: { reviewId: string; parentId: string | null; deleted: boolean; replyCount: number; userId: string | null },
    { withdrawing = true }: { withdrawing?: boolean } = {},
  ) => {
    if (c.parentId === null && c.replyCount > 0) {
      await tombstoneComment(trx, id)
    } else {
      await deleteComment(trx, id)
      if (c.parentId !== null) {
        const parent = await moveReplyCount(trx, c.parentId, -1)
        if (parent && parent.deleted && parent.replyCount <= 0) await deleteComment(trx, c.parentId)
      }
    }
    // A comment the moderators hid is already out of the review's count (decision 0058, "Counts").
    if (!c.deleted && !(await hiddenByModerators(trx, 'comment', [id])).has(id)) await reviews.moveCounters(trx, c.reviewId, { comments: -1 })
    // What it told goes (decision 0052, "Withdrawn"): its replies' and mentions' notifications and its
    // likes' (all about it), and its writer from the review's comments unless another comment of theirs stays.
    // A closing account's comments leave others' notifications as they were told (0052, "Reader data").
    if (!withdrawing) return
    await withdrawAbout(trx, { type: 'comment', id })
    if (c.userId && !c.deleted && !(await hasLiveCommentBy(trx, c.reviewId, c.userId)))
      await withdraw(trx, { actorId: c.userId, types: ['review_comment'], target: { type: 'review', id: c.reviewId } })
  }

  /** Takes back the mentions of readers an edit no longer names (a comment's or a post's). */
  const withdrawMentionsEdited = (trx: Db, actorId: string, target: { type: 'comment' | 'post'; id: string }, before: string, after: string) =>
    withdrawMentionsDropped(trx, withdraw, actorId, target, before, after)

  /**
   * Who a new comment tells, each once: the writer of the comment it answers, else the review's
   * writer; then the readers it mentions (the first LIMITS.mentionsMax names).
   */
  const tellAbout = async (
    trx: Db,
    actorId: string,
    c: { id: string; reviewId: string; bookId: string; reviewOwner: string; answered: string | null; text: string },
  ) => {
    const told = new Set<string>([actorId])
    const target = { type: 'comment' as const, id: c.id, parentId: c.reviewId, bookId: c.bookId }
    if (c.answered && !told.has(c.answered)) {
      told.add(c.answered)
      await notify(trx, { recipientId: c.answered, type: 'comment_reply', actorId, target })
    }
    if (!told.has(c.reviewOwner)) {
      told.add(c.reviewOwner)
      // Grouped on the review: "Ana and 2 others commented on your review of Emma".
      await notify(trx, { recipientId: c.reviewOwner, type: 'review_comment', actorId, target: { type: 'review', id: c.reviewId, bookId: c.bookId } })
    }
    for (const u of await mentionedReaders(trx, c.text)) {
      if (told.has(u._id)) continue
      told.add(u._id)
      await notify(trx, { recipientId: u._id, type: 'mention', actorId, target })
    }
  }

  return {
    /** Which of some reviews (a page) the reader likes. */
    likedAmong: (viewerId: string, reviewIds: string[]) => listLikedReviewsAmong(db, viewerId, reviewIds),

    /** Whether the reader's account is younger than a day (the tighter limits of decision 0042). */
    isNewAccount: async (userId: string) => (await accountAge(userId)).isNew,

    /** Likes a review, once per reader however often asked; 404 'Review not found' when absent. */
    likeReview: (actor: Actor, id: string): Promise<LikeState> =>
      db.transaction().execute(async (trx) => {
        // The review, its book's title and the block rule in one read; notify need not ask again.
        const review = await reviews.findAsSeenBy(trx, id, (writer) => blockedEitherWay(actor.id, writer))
        if (!review || review.blocked) throw notFound(MESSAGES.reviewNotFound)
        const added = await insertReviewLike(trx, id, actor.id, nowIso())
        if (added)
          await notify(trx, {
            recipientId: review.userId,
            type: 'review_like',
            actorId: actor.id,
            target: { type: 'review', id, bookId: review.bookId, title: review.title },
            blocksChecked: true,
          })
        const counts = await reviews.moveCounters(trx, id, { likes: added ? 1 : 0 })
        return { likes: counts!.likes, likedByMe: true }
      }),

    /** Takes the reader's like of a review back (nothing to take back is fine); 404 'Review not found' when absent. */
    unlikeReview: (actor: Actor, id: string): Promise<LikeState> =>
      db.transaction().execute(async (trx) => {
        await reviewOrNotFound(id, trx)
        const removed = await deleteReviewLike(trx, id, actor.id)
        if (removed) await withdraw(trx, { actorId: actor.id, types: ['review_like'], target: { type: 'review', id } })
        const counts = await reviews.moveCounters(trx, id, { likes: removed ? -1 : 0 })
        return { likes: counts!.likes, likedByMe: false }
      }),

    /** Who liked a review, newest like first, paged; 404 'Review not found' when absent. */
    async likers(id: string, q: PagingQuery): Promise<Page<Liker>> {
      await reviewOrNotFound(id)
      const after = q.cursor ? decodeKeyset(q.cursor, ['instant', 'id'] as const) : undefined
      const [rows, total] = await Promise.all([
        listReviewLikers(db, id, { after: after && { createdAt: after[0], userId: after[1] }, limit: rowsToRead(q.limit) }),
        countReviewLikes(db, id),
      ])
      const page = cutPage(rows, q.limit, (last) => encodeCursor([last.likedAt, last._id]))
      return {
        items: page.rows.map(({ likedAt: _at, ...liker }) => liker),
        total,
        ...(page.next ? { nextCursor: page.next } : {}),
      }
    },

    /**
     * A review's comments in thread order (each top-level comment, oldest first, then its replies),
     * paged, each as the caller may see it (decision 0059); 404 'Review not found'.
     */
    async comments(id: string, q: CommentReadQuery, viewer?: Actor): Promise<Page<Comment>> {
      const review = await reviewOrNotFound(id)
      const after = q.cursor ? decodeKeyset(q.cursor, ['id', 'id'] as const) : undefined
      const [rows, total, standing] = await Promise.all([
        listReviewComments(db, id, { after: after && { threadId: after[0], id: after[1] }, limit: rowsToRead(q.limit) }),
        countReviewComments(db, id),
        spoilers.standingOf(viewer, review.bookId),
      ])
      const page = cutPage(rows, q.limit, (last) => encodeCursor([last.threadId, last._id]))
      // Comments by a reader with a block either way, or one the viewer muted, are left out (decision 0057).
      const quiet = await quietFilterFor(db, viewer?.id, { writerIds: page.rows.map((c) => c.user?._id) })
      const shown = page.rows.filter((c) => !quiet.hides({ writerId: c.user?._id, texts: [c.text] }))
      return { items: await present(shown, viewer?.id, { standing, reveal: q.reveal }), total, ...(page.next ? { nextCursor: page.next } : {}) }
    },

    /**
     * Comments on a review, or answers a comment of it (a reply to a reply joins its top-level
     * comment's thread); 404 for an absent review, 400 naming parentId for a comment not on it.
     */
    async comment(actor: Actor, reviewId: string, input: CreateCommentInput): Promise<Comment> {
      await checkLinks(actor, input.text)
      return db.transaction().execute(async (trx) => {
        const review = await reviewOrNotFound(reviewId, trx)
        if (await isBlockedBetween(trx, actor.id, review.userId)) throw notFound(MESSAGES.reviewNotFound)
        const id = uuidv7()
        let threadId = id
        let answered: string | null = null
        if (input.parentId) {
          const parent = await findCommentForChange(trx, input.parentId)
          if (parent?.reviewId !== reviewId) throw badRequest(MESSAGES.parentNotFound)
          if (await isBlockedBetween(trx, actor.id, parent.userId)) throw badRequest(MESSAGES.parentNotFound)
          threadId = parent.threadId
          answered = parent.userId
          await moveReplyCount(trx, threadId, 1)
        }
        await insertComment(trx, {
          id,
          reviewId,
          threadId,
          parentId: threadId === id ? null : threadId,
          userId: actor.id,
          text: input.text,
          position: toStoredPosition(input.position),
          createdAt: nowIso(),
        })
        await reviews.moveCounters(trx, reviewId, { comments: 1 })
        await tellAbout(trx, actor.id, { id, reviewId, bookId: review.bookId, reviewOwner: review.userId, answered, text: input.text })
        return oneComment(id, actor.id, trx)
      })
    },

    /** Changes the writer's own comment and marks it edited; anyone else's, a deleted or an absent one is 404 'Comment not found'. */
    async edit(actor: Actor, id: string, input: UpdateCommentInput): Promise<Comment> {
      await checkLinks(actor, input.text)
      return db.transaction().execute(async (trx) => {
        const c = await findCommentForChange(trx, id)
        if (!c || c.deleted || c.userId !== actor.id) throw notFound(MESSAGES.commentNotFound)
        await updateCommentText(trx, id, input.text, input.position === undefined ? undefined : toStoredPosition(input.position), nowIso())
        // A reader the edit no longer names loses that mention's notification (decision 0052, "Withdrawn").
        await withdrawMentionsEdited(trx, actor.id, { type: 'comment', id }, c.text ?? '', input.text)
        return oneComment(id, actor.id, trx)
      })
    },

    /** Deletes the writer's own comment, or any comment on the caller's own review; else 404 'Comment not found'. */
    remove: (actor: Actor, id: string): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const c = await findCommentForChange(trx, id)
        if (!c || c.deleted) throw notFound(MESSAGES.commentNotFound)
        if (c.userId !== actor.id && (await reviews.findOwner(c.reviewId, trx))?.userId !== actor.id) throw notFound(MESSAGES.commentNotFound)
        await removeComment(trx, id, c)
      }),

    /** Likes a comment once per reader; 404 'Comment not found' for an absent or deleted one. */
    likeComment: (actor: Actor, id: string): Promise<LikeState> =>
      db.transaction().execute(async (trx) => {
        const c = await findCommentForChange(trx, id)
        if (!c || c.deleted || (await isBlockedBetween(trx, actor.id, c.userId))) throw notFound(MESSAGES.commentNotFound)
        const added = await insertCommentLike(trx, id, actor.id, nowIso())
        if (added && c.userId) {
          const bookId = (await reviews.findOwner(c.reviewId, trx))?.bookId ?? null
          await notify(trx, { recipientId: c.userId, type: 'comment_like', actorId: actor.id, target: { type: 'comment', id, parentId: c.reviewId, bookId } })
        }
        return { likes: await moveCommentLikes(trx, id, added ? 1 : 0), likedByMe: true }
      }),

    /** Takes the reader's like of a comment back; 404 'Comment not found' for an absent or deleted one. */
    unlikeComment: (actor: Actor, id: string): Promise<LikeState> =>
      db.transaction().execute(async (trx) => {
        const c = await findCommentForChange(trx, id)
        if (!c || c.deleted) throw notFound(MESSAGES.commentNotFound)
        const removed = await deleteCommentLike(trx, id, actor.id)
        if (removed) await withdraw(trx, { actorId: actor.id, types: ['comment_like'], target: { type: 'comment', id } })
        return { likes: await moveCommentLikes(trx, id, removed ? -1 : 0), likedByMe: false }
      }),

    /**
     * The moderators hid a comment or showed it again (decision 0058, "Counts"): a live one leaves the
     * review's comment count, or comes back to it, in the moderators' transaction.
     */
    hiddenChanged: async (trx: Db, id: string, hidden: boolean) => {
      const c = await findCommentForChange(trx, id)
      if (!c || c.deleted) return
      await reviews.moveCounters(trx, c.reviewId, { comments: hidden ? -1 : 1 })
      // What a hidden comment told is taken back as after its deletion (decision 0052, "Withdrawn"): its
      // reply and its mentions, and its writer from the review's comments unless another comment of
      // theirs stays. What others told its writer (likes, replies) stays. A restore tells nobody again.
      if (!hidden || !c.userId) return
      await withdraw(trx, { actorId: c.userId, types: ['comment_reply', 'mention'], target: { type: 'comment', id } })
      if (!(await hasLiveCommentBy(trx, c.reviewId, c.userId, id)))
        await withdraw(trx, { actorId: c.userId, types: ['review_comment'], target: { type: 'review', id: c.reviewId } })
    },

    /** Removes one of a closing account's comments as a deletion by them would (the reader-data door's). */
    removeForAccount: async (trx: Db, id: string) => {
      const c = await findCommentForChange(trx, id)
      if (c && !c.deleted) await removeComment(trx, id, c, { withdrawing: false })
    },
  }
}

export type ConversationService = ReturnType<typeof createConversationService>

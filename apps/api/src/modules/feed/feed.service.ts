import {
  badgeOf,
  FEED_COUNT_CAP,
  MESSAGES,
  type CreditedTalkItem,
  type CreditedTalkQuery,
  type FeedItem,
  type FeedItemType,
  type PagingQuery,
} from '@shelfwise/contracts'
import { badRequest, notFound } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Db } from '#/db/portable.ts'
import type { Actor } from '#/security/actor.ts'
import { hiddenByModeratorsAmong, quietFilterFor } from '#/modules/safety/safety.service.ts'
import { fromStoredPosition, isWithheld, type SpoilersService, type Standing } from '#/modules/spoilers/spoilers.service.ts'
import { findPeople, listCreditedWorks, listTalkAbout, userExists, type TalkRow } from '#/modules/feed/feed.credited.ts'
import { feedPage, findPeopleAndBooks, rankOf, type ActivityRow, type FeedKey } from '#/modules/feed/feed.repository.ts'
import { countInbox, inboxPage, inboxState } from '#/modules/feed/feed.inbox.ts'
import { createFeedWorker } from '#/modules/feed/feed.worker.ts'

// The followed feed (issue 23, point 6): kept per reader as an inbox filled in the background
// (decision 0060), each page checked against where its activities are kept; read from there alone
// (decision 0050) while a reader's inbox is not built yet.

/** A page's size when the caller names none: the feed is never answered whole. */
const FEED_PAGE_DEFAULT = 20

const itemOf = (row: ActivityRow, found: Awaited<ReturnType<typeof findPeopleAndBooks>>): FeedItem | undefined => {
  const person = found.people.get(row.userId)
  if (!person) return undefined
  const book = row.bookId === null ? undefined : found.books.get(row.bookId)
  const base = {
    _id: `${row.type}:${row.id}`,
    type: row.type,
    actor: { _id: person.id, name: person.name, username: person.username, profileImage: person.profileImage },
    book: book ? { _id: book.id, title: book.title, author: book.author, coverImage: book.coverImage } : null,
    at: row.at,
  }
  if (row.type === 'finished') return { ...base, rating: row.rating }
  if (row.type === 'review') return { ...base, rating: row.rating, reviewId: row.id }
  if (row.type === 'comment') return { ...base, reviewId: row.reviewId ?? undefined, commentId: row.id }
  if (row.type === 'discussion') return { ...base, discussionId: row.id, title: row.title ?? '' }
  return base
}

/** How many items the credited books' talk answers when the caller names no limit. */
const CREDITED_TALK_DEFAULT = 10

export const createFeedService = ({ db, spoilers, pollMs = 0 }: { db: Db; spoilers: Pick<SpoilersService, 'standingOf'>; pollMs?: number }) => {
  const worker = createFeedWorker({ db })
  return {
    worker,

    /** Feed work (fan-outs, backfills, builds) done by this instance every `pollMs` until the returned function is called; none when 0. */
    startWorking(log: { error(obj: object, msg: string): void }): () => Promise<void> {
      if (pollMs <= 0) return async () => {}
      return worker.start(pollMs, log)
    },

    /**
     * What the readers the caller follows did, newest first (never the caller's own: one cannot follow
     * oneself). X-Total-Count counts up to FEED_COUNT_CAP.
     */
    async feed(actor: Actor, q: PagingQuery): Promise<Page<FeedItem>> {
      const limit = q.limit ?? FEED_PAGE_DEFAULT
      let key
      if (q.cursor !== undefined) {
        const [at, type, id] = decodeKeyset(q.cursor, ['instant', 'text', 'id'] as const)
        const rank = rankOf(type as FeedItemType)
        if (rank < 0) throw badRequest(MESSAGES.badCursor)
        key = { at, rank, id }
      }
      const { rows, total } = await pageOf(db, actor.id, key, limit + 1)
      const kept = rows.slice(0, limit)
      const found = await findPeopleAndBooks(
        db,
        [...new Set(kept.map((r) => r.userId))],
        [...new Set(kept.flatMap((r) => (r.bookId === null ? [] : [r.bookId])))],
      )
      // What the moderators hid (a review, a comment, a thread, a book) and muted readers, books and
      // words stay out of the feed, quietly (decision 0057); the page may come out shorter.
      const [hidden, quiet] = await Promise.all([
        hiddenInFeed(db, kept),
        quietFilterFor(db, actor.id, { writerIds: kept.map((r) => r.userId), bookIds: kept.map((r) => r.bookId) }),
      ])
      const items = kept
        .filter((r) => !hidden(r) && !quiet.hides({ writerId: r.userId, bookId: r.bookId, texts: [r.title] }))
        .flatMap((r) => itemOf(r, found) ?? [])
      const last = kept.at(-1)
      return { items, total, ...(rows.length > limit && last ? { nextCursor: encodeCursor([last.at, last.type, last.id]) } : {}) }
    },

    /**
     * The newest reviews, comments and discussion posts on the books a reader is credited on as author
     * or publisher (issue 23, point 5, decision 0059), as the caller may see them: what the moderators
     * hid and what the caller blocked or muted left out; a positioned comment or post ahead of the
     * caller withheld (decision 0043); a review marked as a spoiler without its text. 404 for an absent reader.
     */
    async creditedTalk(actor: Actor | undefined, userId: string, q: CreditedTalkQuery): Promise<CreditedTalkItem[]> {
      if (!(await userExists(db, userId))) throw notFound(MESSAGES.userNotFound)
      const limit = q.limit ?? CREDITED_TALK_DEFAULT
      const works = await listCreditedWorks(db, userId)
      if (works.length === 0) return []
      const rows = await listTalkAbout(
        db,
        works.map((w) => w.id),
        limit,
      )
      const idsOf = (type: TalkRow['type']) => rows.filter((r) => r.type === type).map((r) => r.id)
      const threadIds = [...new Set(rows.flatMap((r) => (r.discussionId ? [r.discussionId] : [])))]
      const [hidden, quiet] = await Promise.all([
        // A post in a thread the moderators hid would show the thread's title: left out too.
        hiddenByModeratorsAmong(db, { review: idsOf('review'), comment: idsOf('comment'), post: idsOf('post'), discussion: threadIds }),
        quietFilterFor(db, actor?.id, { writerIds: rows.map((r) => r.userId), bookIds: rows.map((r) => r.bookId) }),
      ])
      const shown = (r: TalkRow) => !hidden.get(r.type)?.has(r.id) && !(r.discussionId !== null && hidden.get('discussion')?.has(r.discussionId))
      const kept = rows.filter((r) => shown(r) && !quiet.hides({ writerId: r.userId, bookId: r.bookId, texts: [r.text, r.title] })).slice(0, limit)
      const bookIds = [...new Set(kept.map((r) => r.bookId))]
      const [people, standings] = await Promise.all([
        findPeople(db, [...new Set(kept.map((r) => r.userId))]),
        Promise.all(bookIds.map(async (id) => [id, await spoilers.standingOf(actor, id)] as const)).then((s) => new Map<string, Standing>(s)),
      ])
      const worksById = new Map(works.map((w) => [w.id, w]))
      return kept.flatMap((r): CreditedTalkItem[] => {
        const person = people.get(r.userId)
        const work = worksById.get(r.bookId)
        if (!person || !work) return []
        const position = fromStoredPosition(r.positionKind, r.positionValue)
        const withheld = isWithheld({ id: r.id, authorId: r.userId, position }, standings.get(r.bookId) ?? { signedIn: false }, undefined)
        return [
          {
            _id: `${r.type}:${r.id}`,
            type: r.type,
            actor: { _id: person.id, name: person.name, username: person.username, profileImage: person.profileImage },
            badge: badgeOf(r.userId, work.authorUserId, work.publisherUserId),
            book: { _id: work.id, title: work.title, author: work.author, coverImage: work.coverImage },
            at: r.at,
            text: withheld || r.spoiler ? null : r.text,
            position,
            ...(withheld ? { withheld: 'ahead' as const } : {}),
            ...(r.type === 'review' ? { spoiler: r.spoiler, rating: r.rating, reviewId: r.id } : {}),
            ...(r.type === 'comment' ? { reviewId: r.reviewId ?? undefined, commentId: r.id } : {}),
            ...(r.type === 'post' ? { discussionId: r.discussionId ?? undefined, title: r.title ?? '' } : {}),
          },
        ]
      })
    },
  }
}

/**
 * Which of a page's rows the moderators hid: a hidden review, comment or thread, a comment on a hidden
 * review (its link would lead to "removed by the moderators"), or anything about a hidden book.
 */
async function hiddenInFeed(db: Db, rows: ActivityRow[]): Promise<(r: ActivityRow) => boolean> {
  const idsOf = (type: FeedItemType) => rows.filter((r) => r.type === type).map((r) => r.id)
  const reviewIds = [...new Set([...idsOf('review'), ...rows.flatMap((r) => (r.type === 'comment' && r.reviewId ? [r.reviewId] : []))])]
  const bookIds = [...new Set(rows.flatMap((r) => (r.bookId === null ? [] : [r.bookId])))]
  const hidden = await hiddenByModeratorsAmong(db, { review: reviewIds, comment: idsOf('comment'), discussion: idsOf('discussion'), book: bookIds })
  const has = (type: 'review' | 'comment' | 'discussion' | 'book', id: string | null) => id !== null && !!hidden.get(type)?.has(id)
  return (r) =>
    has('book', r.bookId) ||
    (r.type === 'review' && has('review', r.id)) ||
    (r.type === 'comment' && (has('comment', r.id) || has('review', r.reviewId))) ||
    (r.type === 'discussion' && has('discussion', r.id))
}

/**
 * A page of the feed and its count: from the reader's inbox once built, else from the sources. A read
 * writes nothing (no GET does): the build is queued by the migration for every reader who followed
 * someone then, and by a reader's next follow otherwise.
 */
async function pageOf(db: Db, readerId: string, key: FeedKey | undefined, limit: number): Promise<{ rows: ActivityRow[]; total: number }> {
  const state = await inboxState(db, readerId)
  if (!state) return feedPage(db, readerId, key, limit, FEED_COUNT_CAP)
  const [rows, total] = await Promise.all([inboxPage(db, readerId, state.completeAfter, key, limit), countInbox(db, readerId, FEED_COUNT_CAP)])
  return { rows, total }
}

export type FeedService = ReturnType<typeof createFeedService>

import { FEED_COUNT_CAP, MESSAGES, type FeedItem, type FeedItemType, type PagingQuery } from '@shelfwise/contracts'
import { badRequest } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Db } from '#/db/portable.ts'
import type { Actor } from '#/security/actor.ts'
import { quietFilterFor } from '#/modules/safety/safety.service.ts'
import { countActivity, findPeopleAndBooks, listActivity, rankOf, type ActivityRow } from '#/modules/feed/feed.repository.ts'

// The followed feed (issue 23, point 6, decision 0050): read from where each activity is kept.

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

export const createFeedService = ({ db }: { db: Db }) => ({
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
    const [rows, total] = await Promise.all([listActivity(db, actor.id, key, limit + 1), countActivity(db, actor.id, FEED_COUNT_CAP)])
    const kept = rows.slice(0, limit)
    const found = await findPeopleAndBooks(
      db,
      [...new Set(kept.map((r) => r.userId))],
      [...new Set(kept.flatMap((r) => (r.bookId === null ? [] : [r.bookId])))],
    )
    // Muted readers, books and words stay out of the feed, quietly (decision 0057); the page may come out shorter.
    const quiet = await quietFilterFor(db, actor.id, { writerIds: kept.map((r) => r.userId), bookIds: kept.map((r) => r.bookId) })
    const items = kept.filter((r) => !quiet.hides({ writerId: r.userId, bookId: r.bookId, texts: [r.title] })).flatMap((r) => itemOf(r, found) ?? [])
    const last = kept.at(-1)
    return { items, total, ...(rows.length > limit && last ? { nextCursor: encodeCursor([last.at, last.type, last.id]) } : {}) }
  },
})

export type FeedService = ReturnType<typeof createFeedService>

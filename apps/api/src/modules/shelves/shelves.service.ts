import { ownerScope, type ReadingScope } from '#/modules/reading/reading.service.ts'
import { LIMITS, type Book, type FollowedBookEntry, type PagingQuery } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { Actor } from '#/security/actor.ts'
import { createMemo } from '#/memo.ts'
import { shared, type Shared } from '#/ready-json.ts'
import {
  listFollowedActivity,
  listFollowedActivityTotals,
  listOwnedBooks,
  listShelfBookIds,
  listShelfBooks,
  type BookPageRequest,
  type BookPageResult,
  type Keyset,
  type Ownership,
  type Shelf,
} from '#/modules/shelves/shelves.repository.ts'

export interface ShelvesDeps {
  db: Db
  books: BooksService
  users: UsersService
  reading: ReadingService
  /** A feed grouping at least this many activity items is kept a moment (default FEED_KEEP_FROM_ITEMS). */
  feedKeepFromItems?: number
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A reader's followed-users feed that groups at least this many activity items (a month of the
 * reviews and reads of everyone they follow; ~19,000 for someone following 500 busy readers, ~30 ms)
 * is kept per instance for FEED_TTL_MS (decision 0006). Smaller feeds cost little and are always fresh.
 */
const FEED_KEEP_FROM_ITEMS = 500

/**
 * How long a busy feed is reused: new activity of the people followed (and others' reviews moving
 * its books' counts) shows within this time; the reader's own follows, unfollows and reviews show at
 * once, on any instance (the reader's profile version, read per request, is the kept feed's version).
 */
export const FEED_TTL_MS = 5_000

// A cursor is [the moment a book was shelved or added, its id].
function keysetOf(cursor: string): Keyset {
  const [at, id] = decodeKeyset(cursor, ['instant', 'id'] as const)
  return { at, id }
}

const pageRequest = (q: PagingQuery): BookPageRequest => ({
  ...(q.limit !== undefined ? { limit: q.limit } : {}),
  ...(q.cursor ? { after: keysetOf(q.cursor) } : {}),
})

export const createShelvesService = ({ db, books, users, reading, feedKeepFromItems = FEED_KEEP_FROM_ITEMS }: ShelvesDeps) => {
  const feeds = createMemo<Shared<FollowedBookEntry[]>>({ ttlMs: FEED_TTL_MS, max: 256 })

  // The ids of a page come from this module's tables; the books themselves from the books service.
  const toPage = async (r: BookPageResult): Promise<Page<Book>> => ({
    items: await books.listByIds(r.ids),
    total: r.total,
    ...(r.next ? { nextCursor: encodeCursor([r.next.at, r.next.id]) } : {}),
  })
  const shelfPage = async (shelf: Shelf, scope: ReadingScope, q: PagingQuery) => toPage(await listShelfBooks(db, shelf, scope, pageRequest(q)))
  const ownedPage = async (ownership: Ownership, userId: string, q: PagingQuery) => toPage(await listOwnedBooks(db, ownership, userId, pageRequest(q)))
  // The signed-in caller surely exists; a reader named by id must, else 404 rather than an empty
  // list, so a wrong link is told apart from an empty shelf.
  const readerId = async (who: Actor | string) => {
    if (typeof who !== 'string') return who.id
    await users.assertExists(who)
    return who
  }

  // Books the people a reader follows reviewed or read lately, most activity first, with the newest
  // activity of each; four queries whatever the numbers of books and people. Also answers how many
  // activity items were grouped.
  const followedFeed = async (readerId: string): Promise<{ entries: FollowedBookEntry[]; items: number }> => {
    const since = new Date(Date.now() - LIMITS.followedWindowDays * DAY_MS).toISOString()
    const totals = await listFollowedActivityTotals(db, readerId, since, LIMITS.followedBooks)
    if (!totals.books.length) return { entries: [], items: 0 }
    const bookIds = totals.books.map((t) => t.bookId)
    const [activity, found] = await Promise.all([listFollowedActivity(db, readerId, since, bookIds, LIMITS.followedActivity), books.listByIds(bookIds)])
    const byId = new Map(found.map((b) => [b._id, b]))
    const activityByBook = Map.groupBy(activity, (a) => a.bookId)
    const entries = totals.books.flatMap((t) => {
      const book = byId.get(t.bookId)
      if (!book) return []
      const recentActivity = (activityByBook.get(t.bookId) ?? []).map((a) => ({
        type: a.type,
        user: { _id: a.userId, username: a.username, profileImage: a.profileImage },
        createdAt: a.at,
        ...(a.type === 'review' && a.rating !== null ? { rating: a.rating } : {}),
      }))
      return [{ book, reviewCount: t.reviewCount, readCount: t.readCount, recentActivity }]
    })
    return { entries, items: totals.items }
  }

  return {
    /** The caller's wishlist as Books, most recently added first; nobody else can read it. */
    wishlist: (actor: Actor, q: PagingQuery) => shelfPage('wishlist', ownerScope(actor.id), q),

    /** Adds the book to the caller's wishlist (status Want to Read) or takes it off (decision 0018); 404 for an absent book. */
    async toggleWishlist(actor: Actor, bookId: string) {
      // The list as this change left it: read in the change's transaction.
      return db.transaction().execute(async (trx) => {
        const inWishlist = await reading.toggleWant(actor, bookId, trx)
        return { inWishlist, wishlist: await listShelfBookIds(trx, 'wishlist', actor.id) }
      })
    },

    /**
     * A reader's recently-read list as Books, most recently read first, as the viewer may see it
     * (decision 0055: the caller's own whole, anyone's by id as their privacy lets); 404 for an unknown reader id.
     */
    async recentlyRead(who: Actor | string, q: PagingQuery, viewerId?: string) {
      const scope = typeof who === 'string' ? await reading.scopeOf(who, viewerId) : ownerScope(who.id)
      return shelfPage('reads', scope, q)
    },

    /** A reader's newest finished reads everyone may see (at most `limit`), each book with when it was read; 404 for an unknown reader id. */
    async latestReads(userId: string, limit: number): Promise<{ book: Book; readAt: string }[]> {
      const page = await listShelfBooks(db, 'reads', await reading.scopeOf(userId, undefined), { limit })
      const byId = new Map((await books.listByIds(page.ids)).map((b) => [b._id, b]))
      return page.ids.flatMap((id, i) => {
        const book = byId.get(id)
        return book ? [{ book, readAt: page.ats![i]! }] : []
      })
    },

    /** Finishes a read of the book today, or takes its finished reads off the list, kept (decision 0018); 404 for an absent book. */
    async toggleRecentlyRead(actor: Actor, bookId: string) {
      return db.transaction().execute(async (trx) => {
        const inRecentlyRead = await reading.toggleFinished(actor, bookId, trx)
        return { inRecentlyRead, recentlyRead: await listShelfBookIds(trx, 'reads', actor.id) }
      })
    },

    /**
     * Books a reader listed (someone else's book), created (as its author or publisher) or is credited
     * on (linked as author or publisher, whoever added it), newest first; 404 for an unknown reader id.
     */
    async ownedBooks(ownership: Ownership, who: Actor | string, q: PagingQuery) {
      return ownedPage(ownership, await readerId(who), q)
    },

    /**
     * Books the people the caller follows reviewed or read lately, most activity first, with the
     * newest activity of each, as a shared answer. A busy feed is kept FEED_TTL_MS under the caller's
     * profile version, which their own follows, unfollows and reviews change.
     */
    async followedUsersBooks(actor: Actor): Promise<Shared<FollowedBookEntry[]>> {
      const version = await users.profileVersion(actor.id)
      return feeds.get(
        actor.id,
        async () => {
          const { entries, items } = await followedFeed(actor.id)
          return shared(entries, items >= feedKeepFromItems)
        },
        { version, keep: (answer) => answer.kept },
      )
    },
  }
}

export type ShelvesService = ReturnType<typeof createShelvesService>

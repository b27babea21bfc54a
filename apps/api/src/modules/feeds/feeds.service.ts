import { createHash } from 'node:crypto'
import type { Review } from '@shelfwise/contracts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import type { ShelvesService } from '#/modules/shelves/shelves.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import { atomOf, type AtomEntry } from '#/modules/feeds/feeds.atom.ts'

// Atom feeds of public lists (issue 25, point 7): a reader's reviews, a reader's finished reads and a
// book's reviews, the newest FEED_SIZE of each, each with a validator for conditional requests.
// A feed holds what a signed-out visitor sees (decision 0057, "Feeds"): only public reading-log
// entries whoever asks, never an entry the moderators hid (not even its stars), and, for a caller
// who sends a token, nothing by a reader with a block either way between them (the reader's own
// feeds are 404 to them, as their pages are; a book's feed leaves their reviews out).

export const FEED_SIZE = 50
/** The `updated` of a feed without entries: fixed, so its validators stay the same while it is empty. */
const EMPTY_UPDATED = '1970-01-01T00:00:00.000Z'

export interface FeedsDeps {
  reviews: Pick<ReviewsService, 'listForUser' | 'listForBook'>
  shelves: Pick<ShelvesService, 'latestReads'>
  users: Pick<UsersService, 'nameOf'>
  books: Pick<BooksService, 'getForViewer'>
}

/** A feed's document and its validators. */
export interface FeedDocument {
  xml: string
  etag: string
  /** The newest entry's moment (ISO). */
  lastModified: string
}

const stars = (n: number) => (n > 0 ? `${'★'.repeat(n)}${'☆'.repeat(5 - n)}` : '')
/** A review's text for a feed: withheld when the reader marked it a spoiler (decision 0031). */
/** Reviews a feed may carry: one the moderators hid is left out whole (it keeps no entry to copy). */
const shownReviews = (items: Review[]) => items.filter((r) => !r.removedByModerators)
const reviewText = (r: Review) => [stars(r.rating), r.spoiler ? 'This review contains spoilers: read it on Shelfwise.' : r.comment].filter(Boolean).join('\n\n')

export const createFeedsService = ({ reviews, shelves, users, books }: FeedsDeps) => {
  const finish = (parts: { id: string; title: string; self: string; alternate: string; author: string; entries: AtomEntry[] }): FeedDocument => {
    const updated = parts.entries.reduce((max, e) => (e.updated > max ? e.updated : max), EMPTY_UPDATED)
    const xml = atomOf({ ...parts, updated })
    return { xml, etag: `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`, lastModified: updated }
  }

  return {
    /** A reader's newest reviews; 404 'User not found' when absent. `origin` is the site's (http://host). */
    async userReviews(userId: string, origin: string): Promise<FeedDocument> {
      const { name, username } = await users.nameOf(userId)
      const page = await reviews.listForUser(userId, { limit: FEED_SIZE })
      return finish({
        id: `${origin}/api/users/${userId}/reviews.atom`,
        title: `${name} (@${username}) — reviews on Shelfwise`,
        self: `${origin}/api/users/${userId}/reviews.atom`,
        alternate: `${origin}/user/${userId}`,
        author: name,
        entries: shownReviews(page.items).map((r) => ({
          id: `urn:uuid:${r._id}`,
          title: `${r.book.title} by ${r.book.author}`,
          updated: r.updatedAt,
          published: r.createdAt,
          author: name,
          link: `${origin}/books/${r.book._id}`,
          content: reviewText(r),
        })),
      })
    },

    /** A reader's newest finished reads; 404 'User not found' when absent. */
    async userReads(userId: string, origin: string): Promise<FeedDocument> {
      const { name, username } = await users.nameOf(userId)
      const reads = await shelves.latestReads(userId, FEED_SIZE)
      return finish({
        id: `${origin}/api/users/${userId}/reads.atom`,
        title: `${name} (@${username}) — books read on Shelfwise`,
        self: `${origin}/api/users/${userId}/reads.atom`,
        alternate: `${origin}/user/${userId}`,
        author: name,
        entries: reads.map(({ book, readAt }) => ({
          // A read has no id of its own on the shelf: the book and the moment it was read name it.
          id: `${origin}/user/${userId}#read-${book._id}-${readAt}`,
          title: `Finished ${book.title} by ${book.author}`,
          updated: readAt,
          published: readAt,
          author: name,
          link: `${origin}/books/${book._id}`,
          content: `${name} finished reading ${book.title} by ${book.author}.`,
        })),
      })
    },

    /** A book's newest reviews, less those of readers in a block with the caller (when one is signed in); 404 'Book not found' when absent. */
    async bookReviews(bookId: string, origin: string, viewer?: { id: string }): Promise<FeedDocument> {
      const book = await books.getForViewer(bookId, undefined)
      const page = await reviews.listForBook(bookId, { limit: FEED_SIZE }, viewer)
      return finish({
        id: `${origin}/api/books/${book._id}/reviews.atom`,
        title: `Reviews of ${book.title} by ${book.author} on Shelfwise`,
        self: `${origin}/api/books/${bookId}/reviews.atom`,
        alternate: `${origin}/books/${book._id}`,
        author: 'Shelfwise readers',
        entries: shownReviews(page.items).map((r) => ({
          id: `urn:uuid:${r._id}`,
          title: `${r.user.username} on ${book.title}`,
          updated: r.updatedAt,
          published: r.createdAt,
          author: r.user.username,
          link: `${origin}/books/${book._id}`,
          content: reviewText(r),
        })),
      })
    },
  }
}

export type FeedsService = ReturnType<typeof createFeedsService>

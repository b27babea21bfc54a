import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { Book, ReadingEntry, Review } from '@shelfwise/contracts'
// Imported alone, as the constants are: the contracts' schemas (and zod) stay out of the book page's first load.
import { withRatingChange } from '@shelfwise/contracts/ratings'
import type { Page } from '#/lib/api-client.ts'
import { bookReviewsQuery } from '#/features/reviews/api/get-book-reviews.ts'
import { myReviewQuery } from '#/features/reviews/api/get-my-review.ts'
import { bookKeys, readingKeys, reviewKeys, userKeys } from '#/lib/query-keys.ts'

// What a review's creation, edit or deletion changes on screen at once, before the answers are read
// again: the book's reviews, the reader's own review, the book's count and average.

type ReviewPages = InfiniteData<Page<Review>, string | undefined>

/**
 * The book's counts and average once the reader's review of it is written (`before` null), changed,
 * or deleted (`after` null), worked out as the server works them out (withRatingChange, decision
 * 0024): over every rating of the book, those given without a review included. A new review takes
 * the place of the reader's own rating given without one, as on the server; their entry then holds
 * the review's rating (none once it is deleted).
 */
export function moveBookAverage(
  client: QueryClient,
  bookId: string,
  before: number | null,
  after: number | null,
  /** A deleted review's stars stay as the reader's rating without a review (decision 0036). */
  keptAsRating = false,
): void {
  const entry = client.getQueryData<ReadingEntry>(readingKeys.entry(bookId))
  // Before the reader's first review, their entry's rating is the one they gave without a review.
  const superseded = before === null ? (entry?.rating ?? null) : null
  const kept = keptAsRating && after === null && before ? before : null
  const reviews = Number(after !== null) - Number(before !== null)
  const stars = (after ?? 0) - (before ?? 0) - (superseded ?? 0) + (kept ?? 0)
  const lone = (superseded === null ? 0 : -1) + (kept === null ? 0 : 1)
  client.setQueryData<Book>(bookKeys.detail(bookId), (b) => b && withRatingChange(b, { reviews, lone, stars }))
  if (entry) client.setQueryData<ReadingEntry>(readingKeys.entry(bookId), { ...entry, rating: kept ?? after })
}

/** Puts a review of the book on top of its list (a new one), or in its place (a changed one). */
export function putReviewInList(client: QueryClient, bookId: string, review: Review, isNew: boolean): void {
  client.setQueryData<ReviewPages>(bookReviewsQuery(bookId).queryKey, (data) => {
    if (!data) return data
    if (!isNew) {
      return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (r._id === review._id ? review : r)) })) }
    }
    const [first, ...rest] = data.pages
    const head: Page<Review> = first
      ? { ...first, items: [review, ...first.items.filter((r) => r._id !== review._id)], total: first.total === undefined ? undefined : first.total + 1 }
      : { items: [review], total: 1, nextCursor: undefined }
    return { ...data, pages: [head, ...rest] }
  })
  client.setQueryData(myReviewQuery(bookId).queryKey, review)
}

/** Takes a deleted review out of the book's list and out of the reader's own. */
export function dropReviewFromList(client: QueryClient, review: Review): void {
  client.setQueryData<ReviewPages>(bookReviewsQuery(review.book._id).queryKey, (data) => {
    if (!data) return data
    return {
      ...data,
      pages: data.pages.map((p, i) => ({
        ...p,
        items: p.items.filter((r) => r._id !== review._id),
        total: i === 0 && p.total !== undefined ? Math.max(0, p.total - 1) : p.total,
      })),
    }
  })
  client.setQueryData(myReviewQuery(review.book._id).queryKey, null)
}

/**
 * Reads again what else a review shows up in: the book (its exact average), the other lists of
 * reviews (recent ones, a reader's), and the profiles (their reviews and counts). The book's own list and the reader's review are
 * set from the server's answer above. Resolves once the screens showing them have their new answers.
 */
export function refreshAfterReviewChange(client: QueryClient, bookId: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: bookKeys.detail(bookId) }),
    // The lists of reviews over many books (a reader's are under users): the book's own list and 'mine' are exact already.
    client.invalidateQueries({ queryKey: reviewKeys.shared }),
    client.invalidateQueries({ queryKey: userKeys.all }),
  ])
}

import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Book, ReadingEntry } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildBook, buildUser, signIn } from '#/test/factories.ts'
import { bookReviewsApi } from '#/test/review-api.ts'
import { bookKeys, readingKeys } from '#/lib/query-keys.ts'

// The average a reader sees the moment their review is saved is the one the server then answers
// (decision 0024): worked out over every rating of the book, ratings given without a review
// included, by the same formula as the server's (withRatingChange in the contracts).

const me = buildUser({ username: 'mina' })
const NO_PROGRESS = { page: null, percent: null, minutes: null }

/**
 * A book rated 3 and 4 by two readers without a review, and the server's answers. Once the review
 * is posted, the book is read again; that answer is held back, so the screen shows what it
 * worked out at once. `after` is what the API answers then (reading.routes.test.ts checks these
 * numbers against the rows on both databases).
 */
function server(after: Pick<Book, 'averageRating' | 'totalReviews' | 'ratingsCount'>, myLoneRating: number | null = null) {
  const book = buildBook({ title: 'Carmilla', averageRating: 3.5, totalReviews: 0, ratingsCount: 2, inWishlist: false, inRecentlyRead: false })
  const entry: ReadingEntry = { bookId: book._id, status: null, rating: myLoneRating, progress: NO_PROGRESS, reads: [], removedReads: [] }
  const reviews = bookReviewsApi(me, book)
  const api = fakeApi({
    [`GET /books/${book._id}`]: () => (reviews.mine() ? { pending: true } : { body: book }),
    [`GET /books/${book._id}/reading`]: () => ({ body: entry }),
    // Marking it Read with the review: the entry answers the review’s rating, as the server does.
    [`PUT /books/${book._id}/reading`]: (req) => ({
      body: { ...entry, rating: reviews.mine()?.rating ?? entry.rating, status: (req.body as ReadingEntry).status },
    }),
    ...reviews.calls,
  })
  return { ...api, book, answerAfter: { ...book, ...after } }
}

async function postReview(stars: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }))
  const dialog = await screen.findByRole('dialog', { name: 'Write a Review' })
  fireEvent.click(within(dialog).getByLabelText(stars))
  fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Sapphic, gothic, older than Dracula.' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
}

const ratingOf = (b: Book | undefined) => b && { averageRating: b.averageRating, totalReviews: b.totalReviews, ratingsCount: b.ratingsCount }

describe('the average shown at once after a review', () => {
  it('counts the book’s ratings given without a review: 3 and 4, then a review of 4, is 3.67 (not 4), as the server answers', async () => {
    signIn(me)
    const { book, answerAfter, callsTo } = server({ averageRating: 3.67, totalReviews: 1, ratingsCount: 3 })
    const { queryClient } = renderApp(`/books/${book._id}`)
    expect(await screen.findByText('(0 reviews · 2 ratings)')).toBeInTheDocument()
    expect(screen.getByText('3.5')).toBeInTheDocument()

    await postReview('4 Stars')
    // The book is being read again (held back): what shows is what was worked out at once.
    await waitFor(() => expect(callsTo(`GET /books/${book._id}`).length).toBeGreaterThan(1))
    expect(ratingOf(queryClient.getQueryData<Book>(bookKeys.detail(book._id)))).toEqual(ratingOf(answerAfter))
    expect(await screen.findByText('3.7')).toBeInTheDocument()
    expect(screen.getByText('(1 review · 3 ratings)')).toBeInTheDocument()
  })

  it('replaces the reader’s own rating given without a review with their review’s, as the server does', async () => {
    signIn(me)
    // The reader's 3 becomes their review's 5: (5 + 4) / 2, still two ratings.
    const { book, answerAfter } = server({ averageRating: 4.5, totalReviews: 1, ratingsCount: 2 }, 3)
    const { queryClient } = renderApp(`/books/${book._id}`)
    expect(await screen.findByText('Your reading')).toBeInTheDocument()

    await postReview('5 Stars')
    await waitFor(() => expect(screen.getByText('(1 review · 2 ratings)')).toBeInTheDocument())
    expect(ratingOf(queryClient.getQueryData<Book>(bookKeys.detail(book._id)))).toEqual(ratingOf(answerAfter))
    expect(screen.getByText('4.5')).toBeInTheDocument()
    // The reader's rating is their review's now, as GET /books/{id}/reading answers it.
    expect(queryClient.getQueryData<ReadingEntry>(readingKeys.entry(book._id))?.rating).toBe(5)
  })
})

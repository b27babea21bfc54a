import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildBook, buildReview } from '#/test/factories.ts'

describe('a review on a book page', () => {
  it('gives each line of a mixed review its own paragraph with dir=auto (issue 22), so the Arabic line reads right to left and the English ones left to right', async () => {
    const book = buildBook({ title: 'Dracula' })
    const review = buildReview({
      comment: 'A classic, truly.\nرواية رائعة جدا\n\nRead it twice.',
      book: { _id: book._id, title: book.title, author: book.author, coverImage: '' },
    })
    fakeApi({
      [`GET /books/${book._id}`]: { body: book },
      [`GET /reviews/book/${book._id}`]: { body: [review], headers: { 'X-Total-Count': '1' } },
    })
    renderApp(`/books/${book._id}`)
    const text = (await screen.findAllByTestId('review-text')).find((t) => t.textContent?.includes('A classic'))!
    const lines = [...text.children]
    expect(lines.map((l) => [l.textContent, l.getAttribute('dir')])).toEqual([
      ['A classic, truly.', 'auto'],
      ['رواية رائعة جدا', 'auto'],
      ['\u00a0', 'auto'],
      ['Read it twice.', 'auto'],
    ])
    expect(within(text).getByText('رواية رائعة جدا')).toBeInTheDocument()
  })
})

describe('a review’s writer badge and inline spoilers (issue 23)', () => {
  it('shows the Author chip beside a linked author’s name, and hides ||…|| until clicked', async () => {
    const book = buildBook({ title: 'Dracula' })
    const review = {
      ...buildReview({ comment: 'Great.\n||The butler did it.|| Read it.', book: { _id: book._id, title: book.title, author: book.author, coverImage: '' } }),
      badge: 'author' as const,
    }
    fakeApi({
      [`GET /books/${book._id}`]: { body: book },
      [`GET /reviews/book/${book._id}`]: { body: [review], headers: { 'X-Total-Count': '1' } },
    })
    renderApp(`/books/${book._id}`)
    const text = (await screen.findAllByTestId('review-text')).find((t) => t.textContent?.includes('Great.'))!
    const card = text.closest('li')!
    expect(within(card).getByText('Author')).toBeInTheDocument()
    expect(within(card).queryByText(/butler/)).not.toBeInTheDocument()
    fireEvent.click(within(card).getByRole('button', { name: 'Spoiler hidden: show it' }))
    expect(within(card).getByText('The butler did it.')).toBeInTheDocument()
  })
})

import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, apiPost, postBook, postReview, registerUser } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'
import { openBook } from '../support/steps.ts'

// Issue 23 (decisions 0041, 0042): on a book's review a reader likes it, opens its comments, replies,
// edits their reply (marked edited) and deletes a comment of theirs that has a reply (a tombstone
// stays), at three widths, with odd data (a long word, right-to-left text, emoji, a link).

const reviewsList = (page: Page) => page.getByRole('list', { name: 'Reviews' })
const comments = (page: Page) => page.getByRole('list', { name: 'Comments' })

interface ApiComment {
  _id: string
  text: string | null
  deleted: boolean
  editedAt: string | null
}

describe('likes and comments on a review', () => {
  for (const width of WIDTHS) {
    test(`${width} px: like, comment, reply, edit and delete`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const writer = await registerUser(baseURL)
      const other = await registerUser(baseURL)
      const reader = await registerUser(baseURL)
      const book = await postBook(baseURL, writer)
      const review = await postReview(baseURL, writer, book._id, 4, `${'W'.repeat(300)} — שלום, ספר טוב 📚`)
      // Someone else's comment (a long word, a link), and one of the reader's that someone answered.
      const theirs = await apiPost<ApiComment>(
        baseURL,
        `/reviews/${review._id}/comments`,
        { text: `${'L'.repeat(200)} see https://example.org/x 🎉` },
        other.token,
      )
      const mine = await apiPost<ApiComment>(baseURL, `/reviews/${review._id}/comments`, { text: 'Soon to go' }, reader.token)
      await apiPost(baseURL, `/reviews/${review._id}/comments`, { text: 'An answer to it', parentId: mine._id }, other.token)

      await signInAs(page, reader)
      await openBook(page, book)
      const card = reviewsList(page).getByRole('listitem').first()
      await card.getByRole('button', { name: 'Like this review: 0 likes' }).click()
      await expectVisible(card.getByRole('button', { name: 'Like this review: 1 like, liked by you' }))

      await card.getByRole('button', { name: '3 comments' }).click()
      await expectVisible(comments(page))
      const link = comments(page).getByRole('link', { name: 'https://example.org/x' })
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc')

      // Reply to someone's comment.
      const first = comments(page).getByRole('listitem').first()
      await first.getByRole('button', { name: 'Reply' }).first().click()
      const replyBox = page.getByRole('textbox', { name: /^Reply to / })
      await replyBox.fill('مرحبا — agreed 👍')
      await page.locator('form').filter({ has: replyBox }).getByRole('button', { name: 'Reply', exact: true }).click()
      // The box closes once the thread is read again; until then its text matches too (React keeps a
      // controlled textarea's text content equal to its value), so wait for it first.
      await expectHidden(replyBox)
      await expectVisible(comments(page).getByText('مرحبا — agreed 👍'))

      // Edit the reply: marked edited.
      // The reply's own item (the innermost one holding its text).
      await comments(page).getByRole('listitem').filter({ hasText: 'مرحبا — agreed 👍' }).last().getByRole('button', { name: 'Edit' }).click()
      await page.getByRole('textbox', { name: 'Edit your comment' }).fill('Agreed, edited 👍')
      await page.getByRole('button', { name: 'Save' }).click()
      await expectHidden(page.getByRole('textbox', { name: 'Edit your comment' }))
      await expectVisible(comments(page).getByText('Agreed, edited 👍'))
      await expectVisible(comments(page).getByText(/· edited/))
      await checkScreen(page, 'review-conversation', width)

      // Delete the reader's comment that has an answer: a tombstone stays, the answer still reads.
      await comments(page).getByRole('listitem').filter({ hasText: 'Soon to go' }).first().getByRole('button', { name: 'Delete' }).click()
      await expectVisible(comments(page).getByText('comment deleted'))
      await expectHidden(comments(page).getByText('Soon to go'))
      await expectVisible(comments(page).getByText('An answer to it'))

      const thread = await apiGet<ApiComment[]>(baseURL, `/reviews/${review._id}/comments`)
      expect(thread.find((c) => c._id === mine._id)).toMatchObject({ deleted: true, text: null })
      expect(thread.find((c) => c.text === 'Agreed, edited 👍')?.editedAt).not.toBeNull()
      expect(thread.find((c) => c._id === theirs._id)).toBeDefined()
      await expectText(card.getByRole('button', { name: /comments?$/ }), /\d+ comments?/)
      // The same screen in the dark theme (last: switching themes draws the page again).
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `review-conversation-dark-${width}`)
    })
  }
})

import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, apiPost, apiPut, postBook, postReview, registerUser } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'
import { openBook } from '../support/steps.ts'

// Issue 23, points 4 and 5 in a browser (decisions 0051, 0059): a book's linked author answers a
// review of it, saying the comment is at page 150; their name carries the "Author" badge. A reader on
// page 20 sees the comment withheld ("Ahead of you: page 150" — the server sent no text), reveals it,
// sees the badge, then finds it under "Recent discussion of their books" on the author's profile. At
// every width, with odd data (right-to-left text, emoji, a long word), screenshots in both themes.

const comments = (page: Page) => page.getByRole('list', { name: 'Comments' })

interface ApiComment {
  _id: string
  text: string | null
  withheld?: string
  badge?: string | null
}

describe('authors in the conversation', () => {
  for (const width of WIDTHS) {
    test(`${width} px: the author answers a review at a page, a reader behind it reveals it, sees the Author badge and the profile's recent discussion`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const [author, bea, cy] = await Promise.all([registerUser(baseURL, { userType: 'Author' }), registerUser(baseURL), registerUser(baseURL)])
      // postBook links its poster as the book's author.
      const book = await postBook(baseURL, author, { pageCount: 300 })
      const review = await postReview(baseURL, bea, book._id, 5, `ספר נפלא 📚 ${'Unputdownable'.repeat(12)}`)

      // The author answers the review from the book's page, at page 150.
      await signInAs(page, author)
      await openBook(page, book)
      const card = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()
      await card.getByRole('button', { name: '0 comments' }).click()
      const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Add a comment' }) })
      await form.getByRole('textbox', { name: 'Add a comment' }).fill('Thank you! Wait until the lighthouse 🌊 شكرا')
      await form.getByRole('combobox', { name: 'How far in is this?' }).click()
      await page.getByRole('option', { name: 'A page' }).click()
      await form.getByRole('textbox', { name: 'Page' }).fill('150')
      await form.getByRole('button', { name: 'Comment' }).click()
      const mine = comments(page).getByRole('listitem').filter({ hasText: 'Wait until the lighthouse' })
      await expectVisible(mine)
      await expectVisible(mine.getByText('Author', { exact: true }))
      await expectVisible(mine.getByText(/at page 150/))

      // Cy is on page 20: the server withholds the comment (from any client), the page says how far in it is.
      await apiPut(baseURL, `/books/${book._id}/reading`, cy.token, { status: 'reading', progress: { page: 20 } })
      const asCy = await apiGet<ApiComment[]>(baseURL, `/reviews/${review._id}/comments`, cy.token)
      expect(asCy[0]).toMatchObject({ text: null, withheld: 'ahead', badge: 'author' })
      await signInAs(page, cy)
      await openBook(page, book)
      await page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first().getByRole('button', { name: '1 comment' }).click()
      await expectVisible(comments(page).getByText('Ahead of you: page 150'))
      await expect.poll(() => page.getByText(/Wait until the lighthouse/).count()).toBe(0)
      await expectVisible(comments(page).getByText('Author', { exact: true }))
      await comments(page).getByRole('button', { name: 'Reveal: Ahead of you: page 150' }).click()
      await expectVisible(comments(page).getByText(/Wait until the lighthouse/))
      await checkScreen(page, 'author-comment', width)

      // The author's profile: their book, and the talk about it, the comment still withheld there (open it to reveal).
      await page.goto(`/user/${author._id}?tab=credited`)
      const talk = page.getByRole('list', { name: 'Recent discussion of their books' })
      await expectVisible(talk)
      const theirComment = talk.getByRole('listitem').filter({ hasText: 'commented on a review of' })
      await expectVisible(theirComment.getByText('Author', { exact: true }))
      await expectVisible(theirComment.getByText('Ahead of you: page 150'))
      await expectVisible(
        talk
          .getByRole('listitem')
          .filter({ hasText: 'reviewed' })
          .getByText(/ספר נפלא/),
      )
      await checkScreen(page, 'author-profile-talk', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `author-profile-talk-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })
      await theirComment.getByRole('link', { name: `See the comment: ${book.title}` }).click()
      await page.waitForURL(`**/books/${book._id}`)
    })
  }
})

describe('editing one’s own discussion post and title', () => {
  for (const width of WIDTHS) {
    test(`${width} px: the starter edits the opening post and the title, then a reply; both marked edited`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea] = await Promise.all([registerUser(baseURL), registerUser(baseURL)])
      const book = await postBook(baseURL, ann, { pageCount: 300 })
      const thread = await apiPost<{ _id: string }>(
        baseURL,
        `/books/${book._id}/discussions`,
        { title: 'Typo in teh title', text: 'Opening', position: { page: 40 } },
        ann.token,
      )
      await apiPost(baseURL, `/discussions/${thread._id}/posts`, { text: 'Not mine to edit' }, bea.token)
      await apiPost(baseURL, `/discussions/${thread._id}/posts`, { text: 'My second thought' }, ann.token)

      await signInAs(page, ann)
      await page.goto(`/discussions/${thread._id}`)
      await expectText(page.getByRole('heading', { level: 1 }), 'Typo in teh title')
      // Edit on her own two posts only.
      await expect.poll(() => page.getByRole('button', { name: /^Edit/ }).count()).toBe(2)
      await page.getByRole('button', { name: 'Edit the post and the title' }).click()
      const form = page.getByRole('form', { name: 'Save' })
      await form.getByRole('textbox', { name: 'Title' }).fill(`The title, fixed — العنوان 📖 ${'Longword'.repeat(8)}`)
      await form.getByRole('textbox', { name: 'Your post' }).fill('Opening, said better. ||The lighthouse||')
      await form.getByRole('textbox', { name: 'Page' }).fill('60')
      await checkScreen(page, 'discussion-edit', width)
      await form.getByRole('button', { name: 'Save' }).click()
      await expectText(page.getByRole('heading', { level: 1 }), /^The title, fixed — العنوان/)
      await expectVisible(page.getByText(/Opening, said better/))
      await expectVisible(page.getByText(/· edited · at page 60/))

      await page.getByRole('button', { name: 'Edit', exact: true }).click()
      const replyForm = page.getByRole('form', { name: 'Save' })
      await expect.poll(() => replyForm.getByRole('textbox', { name: 'Title' }).count()).toBe(0)
      await replyForm.getByRole('textbox', { name: 'Your post' }).fill('My second thought, reworded 🤔')
      await replyForm.getByRole('button', { name: 'Save' }).click()
      await expectVisible(page.getByText('My second thought, reworded 🤔'))
      await expect.poll(() => page.getByText(/· edited/).count()).toBe(2)
      const asBea = await apiGet<{ title: string }>(baseURL, `/discussions/${thread._id}`, bea.token)
      expect(asBea.title).toMatch(/^The title, fixed/)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `discussion-edited-dark-${width}`)
    })
  }
})

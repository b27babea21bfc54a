import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, postBook, postReview, registerUser, unique } from '../support/api.ts'
import { baseURL, escapeRe, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { makeModerator } from '../support/moderator.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 21, point 7 in a browser (decision 0030): a reader finds a duplicate of a book, proposes the
// merge from its page after comparing both side by side; a reader who may not apply is told why; a
// moderator (made by the operator's command, as on a real install) applies it, the duplicate's page
// then shows the book that stayed, and a revert makes them two books again. Right-to-left text, an
// emoji and a long word in the duplicate, at every width.

interface Proposal {
  _id: string
  status: 'open' | 'applied' | 'reverted'
  ids: string[]
  survivorId: string
}

const card = (page: Page, tag: string) => page.getByRole('article').filter({ hasText: tag })
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

describe('readers fix duplicates', () => {
  for (const width of WIDTHS) {
    test(`${width} px: propose a merge from a duplicate's page, a moderator applies it, the duplicate's page shows the book that stayed, revert`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const [adder, reader, moderator] = await Promise.all([registerUser(baseURL), registerUser(baseURL), registerUser(baseURL)])
      makeModerator(moderator)
      const tag = unique('Highbury')
      const emmaTitle = `Emma ${tag}`
      const dupeTitle = `Emma ${tag} (Penguin Classics) إيما 📚 Supercalifragilisticexpialidociouslyunabridged`
      const emma = await postBook(baseURL, adder, { role: 'none', title: emmaTitle, author: 'Jane Austen', author_username: null, pageCount: 474 })
      const dupe = await postBook(baseURL, adder, { role: 'none', title: dupeTitle, author: 'Jane Austen', author_username: null, pageCount: 512 })
      // More readers rated Emma: it is the one that stays.
      await postReview(baseURL, adder, emma._id, 5, 'Handsome, clever and rich.')

      // The reader proposes from the duplicate's page, comparing both first.
      await signInAs(page, reader)
      await page.goto(`/books/${dupe._id}`)
      await page.getByRole('button', { name: 'Report a duplicate' }).click()
      const dialog = page.getByRole('dialog', { name: 'Report a duplicate' })
      await dialog.getByRole('textbox', { name: 'Find the other book' }).fill(tag)
      await dialog.getByRole('button', { name: 'Search' }).click()
      await dialog.getByRole('radio', { name: new RegExp(`^${escapeRe(emmaTitle)} by Jane Austen`) }).check()
      // The duplicate itself is not offered as its own duplicate.
      await expect.poll(() => dialog.getByRole('radio', { name: /Penguin Classics/ }).count()).toBe(0)
      await checkScreen(page, 'merge-search', width)
      await dialog.getByRole('button', { name: 'Compare' }).click()
      const heads = dialog.getByRole('columnheader')
      await expectText(heads.nth(2), /Would stay/)
      await expectText(heads.nth(1), /Would be merged into the other/)
      await expectVisible(dialog.getByRole('row', { name: /Pages Differs 512 474/ }))
      await checkScreen(page, 'merge-propose', width)
      await dialog.getByRole('button', { name: 'Propose merge' }).click()
      await expectText(dialog.getByRole('status'), /Proposal sent/)
      const [proposal] = await apiGet<Proposal[]>(baseURL, `/merge-proposals?bookId=${dupe._id}`)
      expect(proposal).toMatchObject({ status: 'open', ids: [dupe._id, emma._id], survivorId: emma._id })
      await dialog.getByRole('link', { name: 'See all duplicates' }).click()
      await page.waitForURL('**/merges')

      // The proposer may not apply it (a new account, and their own proposal): the API's words.
      await card(page, tag).getByRole('button', { name: 'Apply merge' }).click()
      await expectText(card(page, tag).getByRole('alert'), /^Only a moderator or a trusted reader/)
      await checkScreen(page, 'merges', width)
      // The duplicate's page names the open proposal, with the way to the Duplicates screen.
      await page.goto(`/books/${dupe._id}`)
      await expectText(page.getByRole('note').filter({ hasText: 'merge' }), 'A merge of this book with another is proposed. See all duplicates')
      await checkScreen(page, 'book-duplicate-note', width)

      // A moderator applies it; the duplicate's link now opens Emma.
      await signInAs(page, moderator)
      await page.goto('/merges')
      await card(page, tag).getByRole('button', { name: 'Apply merge' }).click()
      await expectText(card(page, tag).getByRole('status'), /Merge applied/)
      await expectVisible(card(page, tag).getByText(`Applied by @${moderator.username}`, { exact: false }))
      await expect.poll(async () => (await apiGet<Proposal>(baseURL, `/merge-proposals/${proposal!._id}`)).status).toBe('applied')
      await checkScreen(page, 'merges-applied', width)
      await card(page, tag).getByRole('columnheader').nth(1).getByRole('link').click()
      await page.waitForURL(`**/books/${dupe._id}`)
      await expectText(heading(page), emmaTitle)

      // Revert, in one step: the duplicate is its own book again.
      await page.goto('/merges')
      await card(page, tag).getByRole('button', { name: 'Revert merge' }).click()
      await expectText(card(page, tag).getByRole('status'), /Merge reverted/)
      await expectVisible(card(page, tag).getByText('Reverted', { exact: true }))
      await page.goto(`/books/${dupe._id}`)
      await expectText(heading(page), dupeTitle)
    })
  }
})

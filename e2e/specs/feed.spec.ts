import { describe, expect } from 'vitest'
import { apiPost, apiPut, postBook, postReview, registerUser, toggleFollow, unique } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 23, points 5 and 6 in a browser (decisions 0050 and 0051): Bea follows Ann, the author of a
// book (a title in Arabic with an emoji and a long word). Ann starts reading another book, reviews
// her own (with an inline ||spoiler||) and starts a discussion of it. Bea finds it all under
// Following, newest first, opens the review from the feed and sees Ann's "Author" label, the spoiler
// hidden until pressed. A reader who follows nobody is pointed to finding readers. One axe pass per
// width, on the feed; screenshots in both themes.

describe('the followed feed and the author badge', () => {
  for (const width of WIDTHS) {
    test(`${width} px: the feed shows what Ann did, links to it, and her review carries the Author label`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea, cai] = await Promise.all([registerUser(baseURL), registerUser(baseURL), registerUser(baseURL)])
      const title = `${unique('Own')} كتابي 📚 Supercalifragilisticexpialidociously`
      const [own, other] = await Promise.all([postBook(baseURL, ann, { title }), postBook(baseURL, cai)])
      await toggleFollow(baseURL, bea, ann.user._id)
      await apiPut(baseURL, `/books/${other._id}/reading`, ann.token, { status: 'reading' })
      await postReview(baseURL, ann, own._id, 5, 'I wrote it, and ||the twist|| still surprises me.')
      await apiPost(baseURL, `/books/${own._id}/discussions`, { title: 'Ask me anything 🙂', text: 'About the ending.' }, ann.token)

      // A reader who follows nobody is pointed to finding readers.
      await signInAs(page, cai)
      await page.goto('/feed')
      await expectVisible(page.getByRole('heading', { level: 2, name: 'Find readers to follow' }))

      await signInAs(page, bea)
      await page.goto('/feed')
      const list = page.getByRole('list', { name: 'Following' })
      await expectVisible(list)
      await expect.poll(() => list.getByRole('listitem').count()).toBe(3)
      const rows = await list.getByRole('listitem').allTextContents()
      expect(rows[0]).toContain('started a discussion of')
      expect(rows[1]).toContain('reviewed')
      expect(rows[2]).toContain('started reading')
      // The feed carries no text of what was said.
      expect(rows.join(' ')).not.toContain('the twist')

      await checkScreen(page, 'feed', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `feed-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      // The review, from the feed: Ann's name carries the Author label, and the spoiler is hidden.
      await list.getByRole('link', { name: /^Read the review/ }).click()
      await page.waitForURL(`**/books/${own._id}`)
      const card = page.getByTestId('review-text').filter({ hasText: 'I wrote it' }).locator('xpath=ancestor::li[1]')
      await expectVisible(card.getByText('Author', { exact: true }))
      await expect.poll(() => card.getByText('the twist').count()).toBe(0)
      await card.getByRole('button', { name: 'Spoiler hidden: show it' }).click()
      await expectVisible(card.getByText('the twist'))
    })
  }
})

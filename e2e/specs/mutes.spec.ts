import { describe, expect } from 'vitest'
import { apiGet, apiPost, postBook, postReview, registerUser, toggleFollow, unique } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 24, point 4's mutes in a browser (decision 0057): Bea follows Ann and Cai. She mutes Ann from
// Ann's profile menu: Ann's review leaves Bea's feed and Ann's post leaves the discussion, while Cai's
// stay. She mutes a word in her profile's Safety section: Cai's post holding it leaves the discussion
// too. Ann is not told (her view of Bea shows nothing). Right-to-left text and an emoji in what stays;
// every width; axe once, on the discussion; screenshots in both themes.

describe('mute readers and words', () => {
  for (const width of WIDTHS) {
    test(`${width} px: a muted reader leaves the feed and the discussion, a muted word hides a post, and nobody is told`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea, cai] = await Promise.all([registerUser(baseURL), registerUser(baseURL), registerUser(baseURL)])
      const book = await postBook(baseURL, cai, { title: `${unique('Wyrm')} التنين 🐉` })
      await toggleFollow(baseURL, bea, ann.user._id)
      await toggleFollow(baseURL, bea, cai.user._id)
      await postReview(baseURL, ann, book._id, 4, 'A fine book about wyrms.')
      const thread = await apiPost<{ _id: string }>(
        baseURL,
        `/books/${book._id}/discussions`,
        { title: 'Dragons or wyrms? 🐉', text: 'What did you make of it?' },
        cai.token,
      )
      await apiPost(baseURL, `/discussions/${thread._id}/posts`, { text: 'Ann here: the ending worked for me.' }, ann.token)
      await apiPost(baseURL, `/discussions/${thread._id}/posts`, { text: 'The Quetzalcoatl chapter was the best part.' }, cai.token)
      await apiPost(baseURL, `/discussions/${thread._id}/posts`, { text: 'كانت النهاية جميلة 📖 a fine ending' }, cai.token)

      // Before: Ann's review is in Bea's feed, and all four posts in the discussion.
      await signInAs(page, bea)
      await page.goto('/feed')
      const feed = page.getByRole('list', { name: 'Following' })
      await expectVisible(feed)
      await expect.poll(async () => (await feed.getByRole('listitem').allTextContents()).some((t) => t.includes(ann.name) && t.includes('reviewed'))).toBe(true)
      await page.goto(`/discussions/${thread._id}`)
      await expectVisible(page.getByText('Ann here: the ending worked for me.'))

      // Bea mutes Ann from her profile's menu.
      await page.goto(`/user/${ann.user._id}`)
      await page.getByRole('button', { name: `More for ${ann.username}` }).click()
      await page.getByRole('menuitem', { name: 'Mute' }).click()
      await expectVisible(page.getByText(/^Muted: their activity and posts stay out of your feed and discussions/))

      // Ann's review leaves the feed; Cai's discussion stays.
      await page.goto('/feed')
      await expectVisible(feed)
      await expect
        .poll(async () => (await feed.getByRole('listitem').allTextContents()).some((t) => t.includes(cai.name) && t.includes('started a discussion of')))
        .toBe(true)
      expect((await feed.getByRole('listitem').allTextContents()).some((t) => t.includes(ann.name))).toBe(false)

      // A muted word, from the profile's Safety section.
      await page.goto('/profile')
      const safety = page.getByRole('region', { name: 'Safety' })
      await safety.getByLabel('Muted words').fill('quetzalcoatl')
      await safety.getByRole('button', { name: 'Save muted words' }).click()
      await expectVisible(safety.getByText('Muted words saved.'))

      // The discussion: Ann's post and the one holding the muted word (in another case) are gone; the rest stay.
      await page.goto(`/discussions/${thread._id}`)
      await expectVisible(page.getByText('كانت النهاية جميلة 📖 a fine ending'))
      await expectVisible(page.getByText('What did you make of it?'))
      expect(await page.getByText('Ann here: the ending worked for me.').count()).toBe(0)
      expect(await page.getByText(/Quetzalcoatl chapter/).count()).toBe(0)
      await checkScreen(page, 'discussion-muted', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `discussion-muted-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      // Nobody is told: Ann's own view of Bea shows no mute and no block, and Ann still sees her own post.
      expect(await apiGet<{ blocked: boolean; muted: boolean }>(baseURL, `/users/${bea.user._id}/safety`, ann.token)).toEqual({ blocked: false, muted: false })
      const asAnn = await apiGet<{ text: string | null }[]>(baseURL, `/discussions/${thread._id}/posts`, ann.token)
      expect(asAnn.map((p) => p.text)).toContain('Ann here: the ending worked for me.')
    })
  }
})

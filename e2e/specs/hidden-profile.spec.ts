import { describe, expect } from 'vitest'
import { apiPost, apiPut, postBook, postReview, registerUser, type TestUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { makeModerator } from '../support/moderator.ts'
import { gradientPng } from '../support/png.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// A hidden profile's picture elsewhere (decision 0058, "Hidden profiles"): Bea's review of Ann's
// book shows Bea's uploaded avatar; the moderators hide Bea's profile; on the book page her review
// keeps her name with the initials avatar instead of the picture. Right-to-left review text with an
// emoji and a long word; every width; axe once; screenshots in both themes.

async function uploadAvatar(user: TestUser): Promise<string> {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(gradientPng())], { type: 'image/png' }), 'avatar.png')
  const res = await fetch(`${baseURL}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form })
  expect(res.status).toBe(201)
  const path = new URL(((await res.json()) as { imageUrl: string }).imageUrl, baseURL).pathname
  await apiPut(baseURL, '/users/profile/update', user.token, { profileImage: path })
  return path
}

describe('a hidden profile beside its reader’s reviews', () => {
  for (const width of WIDTHS) {
    test(`${width} px: Bea's avatar beside her review becomes her initials once the moderators hide her profile`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea, mod] = await Promise.all([registerUser(baseURL), registerUser(baseURL), registerUser(baseURL)])
      makeModerator(mod)
      const image = await uploadAvatar(bea)
      const book = await postBook(baseURL, ann)
      await postReview(baseURL, bea, book._id, 5, 'قرأته مرتين 🌊 Antidisestablishmentarianism')

      await signInAs(page, ann)
      await page.goto(`/books/${book._id}`)
      const avatar = page.getByRole('img', { name: bea.username })
      await expectVisible(avatar)
      expect(await avatar.getAttribute('src')).toContain(image)

      const report = await apiPost<{ _id: string }>(baseURL, '/reports', { targetType: 'profile', targetId: bea._id, reason: 'impersonation' }, ann.token)
      await apiPost(baseURL, `/moderation/reports/${report._id}`, { action: 'hide', note: 'Someone else’s photo' }, mod.token)
      await page.reload()
      await expectVisible(page.getByText('قرأته مرتين', { exact: false }))
      await expect.poll(() => page.locator(`img[src*="${image}"]`).count()).toBe(0)
      await expectVisible(page.getByText(bea.username, { exact: false }).first())

      await checkScreen(page, 'hidden-profile-review', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `hidden-profile-review-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })
    })
  }
})

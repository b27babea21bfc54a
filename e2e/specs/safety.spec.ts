import { describe, expect } from 'vitest'
import { apiGet, apiPost, apiPut, postBook, postReview, registerUser, unique } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { makeModerator } from '../support/moderator.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 24, points 4 and 5 in a browser (decisions 0057, 0058): Ann reports a spam comment on her
// review from its thread; a moderator (made by the operator's command) hides it from the queue with
// a note; the thread then shows "removed by the moderators" and Ann reads the outcome in her
// profile's Safety section, where she also mutes words. Bea blocks the spammer from his profile
// menu. Right-to-left text, an emoji and a long word in what is reported; every width; axe once per
// screen; screenshots in both themes.

const spamText = (tag: string) => `اشترِ الآن 🛒 Supercalifragilisticexpialidociously-cheap-pills at spam.example ${tag}`

describe('block, report and moderate', () => {
  for (const width of WIDTHS) {
    test(`${width} px: a reported comment is hidden by a moderator, the reporter reads the outcome, a reader blocks the spammer`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, spammer, mod, bea] = await Promise.all([registerUser(baseURL), registerUser(baseURL), registerUser(baseURL), registerUser(baseURL)])
      makeModerator(mod)
      const tag = unique('spam')
      const book = await postBook(baseURL, ann)
      const review = await postReview(baseURL, ann, book._id, 4, 'A quiet book about the sea.')
      await apiPost(baseURL, `/reviews/${review._id}/comments`, { text: spamText(tag) }, spammer.token)

      // Ann reports the comment from her review's thread.
      await signInAs(page, ann)
      await page.goto(`/books/${book._id}`)
      const comments = page.getByRole('button', { name: '1 comment' })
      await comments.click()
      const spam = page.getByTestId('comment-text').filter({ hasText: tag })
      await expectVisible(spam)
      await spam.locator('xpath=ancestor::div[2]').getByRole('button', { name: 'Report' }).click()
      const dialog = page.getByRole('dialog', { name: 'Report to the moderators' })
      await dialog.getByLabel('Anything the moderators should know (optional)').fill('An advert, again 😞')
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expectVisible(dialog.getByRole('status'))
      await dialog.getByRole('button', { name: 'Close' }).click()

      // The moderator hides it from the queue with a note.
      await signInAs(page, mod)
      await page.goto('/moderation')
      const card = page.getByRole('listitem').filter({ hasText: tag })
      await expectVisible(card)
      await checkScreen(page, 'moderation', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `moderation-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })
      await card.getByLabel('Note for the reporter and the other moderators').fill('Advertising is not allowed.')
      await card.getByRole('button', { name: 'Hide' }).click()
      await expect.poll(() => card.count()).toBe(0)

      // The thread shows it removed; Ann reads the outcome and mutes a word.
      await signInAs(page, ann)
      const thread = await apiGet<{ text: string | null; removedByModerators?: boolean }[]>(baseURL, `/reviews/${review._id}/comments`)
      expect(thread).toMatchObject([{ text: null, removedByModerators: true }])
      await page.goto(`/books/${book._id}`)
      // The hidden comment keeps its place in the thread but leaves the count (decision 0058, "Counts").
      await page.getByRole('button', { name: '0 comments' }).click()
      await expectVisible(page.getByText('removed by the moderators'))
      await page.goto('/profile')
      const safety = page.getByRole('region', { name: 'Safety' })
      await expectVisible(safety.getByText('Hidden by the moderators'))
      await expectVisible(safety.getByText('“Advertising is not allowed.”'))
      await safety.getByLabel('Muted words').fill('dragons\nspoilers ahead')
      await safety.getByRole('button', { name: 'Save muted words' }).click()
      await expectVisible(safety.getByText('Muted words saved.'))
      await safety.scrollIntoViewIfNeeded()
      await keepPicture(page, `profile-safety-${width}`)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `profile-safety-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      // Bea blocks the spammer from his profile's menu.
      await signInAs(page, bea)
      await page.goto(`/user/${spammer.user._id}`)
      await page.getByRole('button', { name: `More for ${spammer.user.username}` }).click()
      await page.getByRole('menuitem', { name: 'Block' }).click()
      const confirm = page.getByRole('dialog', { name: `Block ${spammer.user.username}?` })
      await checkScreen(page, 'block-dialog', width)
      await confirm.getByRole('button', { name: 'Block' }).click()
      await expectVisible(page.getByText('Blocked.'))
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `blocked-profile-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })
      const state = await apiGet<{ blocked: boolean }>(baseURL, `/users/${spammer.user._id}/safety`, bea.token)
      expect(state.blocked).toBe(true)
    })
  }
})

// A profile the moderators hid (decision 0058, "Hidden profiles"): others read "removed by the
// moderators" in its bio's place; its reader still sees their bio, with the notice. Both themes.
describe('a hidden profile', () => {
  for (const width of WIDTHS) {
    test(`${width} px: others see "removed by the moderators"; the reader sees the notice`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, spammer, mod] = await Promise.all([registerUser(baseURL), registerUser(baseURL), registerUser(baseURL)])
      makeModerator(mod)
      await apiPut(baseURL, '/users/profile/update', spammer.token, { bio: spamText(unique('bio')) })
      const report = await apiPost<{ _id: string }>(baseURL, '/reports', { targetType: 'profile', targetId: spammer._id, reason: 'spam' }, ann.token)
      await apiPost(baseURL, `/moderation/reports/${report._id}`, { action: 'hide', note: 'Advertising in the bio' }, mod.token)

      await signInAs(page, ann)
      await page.goto(`/user/${spammer._id}`)
      await expectVisible(page.getByText('removed by the moderators'))
      expect(await page.getByText('spam.example', { exact: false }).count()).toBe(0)
      await checkScreen(page, 'hidden-profile', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `hidden-profile-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      await signInAs(page, spammer)
      await page.goto('/profile')
      await expectVisible(page.getByText('The moderators hid your bio and profile image', { exact: false }))
      await checkScreen(page, 'hidden-profile-own', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `hidden-profile-own-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })
    })
  }
})

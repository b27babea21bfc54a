import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiDelete, apiPost, apiPut, postBook, postReview, registerUser, unique } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 24, points 1 and 2 in a browser (decisions 0052 and 0053): Ann has her notifications open
// (nothing yet). Bea and Cai like Ann's review of a book with a right-to-left title: without a
// reload, one grouped line appears ("Cai and Bea liked your review of …") and the bell counts one
// unread. Marking all read clears the bell. One axe pass per width; screenshots in both themes.

/**
 * Resolves once the page's live stream (a ticket, then the EventSource) has answered: the server
 * listens for the reader before it sends its headers, so what happens after this reaches the page.
 * Until now a flat 500 ms stood in for it.
 */
const streamOpen = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/notifications/stream' && r.status() === 200)

describe('notifications: the bell and the live list', () => {
  for (const width of WIDTHS) {
    test(`${width} px: likes on Ann's review appear live, grouped, and mark-all-read clears the bell`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea, cai] = await Promise.all([registerUser(baseURL), registerUser(baseURL), registerUser(baseURL)])
      const title = `${unique('Live')} ألف ليلة 📚`
      const book = await postBook(baseURL, ann, { title })
      const review = await postReview(baseURL, ann, book._id, 5, 'A night to remember.')

      await signInAs(page, ann)
      const live = streamOpen(page)
      await page.goto('/notifications')
      await expectVisible(page.getByText('Nothing yet.', { exact: false }))
      await expectVisible(page.getByRole('link', { name: 'Notifications', exact: true }))
      await live

      await apiPut(baseURL, `/reviews/${review._id}/like`, bea.token)
      await apiPut(baseURL, `/reviews/${review._id}/like`, cai.token)
      const list = page.getByRole('list', { name: 'Notifications' })
      await expect.poll(async () => (await list.count()) && list.getByRole('listitem').first().innerText(), { timeout: 5000 }).toMatch(/liked your review of/)
      await expect.poll(() => list.getByRole('listitem').first().innerText(), { timeout: 5000 }).toContain(`${cai.name} and ${bea.name} liked your review of`)
      await expectVisible(page.getByRole('link', { name: 'Notifications, 1 unread' }))

      await checkScreen(page, 'notifications', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `notifications-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      await page.getByRole('button', { name: 'Mark all as read' }).click()
      await expectVisible(page.getByRole('link', { name: 'Notifications', exact: true }))
      await expect.poll(() => page.getByRole('button', { name: 'Mark as read' }).count()).toBe(0)
    })
  }
})

// A mention in a discussion post (decision 0052): "Bea mentioned you in “…”", the thread's long
// right-to-left title with an emoji isolated in the sentence, and the link opening the thread.
describe('notifications: a mention in a discussion post', () => {
  for (const width of WIDTHS) {
    test(`${width} px: Bea names Ann in a post; Ann's list says so and links the thread`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea] = await Promise.all([registerUser(baseURL), registerUser(baseURL)])
      const book = await postBook(baseURL, bea, { title: unique('Mention') })
      const title = 'كتابٌ طويلٌ جدًّا عن الليالي والأيام 📚 Supercalifragilisticexpialidocious'
      const thread = await apiPost<{ _id: string }>(baseURL, `/books/${book._id}/discussions`, { title, text: 'Who finished it?' }, bea.token)
      await apiPost(baseURL, `/discussions/${thread._id}/posts`, { text: `@${ann.username} you did, right? 🎉` }, bea.token)

      await signInAs(page, ann)
      await page.goto('/notifications')
      const item = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()
      await expect.poll(() => item.innerText(), { timeout: 5000 }).toContain(`${bea.name} mentioned you in “`)

      await checkScreen(page, 'notifications-post-mention', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `notifications-post-mention-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      await item.getByRole('link').first().click()
      await expect.poll(() => new URL(page.url()).pathname).toContain(thread._id)
    })
  }
})

// Withdrawn live (decision 0053, "Withdrawn"): with Ann's notifications open, Bea likes her review and
// comments on it (two lines, the bell at 2); Bea deletes the comment and its line leaves, the bell at
// 1; Bea takes her like back and the list is empty again, the bell without a number. No reload.
describe('notifications: withdrawn live', () => {
  for (const width of WIDTHS) {
    test(`${width} px: a deleted comment and an unlike leave Ann's open list and the bell counts down`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea] = await Promise.all([registerUser(baseURL), registerUser(baseURL)])
      const title = `${unique('Gone')} ليلة طويلة 🌙 Incomprehensibilities`
      const book = await postBook(baseURL, ann, { title })
      const review = await postReview(baseURL, ann, book._id, 4, 'Worth a second read.')

      await signInAs(page, ann)
      const live = streamOpen(page)
      await page.goto('/notifications')
      await expectVisible(page.getByText('Nothing yet.', { exact: false }))
      await live

      await apiPut(baseURL, `/reviews/${review._id}/like`, bea.token)
      const comment = await apiPost<{ _id: string }>(baseURL, `/reviews/${review._id}/comments`, { text: 'So true 🌙' }, bea.token)
      const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')
      await expect.poll(() => items.count(), { timeout: 5000 }).toBe(2)
      await expectVisible(page.getByRole('link', { name: 'Notifications, 2 unread' }))

      await apiDelete(baseURL, `/comments/${comment._id}`, bea.token)
      await expectVisible(page.getByRole('link', { name: 'Notifications, 1 unread' }))
      await expect.poll(() => items.count(), { timeout: 3000 }).toBe(1)
      await expect.poll(() => items.first().innerText()).toContain(`${bea.name} liked your review of`)
      await checkScreen(page, 'notifications-withdrawn', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `notifications-withdrawn-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      await apiDelete(baseURL, `/reviews/${review._id}/like`, bea.token)
      await expectVisible(page.getByRole('link', { name: 'Notifications', exact: true }))
      await expect.poll(() => items.count(), { timeout: 3000 }).toBe(0)
    })
  }
})

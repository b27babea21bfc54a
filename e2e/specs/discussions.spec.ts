import { describe, expect } from 'vitest'
import { apiGet, apiPut, postBook, registerUser, unique } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 23, points 3 and 4 in a browser (decisions 0043 and 0044): a reader starts a discussion of a
// book from its page, saying how far in it is (a title in Arabic with an emoji and a long word, an
// inline ||spoiler||); a reader who is not that far sees "Ahead of you: page 200" — the server sent
// no text — reveals it, opens the inline spoiler, and replies. At every width, one axe pass each on
// the thread, screenshots of it in both themes.

interface Post {
  _id: string
  text: string | null
  withheld?: string
}

describe('book discussions that never spoil what you have not read', () => {
  for (const width of WIDTHS) {
    test(`${width} px: start a discussion from the book page, a reader behind it sees it withheld, reveals it, opens the spoiler, replies`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const [ann, bea] = await Promise.all([registerUser(baseURL), registerUser(baseURL)])
      const book = await postBook(baseURL, ann, { pageCount: 300 })
      const title = `${unique('Ending')} النهاية 📚 Supercalifragilisticexpialidociously`

      // Ann starts it from the book's page.
      await signInAs(page, ann)
      await page.goto(`/books/${book._id}`)
      await expectVisible(page.getByRole('heading', { level: 2, name: 'Discussions (0)' }))
      await page.getByRole('link', { name: 'Start a discussion' }).click()
      await page.waitForURL(`**/books/${book._id}/discussions`)
      await expectText(page.getByText('No discussions yet'), /Start the first one/)
      await page.getByRole('button', { name: 'Start a discussion' }).click()
      const form = page.getByRole('form', { name: 'Start a discussion' })
      await form.getByRole('textbox', { name: 'Title' }).fill(title)
      await form.getByRole('textbox', { name: 'Your post' }).fill('So the narrator was ||Rebecca all along||. Did anyone see it coming?')
      await form.getByRole('combobox', { name: 'How far in is this?' }).click()
      await page.getByRole('option', { name: 'A page' }).click()
      await form.getByRole('textbox', { name: 'Page' }).fill('200')
      await form.getByRole('button', { name: 'Start a discussion' }).click()
      await page.waitForURL('**/discussions/*')
      const discussionId = new URL(page.url()).pathname.split('/').pop()!
      // Its author sees it whole.
      await expectText(page.getByRole('heading', { level: 1 }), title)
      await expectVisible(page.getByText(/Did anyone see it coming/))

      // Bea is on page 50: the server withholds the post from her (and from any other client).
      await apiPut(baseURL, `/books/${book._id}/reading`, bea.token, { status: 'reading', progress: { page: 50 } })
      const asBea = await apiGet<Post[]>(baseURL, `/discussions/${discussionId}/posts`, bea.token)
      expect(asBea[0]).toMatchObject({ text: null, withheld: 'ahead' })
      await signInAs(page, bea)
      await page.goto(`/discussions/${discussionId}`)
      await expectVisible(page.getByText('Ahead of you: page 200'))
      await expect.poll(() => page.getByText(/Did anyone see it coming/).count()).toBe(0)
      await page.getByRole('button', { name: 'Reveal: Ahead of you: page 200' }).click()
      await expectVisible(page.getByText(/Did anyone see it coming/))
      // The inline spoiler is still a button; its words are not in the page until pressed (by keyboard here).
      await expect.poll(() => page.getByText('Rebecca all along').count()).toBe(0)
      const spoiler = page.getByRole('button', { name: 'Spoiler hidden: show it' })
      await spoiler.focus()
      await page.keyboard.press('Enter')
      await expectVisible(page.getByText('Rebecca all along'))

      // She replies under it.
      await page.getByRole('button', { name: `Reply to ${ann.username}` }).click()
      const reply = page.getByRole('form', { name: 'Reply' })
      await reply.getByRole('textbox', { name: 'Your reply' }).fill('Not at all! 😮 لا')
      await reply.getByRole('button', { name: 'Reply' }).click()
      await expectVisible(page.getByText('Not at all! 😮 لا'))
      await expectText(page.getByText(/^2 posts/), '2 posts')

      await checkScreen(page, 'discussion-thread', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `discussion-thread-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      // The book page counts it.
      await page.goto(`/books/${book._id}`)
      await expectVisible(page.getByRole('heading', { level: 2, name: 'Discussions (1)' }))
    })
  }
})

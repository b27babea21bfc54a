import { describe } from 'vitest'
import { registerUser } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { statTile, tileText } from '../support/locators.ts'

describe('following someone', () => {
  test('Follow on a public profile moves the Followers count; Unfollow moves it back', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const writer = await registerUser(baseURL, { userType: 'Author' })
    await signInAs(page, reader)

    await page.goto(`/user/${writer._id}`)
    await expectVisible(page.getByRole('heading', { level: 1, name: writer.name }))
    await expectVisible(page.getByText(`@${writer.username}`, { exact: true }))
    await expectVisible(page.getByText('No bio available'))
    await expectText(statTile(page, 'Followers'), tileText(0, 'Followers'))

    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    await expectVisible(page.getByRole('button', { name: 'Unfollow' }))
    await expectText(statTile(page, 'Followers'), tileText(1, 'Followers'))

    // The server agrees: after a reload the page still says Unfollow and 1 follower.
    await page.reload()
    await expectVisible(page.getByRole('button', { name: 'Unfollow' }))
    await expectText(statTile(page, 'Followers'), tileText(1, 'Followers'))

    // The tile opens the followers page, which lists the reader.
    await statTile(page, 'Followers').getByRole('link').click()
    await page.waitForURL(`**/user/${writer._id}/followers`)
    await expectVisible(page.getByRole('tab', { name: 'Followers (1)' }))
    await expectVisible(page.getByRole('tab', { name: 'Following (0)' }))
    await expectVisible(page.getByRole('link', { name: reader.username, exact: true }))
    await page.getByRole('tab', { name: 'Following (0)' }).click()
    await expectVisible(page.getByText('Not following anyone yet'))

    // The reader's own profile counts one followed person.
    await page.goto('/profile')
    await expectText(statTile(page, 'Following'), tileText(1, 'Following'))

    await page.goto(`/user/${writer._id}`)
    await page.getByRole('button', { name: 'Unfollow' }).click()
    await expectVisible(page.getByRole('button', { name: 'Follow', exact: true }))
    await expectHidden(page.getByRole('button', { name: 'Unfollow' }))
    await expectText(statTile(page, 'Followers'), tileText(0, 'Followers'))
    await page.reload()
    await expectText(statTile(page, 'Followers'), tileText(0, 'Followers'))
    await expectVisible(page.getByRole('button', { name: 'Follow', exact: true }))
  })
})

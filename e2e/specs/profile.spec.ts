import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { registerUser, unique } from '../support/api.ts'
import { alertWith, baseURL, expectHidden, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { gradientPng } from '../support/png.ts'

const openEditMenu = async (page: Page, item: 'Change Username' | 'Change Password' | 'Logout') => {
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

describe('own profile', () => {
  test('uploading an avatar: Change Profile Image, preview, Upload, and the avatar comes from /uploads/', async ({ page }) => {
    const reader = await registerUser(baseURL)
    await signInAs(page, reader)
    await page.goto('/profile')
    await expectVisible(page.getByRole('heading', { level: 1, name: reader.name }))

    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Change Profile Image' }).click()
    await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: gradientPng() })
    await expectVisible(page.getByRole('img', { name: 'Preview of your new profile picture' }))
    await expectVisible(page.getByRole('button', { name: 'Cancel' }))
    await page.getByRole('button', { name: 'Upload', exact: true }).click()

    await expectVisible(alertWith(page, 'Profile image updated successfully'))
    const avatar = page.getByRole('img', { name: `${reader.username}'s profile picture` })
    await expectVisible(avatar)
    const src = await avatar.getAttribute('src')
    expect(src).toMatch(new RegExp(`^${baseURL}/uploads/[^/]+$`))
    // The image really loads (served with an image type, allowed by the page's policy).
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    await expectVisible(page.getByRole('button', { name: 'Change Profile Image' }))
    // The top bar's profile button shows the new avatar too, and both survive a reload.
    const topBarAvatar = page.getByRole('banner').getByRole('link', { name: 'Profile' }).getByRole('img')
    await expect.poll(() => topBarAvatar.getAttribute('src')).toBe(src)
    await page.reload()
    await expect.poll(() => topBarAvatar.getAttribute('src')).toBe(src)
    expect(await page.getByRole('img', { name: `${reader.username}'s profile picture` }).getAttribute('src')).toBe(src)
  })

  test('changing the username, then the password, then logging in with the new password', async ({ page }) => {
    const reader = await registerUser(baseURL)
    await signInAs(page, reader)
    await page.goto('/profile')
    await expectVisible(page.getByText(`@${reader.username}`, { exact: true }))

    const newName = unique('renamed')
    await openEditMenu(page, 'Change Username')
    const usernameDialog = page.getByRole('dialog', { name: 'Change Username' })
    await usernameDialog.getByLabel('New Username').fill(newName)
    await usernameDialog.getByRole('button', { name: 'Save' }).click()
    await expectVisible(alertWith(page, 'Username updated successfully'))
    await expectHidden(usernameDialog)
    await expectVisible(page.getByText(`@${newName}`, { exact: true }))
    await expectHidden(page.getByText(`@${reader.username}`, { exact: true }))

    const newPassword = `${reader.password}-new`
    await openEditMenu(page, 'Change Password')
    const passwordDialog = page.getByRole('dialog', { name: 'Change Password' })
    await passwordDialog.getByLabel('Current Password').fill(reader.password)
    await passwordDialog.getByLabel('New Password', { exact: true }).fill(newPassword)
    await passwordDialog.getByLabel('Confirm New Password').fill(newPassword)
    await passwordDialog.getByRole('button', { name: 'Update Password' }).click()
    await expectVisible(alertWith(page, 'Password updated successfully'))
    await expectHidden(passwordDialog)

    // Still signed in (the fresh token replaced the old one): the profile reloads fine.
    await page.reload()
    await expectVisible(page.getByText(`@${newName}`, { exact: true }))

    await openEditMenu(page, 'Logout')
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

    // The old password no longer works…
    await page.getByLabel('Email').fill(reader.email)
    await page.getByLabel('Password').fill(reader.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expectVisible(alertWith(page, 'Invalid email or password'))
    // …the new one does.
    await page.getByLabel('Password').fill(newPassword)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    // Logout went straight to /login with no page to return to, so signing in lands on /.
    await page.waitForURL((u) => u.pathname === '/')
    await page.goto('/profile')
    await expectVisible(page.getByRole('heading', { level: 1, name: reader.name }))
    await expectVisible(page.getByText(`@${newName}`, { exact: true }))
  })
})

import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import type { FakeResponse } from '#/test/fake-api.ts'
import { ownProfileApi } from '#/test/profile-api.ts'

const openDialog = async () => {
  const section = await screen.findByRole('region', { name: 'Your data' })
  fireEvent.click(within(section).getByRole('button', { name: 'Delete account' }))
  return screen.findByRole('dialog', { name: 'Delete your account?' })
}

describe('Delete account (own profile)', () => {
  it('says what is deleted and what stays; the red button waits for a password; Cancel keeps everything', async () => {
    const { callsTo } = ownProfileApi()
    renderApp('/profile')
    const dialog = await openDialog()
    expect(dialog).toHaveAccessibleDescription(/profile, your reviews and ratings, your reading log and the people you follow/)
    expect(dialog).toHaveAccessibleDescription(/Books you added stay in the catalogue/)
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' })
    expect(confirm).toBeDisabled()
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'secret1' } })
    expect(confirm).toBeEnabled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo('DELETE /users/me')).toHaveLength(0)
  })

  it('shows a wrong password’s message in the dialog, and stays signed in', async () => {
    let answer: FakeResponse = { status: 400, body: { message: 'Current password is incorrect', code: 'bad_request' } }
    const { callsTo } = ownProfileApi({ 'DELETE /users/me': () => answer })
    const { router } = renderApp('/profile')
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong-one' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument()
    expect(callsTo('DELETE /users/me')[0]!.body).toEqual({ password: 'wrong-one' })
    expect(localStorage.getItem('token')).not.toBeNull()
    expect(router.state.location.pathname).toBe('/profile')
    answer = { status: 500, body: {} }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByText('Could not delete your account. Please try again.')).toBeInTheDocument()
  })

  it('sends the password, signs the reader out and goes Home with a notice', async () => {
    const { callsTo } = ownProfileApi({
      'DELETE /users/me': { status: 204 },
      'POST /auth/logout': { status: 204 },
      'GET /books': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /reviews/popular-week': { body: [] },
      'GET /reviews/recent': { body: [] },
    })
    const { router } = renderApp('/profile')
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'secret1' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(callsTo('DELETE /users/me')[0]!.body).toEqual({ password: 'secret1' })
    expect(callsTo('DELETE /users/me')[0]!.headers.Authorization).toMatch(/^Bearer /)
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    expect(localStorage.getItem('user')).toBeNull()
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument()
  })
})

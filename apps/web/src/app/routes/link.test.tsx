import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { expectSentToSignIn, renderApp } from '#/test/render.tsx'
import { fakeApi, notFound } from '#/test/fake-api.ts'
import { signIn } from '#/test/factories.ts'

describe('the device-link page', () => {
  it('sends a signed-out visitor to sign in', async () => {
    await expectSentToSignIn('/link?code=BCDF-GHJK')
  })

  it('approves a code typed in lower case without its dash, with the scopes chosen', async () => {
    signIn()
    const api = fakeApi({ 'POST /device/approve': { body: { clientName: 'KOReader on Kobo', status: 'approved' } } })
    renderApp('/link')
    const code = await screen.findByRole('textbox', { name: /^Code/ })
    fireEvent.change(code, { target: { value: 'bcdfghjk' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /^reading:write: / }))
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText(/KOReader on Kobo is linked/)).toBeInTheDocument()
    expect(api.calls.at(-1)!.body).toEqual({ user_code: 'BCDFGHJK', scopes: ['read'], expiresInDays: 90 })
  })

  it('fills the code from the address, and says so plainly when it is malformed, unknown or expired', async () => {
    signIn()
    fakeApi({
      'POST /device/approve': notFound('No device is waiting with this code'),
      'POST /device/deny': { body: { clientName: 'Script', status: 'denied' } },
    })
    renderApp('/link?code=BCDF-GHJK')
    const code = await screen.findByRole('textbox', { name: /^Code/ })
    expect(code).toHaveValue('BCDF-GHJK')
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText(/No device is waiting with this code, or the code has expired/)).toBeInTheDocument()
    fireEvent.change(code, { target: { value: 'AEIO-1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }))
    expect(await screen.findByText('Enter the 8-letter code your device shows')).toBeInTheDocument()
    fireEvent.change(code, { target: { value: 'bcdf ghjk' } })
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }))
    expect(await screen.findByText(/Script was refused/)).toBeInTheDocument()
  })
})

import { fireEvent, screen } from '@testing-library/react'
import type { User } from '@shelfwise/contracts'
import type { FakeResponse } from '#/test/fake-api.ts'
import { makeToken } from '#/test/factories.ts'

/** The answer of POST /auth/login for `user` (fake-api handler). */
export const loginAnswer = (user: User): FakeResponse => ({ body: { message: 'Logged in successfully', token: makeToken(), user } })

/** Signs in through the /login screen's form, as a reader would (the page must be at /login). */
export async function signInThroughForm(email = 'reader@example.test', password = 'secret-pass') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Login' }))
}

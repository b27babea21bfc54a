import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, failWithoutMessage } from '#/test/fake-api.ts'
import { buildUser, makeToken } from '#/test/factories.ts'

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input, select, textarea' }), { target: { value } })

async function openSignUp() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }))
  await screen.findByLabelText('Full Name')
}

/** The Sign Up form sent with only these fields filled in, by label. */
async function sendSignUp(fields: Record<string, string>) {
  fakeApi({})
  renderApp('/login')
  await openSignUp()
  for (const [label, value] of Object.entries(fields)) fill(label, value)
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
}

describe('Login', () => {
  it("requires email and password: 'All fields are required'", async () => {
    const { callsTo } = fakeApi({})
    renderApp('/login')
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }))
    expect(await screen.findByText('All fields are required')).toBeInTheDocument()
    expect(callsTo('POST /auth/login')).toHaveLength(0)
  })

  it("shows 'Signing in...' while busy", async () => {
    fakeApi({ 'POST /auth/login': { pending: true } })
    renderApp('/login', { state: { from: { pathname: '/about' } } })
    await screen.findByRole('tab', { name: 'Login' })
    fill('Email', 'ada@example.com')
    fill('Password', 'secret1')
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
  })

  it('returns to the page in navigation state after success, else /', async () => {
    const user = buildUser()
    fakeApi({ 'POST /auth/login': { body: { message: 'Logged in successfully', token: makeToken(), user } } })
    const { router } = renderApp('/login', { state: { from: { pathname: '/about' } } })
    await screen.findByRole('tab', { name: 'Login' })
    fill('Email', 'ada@example.com')
    fill('Password', 'secret1')
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'))
    expect(localStorage.getItem('token')).not.toBeNull()
    expect(JSON.parse(localStorage.getItem('user')!)._id).toBe(user._id)
  })

  it("shows the server's message in a red alert, else 'An error occurred. Please try again.'", async () => {
    let fail = { status: 401, body: { message: 'Invalid email or password', code: 'unauthorized' } }
    fakeApi({ 'POST /auth/login': () => fail })
    renderApp('/login')
    await screen.findByRole('tab', { name: 'Login' })
    fill('Email', 'ada@example.com')
    fill('Password', 'wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument()
    fail = failWithoutMessage as typeof fail
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument()
  })
})

describe('Sign Up', () => {
  it('has the fields, with Reader as the default account type', async () => {
    fakeApi({})
    renderApp('/login')
    await openSignUp()
    for (const label of ['Full Name', 'Username', 'Email Address', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toBeInTheDocument()
    }
    const type = screen.getByLabelText('Account Type', { selector: 'select' })
    expect(type).toHaveValue('Reader')
    expect([...(type as HTMLSelectElement).options].map((o) => o.value)).toEqual(['Reader', 'Author', 'Seller'])
  })

  it("says 'Passwords do not match'", async () => {
    await sendSignUp({ 'Full Name': 'Ada', Username: 'ada', 'Email Address': 'ada@example.com', Password: 'secret1', 'Confirm Password': 'secret2' })
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
  })

  it("says 'Name, username, and account type are required'", async () => {
    await sendSignUp({ 'Email Address': 'ada@example.com', Password: 'secret1', 'Confirm Password': 'secret1' })
    expect(await screen.findByText('Name, username, and account type are required')).toBeInTheDocument()
  })

  it("says 'All fields are required' without email or password", async () => {
    await sendSignUp({ 'Full Name': 'Ada', Username: 'ada' })
    expect(await screen.findByText('All fields are required')).toBeInTheDocument()
  })

  it("registers, shows 'Creating account...' and returns home", async () => {
    const user = buildUser()
    let release: (() => void) | undefined
    const gate = new Promise<void>((r) => {
      release = r
    })
    const { callsTo } = fakeApi({ 'POST /auth/register': { status: 201, body: { message: 'Account created successfully', token: makeToken(), user } } })
    const realFetch = globalThis.fetch
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await gate
      return realFetch(...args)
    }) as typeof fetch
    const { router } = renderApp('/login')
    await openSignUp()
    fill('Full Name', 'Ada Lovelace')
    fill('Username', 'ada')
    fireEvent.change(screen.getByLabelText('Account Type', { selector: 'select' }), { target: { value: 'Author' } })
    fill('Email Address', 'ada@example.com')
    fill('Password', 'secret1')
    fill('Confirm Password', 'secret1')
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled()
    release!()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(callsTo('POST /auth/register')[0]!.body).toEqual({
      name: 'Ada Lovelace',
      username: 'ada',
      userType: 'Author',
      email: 'ada@example.com',
      password: 'secret1',
    })
  })
})

describe('Login and Sign Up: what the tab says and why a sign-up fails', () => {
  it("names the tab 'Login — Shelfwise' / 'Sign Up — Shelfwise', and ?tab=signup opens Sign Up", async () => {
    fakeApi({})
    const first = renderApp('/login')
    await screen.findByRole('tab', { name: 'Login', selected: true })
    expect(document.title).toBe('Login — Shelfwise')
    await openSignUp()
    expect(document.title).toBe('Sign Up — Shelfwise')
    first.unmount()
    renderApp('/login?tab=signup')
    expect(await screen.findByRole('tab', { name: 'Sign Up', selected: true })).toBeInTheDocument()
    expect(screen.getByLabelText('Full Name', { selector: 'input' })).toBeInTheDocument()
  })

  it.each([
    [409, 'Username is already taken'],
    [400, 'Password is too common; choose something harder to guess'],
  ])('a %i shows the server’s sentence: %s', async (status, message) => {
    fakeApi({ 'POST /auth/register': { status, body: { message, code: status === 409 ? 'conflict' : 'validation_failed' } } })
    renderApp('/login?tab=signup')
    await screen.findByLabelText('Full Name', { selector: 'input' })
    fill('Full Name', 'Ada Lovelace')
    fill('Username', 'ada')
    fill('Email Address', 'ada@example.com')
    fill('Password', 'password')
    fill('Confirm Password', 'password')
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('a malformed username is refused under its field in words, before anything is sent', async () => {
    const { calls } = fakeApi({})
    renderApp('/login?tab=signup')
    await screen.findByLabelText('Full Name', { selector: 'input' })
    fill('Full Name', 'Ada Lovelace')
    fill('Username', 'semi;colon')
    fill('Email Address', 'ada@example.com')
    fill('Password', 'quiet-lantern-7')
    fill('Confirm Password', 'quiet-lantern-7')
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText(/may contain only letters, digits/)).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/auth/register')).toHaveLength(0)
  })
})

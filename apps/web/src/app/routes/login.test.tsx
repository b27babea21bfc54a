import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, failWithoutMessage, type Handler } from '#/test/fake-api.ts'
import { buildUser, makeToken, signIn } from '#/test/factories.ts'

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input, select, textarea' }), { target: { value } })

async function openSignUp() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }))
  await screen.findByLabelText('Full Name')
}

/** The Sign Up form sent with only these fields filled in, by label; the fake API (`routes`) is returned. */
async function sendSignUp(fields: Record<string, string>, routes: Record<string, Handler> = {}) {
  const api = fakeApi(routes)
  renderApp('/login')
  await openSignUp()
  for (const [label, value] of Object.entries(fields)) fill(label, value)
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
  return api
}

/** Every field filled in well, for a sign-up that only the server (or one changed field) refuses. */
const goodSignUp = {
  'Full Name': 'Ada Lovelace',
  Username: 'ada',
  'Email Address': 'ada@example.com',
  Password: 'quiet-lantern-7',
  'Confirm Password': 'quiet-lantern-7',
}

describe('Login', () => {
  it('sends a reader who is already signed in on to their profile (issue 22)', async () => {
    fakeApi({})
    signIn(buildUser({ username: 'mina' }))
    const { router } = renderApp('/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument()
  })

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
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match')
  })

  it("says 'Name, username, and account type are required'", async () => {
    await sendSignUp({ 'Email Address': 'ada@example.com', Password: 'secret1', 'Confirm Password': 'secret1' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Name, username, and account type are required')
  })

  it("says 'All fields are required' without email or password", async () => {
    await sendSignUp({ 'Full Name': 'Ada', Username: 'ada' })
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required')
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
    await sendSignUp(goodSignUp, { 'POST /auth/register': { status, body: { message, code: status === 409 ? 'conflict' : 'validation_failed' } } })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('a malformed username is refused under its field in words, before anything is sent', async () => {
    const { calls } = await sendSignUp({ ...goodSignUp, Username: 'semi;colon' })
    expect(await screen.findByText(/may contain only letters, digits/)).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/auth/register')).toHaveLength(0)
  })

  /** The text shown beside a field (its helper text), by the field's label. */
  const besideField = (label: string) => {
    const input = screen.getByLabelText(label, { selector: 'input, select' })
    const id = input.getAttribute('aria-describedby')
    return id ? document.getElementById(id)?.textContent : undefined
  }

  it('an empty form says everything at once: the spec’s sentences above, and each field beside it', async () => {
    const { calls } = await sendSignUp({})
    const alert = await screen.findByRole('alert')
    expect([...alert.querySelectorAll('.MuiAlert-message > div')].map((d) => d.textContent)).toEqual([
      'Name, username, and account type are required',
      'All fields are required',
    ])
    expect(besideField('Full Name')).toBe('Full Name is required')
    expect(besideField('Username')).toBe('Username is required')
    expect(besideField('Email Address')).toBe('Email Address is required')
    expect(besideField('Password')).toBe('Password is required')
    expect(besideField('Confirm Password')).toBe('Confirm Password is required')
    expect(calls.filter((c) => c.path === '/auth/register')).toHaveLength(0)
  })

  it('a bad username, a bad email, a short password and a mismatch are each named beside their field at once', async () => {
    const { calls } = await sendSignUp({ ...goodSignUp, Username: 'semi;colon', 'Email Address': 'not-an-address', Password: 'abc', 'Confirm Password': 'abd' })
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Passwords do not match$/)
    expect(besideField('Full Name')).toBeUndefined()
    expect(besideField('Username')).toBe('Username may contain only letters, digits, ".", "_" and "-"')
    expect(besideField('Email Address')).toBe('Email Address must be a valid email address')
    expect(besideField('Password')).toBe('Password must be at least 6 characters long')
    expect(besideField('Confirm Password')).toBe('Passwords do not match')
    expect(calls.filter((c) => c.path === '/auth/register')).toHaveLength(0)
  })
})

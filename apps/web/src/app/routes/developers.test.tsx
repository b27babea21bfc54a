import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Device, PersonalToken } from '@shelfwise/contracts'
import { expectSentToSignIn, renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { signIn } from '#/test/factories.ts'

const token = (o: Partial<PersonalToken> = {}): PersonalToken => ({
  _id: crypto.randomUUID(),
  name: 'Reading script',
  scopes: ['read'],
  hint: 'x9Zq',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  lastUsedAt: null,
  ...o,
})
const device = (o: Partial<Device> = {}): Device => ({
  _id: crypto.randomUUID(),
  name: 'Kobo Libra',
  username: 'kobo-libra-4f2a',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  ...o,
})

describe('the Developers page', () => {
  it('sends a signed-out visitor to sign in', async () => {
    await expectSentToSignIn('/developers')
  })

  it('makes a token with the scopes chosen, shows it once, lists tokens with their last use and revokes one after confirming', async () => {
    signIn()
    const used = token({ name: 'كتبي 📚 nightly-sync-with-a-very-long-unbroken-name', lastUsedAt: '2026-11-25T08:00:00.000Z' })
    let list = [used]
    const made = { ...token({ name: 'Shortcut', scopes: ['read', 'reading:write'] }), token: `swp_${'k'.repeat(40)}` }
    const api = fakeApi({
      'GET /me/tokens': () => ({ body: list }),
      'GET /me/devices': { body: [] },
      'GET /me/webhooks': { body: [] },
      'POST /me/tokens': () => ((list = [made, ...list]), { status: 201, body: made }),
      [`DELETE /me/tokens/${used._id}`]: () => ((list = list.filter((t) => t._id !== used._id)), { status: 204 }),
    })
    renderApp('/developers')
    const tokens = await screen.findByRole('list', { name: 'Your tokens' })
    expect(tokens).toHaveTextContent(used.name)
    expect(tokens).toHaveTextContent('ends in …x9Zq')
    expect(tokens).toHaveTextContent('Last used')

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Shortcut' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Token' }))
    expect(await screen.findByText('Choose at least one scope')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: /^read: / }))
    fireEvent.click(screen.getByRole('checkbox', { name: /^reading:write: / }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Token' }))
    expect(await screen.findByDisplayValue(made.token)).toBeInTheDocument()
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument()
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Shortcut', scopes: ['read', 'reading:write'], expiresInDays: 30 })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByDisplayValue(made.token)).toBeNull())

    const card = within(await screen.findByRole('list', { name: 'Your tokens' })).getByRole('listitem', { name: used.name })
    fireEvent.click(within(card).getByRole('button', { name: 'Revoke' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(screen.queryByText(used.name)).toBeNull())
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `/me/tokens/${used._id}`)).toBe(true)
  })

  it('adds a KOReader device with its setup in three steps, the password once, and removes one', async () => {
    signIn()
    const old = device({ name: 'Old Kindle' })
    let list = [old]
    const made = { ...device({ name: 'Kobo Libra' }), password: 'pw-once-3k9d' }
    fakeApi({
      'GET /me/tokens': { body: [] },
      'GET /me/webhooks': { body: [] },
      'GET /me/devices': () => ({ body: list }),
      'POST /me/devices': () => ((list = [made, ...list]), { status: 201, body: made }),
      [`DELETE /me/devices/${old._id}`]: () => ((list = list.filter((d) => d._id !== old._id)), { status: 204 }),
    })
    renderApp('/developers')
    expect(await screen.findByRole('list', { name: 'Your devices' })).toHaveTextContent('Old Kindle')
    fireEvent.change(screen.getByRole('textbox', { name: /Device name/ }), { target: { value: 'Kobo Libra' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add Device' }))
    expect(await screen.findByDisplayValue(`${window.location.origin}/kosync`)).toBeInTheDocument()
    expect(screen.getByDisplayValue(made.username)).toBeInTheDocument()
    expect(screen.getByDisplayValue(made.password)).toBeInTheDocument()
    expect(screen.getByText('The password is shown only this once.')).toBeInTheDocument()

    const card = within(screen.getByRole('list', { name: 'Your devices' })).getByRole('listitem', { name: 'Old Kindle' })
    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }))
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this device?' })).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByText('Old Kindle')).toBeNull())
  })

  it('turns on finishing a read at a device’s 100 %, showing the server’s answer, and says so when saving fails', async () => {
    signIn()
    let fail = false
    const api = fakeApi({
      'GET /me/tokens': { body: [] },
      'GET /me/webhooks': { body: [] },
      'GET /me/devices': { body: [] },
      'GET /me/sync-settings': { body: { finishAtEnd: false } },
      'PUT /me/sync-settings': (req) => (fail ? { status: 500, body: { message: 'boom', code: 'internal' } } : { body: req.body }),
    })
    renderApp('/developers')
    const toggle = await screen.findByRole('switch', { name: 'Mark a book as read when a device reports its end' })
    expect(toggle).not.toBeChecked()
    expect(toggle).toHaveAccessibleDescription(/At 100 %, the last page or the last second/)
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle).toBeChecked())
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ finishAtEnd: true })
    fail = true
    fireEvent.click(toggle)
    expect(await screen.findByText('Could not save this setting. Please try again.')).toBeInTheDocument()
    expect(toggle).toBeChecked()
  })

  it('holds the webhooks (the old address leads there) and a quick start with this origin', async () => {
    const { user } = signIn()
    fakeApi({ 'GET /me/tokens': { body: [] }, 'GET /me/devices': { body: [] }, 'GET /me/webhooks': { body: [] } })
    renderApp('/developers/webhooks')
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Developers' })).toBeInTheDocument()
    const curl = screen.getByRole('textbox', { name: 'curl (progress)' })
    expect((curl as HTMLTextAreaElement).value).toContain(`curl -X PUT '${window.location.origin}/api/me/progress'`)
    expect((curl as HTMLTextAreaElement).value).toContain("-H 'Idempotency-Key: my-book-42'")
    expect((screen.getByRole('textbox', { name: 'curl (library)' }) as HTMLTextAreaElement).value).toContain(`/api/users/${user._id}/library`)
  })
})

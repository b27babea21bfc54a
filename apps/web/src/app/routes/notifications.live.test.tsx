import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { NOTIFICATION_TYPES, type Notification } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildUser, signIn } from '#/test/factories.ts'

// The live stream's `withdrawn` event (decision 0053): a notification taken back with its cause
// leaves the open notifications screen and the bell's count goes down, without a reload and
// without reading the count again (the server still answers the old count here, so only the
// stream's number can make the bell change).

class FakeEventSource {
  static last: FakeEventSource | undefined
  readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>()
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  readonly url: string
  constructor(url: string) {
    this.url = url
    FakeEventSource.last = this
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {}
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }))
  }
}

const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`
const ana = buildUser({ name: 'Ana', username: 'ana' })
const ben = buildUser({ name: 'Ben', username: 'ben' })
const note = (n: number, type: Notification['type'], title: string, actor: typeof ana): Notification => ({
  _id: id(n),
  type,
  actors: [{ _id: actor._id, name: actor.name, username: actor.username, profileImage: '' }],
  count: 1,
  target: { type: 'review', id: id(100 + n), bookId: id(200 + n), title, parentId: null },
  createdAt: '2026-12-19T10:00:00.000Z',
  readAt: null,
})

describe('notifications: withdrawn live', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource))
  afterEach(() => {
    FakeEventSource.last = undefined
  })

  it('takes a withdrawn notification off the open list and lowers the bell’s count from the stream', async () => {
    signIn(buildUser({ name: 'Me', username: 'me' }))
    const liked = note(1, 'review_like', 'Emma', ana)
    const commented = note(2, 'review_comment', 'Persuasion', ben)
    fakeApi({
      'GET /me/notifications/unread-count': { body: { count: 2 } },
      'GET /me/notifications': { body: [liked, commented], headers: { 'X-Total-Count': '2' } },
      'GET /me/notification-settings': { body: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) },
      'POST /me/notifications/ticket': { body: { ticket: 'swt_test', expiresAt: '2099-01-01T00:00:00.000Z' } },
    })
    renderApp('/notifications')
    const list = await screen.findByRole('list', { name: 'Notifications' })
    expect(await within(list).findByText('Emma')).toBeInTheDocument()
    expect(within(list).getByText('Persuasion')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument()
    await vi.waitFor(() => expect(FakeEventSource.last?.listeners.has('withdrawn')).toBe(true))

    act(() => FakeEventSource.last!.emit('withdrawn', { ids: [liked._id], unreadCount: 1 }))
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    expect(within(list).queryByText('Emma')).not.toBeInTheDocument()
    expect(within(list).getByText('Persuasion')).toBeInTheDocument()

    // The last one goes too: the bell has no number.
    act(() => FakeEventSource.last!.emit('withdrawn', { ids: [commented._id], unreadCount: 0 }))
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument()
    expect(within(list).queryByText('Persuasion')).not.toBeInTheDocument()
  })
})

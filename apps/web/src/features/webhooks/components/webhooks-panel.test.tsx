import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer } from '#/test/fake-api.ts'
import { signIn } from '#/test/factories.ts'

const hook = (o: Partial<Webhook> = {}): Webhook => ({
  _id: crypto.randomUUID(),
  url: 'https://example.com/hooks/shelfwise',
  events: ['review.published'],
  createdAt: '2026-11-20T10:00:00.000Z',
  disabledAt: null,
  disabledReason: null,
  ...o,
})

describe('the webhooks panel', () => {
  it('lists hooks, explains a stopped one, and shows a hook’s delivery log', async () => {
    signIn()
    const stopped = hook({
      url: 'https://down.example/x',
      disabledAt: '2026-11-21T10:00:00.000Z',
      disabledReason: 'Deliveries failed for a day, so this webhook was stopped.',
    })
    const delivery: WebhookDelivery = {
      _id: crypto.randomUUID(),
      event: 'review.published',
      createdAt: '2026-11-20T10:00:00.000Z',
      state: 'failed',
      attempts: 27,
      lastStatus: 500,
      lastError: 'HTTP 500: boom',
      nextAttemptAt: null,
      deliveredAt: null,
    }
    fakeApi({ 'GET /me/webhooks': { body: [hook(), stopped] }, [`GET /me/webhooks/${stopped._id}/deliveries`]: pagedAnswer([delivery]) })
    renderApp('/developers/webhooks')
    const list = await screen.findByRole('list', { name: 'Your webhooks' })
    const card = within(list).getAllByRole('listitem')[1]!
    expect(card).toHaveTextContent('https://down.example/x')
    expect(within(card).getByText('Stopped')).toBeInTheDocument()
    expect(within(card).getByRole('alert')).toHaveTextContent('Deliveries failed for a day')
    fireEvent.click(within(card).getByRole('button', { name: 'Show Deliveries' }))
    const log = await within(card).findByRole('list', { name: 'Deliveries' })
    expect(log).toHaveTextContent('27 attempts · HTTP 500')
    expect(log).toHaveTextContent('HTTP 500: boom')
    expect(log).toHaveTextContent(delivery._id)
  })

  it('turns a stopped hook back on: the warning goes once the server answers it working', async () => {
    signIn()
    let stopped = hook({ disabledAt: '2026-11-21T10:00:00.000Z', disabledReason: 'Deliveries failed for a day, so this webhook was stopped.' })
    const api = fakeApi({
      'GET /me/webhooks': () => ({ body: [stopped] }),
      [`POST /me/webhooks/${stopped._id}/enable`]: () => ((stopped = { ...stopped, disabledAt: null, disabledReason: null }), { body: stopped }),
    })
    renderApp('/developers/webhooks')
    const card = within(await screen.findByRole('list', { name: 'Your webhooks' })).getByRole('listitem')
    expect(within(card).getByRole('alert')).toHaveTextContent('the ones it missed are not')
    fireEvent.click(within(card).getByRole('button', { name: 'Turn Back On' }))
    await waitFor(() => expect(within(card).queryByText('Stopped')).toBeNull())
    expect(within(card).queryByRole('alert')).toBeNull()
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/me/webhooks/${stopped._id}/enable`])
  })

  it('adds a hook and shows its secret once; refusals in the server’s words', async () => {
    signIn()
    const made = { ...hook({ url: 'https://receiver.example/in', events: ['read.finished'] }), secret: `whsec_${'a'.repeat(64)}` }
    let refuse = true
    const api = fakeApi({
      'GET /me/webhooks': { body: [] },
      'POST /me/webhooks': () => (refuse ? { status: 400, body: { message: WEBHOOK_MESSAGES.privateUrl, code: 'bad_request' } } : { status: 201, body: made }),
    })
    renderApp('/developers/webhooks')
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument()
    fireEvent.change(screen.getByRole('textbox', { name: /Receiver URL/ }), { target: { value: 'http://10.0.0.1/in' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }))
    expect(await screen.findByText('Choose at least one event')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: /read\.finished/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }))
    expect(await screen.findByText(WEBHOOK_MESSAGES.privateUrl)).toBeInTheDocument()
    refuse = false
    fireEvent.change(screen.getByRole('textbox', { name: /Receiver URL/ }), { target: { value: 'https://receiver.example/in' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }))
    expect(await screen.findByDisplayValue(made.secret)).toBeInTheDocument()
    const sent = api.calls.filter((r) => r.method === 'POST').at(-1)!
    expect(sent.body).toEqual({ url: 'https://receiver.example/in', events: ['read.finished'] })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByDisplayValue(made.secret)).toBeNull())
  })
})

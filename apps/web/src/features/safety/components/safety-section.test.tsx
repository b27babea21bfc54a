import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import type { FakeRequest } from '#/test/fake-api.ts'
import { ownProfileApi } from '#/test/profile-api.ts'

describe('Muted words in the profile’s Safety section', () => {
  it('keeps the field and Save closed until the saved words are in it', async () => {
    const api = ownProfileApi({
      'GET /me/muted-words': { pending: true },
      'GET /me/blocks': { body: [] },
      'GET /me/reports': { body: [] },
    })
    renderApp('/profile')
    const safety = await screen.findByRole('region', { name: 'Safety' }, { timeout: 15_000 })
    // The words have not arrived: nothing typed now could be lost, and Save cannot drop them.
    expect(within(safety).getByLabelText('Muted words')).toBeDisabled()
    expect(within(safety).getByRole('button', { name: 'Save muted words' })).toBeDisabled()
    expect(api.callsTo('PUT /me/muted-words')).toHaveLength(0)
  }, 30_000)

  it('shows the saved words and replaces them with what the reader typed', async () => {
    let words = ['spoilers', 'سيء']
    const api = ownProfileApi({
      'GET /me/muted-words': () => ({ body: { words } }),
      'PUT /me/muted-words': (req: FakeRequest) => {
        words = (req.body as { words: string[] }).words
        return { body: { words } }
      },
      'GET /me/blocks': { body: [] },
      'GET /me/reports': { body: [] },
    })
    renderApp('/profile')
    const safety = await screen.findByRole('region', { name: 'Safety' }, { timeout: 15_000 })
    const field = within(safety).getByLabelText('Muted words')
    await waitFor(() => expect(field).toHaveValue('spoilers\nسيء'))
    expect(field).toBeEnabled()
    fireEvent.change(field, { target: { value: 'spoilers\n  quetzalcoatl  \n\n' } })
    fireEvent.click(within(safety).getByRole('button', { name: 'Save muted words' }))
    expect(await within(safety).findByText('Muted words saved.')).toBeInTheDocument()
    expect(api.callsTo('PUT /me/muted-words')[0]?.body).toEqual({ words: ['spoilers', 'quetzalcoatl'] })
    expect(field).toHaveValue('spoilers\nquetzalcoatl')
  }, 30_000)
})

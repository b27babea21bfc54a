import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PrivacyApplyInput } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import type { FakeRequest } from '#/test/fake-api.ts'
import { ownProfileApi } from '#/test/profile-api.ts'

/** A server keeping the reader's default and three entries, one of them with its own choice. */
function privacyServer() {
  let readingLog = 'public'
  const entries: (string | null)[] = [null, null, 'private']
  const changedBy = (v: string) => entries.filter((e) => (e ?? readingLog) !== v).length
  const api = ownProfileApi({
    'GET /me/privacy': () => ({ body: { readingLog } }),
    'PUT /me/privacy': (req: FakeRequest) => {
      readingLog = (req.body as { readingLog: string }).readingLog
      return { body: { readingLog } }
    },
    'POST /me/privacy/apply': (req: FakeRequest) => {
      const { visibility, dryRun } = req.body as PrivacyApplyInput
      const changed = changedBy(visibility)
      if (!dryRun) {
        readingLog = visibility
        entries.fill(null)
      }
      return { body: { changed } }
    },
  })
  return { ...api, state: () => ({ readingLog, entries }) }
}

describe('Who can see your reading?', () => {
  it('saves the default at once, previews how many past entries the bulk change changes, then applies it', async () => {
    const server = privacyServer()
    renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'Who can see your reading?' }, { timeout: 15_000 })
    expect(within(section).getByText(/Your reviews are always public/)).toBeInTheDocument()
    await waitFor(() => expect(within(section).getByRole('radio', { name: /Everyone/ })).toBeChecked())

    fireEvent.click(within(section).getByRole('radio', { name: /Followers only/ }))
    expect(await within(section).findByText('Saved.')).toBeInTheDocument()
    expect(server.state().readingLog).toBe('followers')

    fireEvent.click(within(section).getByRole('button', { name: 'Apply to past entries' }))
    // Two entries follow the default (now followers only: unchanged); the private one changes.
    expect(await within(section).findByText('Who can see this? Followers only — changes 1 entry.')).toBeInTheDocument()
    expect(server.state().entries).toEqual([null, null, 'private'])
    fireEvent.click(within(section).getByRole('button', { name: 'Change 1 entry' }))
    expect(await within(section).findByText('Done: 1 entry changed.')).toBeInTheDocument()
    expect(server.state().entries).toEqual([null, null, null])

    fireEvent.click(within(section).getByRole('button', { name: 'Apply to past entries' }))
    expect(await within(section).findByText('Every entry already has this setting.')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: /^Change/ })).toBeNull()
  }, 30_000)
})

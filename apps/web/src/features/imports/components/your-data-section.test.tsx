import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { ownProfileApi } from '#/test/profile-api.ts'

function captureDownloads() {
  const saved: { name: string; href: string }[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href })
  })
  return saved
}

describe('Your data (own profile)', () => {
  it('links to the import screen and the Developers page', async () => {
    ownProfileApi()
    renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'Your data' })
    expect(within(section).getByRole('link', { name: 'Import your library' })).toHaveAttribute('href', '/import')
    expect(within(section).getByRole('link', { name: 'Developers' })).toHaveAttribute('href', '/developers')
  })

  it('downloads the Goodreads CSV and the JSON export with the token, named as the server says or by default', async () => {
    const saved = captureDownloads()
    const { callsTo } = ownProfileApi({
      'GET /me/export/goodreads.csv': {
        body: 'Book Id,Title',
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="ada-goodreads.csv"' },
      },
      'GET /me/export.json': { body: { profile: {} } },
    })
    renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'Your data' })
    fireEvent.click(within(section).getByRole('button', { name: 'Export (Goodreads CSV)' }))
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['ada-goodreads.csv']))
    fireEvent.click(await within(section).findByRole('button', { name: 'Export everything (JSON)' }))
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['ada-goodreads.csv', 'shelfwise-export.json']))
    expect(callsTo('GET /me/export/goodreads.csv')[0]!.headers.Authorization).toMatch(/^Bearer /)
    expect(callsTo('GET /me/export.json')[0]!.headers.Authorization).toMatch(/^Bearer /)
  })

  it('says so when an export fails', async () => {
    captureDownloads()
    ownProfileApi({ 'GET /me/export.json': { status: 500, body: {} } })
    renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'Your data' })
    fireEvent.click(within(section).getByRole('button', { name: 'Export everything (JSON)' }))
    expect(await within(section).findByText('Could not export your data. Please try again.')).toBeInTheDocument()
  })
})

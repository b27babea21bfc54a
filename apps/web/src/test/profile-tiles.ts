import { afterEach, expect, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'

/**
 * Puts a stand-in for scrollIntoView on every element (jsdom draws no layout and has none) that
 * records where a link scrolled to; cleared after each test of the file that calls this.
 */
export function recordScrolls() {
  const scrollIntoView = vi.fn()
  Element.prototype.scrollIntoView = scrollIntoView
  afterEach(() => scrollIntoView.mockClear())
  return scrollIntoView
}

/** A profile's stat tiles as [what each link is called, where it goes], in order. */
export const tileLinks = (stats: HTMLElement) =>
  within(stats)
    .getAllByRole('link')
    .map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])

/**
 * Clicks the stat tile called `name` and checks where it went: the tab `tab` is chosen, the page
 * scrolled to the profile's tabs, and `shown` (the tab's text) is on screen.
 */
export async function followTile(stats: HTMLElement, scrolls: ReturnType<typeof vi.fn>, name: string, tab: string, shown: string) {
  fireEvent.click(within(stats).getByRole('link', { name }))
  expect(await screen.findByText(shown)).toBeInTheDocument()
  expect(scrolls.mock.contexts.at(-1)).toHaveAttribute('id', 'profile-sections')
  expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
}

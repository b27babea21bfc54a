import type { Page } from 'playwright-core'
import { escapeRe } from './fixtures.ts'

/** A stat tile of a profile ('Reviews', 'Followers', …): its value and label. */
export const statTile = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Statistics' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^\\s*\\d+\\s*${escapeRe(label)}\\s*$`) })

/** The tile's text as the reader sees it: '3 Followers' (any whitespace between). */
export const tileText = (value: number, label: string) => new RegExp(`^\\s*${value}\\s*${escapeRe(label)}\\s*$`)

/** A book card (in a grid) by its title heading. */
export const bookCard = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

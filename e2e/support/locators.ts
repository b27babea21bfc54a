import type { Page } from 'playwright-core'
import { escapeRe } from './fixtures.ts'

const statTiles = (page: Page) => page.getByRole('list', { name: 'Statistics' }).getByRole('listitem')

/** A stat tile of a profile ('Reviews', 'Followers', …): its value and label. */
export const statTile = (page: Page, label: string) => statTiles(page).filter({ hasText: new RegExp(`^\\s*\\d+\\s*${escapeRe(label)}\\s*$`) })

/** Every stat tile's text as the reader reads it, in order: '3 Reviews', … (whitespace folded). */
export const statTileTexts = async (page: Page) => (await statTiles(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())

/** The tile's text as the reader sees it: '3 Followers' (any whitespace between). */
export const tileText = (value: number, label: string) => new RegExp(`^\\s*${value}\\s*${escapeRe(label)}\\s*$`)

/** A book card (in a grid) by its title heading. */
export const bookCard = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

import { paths } from '#/config/paths.ts'

const mainLinks = [
  { label: 'Home', to: paths.home.href() },
  { label: 'Browse', to: paths.browse.href() },
  { label: 'About', to: paths.about.href() },
] as const

export const allLinks = [...mainLinks, { label: 'Profile', to: paths.profile.href() }] as const

export interface NavLinkItem {
  label: string
  to: string
}

/**
 * The main links, with My Books (the reader's library: stats and import are reached from it) and
 * Following (the followed feed, decision 0050) for a signed-in reader.
 */
export const mainLinksFor = (userId: string | undefined): readonly NavLinkItem[] =>
  userId ? [...mainLinks, { label: 'My Books', to: paths.library.href(userId) }, { label: 'Following', to: paths.feed.href() }] : mainLinks

/** Every link of the menus and drawers: the main ones (My Books among them when signed in), then Profile. */
export const allLinksFor = (userId: string | undefined): readonly NavLinkItem[] => [...mainLinksFor(userId), { label: 'Profile', to: paths.profile.href() }]

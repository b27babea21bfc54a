// Every path of the app, defined once (CONVENTIONS 19).

/** The id of a profile's tabs, where a stat tile's link scrolls to. */
export const PROFILE_SECTIONS_ID = 'profile-sections'

export const paths = {
  home: { pattern: '/', href: () => '/' },
  browse: { pattern: '/browse', href: () => '/browse' },
  book: { pattern: '/books/:id', href: (id: string) => `/books/${encodeURIComponent(id)}` },
  /** A book's discussions and the form to start one (decision 0043). */
  bookDiscussions: { pattern: '/books/:id/discussions', href: (id: string) => `/books/${encodeURIComponent(id)}/discussions` },
  /** One discussion: its posts, replies and the reply form. */
  discussion: { pattern: '/discussions/:id', href: (id: string) => `/discussions/${encodeURIComponent(id)}` },
  /** The add form again, for the reader who added the book. */
  editBook: { pattern: '/books/:id/edit', href: (id: string) => `/books/${encodeURIComponent(id)}/edit` },
  login: { pattern: '/login', href: (tab?: 'signup') => (tab === 'signup' ? '/login?tab=signup' : '/login') },
  // A section (the Reviews tab, a book list) is in the address, so a stat tile opens it and scrolls to it.
  profile: {
    pattern: '/profile',
    href: (section?: 'reviews' | 'wishlist' | 'recently-read') =>
      !section ? '/profile' : `/profile?${section === 'reviews' ? 'tab=reviews' : `shelf=${section}`}#${PROFILE_SECTIONS_ID}`,
  },
  user: {
    pattern: '/user/:userId',
    href: (id: string, tab?: 'reviews' | 'books-read') => `/user/${encodeURIComponent(id)}${tab ? `?tab=${tab}#${PROFILE_SECTIONS_ID}` : ''}`,
  },
  // The tab is in the address, so the Following tile (and a shared link) opens the Following tab.
  followers: {
    pattern: '/user/:userId/followers',
    href: (id: string, tab?: 'followers' | 'following') => `/user/${encodeURIComponent(id)}/followers${tab === 'following' ? '?tab=following' : ''}`,
  },
  /** A reader's library: a tab per reading status. */
  library: {
    pattern: '/user/:userId/library',
    href: (id: string, status?: string) => `/user/${encodeURIComponent(id)}/library${status ? `?status=${status}` : ''}`,
  },
  /** A reader's year in numbers; without a year, every year and the all-time totals. */
  stats: { pattern: '/user/:userId/stats/:year?', href: (id: string, year?: number) => `/user/${encodeURIComponent(id)}/stats${year ? `/${year}` : ''}` },
  addBook: { pattern: '/add-book', href: () => '/add-book' },
  /** Importing a Goodreads or StoryGraph export, and the latest import's report. */
  import: { pattern: '/import', href: () => '/import' },
  about: { pattern: '/about', href: () => '/about' },
  /** Duplicate books: readers' merge proposals, and the merges applied and reverted (decision 0030). */
  merges: { pattern: '/merges', href: () => '/merges' },
  /** What the readers the signed-in reader follows did (decision 0050). */
  feed: { pattern: '/feed', href: () => '/feed' },
  /** The moderators' queue of reports (decision 0058). */
  moderation: { pattern: '/moderation', href: () => '/moderation' },
  /** The reader's notifications and which kinds they get (decision 0052). */
  notifications: { pattern: '/notifications', href: () => '/notifications' },
  /** Personal tokens, KOReader devices, webhooks and a quick start (issue 25, point 8). */
  developers: { pattern: '/developers', href: (section?: 'webhooks' | 'devices') => `/developers${section ? `#${section}` : ''}` },
  /** The webhooks' first address: it leads to their section of the Developers page. */
  developersWebhooks: { pattern: '/developers/webhooks', href: () => '/developers/webhooks' },
  /** Where a device's reader enters its code (RFC 8628's verification URI). */
  link: { pattern: '/link', href: (code?: string) => (code ? `/link?code=${encodeURIComponent(code)}` : '/link') },
  /** Every book carrying an author's name (a name with no account still leads somewhere). */
  author: { pattern: '/author/:name', href: (name: string) => `/author/${encodeURIComponent(name)}` },
  /** Every book carrying a publisher's name. */
  publisher: { pattern: '/publisher/:name', href: (name: string) => `/publisher/${encodeURIComponent(name)}` },
} as const

/** External links of the About page. */
export const externalLinks = {
  donate: 'https://www.paypal.com/donate?hosted_button_id=SHELFWISE',
  sponsor: 'https://github.com/sponsors/shelfwise',
  github: 'https://github.com/shelfwise',
  x: 'https://x.com/shelfwise',
  instagram: 'https://www.instagram.com/shelfwise',
} as const

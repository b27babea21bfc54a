// Every path of the app, defined once (CONVENTIONS 19).
export const paths = {
  home: { pattern: '/', href: () => '/' },
  browse: { pattern: '/browse', href: () => '/browse' },
  book: { pattern: '/books/:id', href: (id: string) => `/books/${encodeURIComponent(id)}` },
  /** The add form again, for the reader who added the book. */
  editBook: { pattern: '/books/:id/edit', href: (id: string) => `/books/${encodeURIComponent(id)}/edit` },
  login: { pattern: '/login', href: (tab?: 'signup') => (tab === 'signup' ? '/login?tab=signup' : '/login') },
  profile: { pattern: '/profile', href: () => '/profile' },
  user: { pattern: '/user/:userId', href: (id: string) => `/user/${encodeURIComponent(id)}` },
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

// Every path of the app, defined once (CONVENTIONS 19).
export const paths = {
  home: { pattern: '/', href: () => '/' },
  browse: { pattern: '/browse', href: () => '/browse' },
  book: { pattern: '/books/:id', href: (id: string) => `/books/${encodeURIComponent(id)}` },
  login: { pattern: '/login', href: () => '/login' },
  profile: { pattern: '/profile', href: () => '/profile' },
  user: { pattern: '/user/:userId', href: (id: string) => `/user/${encodeURIComponent(id)}` },
  followers: { pattern: '/user/:userId/followers', href: (id: string) => `/user/${encodeURIComponent(id)}/followers` },
  addBook: { pattern: '/add-book', href: () => '/add-book' },
  about: { pattern: '/about', href: () => '/about' },
} as const

/** External links of the About page. */
export const externalLinks = {
  donate: 'https://www.paypal.com/donate?hosted_button_id=SHELFWISE',
  sponsor: 'https://github.com/sponsors/shelfwise',
  github: 'https://github.com/shelfwise',
  x: 'https://x.com/shelfwise',
  instagram: 'https://www.instagram.com/shelfwise',
} as const

/** The stats screens' shared words. */
export const STATS_TEXT = {
  loadFailed: 'Could not load these stats. Please try again.',
  notFound: 'User not found',
} as const

/** Whose stats they are, in the page's words: "Your" or "Name’s". */
export const possessive = (own: boolean, name: string) => (own ? 'Your' : `${name}’s`)

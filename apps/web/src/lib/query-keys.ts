// Every query key of the app is built here, and only here: each query's options take theirs from
// this file, and whatever refreshes or updates a query (a mutation, another feature) names it
// through the same function, so a key can never be misspelt on one side. Keys are arrays whose first
// element is the area ('books', 'users', 'reviews'), so a whole area can be refreshed by its root.

export const bookKeys = {
  all: ['books'] as const,
  detail: (id: string) => ['books', 'detail', id] as const,
  list: (limit: number) => ['books', 'list', { limit }] as const,
  sorted: (sort: string, limit: number) => ['books', 'sorted', sort, limit] as const,
  search: (params: unknown, limit: number) => ['books', 'search', params, limit] as const,
  searchPaged: (params: unknown, limit: number) => ['books', 'search', 'paged', params, limit] as const,
  byName: (field: string, name: string, limit: number) => ['books', 'by-name', field, name, { limit }] as const,
  duplicates: (isbn: string, title: string, author: string) => ['books', 'duplicates', isbn, title, author] as const,
  facets: ['books', 'facets'] as const,
  /** How many books a search (or, null, the whole catalogue) finds: Browse's filter sheet. */
  count: (params: unknown) => ['books', 'count', params] as const,
  popularWeek: ['books', 'popular-week'] as const,
  /** The followed-users feeds (refreshed together when a reader follows or unfollows someone). */
  followedAll: ['books', 'followed'] as const,
  followed: (viewerId: string) => ['books', 'followed', viewerId] as const,
}

export const userKeys = {
  all: ['users'] as const,
  profile: (id: string) => ['users', id, 'profile'] as const,
  stats: (id: string) => ['users', id, 'stats'] as const,
  shelf: (id: string, shelf: string) => ['users', id, 'shelf', shelf] as const,
  search: (query: string) => ['users', 'search', query] as const,
  follows: (id: string, direction: string) => ['users', id, direction] as const,
  reviews: (id: string) => ['users', id, 'reviews'] as const,
}

export const reviewKeys = {
  all: ['reviews'] as const,
  ofBook: (bookId: string) => ['reviews', 'book', bookId] as const,
  mine: (bookId: string) => ['reviews', 'mine', bookId] as const,
  /** Lists of reviews over many books (the recent ones), refreshed together after any review changes. */
  shared: ['reviews', 'shared'] as const,
  recent: ['reviews', 'shared', 'recent'] as const,
  /** A review's comments (decision 0042). */
  comments: (reviewId: string) => ['reviews', 'comments', reviewId] as const,
}

export const readingKeys = {
  all: ['reading'] as const,
  /** The signed-in reader's entry for one book (status, rating, progress, reads). */
  entry: (bookId: string) => ['reading', 'entry', bookId] as const,
  /** Every reader's library lists and counts (refreshed together after any change of the log). */
  libraries: ['reading', 'library'] as const,
  /** A reader's library, one status or all, read `pageSize` at a time. */
  library: (userId: string, status: string, pageSize: number) => ['reading', 'library', userId, status, { pageSize }] as const,
  counts: (userId: string) => ['reading', 'library', 'counts', userId] as const,
  /** The signed-in reader's default for who sees their reading log (decision 0055). */
  privacy: ['reading', 'privacy'] as const,
}

// Under a user's 'users' key, so whatever refreshes the users area (any change of the reading log
// does) refreshes the stats too.
export const statsKeys = {
  /** GET /users/{id}/stats: the profile's counts, the years with reads and the all-time totals (one answer, one key). */
  reader: userKeys.stats,
  /** A reader's year in numbers, goal included. */
  year: (userId: string, year: number) => ['users', userId, 'stats', year] as const,
}

export const importKeys = {
  /** The reader's imports, newest first. */
  list: ['imports', 'list'] as const,
  /** One import: its status and counts (polled while it runs). */
  detail: (id: string) => ['imports', 'detail', id] as const,
  /** An import's rows that wait for the reader or failed, a page at a time. */
  rows: (id: string) => ['imports', 'rows', id] as const,
  /** The books the reader's imports added to the catalogue, a page at a time (decision 0032). */
  importedBooks: ['imports', 'imported-books'] as const,
}

export const onboardingKeys = {
  /** The books the first-run 'pick a few books' step offers. */
  starterBooks: ['onboarding', 'starter-books'] as const,
}

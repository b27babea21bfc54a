// The keys of this feature (not in query-keys.ts, which Home's first chunk holds; decision 0007).
export const discussionKeys = {
  all: ['discussions'] as const,
  ofBook: (bookId: string) => ['discussions', 'book', bookId] as const,
  one: (id: string) => ['discussions', 'one', id] as const,
  posts: (id: string, reveal: readonly string[]) => ['discussions', 'posts', id, [...reveal].sort()] as const,
  postsOf: (id: string) => ['discussions', 'posts', id] as const,
}

/** The `reveal` query of a list: the ids the reader asked to see (at most 100, as the API takes). */
export const revealQuery = (reveal: readonly string[]): Record<string, string> => (reveal.length ? { reveal: reveal.slice(-100).join(',') } : {})

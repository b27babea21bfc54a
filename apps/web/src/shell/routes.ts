// The screens whose first view the build draws into the shell (docs/decisions/0007-web-first-load.md)
// and the requests each makes first, as the boot script (src/boot.ts) needs them; what only the
// build needs is in src/shell/screens.ts. No imports: the boot script depends on nothing else.

export interface ShellRoute {
  /** Names the <template> that holds the screen's first view. */
  id: string
  /** Which locations it serves (matched against location.pathname). */
  pattern: RegExp
  /** The API answers the screen asks for on its first render, fetched by the boot script at once. */
  data: (pathname: string) => string[]
}

/** A path segment as the app's links write it (`paths.book.href`), or null when it does not decode. */
function segment(raw: string | undefined): string | null {
  try {
    return raw ? encodeURIComponent(decodeURIComponent(raw)) : null
  } catch {
    return null
  }
}

export const SHELL_ROUTES: ShellRoute[] = [
  {
    id: 'home',
    pattern: /^\/$/,
    data: () => ['/api/books?limit=24', '/api/reviews/popular-week', '/api/reviews/recent'],
  },
  {
    id: 'browse',
    pattern: /^\/browse\/?$/,
    data: () => ['/api/books?limit=24'],
  },
  {
    id: 'book',
    pattern: /^\/books\/([^/]+)\/?$/,
    data: (pathname) => {
      const id = segment(/^\/books\/([^/]+)\/?$/.exec(pathname)?.[1])
      return id ? [`/api/books/${id}`, `/api/reviews/book/${id}?limit=50`] : []
    },
  },
]

/** The view of a book's page with its title, which the boot script draws when the book's answer comes first. */
export const BOOK_TITLE_VIEW = 'book-title'
/** Where that view's title goes. */
export const BOOK_TITLE_MARK = 'BOOK_TITLE'
/**
 * The view of a book's page as a signed-out visitor first sees it once the book has come (cover,
 * title, author, rating, genres, list buttons and description, the reviews still loading), drawn by
 * the build with these marks where the book's own values go; the boot script puts them in.
 */
export const BOOK_DETAIL_VIEW = 'book-detail'
export const BOOK_DETAIL_MARKS = {
  author: 'BOOK_AUTHOR',
  description: 'BOOK_DESCRIPTION',
  genre: 'BOOK_GENRE',
  average: 'BOOK_AVERAGE',
  count: 'BOOK_COUNT',
} as const

/** The global the boot script leaves its early answers under (src/lib/early-answers.ts reads it). */
export const EARLY_ANSWERS_GLOBAL = '__shelfwiseEarly'

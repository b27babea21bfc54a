// Build time only (vite.config.ts renders it in Node into assets/shell-*.html): the first view of
// the app's frame and of each shell screen, drawn by the app's own components as they look before any
// data has arrived — the markup React draws on its first render, so nothing moves when React takes
// the page over. Emotion writes each rule set as a <style> beside its element; they are gathered.
import { renderToString } from 'react-dom/server'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { RouterProvider } from '#/lib/router/react.tsx'
import { createMemoryRouter, type RouteObject } from '#/lib/router/router.ts'
import type { QueryClient } from '@tanstack/react-query'
import type { Book, Review } from '@shelfwise/contracts'
import { AppProvider, createQueryClient } from '#/app/provider.tsx'
import { AppLayout } from '#/components/chrome/app-layout.tsx'
import { HomeRoute } from '#/app/routes/home.tsx'
import { BrowseRoute } from '#/app/routes/browse.tsx'
import Box from '@mui/material/Box'
import { BookLayout, BookPage, BookRoute } from '#/app/routes/book.tsx'
import { PopularBooks } from '#/features/books/components/popular-books.tsx'
import { RecentReviews } from '#/features/reviews/components/recent-reviews.tsx'
import { booksInfiniteQuery } from '#/features/books/api/get-books.ts'
import { bookQuery } from '#/features/books/api/get-book.ts'
import { popularBooksQuery } from '#/features/books/api/get-popular-books.ts'
import { recentReviewsQuery } from '#/features/reviews/api/get-recent-reviews.ts'
import { bookReviewsQuery } from '#/features/reviews/api/get-book-reviews.ts'
import { paths } from '#/config/paths.ts'
import { WITH_TOP_BAR_ACTIONS } from '#/lib/route-handle.ts'
import { BOOK_DETAIL_MARKS, BOOK_DETAIL_VIEW, BOOK_TITLE_MARK, BOOK_TITLE_VIEW, SHELL_ROUTES } from '#/shell/routes.ts'
import { FRAME_SAMPLE, SHELL_SCREENS } from '#/shell/screens.ts'

const screens: Record<string, RouteObject> = {
  home: { index: true, Component: HomeRoute },
  browse: { path: paths.browse.pattern, Component: BrowseRoute },
  book: { path: paths.book.pattern, Component: BookRoute, handle: WITH_TOP_BAR_ACTIONS },
}

function render(location: string, page?: RouteObject, queryClient?: QueryClient): string {
  const router = createMemoryRouter([{ path: '/', Component: AppLayout, children: page ? [page] : [{ path: '*', Component: () => null }] }], {
    initialEntries: [location],
  })
  // A cache of its own for each view, so that every view writes out every rule set it uses (a shared
  // one writes each rule set once, in the first view that uses it): each screen's rules are known.
  return renderToString(
    <CacheProvider value={createCache({ key: 'css' })}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </CacheProvider>,
  )
}

// A book and a review with every field, for drawing the screens as they look once their data has
// come: only to gather the rule sets their cards and details use (the markup is thrown away), so
// that Emotion finds those already inserted too when the answers arrive.
const SAMPLE_BOOK: Book = {
  _id: 'shell',
  title: 'Sample',
  author: 'Author',
  author_username: null,
  publisher: 'Publisher',
  publisher_username: null,
  description: 'A sample description.',
  coverImage: '',
  averageRating: 4,
  totalReviews: 2,
  ratingsCount: 2,
  publishedDate: '2000-01-01',
  language: 'English',
  edition: '1st',
  pageCount: 100,
  amazonLink: 'https://example.com',
  isbn: '9780000000000',
  genre: ['Fiction'],
  category: 'Novel',
  listed_by_username: null,
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
}
const SAMPLE_REVIEW: Review = {
  _id: 'shell',
  rating: 4,
  comment: 'A sample review.',
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
  user: { _id: 'shell', username: 'reader', profileImage: '' },
  book: { _id: 'shell', title: 'Sample', author: 'Author', coverImage: '' },
}

function loadedViews(): string[] {
  const client = createQueryClient()
  const page = <T,>(items: T[]) => ({ pages: [{ items, total: items.length, nextCursor: undefined }], pageParams: [undefined] })
  client.setQueryData(popularBooksQuery().queryKey, [{ book: SAMPLE_BOOK, reviewCount: 2 }])
  client.setQueryData(recentReviewsQuery().queryKey, [SAMPLE_REVIEW])
  client.setQueryData(booksInfiniteQuery(24).queryKey, page([SAMPLE_BOOK]))
  client.setQueryData(bookQuery(SAMPLE_BOOK._id).queryKey, SAMPLE_BOOK)
  client.setQueryData(bookReviewsQuery(SAMPLE_BOOK._id).queryKey, page([SAMPLE_REVIEW]))
  const homeSections = () => (
    <>
      <PopularBooks />
      <RecentReviews />
    </>
  )
  return [
    render('/', { index: true, Component: homeSections }, client),
    render(paths.browse.href(), screens.browse, client),
    render(paths.book.href(SAMPLE_BOOK._id), screens.book, client),
  ]
}

/** A book's page once its answer has come, as far as the boot script can draw it: the title, and room for the cover. */
function BookHeading() {
  return (
    <BookPage>
      <BookLayout
        cover={<Box sx={{ width: '100%', aspectRatio: '2 / 3', borderRadius: 1, bgcolor: 'action.hover', boxShadow: 3 }} />}
        title={BOOK_TITLE_MARK}
      />
    </BookPage>
  )
}

/** The numbers the marked book is drawn with, found again in the markup and replaced by marks. */
const SAMPLE_COUNT = 7771
const SAMPLE_AVERAGE = 3.5

/**
 * A book's page as a signed-out visitor first sees it once the book has come, drawn by BookRoute
 * itself with a book of marks (src/shell/routes.ts) that the boot script replaces with the book's
 * values: its description, the page's largest text, then shows at the first paint, where the app's
 * first render draws it again.
 */
function bookDetail(): string {
  const client = createQueryClient()
  const marked: Book = {
    ...SAMPLE_BOOK,
    title: BOOK_TITLE_MARK,
    author: BOOK_DETAIL_MARKS.author,
    description: BOOK_DETAIL_MARKS.description,
    genre: [BOOK_DETAIL_MARKS.genre],
    coverImage: '',
    averageRating: SAMPLE_AVERAGE,
    totalReviews: SAMPLE_COUNT,
    ratingsCount: SAMPLE_COUNT,
  }
  client.setQueryData(bookQuery(marked._id).queryKey, marked)
  const html = render(paths.book.href(marked._id), screens.book, client).replace(/<!-- -->/g, '')
  const count = `(${SAMPLE_COUNT} reviews)`
  const average = SAMPLE_AVERAGE.toFixed(1)
  const description = `>${BOOK_DETAIL_MARKS.description}</p>`
  const at = html.indexOf(description) + description.length
  if (!html.includes(count) || !html.includes(`>${average}<`) || at < description.length) {
    throw new Error('shell: the book page no longer draws its count, average or description as the shell expects')
  }
  // The page is drawn down to the description, the last part the first screen shows: what follows
  // it in <main> (facts, reviews) comes with the app. The elements open around it there are closed.
  const open: string[] = []
  const main = html.indexOf('<main')
  for (const [, close, name, selfClosing] of html.slice(main, at).matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    if (close) open.pop()
    else if (!selfClosing && !VOID_ELEMENTS.has(name!)) open.push(name!)
  }
  const closing = open
    .slice(1)
    .reverse()
    .map((name) => `</${name}>`)
    .join('')
  return `${html.slice(0, at)}${closing}${html.slice(html.indexOf('</main>', at))}`
    .replace(count, `(${BOOK_DETAIL_MARKS.count})`)
    .replace(`>${average}<`, `>${BOOK_DETAIL_MARKS.average}<`)
    .replace(`Average rating ${average} out`, `Average rating ${BOOK_DETAIL_MARKS.average} out`)
}

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])

/** Rule sets as Emotion wrote them: the names (class hashes) a <style> holds, and its rules. */
interface RuleSets {
  names: string[]
  rules: string
}

export interface RenderedShell {
  /** Global rule sets (CssBaseline's), each under its own name. */
  globals: { name: string; rules: string }[]
  /** The rule sets the frame uses, on every page the shell draws. */
  frameCss: RuleSets
  /** Each shell screen's other rule sets (its first view, once its data has come), by ShellRoute id. */
  screenCss: Record<string, RuleSets>
  /** The frame alone (top bar, bottom navigation, an empty page), for any location. */
  frame: string
  /** Each shell screen's first view, by ShellRoute id (and the book page's two views once its book has come). */
  screens: Record<string, string>
}

export function renderShell(): RenderedShell {
  const globals = new Map<string, string>()
  /** Every rule set once by name, in the order first met, and the names each group of views uses. */
  const rulesOf = new Map<string, string>()
  const used = new Map<string, Set<string>>()
  const extract = (group: string, html: string) =>
    html
      .replace(/<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g, (_, key: string, css: string) => {
        const [cache, ...ids] = key.split(' ')
        if (cache === 'css-global') {
          for (const id of ids) if (!globals.has(id)) globals.set(id, css)
        } else {
          // One <style> holds one element's rule sets; its rules are kept under its names together.
          const joined = ids.join(' ')
          if (!rulesOf.has(joined)) rulesOf.set(joined, css)
          const names = used.get(group) ?? used.set(group, new Set()).get(group)!
          names.add(joined)
        }
        return ''
      })
      // Suspense boundaries' markers and renderToString's note that a lazy part will draw on the
      // client (its fallback is what the first client render shows too): only hydration reads
      // them, and the shell is never hydrated.
      .replace(/<template data-msg="[^"]*"[^>]*><\/template>/g, '')
      .replace(/<!--\/?\$[!?]?-->/g, '')
  const frame = extract('frame', render(FRAME_SAMPLE))
  const out: Record<string, string> = {}
  for (const r of SHELL_ROUTES) out[r.id] = extract(r.id, render(SHELL_SCREENS[r.id]!.sample, screens[r.id]))
  out[BOOK_TITLE_VIEW] = extract('book', render(SHELL_SCREENS.book!.sample, { ...screens.book, Component: BookHeading }))
  out[BOOK_DETAIL_VIEW] = extract('book', bookDetail())
  const [home, browse, book] = loadedViews()
  extract('home', home!)
  extract('browse', browse!)
  extract('book', book!)
  const frameNames = used.get('frame') ?? new Set<string>()
  const ruleSets = (keys: Iterable<string>): RuleSets => {
    const wanted = new Set(keys)
    const list = [...rulesOf.keys()].filter((k) => wanted.has(k))
    return { names: list.flatMap((k) => k.split(' ')), rules: list.map((k) => rulesOf.get(k)!).join('') }
  }
  const screenCss = Object.fromEntries(SHELL_ROUTES.map((r) => [r.id, ruleSets([...(used.get(r.id) ?? [])].filter((k) => !frameNames.has(k)))]))
  // The boot script adds the frame's rules and its screen's only: every view must find there each
  // rule set its markup names (class css-<name>), or it would paint unstyled until the app comes.
  // (Emotion writes rule sets into the markup only where there is no document, as in the build; in
  // the unit tests' jsdom it puts them into the document, and there is nothing here to check.)
  const screenOf = (view: string) => (view === BOOK_TITLE_VIEW || view === BOOK_DETAIL_VIEW ? 'book' : view)
  for (const [view, html] of typeof document === 'undefined' ? Object.entries({ frame, ...out }) : []) {
    const names = new Set([...ruleSets(frameNames).names, ...(view === 'frame' ? [] : (screenCss[screenOf(view)]?.names ?? []))])
    const classes = [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter((c) => c.startsWith('css-'))
    // css-0 is Emotion's class for no styles at all: it has no rules.
    const missing = classes.filter((c) => c !== 'css-0' && !names.has(c.slice('css-'.length)))
    if (!classes.length || missing.length)
      throw new Error(`shell: the ${view} view names rule sets its screen's rules lack: ${missing.join(' ') || '(none at all)'}`)
  }
  return { globals: [...globals].map(([name, css]) => ({ name, rules: css })), frameCss: ruleSets(frameNames), screenCss, frame, screens: out }
}

/**
 * The file the boot script reads: the rules, then one <template> per view (data-shell = frame or a
 * ShellRoute id). The rules carry Emotion's own server-rendering marks (data-emotion = the cache's
 * key and the names of the rule sets inside), so when the app starts Emotion adopts them as already
 * inserted instead of compiling and inserting each rule set again during React's first commit. The
 * screens' rules are apart (data-shell-rules = the screen's id): the boot script adds the frame's and
 * its own screen's only, a fraction of all of them to parse and to match before the first paint.
 */
export function shellDocument(shell: RenderedShell): string {
  const views = [['frame', shell.frame], ...Object.entries(shell.screens)]
  const rules = (css: RuleSets, screen?: string) =>
    css.names.length ? `<style data-emotion="css ${css.names.join(' ')}"${screen ? ` data-shell-rules="${screen}"` : ''}>${css.rules}</style>` : ''
  return [
    ...shell.globals.map((g) => `<style data-emotion="css-global ${g.name}">${g.rules}</style>`),
    rules(shell.frameCss),
    ...Object.entries(shell.screenCss).map(([screen, css]) => rules(css, screen)),
    ...views.map(([id, html]) => `<template data-shell="${id}">${html}</template>`),
  ].join('')
}

import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '#/config/paths.ts'
import { AppLayout } from '#/components/chrome/app-layout.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { WITH_TOP_BAR_ACTIONS, type RouteHandle } from '#/lib/route-handle.ts'

/** The page of an author's (or publisher's) books: one screen for both. */
const nameRoute = (field: 'author' | 'publisher'): RouteObject => ({
  path: paths[field].pattern,
  lazy: async () => {
    const { AuthorRoute, PublisherRoute, prefetchNameBooks } = await import('#/app/routes/author.tsx')
    return {
      Component: field === 'author' ? AuthorRoute : PublisherRoute,
      handle: { prefetch: (client, params) => prefetchNameBooks(client, field, params.name ?? '') } satisfies RouteHandle,
    }
  },
})

// Every screen is its own chunk; the root route has no errorElement, so React Router's default
// error screen ('Unexpected Application Error!') shows for anything a screen does not handle.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    // Shown while the first screen's code loads.
    HydrateFallback: () => <SectionSpinner label="Loading Shelfwise" />,
    children: [
      {
        index: true,
        lazy: async () => {
          const { HomeRoute, prefetchHome } = await import('#/app/routes/home.tsx')
          return { Component: HomeRoute, handle: { prefetch: prefetchHome } satisfies RouteHandle }
        },
      },
      {
        path: paths.browse.pattern,
        lazy: async () => {
          const { BrowseRoute, prefetchBrowse } = await import('#/app/routes/browse.tsx')
          return { Component: BrowseRoute, handle: { prefetch: prefetchBrowse } satisfies RouteHandle }
        },
      },
      {
        path: paths.book.pattern,
        // The handle comes with the screen's code (a route's statically set handle cannot be completed by `lazy`).
        lazy: async () => {
          const { BookRoute, prefetchBook } = await import('#/app/routes/book.tsx')
          return {
            Component: BookRoute,
            handle: { ...WITH_TOP_BAR_ACTIONS, prefetch: (client, params) => prefetchBook(client, params.id ?? '') } satisfies RouteHandle,
          }
        },
      },
      { path: paths.login.pattern, lazy: async () => ({ Component: (await import('#/app/routes/login.tsx')).LoginRoute }) },
      { path: paths.profile.pattern, lazy: async () => ({ Component: (await import('#/app/routes/profile.tsx')).ProfileRoute }) },
      { path: paths.user.pattern, lazy: async () => ({ Component: (await import('#/app/routes/user.tsx')).UserRoute }) },
      { path: paths.library.pattern, lazy: async () => ({ Component: (await import('#/app/routes/library.tsx')).LibraryRoute }) },
      { path: paths.stats.pattern, lazy: async () => ({ Component: (await import('#/app/routes/stats.tsx')).StatsRoute }) },
      { path: paths.followers.pattern, lazy: async () => ({ Component: (await import('#/app/routes/followers.tsx')).FollowersRoute }) },
      { path: paths.editBook.pattern, lazy: async () => ({ Component: (await import('#/app/routes/edit-book.tsx')).EditBookRoute }) },
      { path: paths.addBook.pattern, lazy: async () => ({ Component: (await import('#/app/routes/add-book.tsx')).AddBookRoute }) },
      { path: paths.import.pattern, lazy: async () => ({ Component: (await import('#/app/routes/import.tsx')).ImportRoute }) },
      { path: paths.about.pattern, lazy: async () => ({ Component: (await import('#/app/routes/about.tsx')).AboutRoute }) },
      nameRoute('author'),
      nameRoute('publisher'),
      { path: '*', lazy: async () => ({ Component: (await import('#/app/routes/not-found.tsx')).NotFoundRoute }) },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)

import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from '#/lib/router/router.ts'
import { Navigate } from '#/lib/router/react.tsx'
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

/**
 * A screen loaded on its first visit: `load` imports its module, `name` is the component it exports.
 * One call per screen rather than an object each: the first screen's code holds every route, and
 * this form is the shortest there (Home's budget, decision 0007).
 */
const screen = <M,>(path: string, load: () => Promise<M>, name: keyof M): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load())[name] as ComponentType }),
})

// Every screen is its own chunk. Anything a screen does not handle (its code failing to load
// included) shows the router's error screen, 'Unexpected Application Error!' (src/lib/router/react.tsx).
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
        // The handle comes with the screen's code: the top bar reads it once the screen is drawn.
        lazy: async () => {
          const { BookRoute, prefetchBook } = await import('#/app/routes/book.tsx')
          return {
            Component: BookRoute,
            handle: { ...WITH_TOP_BAR_ACTIONS, prefetch: (client, params) => prefetchBook(client, params.id ?? '') } satisfies RouteHandle,
          }
        },
      },
      screen(paths.login.pattern, () => import('#/app/routes/login.tsx'), 'LoginRoute'),
      screen(paths.profile.pattern, () => import('#/app/routes/profile.tsx'), 'ProfileRoute'),
      screen(paths.user.pattern, () => import('#/app/routes/user.tsx'), 'UserRoute'),
      screen(paths.library.pattern, () => import('#/app/routes/library.tsx'), 'LibraryRoute'),
      screen(paths.stats.pattern, () => import('#/app/routes/stats.tsx'), 'StatsRoute'),
      screen(paths.followers.pattern, () => import('#/app/routes/followers.tsx'), 'FollowersRoute'),
      screen(paths.editBook.pattern, () => import('#/app/routes/edit-book.tsx'), 'EditBookRoute'),
      screen(paths.addBook.pattern, () => import('#/app/routes/add-book.tsx'), 'AddBookRoute'),
      screen(paths.import.pattern, () => import('#/app/routes/import.tsx'), 'ImportRoute'),
      screen(paths.about.pattern, () => import('#/app/routes/about.tsx'), 'AboutRoute'),
      screen(paths.merges.pattern, () => import('#/app/routes/merges.tsx'), 'MergesRoute'),
      screen(paths.bookDiscussions.pattern, () => import('#/app/routes/book-discussions.tsx'), 'BookDiscussionsRoute'),
      screen(paths.feed.pattern, () => import('#/app/routes/feed.tsx'), 'FeedRoute'),
      screen(paths.moderation.pattern, () => import('#/app/routes/moderation.tsx'), 'ModerationRoute'),
      screen(paths.discussion.pattern, () => import('#/app/routes/discussion.tsx'), 'DiscussionRoute'),
      screen(paths.notifications.pattern, () => import('#/app/routes/notifications.tsx'), 'NotificationsRoute'),
      screen(paths.developers.pattern, () => import('#/app/routes/developers.tsx'), 'DevelopersRoute'),
      { path: paths.developersWebhooks.pattern, Component: () => <Navigate to={paths.developers.href('webhooks')} replace /> },
      screen(paths.link.pattern, () => import('#/app/routes/link.tsx'), 'LinkRoute'),
      nameRoute('author'),
      nameRoute('publisher'),
      screen('*', () => import('#/app/routes/not-found.tsx'), 'NotFoundRoute'),
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)

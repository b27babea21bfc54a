import { render, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '#/lib/router/react.tsx'
import { createMemoryRouter, type RouteObject } from '#/lib/router/router.ts'
import { AppProvider } from '#/app/provider.tsx'
import { routes as appRoutes } from '#/app/router.tsx'

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity } } })
}

/** Renders the whole app (chrome, router, providers) at a path. */
export function renderApp(path = '/', { routes = appRoutes, state }: { routes?: RouteObject[]; state?: unknown } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [state === undefined ? path : { pathname: path, state }] })
  const queryClient = testQueryClient()
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...utils, router, queryClient }
}

/** Opens `path` signed out: the app sends the visitor to sign in, remembering the page (and its query) to come back to. */
export async function expectSentToSignIn(path: string) {
  const { router } = renderApp(path)
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  const { pathname, search } = new URL(path, 'http://localhost')
  expect((router.state.location.state as { from: { pathname: string; search: string } }).from).toMatchObject({ pathname, search })
}

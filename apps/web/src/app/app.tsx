import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '#/lib/router/react.tsx'
import { AppProvider } from '#/app/provider.tsx'
import { createAppRouter } from '#/app/router.tsx'

let router: ReturnType<typeof createAppRouter> | undefined

/** Creates the app's router, which starts loading the first screen's code at once (src/app/start.tsx). */
export function createRouterNow() {
  router ??= createAppRouter()
  return router
}

/** Resolves once the router has loaded the first screen's code (its lazy route), so the first render is that screen. */
export const routerReady = (): Promise<ReturnType<typeof createAppRouter>> =>
  new Promise((resolve) => {
    const r = createRouterNow()
    if (r.state.initialized) return resolve(r)
    const stop = r.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve(r)
    })
  })

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={createRouterNow()} />
    </AppProvider>
  )
}

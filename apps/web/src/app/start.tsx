import { startTransition, StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { App, createRouterNow, routerReady } from '#/app/app.tsx'
import { createQueryClient } from '#/app/provider.tsx'
import type { RouteHandle } from '#/lib/route-handle.ts'

/** A task boundary: what follows runs in a task of its own, after the browser has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

/**
 * Starts the app into `root` (src/main.tsx). The steps run in tasks of their own — the app's code
 * is evaluated in one, the router starts (and asks for the screen's code) in the next, the first
 * render follows in slices — rather than in one long task that blocks input.
 */
export async function start(root: Root): Promise<void> {
  await nextTask()
  createRouterNow()
  const queryClient = createQueryClient()
  // The first render waits for the screen's own code, so it draws that screen at once rather than a
  // spinner first.
  const router = await routerReady()
  // The screen's queries start just before its first render (RouteHandle.prefetch).
  for (const m of router.state.matches) (m.handle as RouteHandle | undefined)?.prefetch?.(queryClient, m.params)
  // A transition: React renders it in slices of a few milliseconds that yield to the browser.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    )
  })
}

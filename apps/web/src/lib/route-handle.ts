import type { QueryClient } from '@tanstack/react-query'
import type { Params } from '#/lib/router/router.ts'

/** What a route tells the app about itself (its `handle`, src/lib/router/router.ts). */
export interface RouteHandle {
  /**
   * The screen puts actions in the top bar (TopBarActions): the bar keeps their row from the first
   * paint, so it does not grow, pushing the page down, when they arrive with the screen's data.
   */
  topBarActions?: true
  /**
   * Starts the queries the screen asks for on its first render. The app calls it for the first
   * screen just before that render (src/main.tsx), so the screen's components find them running:
   * mounting does not start them, which would change every query's state while React commits and
   * draw the screen a second time at once, within the same long task. They take over the boot
   * script's early answers (src/lib/early-answers.ts): the same requests as SHELL_ROUTES' `data`.
   */
  prefetch?: (client: QueryClient, params: Params) => void
}

export const WITH_TOP_BAR_ACTIONS: RouteHandle = { topBarActions: true }

import {
  Component,
  createContext,
  memo,
  startTransition,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react'
import { flushSync } from 'react-dom'
import {
  createPath,
  resolveTo,
  type Action,
  type BlockerArgs,
  type Location,
  type Params,
  type Navigation,
  type RouteMatch,
  type Router,
  type RouterState,
  type To,
} from '#/lib/router/router.ts'

// The router's React side (decision 0035): the provider, the screens it draws, their hooks, links.

/** What changes only when a navigation completes: the screens read it; the loading state is apart. */
interface View {
  location: Location
  historyAction: Action
  matches: RouteMatch[]
  restoreScroll: number | null
  preventScrollReset: boolean
}

const RouterContext = createContext<Router | null>(null)
const ViewContext = createContext<View | null>(null)
const NavigationContext = createContext<Navigation>({ state: 'idle' })
/** The element of the route below the one being drawn (Outlet). */
const OutletContext = createContext<ReactNode>(null)

function useRouter(): Router {
  const router = use(RouterContext)
  if (!router) throw new Error('Router hooks are used inside <RouterProvider>')
  return router
}
const useView = () => use(ViewContext)!

export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState<RouterState>(router.state)
  useLayoutEffect(() => {
    const stop = router.subscribe((next, sync) => {
      // A transition, as React Router does: the current screen stays while the next one renders.
      if (sync) flushSync(() => setState(next))
      else startTransition(() => setState(next))
    })
    // A navigation that completed between the first render and now.
    setState(router.state)
    return stop
  }, [router])
  const { location, historyAction, matches, restoreScroll, preventScrollReset, initialized, error } = state
  const view = useMemo(
    () => ({ location, historyAction, matches, restoreScroll, preventScrollReset }),
    [location, historyAction, matches, restoreScroll, preventScrollReset],
  )
  const Fallback = router.routes[0]?.HydrateFallback
  return (
    <RouterContext value={router}>
      <NavigationContext value={state.navigation}>
        <ViewContext value={view}>{initialized ? <Screens view={view} error={error} /> : Fallback ? <Fallback /> : null}</ViewContext>
      </NavigationContext>
    </RouterContext>
  )
}

/** The matched routes, each drawing the next in its Outlet, under the error screen's boundary. */
const Screens = memo(function Screens({ view, error }: { view: View; error: unknown }) {
  let outlet: ReactNode = null
  for (let i = view.matches.length - 1; i >= 0; i--) {
    const Screen = view.matches[i]!.route.Component
    outlet = <OutletContext value={outlet}>{Screen ? <Screen /> : outlet}</OutletContext>
  }
  return (
    <ErrorBoundary location={view.location} error={error}>
      {outlet}
    </ErrorBoundary>
  )
})

interface BoundaryProps {
  location: Location
  error: unknown
  children: ReactNode
}
interface BoundaryState {
  location: Location
  /** Set when something failed: the screen's load (`error`) or its drawing. */
  failed?: { error: unknown }
}

/**
 * Anything a screen does not handle shows React Router's default error screen (the spec's words),
 * in place of the whole app, until the address changes.
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location }
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } }
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState {
    const loadFailed = props.error === undefined ? undefined : { error: props.error }
    return state.location !== props.location ? { location: props.location, failed: loadFailed } : { ...state, failed: loadFailed ?? state.failed }
  }
  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.failed.error} /> : this.props.children
  }
}

// A tint of the text's own colour: readable in either scheme, no colour of its own.
const GREY = 'color-mix(in srgb, currentColor 12%, transparent)'

function ErrorScreen({ error }: { error: unknown }) {
  const status = error as { status?: number; statusText?: string } | null
  const message = error instanceof Error ? error.message : status?.status ? `${status.status} ${status.statusText}` : JSON.stringify(error)
  return (
    <>
      <h2>Unexpected Application Error!</h2>
      <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
      {error instanceof Error && error.stack ? <pre style={{ padding: '0.5rem', backgroundColor: GREY }}>{error.stack}</pre> : null}
    </>
  )
}

/** Where the route being drawn puts the route below it. */
export function Outlet() {
  return use(OutletContext)
}

export const useLocation = (): Location => useView().location

/** POP: the page was reached by Back, Forward or its first load. */
export const useNavigationType = (): Action => useView().historyAction

/** The address's params (`:id`…), decoded. */
export const useParams = (): Params => useView().matches.at(-1)?.params ?? {}

/** The routes drawn, root first, with their handles. */
export const useMatches = (): RouteMatch[] => useView().matches

/** 'loading' while the next screen's code loads. */
export const useNavigation = (): Navigation => use(NavigationContext)

export const useNavigate = () => useRouter().navigate

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void }

/**
 * Holds in-app navigations (links, Back, Forward) that `shouldBlock` answers true for, until the
 * blocker's proceed (the navigation goes on) or reset (it is dropped). Leaving the site or closing
 * the tab is the browser's to ask about (beforeunload).
 */
export function useBlocker(shouldBlock: (args: BlockerArgs) => boolean): Blocker {
  const router = useRouter()
  const latest = useRef(shouldBlock)
  useLayoutEffect(() => {
    latest.current = shouldBlock
  })
  const [held, setHeld] = useState<{ location: Location; proceed: () => void } | null>(null)
  useEffect(
    () =>
      router.block((args, proceed) => {
        if (!latest.current(args)) return false
        setHeld({ location: args.nextLocation, proceed })
        return true
      }),
    [router],
  )
  return useMemo(
    () =>
      held
        ? {
            state: 'blocked',
            location: held.location,
            proceed: () => {
              setHeld(null)
              held.proceed()
            },
            reset: () => setHeld(null),
          }
        : { state: 'unblocked' },
    [held],
  )
}

/** Where the window scrolls once a navigation is drawn: the entry's saved offset, its #hash, or the top. */
export function ScrollRestoration() {
  const { location, restoreScroll, preventScrollReset } = useView()
  // Nothing is returned from the effect: the browser's scroll methods may answer a promise, which
  // React would take for a cleanup function.
  useLayoutEffect(() => {
    let target: HTMLElement | null = null
    if (restoreScroll === null && location.hash) {
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      } catch {
        // Not an id that can be decoded: no element to scroll to.
      }
    }
    if (restoreScroll !== null) window.scrollTo(0, restoreScroll)
    else if (target) target.scrollIntoView()
    else if (!preventScrollReset) window.scrollTo(0, 0)
  }, [location, restoreScroll, preventScrollReset])
  return null
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To
  replace?: boolean
  state?: unknown
  preventScrollReset?: boolean
  ref?: Ref<HTMLAnchorElement>
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i

/**
 * An <a href> that navigates within the app on a plain click; a click with a modifier key, another
 * button, or for another window is left to the browser. A link to the page already shown replaces
 * its entry rather than adding one.
 */
export function Link({ to, replace, state, preventScrollReset, ref, onClick, children, ...rest }: LinkProps) {
  const router = useRouter()
  const here = useView().location
  if (typeof to === 'string' && EXTERNAL.test(to))
    return (
      <a {...rest} ref={ref} href={to} onClick={onClick}>
        {children}
      </a>
    )
  const path = resolveTo(to, here.pathname)
  const href = createPath(path)
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      onClick={(e) => {
        onClick?.(e)
        if (e.defaultPrevented || e.button !== 0 || (rest.target && rest.target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return
        e.preventDefault()
        void router.navigate(path, { replace: replace ?? href === createPath(here), state, preventScrollReset })
      }}
    >
      {children}
    </a>
  )
}

/**
 * A Link that knows when it leads to the page shown (or, without `end`, to a page under it): it then
 * has the class `active` and aria-current="page".
 */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean }) {
  const here = useView().location.pathname.toLowerCase()
  const to = resolveTo(props.to, here).pathname.toLowerCase()
  const stem = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length
  const active = here === to || (!end && here.startsWith(to) && here.charAt(stem) === '/')
  return <Link {...props} className={[className, active && 'active'].filter(Boolean).join(' ') || undefined} aria-current={active ? 'page' : undefined} />
}

/** Navigates to `to` once drawn (a screen that sends the reader elsewhere). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const router = useRouter()
  const path = createPath(resolveTo(to, router.state.location.pathname))
  useEffect(() => {
    void router.navigate(path, { replace, state })
  }, [router, path, replace, state])
  return null
}

import type { ComponentType } from 'react'

// The app's router (decision 0035): addresses, route matching, lazy screens, navigation, blockers
// and saved scroll offsets, without React. src/lib/router/react.tsx draws its state.

export type Params = Record<string, string | undefined>

export interface Path {
  pathname: string
  search: string
  hash: string
}

export interface Location extends Path {
  /** What the navigation carried along (`navigate(to, { state })`), kept with the history entry. */
  state: unknown
  /** Names this history entry: saved scroll offsets are kept by it. */
  key: string
}

/** An address: a string ('/books/1?x=y', '?tab=2') or its parts (a missing pathname keeps the current one). */
export type To = string | Partial<Path>

/** How the current entry was reached: POP is Back, Forward, or the page's first load. */
export type Action = 'POP' | 'PUSH' | 'REPLACE'

export interface RouteObject {
  /** A pattern as in src/config/paths.ts (`/books/:id`, `/user/:userId/stats/:year?`, `*`); relative to the parent's unless it starts with '/'. */
  path?: string
  /** Matches the parent's own address. */
  index?: boolean
  Component?: ComponentType
  /** The root route's: drawn until the first screen's code has loaded. */
  HydrateFallback?: ComponentType
  /** What the route tells the app about itself (RouteHandle). */
  handle?: unknown
  /** Loads the screen's code (and handle) the first time the route is reached. */
  lazy?: () => Promise<{ Component?: ComponentType; handle?: unknown }>
  children?: RouteObject[]
}

export interface RouteMatch {
  /** The route with its lazy part loaded. */
  route: RouteObject
  params: Params
  handle: unknown
}

export interface Navigation {
  /** 'loading' while the next screen's code loads; the current screen stays until then. */
  state: 'idle' | 'loading'
  location?: Location
}

export interface RouterState {
  location: Location
  historyAction: Action
  matches: RouteMatch[]
  navigation: Navigation
  /** The first screen's code has loaded (or failed to). */
  initialized: boolean
  /** Why the screen could not be drawn (its code failed to load): the error screen shows it. */
  error?: unknown
  /** The entry's saved scroll offset (Back, Forward, a reload), or null: the top, or its #hash. */
  restoreScroll: number | null
  /** The navigation asked to keep the scroll where it is. */
  preventScrollReset: boolean
}

interface NavigateOptions {
  replace?: boolean
  state?: unknown
  preventScrollReset?: boolean
  /** Draw the new address within the current event (react-dom's flushSync) rather than in a transition. */
  flushSync?: boolean
}

export interface BlockerArgs {
  currentLocation: Location
  nextLocation: Location
  historyAction: Action
}

/** Holds a navigation when it answers true; it is given the way to let it through or to drop it. */
type BlockerCheck = (args: BlockerArgs, proceed: () => void, reset: () => void) => boolean

type Listener = (state: RouterState, flushSync: boolean) => void

export interface Router {
  readonly state: RouterState
  readonly routes: RouteObject[]
  subscribe: (listener: Listener) => () => void
  /** Goes to `to`, or moves `to` entries through the history (-1 is Back). */
  navigate: (to: To | number, opts?: NavigateOptions) => Promise<void>
  /** Adds a blocker; answers the function that removes it. */
  block: (check: BlockerCheck) => () => void
}

/** One history entry as the router keeps it; `idx` is its place in the tab's history. */
interface Entry {
  location: Location
  idx: number
}

/** Where the entries live: the browser's history or, for tests and the build's shell, an array. */
interface History {
  readonly entry: Entry
  write: (entry: Entry, replace: boolean) => void
  go: (delta: number) => void
  /** Called when the current entry changes by `go` (Back, Forward). */
  listen: (onPop: (entry: Entry) => void) => void
  /** The window's scroll offset, or undefined where there is no window to scroll. */
  scrollY: () => number | undefined
  /** Saved scroll offsets by entry key. */
  positions: Record<string, number>
}

const IDLE: Navigation = { state: 'idle' }

const newKey = () => Math.random().toString(36).slice(2, 10)

function parsePath(path: string): Path {
  const hashAt = path.indexOf('#')
  const hash = hashAt < 0 ? '' : path.slice(hashAt)
  const rest = hashAt < 0 ? path : path.slice(0, hashAt)
  const searchAt = rest.indexOf('?')
  return { pathname: searchAt < 0 ? rest : rest.slice(0, searchAt), search: searchAt < 0 ? '' : rest.slice(searchAt), hash }
}

export const createPath = ({ pathname, search, hash }: Path) => pathname + (search && search !== '?' ? search : '') + (hash && hash !== '#' ? hash : '')

/** `to` as a full path, from `from` (the current pathname) where `to` leaves the pathname out or is relative. */
export function resolveTo(to: To, from: string): Path {
  const parts = typeof to === 'string' ? parsePath(to) : { pathname: to.pathname ?? '', search: to.search ?? '', hash: to.hash ?? '' }
  if (!parts.pathname) {
    // Only a query or a hash: the same page. Only a hash: the same query too.
    return { pathname: from, search: typeof to === 'string' && !parts.search && parts.hash ? '' : parts.search, hash: parts.hash }
  }
  if (parts.pathname.startsWith('/')) return parts
  const segments = from.split('/').filter(Boolean)
  for (const s of parts.pathname.split('/')) {
    if (s === '..') segments.pop()
    else if (s && s !== '.') segments.push(s)
  }
  return { ...parts, pathname: `/${segments.join('/')}` }
}

const joinPaths = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`)

const decode = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * The params of `pathname` if it is the address `pattern` describes: static segments compared
 * without regard to case, `:name` one segment, `:name?` an optional one, `*` the rest; a trailing
 * slash is allowed. Values come decoded ('/author/Bram%20Stoker' → name 'Bram Stoker').
 */
function matchPath(pattern: string, pathname: string): Params | undefined {
  const names: string[] = []
  let source = ''
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      names.push('*')
      source += '(?:/(.*))?'
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?')
      names.push(segment.slice(1, optional ? -1 : undefined))
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)'
    } else {
      source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
    }
  }
  const found = new RegExp(`^${source}/*$`, 'i').exec(pathname)
  if (!found) return undefined
  const params: Params = {}
  names.forEach((name, i) => {
    const value = found[i + 1]
    params[name] = value === undefined ? undefined : name === '*' ? value.split('/').map(decode).join('/') : decode(value)
  })
  return params
}

/** How specific a pattern is: a static segment outranks a param, which outranks the rest (`*`). */
function rank(pattern: string, index: boolean): number {
  const segments = pattern.split('/').filter(Boolean)
  return segments.reduce((sum, s) => sum + (s === '*' ? -2 : s.startsWith(':') ? 3 : 10), segments.length + (index ? 2 : 0))
}

type Branch = { routes: RouteObject[]; params: Params; rank: number }

/**
 * The routes, root first, that draw `pathname`: of every route whose pattern matches it, the most
 * specific (`/books/:id/edit` before `/books/:id`, anything before `*`), the first listed among
 * equals. A route with children matches through one of them, or alone when its own pattern matches.
 */
export function matchRoutes(routes: RouteObject[], pathname: string, parent = '/'): Branch | undefined {
  let best: Branch | undefined
  for (const route of routes) {
    const pattern = route.index ? parent : joinPaths(parent, route.path ?? '')
    const below = route.children?.length ? matchRoutes(route.children, pathname, pattern) : undefined
    const params = below ? undefined : matchPath(pattern, pathname)
    const found = below ? { ...below, routes: [route, ...below.routes] } : params && { routes: [route], params, rank: rank(pattern, !!route.index) }
    if (found && (!best || found.rank > best.rank)) best = found
  }
  return best
}

const SCROLL_KEY = 'shelfwise:scroll-positions'

/** The browser's history, with the router's key, index and state in each entry (`{ usr, key, idx }`). */
function browserHistory(): History {
  let positions: Record<string, number> = {}
  try {
    positions = (JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number> | null) ?? {}
  } catch {
    // Offsets that cannot be read are not restored.
  }
  const read = (fallbackIdx: number): Entry => {
    const s = window.history.state as { usr?: unknown; key?: string; idx?: number } | null
    const { pathname, search, hash } = window.location
    const entry = { location: { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? newKey() }, idx: s?.idx ?? fallbackIdx }
    // An entry the router did not write (the first one, a '#…' link's) gets its key and index now.
    if (s?.idx === undefined) write(entry, true)
    return entry
  }
  const write = ({ location, idx }: Entry, replace: boolean) => {
    const data = { usr: location.state, key: location.key, idx }
    try {
      window.history[replace ? 'replaceState' : 'pushState'](data, '', createPath(location))
    } catch {
      // The state cannot be kept (too large, or the browser's limit on entries): a plain page load.
      window.location[replace ? 'replace' : 'assign'](createPath(location))
    }
  }
  let current = read(0)
  // The router puts the scroll back itself, once the screen is drawn; before leaving the page it keeps
  // the offsets for a reload and lets the browser restore as it would.
  window.history.scrollRestoration = 'manual'
  window.addEventListener('pageshow', () => {
    window.history.scrollRestoration = 'manual'
  })
  const history: History = {
    get entry() {
      return current
    },
    write(entry, replace) {
      write(entry, replace)
      current = entry
    },
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      window.addEventListener('popstate', () => {
        current = read(current.idx + 1)
        onPop(current)
      })
    },
    scrollY: () => window.scrollY,
    positions,
  }
  window.addEventListener('pagehide', () => {
    positions[current.location.key] = window.scrollY
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions))
    } catch {
      // Not kept: a reload starts at the top.
    }
    window.history.scrollRestoration = 'auto'
  })
  return history
}

/** Entries in an array: tests, and the build-time shell (no window). */
function memoryHistory(initialEntries: (string | { pathname: string; state?: unknown })[]): History {
  const entries: Entry[] = initialEntries.map((e, idx) => {
    const { pathname, state } = typeof e === 'string' ? { pathname: e, state: null } : e
    return { location: { ...parsePath(pathname), state: state ?? null, key: idx ? newKey() : 'default' }, idx }
  })
  let index = entries.length - 1
  let listener: ((entry: Entry) => void) | undefined
  return {
    get entry() {
      return entries[index]!
    },
    write(entry, replace) {
      if (!replace) index += 1
      entries.splice(index, replace ? 1 : entries.length, entry)
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1)
      if (next === index) return
      index = next
      listener?.(entries[index]!)
    },
    listen(onPop) {
      listener = onPop
    },
    scrollY: () => undefined,
    positions: {},
  }
}

function createRouter(routes: RouteObject[], history: History): Router {
  const loaded = new Map<RouteObject, RouteObject>()
  const loading = new Map<RouteObject, Promise<unknown>>()
  /** Loads a route's lazy part once; a failed load is tried again by the next navigation. */
  const load = (route: RouteObject, lazy: NonNullable<RouteObject['lazy']>) => {
    let p = loading.get(route)
    if (!p) {
      p = lazy().then(
        (part) => loaded.set(route, { ...route, ...part }),
        (err: unknown) => {
          loading.delete(route)
          throw err
        },
      )
      loading.set(route, p)
    }
    return p
  }
  const walk = (list: RouteObject[]): void =>
    list.forEach((r) => {
      if (!r.lazy) loaded.set(r, r)
      walk(r.children ?? [])
    })
  walk(routes)

  const first = history.entry
  let state: RouterState = {
    location: first.location,
    historyAction: 'POP',
    matches: [],
    navigation: IDLE,
    initialized: false,
    restoreScroll: history.positions[first.location.key] ?? null,
    preventScrollReset: false,
  }
  /** The index of the entry on screen. */
  let shownIdx = first.idx
  /** The latest navigation: an older one still loading its screen is dropped when it is done. */
  let latest = 0
  const listeners = new Set<Listener>()
  const blockers = new Set<BlockerCheck>()
  /** Set while the router itself undoes a held Back or Forward, or replays one the reader let through. */
  let ignorePop = false
  let skipBlockers = false

  const update = (next: Partial<RouterState>, flushSync = false) => {
    state = { ...state, ...next }
    for (const l of listeners) l(state, flushSync)
  }

  /** Loads the screen for `next` and shows it; a PUSH or REPLACE writes its entry then, not before. */
  function go(next: Location, action: Action, idx: number, opts: NavigateOptions): Promise<void> {
    const id = ++latest
    const found = matchRoutes(routes, next.pathname)
    const finish = (error?: { value: unknown }) => {
      if (id !== latest) return
      const y = history.scrollY()
      if (state.initialized && y !== undefined) history.positions[state.location.key] = y
      if (action !== 'POP') history.write({ location: next, idx }, action === 'REPLACE')
      shownIdx = idx
      const matches = (found?.routes ?? []).map((r) => {
        const route = loaded.get(r) ?? r
        return { route, params: found!.params, handle: route.handle }
      })
      update(
        {
          location: next,
          historyAction: action,
          matches,
          navigation: IDLE,
          initialized: true,
          error: error ? error.value : found ? undefined : { status: 404, statusText: 'Not Found' },
          restoreScroll: history.positions[next.key] ?? null,
          preventScrollReset: opts.preventScrollReset === true,
        },
        opts.flushSync,
      )
    }
    const pending = found?.routes.filter((r) => !loaded.has(r)) ?? []
    if (!pending.length) {
      finish()
      return Promise.resolve()
    }
    if (state.initialized) update({ navigation: { state: 'loading', location: next } })
    return Promise.all(pending.map((r) => load(r, r.lazy!))).then(
      () => finish(),
      (value: unknown) => finish({ value }),
    )
  }

  /** True when a blocker holds the navigation (it is then the blocker's to let through or drop). */
  function held(next: Location, historyAction: Action, proceed: () => void, reset: () => void): boolean {
    if (skipBlockers) return (skipBlockers = false)
    const args = { currentLocation: state.location, nextLocation: next, historyAction }
    for (const check of blockers) if (check(args, proceed, reset)) return true
    return false
  }

  history.listen((entry) => {
    if (ignorePop) {
      ignorePop = false
      return
    }
    const delta = entry.idx - shownIdx
    const replay = () => {
      skipBlockers = true
      history.go(delta)
    }
    // A held Back or Forward is undone at once; letting it through moves again.
    if (delta && held(entry.location, 'POP', replay, () => undefined)) {
      ignorePop = true
      history.go(-delta)
      return
    }
    void go(entry.location, 'POP', entry.idx, {})
  })

  const router: Router = {
    get state() {
      return state
    },
    routes,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigate(to, opts = {}) {
      if (typeof to === 'number') {
        history.go(to)
        return Promise.resolve()
      }
      const next: Location = { ...resolveTo(to, state.location.pathname), state: opts.state ?? null, key: newKey() }
      const action = opts.replace ? 'REPLACE' : 'PUSH'
      const idx = action === 'PUSH' ? shownIdx + 1 : shownIdx
      const run = () => go(next, action, idx, opts)
      if (
        held(
          next,
          action,
          () => void run(),
          () => undefined,
        )
      )
        return Promise.resolve()
      return run()
    },
    block(check) {
      blockers.add(check)
      return () => blockers.delete(check)
    },
  }
  void go(first.location, 'POP', first.idx, {})
  return router
}

/** The app's router on the browser's history; it starts loading the first screen's code at once. */
export const createBrowserRouter = (routes: RouteObject[]) => createRouter(routes, browserHistory())

/** A router on entries of its own (tests, the build-time shell); the last entry is shown. */
export const createMemoryRouter = (
  routes: RouteObject[],
  { initialEntries = ['/'] }: { initialEntries?: (string | { pathname: string; state?: unknown })[] } = {},
) => createRouter(routes, memoryHistory(initialEntries))

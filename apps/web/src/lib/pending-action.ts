import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { tabStorage as storage } from '#/lib/drafts.ts'

// An action a signed-out reader pressed (Add to Wishlist, Follow, Submit Review…): remembered in this
// tab, the reader goes to /login (which brings them back), and the page carries it out once they are
// back signed in. One at a time; it is for the page it was pressed on only, and only for a while.

export type PendingAction =
  | { kind: 'wishlist'; bookId: string; want: boolean }
  | { kind: 'recently-read'; bookId: string; want: boolean }
  | { kind: 'follow'; userId: string; want: boolean }
  | { kind: 'review'; bookId: string }

type Stored = PendingAction & { path: string; at: number }

const KEY = 'shelfwise:pending-action'
/** A sign-in that takes longer than this is a new visit: the old press is forgotten. */
const PENDING_ACTION_TTL_MS = 15 * 60 * 1000

function read(): Stored | undefined {
  const raw = storage()?.getItem(KEY)
  if (!raw) return undefined
  try {
    const value = JSON.parse(raw) as Partial<Stored>
    if (typeof value.kind === 'string' && typeof value.path === 'string' && typeof value.at === 'number' && Date.now() - value.at < PENDING_ACTION_TTL_MS) {
      return value as Stored
    }
  } catch {
    // fall through: drop what cannot be read
  }
  storage()?.removeItem(KEY)
  return undefined
}

/** Remembers the action pressed on `path` (replacing any earlier one). */
function rememberAction(action: PendingAction, path: string): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...action, path, at: Date.now() } satisfies Stored))
  } catch {
    // Not kept: after signing in the reader presses again.
  }
}

/** The remembered action for `path` that `match` accepts, removed so it is carried out once only. */
function takeAction<A extends PendingAction>(path: string, match: (a: PendingAction) => a is A): A | undefined {
  const stored = read()
  if (!stored || stored.path !== path) return undefined
  const { path: _path, at: _at, ...action } = stored
  if (!match(action)) return undefined
  storage()?.removeItem(KEY)
  return action
}

/**
 * Forgets the remembered action for `path` that `match` accepts if it was pressed before `arrivedAt`
 * (the reader came back without signing in). One pressed since is kept: a quick reader can press a
 * button before the page's arrival effect has run.
 */
function dropAction(path: string, match: (a: PendingAction) => boolean, arrivedAt: number): void {
  const stored = read()
  if (stored && stored.path === path && stored.at < arrivedAt && match(stored)) storage()?.removeItem(KEY)
}

/** Remembers the action and sends the reader to /login, which brings them back here (spec §4). */
export function useSignInFirst(): (action: PendingAction) => void {
  const navigate = useNavigate()
  const location = useLocation()
  return (action) => {
    rememberAction(action, location.pathname)
    navigate(paths.login.href(), { state: { from: location } })
  }
}

/**
 * Carries out the remembered action this part of the page accepts, once the reader is signed in and
 * `ready` (what the action needs to know has loaded for them). A reader who comes back still signed
 * out (Back from /login) has changed their mind: the action is forgotten.
 */
export function usePendingAction<A extends PendingAction>(match: (a: PendingAction) => a is A, ready: boolean, run: (action: A) => void): void {
  const { isAuthenticated } = useAuth()
  const { pathname } = useLocation()
  const latest = useRef({ match, run })
  latest.current = { match, run }
  const mountedSignedOut = useRef(!isAuthenticated)
  const [arrivedAt] = useState(Date.now)
  useEffect(() => {
    if (mountedSignedOut.current) dropAction(pathname, latest.current.match, arrivedAt)
    // Only on arrival: a press made on this very page must survive until the reader is at /login.
  }, [pathname, arrivedAt])
  useEffect(() => {
    if (!isAuthenticated || !ready) return
    const action = takeAction(pathname, latest.current.match)
    if (action) latest.current.run(action)
  }, [isAuthenticated, ready, pathname])
}

import type { User } from '@shelfwise/contracts'

// The session lives in localStorage under the spec's keys: 'user' (JSON with _id) and 'token'.
const USER_KEY = 'user'
const TOKEN_KEY = 'token'

export type StoredUser = Partial<User> & { _id: string }
export interface Session {
  token: string | null
  user: StoredUser | null
}

const listeners = new Set<() => void>()
let cache: { rawToken: string | null; rawUser: string | null; session: Session } | undefined

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (value && typeof value === 'object' && typeof (value as { _id?: unknown })._id === 'string') return value as StoredUser
    // Some clients store `id`; keep it readable as `_id`.
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
      return { ...(value as object), _id: (value as { id: string }).id } as StoredUser
    }
    return null
  } catch {
    return null
  }
}

/** The current session, read from storage; the same object while storage is unchanged. */
export function getSession(): Session {
  const s = storage()
  const rawToken = s?.getItem(TOKEN_KEY) ?? null
  const rawUser = s?.getItem(USER_KEY) ?? null
  if (!cache || cache.rawToken !== rawToken || cache.rawUser !== rawUser) {
    cache = { rawToken, rawUser, session: { token: rawToken, user: parseUser(rawUser) } }
  }
  return cache.session
}

const notify = () => listeners.forEach((l) => l())

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === USER_KEY || e.key === TOKEN_KEY) listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

export function setSession(token: string, user: StoredUser): void {
  storage()?.setItem(TOKEN_KEY, token)
  storage()?.setItem(USER_KEY, JSON.stringify(user))
  notify()
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token)
  notify()
}

export function setStoredUser(user: StoredUser): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user))
  notify()
}

export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY)
  storage()?.removeItem(USER_KEY)
  notify()
}

/** The bearer token, only when both a token and a stored user _id exist (spec §6). */
export function bearerToken(): string | null {
  const { token, user } = getSession()
  return token && user?._id ? token : null
}

import { createContext, use, useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { jwtDecode } from 'jwt-decode'
import { useQueryClient } from '@tanstack/react-query'
import { clearSession, getSession, setSession, setStoredUser, setToken, subscribeSession, type StoredUser } from '#/lib/session.ts'
import { api } from '#/lib/api-client.ts'

export interface AuthState {
  user: StoredUser | null
  token: string | null
  /** Authenticated: a token is present and neither expired nor undecodable (spec §4). */
  isAuthenticated: boolean
  login: (token: string, user: StoredUser) => void
  logout: () => void
  updateUser: (user: StoredUser) => void
  replaceToken: (token: string) => void
}

const AuthContext = createContext<AuthState | null>(null)

type TokenCheck = { ok: true; expiresInMs: number | undefined } | { ok: false; reason: 'invalid' | 'expired'; error?: unknown }

/** Decodes the token and compares `exp` (seconds) with Date.now() (milliseconds). */
function checkToken(token: string): TokenCheck {
  let exp: number | undefined
  try {
    exp = jwtDecode(token).exp
  } catch (error) {
    return { ok: false, reason: 'invalid', error }
  }
  if (typeof exp !== 'number') return { ok: true, expiresInMs: undefined }
  const left = exp * 1000 - Date.now()
  return left <= 0 ? { ok: false, reason: 'expired' } : { ok: true, expiresInMs: left }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession)
  const queryClient = useQueryClient()
  const { token, user } = session

  const logout = useCallback(() => {
    if (getSession().token) {
      // Tell the server too; the session ends here whatever it answers.
      api.postNoContent('/auth/logout').catch(() => undefined)
    }
    clearSession()
  }, [])

  // Expired or undecodable tokens log out at once; a valid one logs out when it expires.
  useEffect(() => {
    if (!token) {
      if (user) clearSession()
      return
    }
    const check = checkToken(token)
    if (!check.ok) {
      if (check.reason === 'invalid') console.error('Invalid token; logging out.', check.error)
      else console.log('Token expired; logging out.')
      clearSession()
      return
    }
    if (check.expiresInMs === undefined) return
    const timer = setTimeout(
      () => {
        console.log('Token expired; logging out.')
        clearSession()
      },
      Math.min(check.expiresInMs, 2 ** 31 - 1),
    )
    return () => clearTimeout(timer)
  }, [token, user])

  // Answers that depend on who is asking are fetched again when the viewer changes.
  const viewer = token && user?._id ? user._id : null
  useEffect(() => {
    return () => {
      void queryClient.resetQueries()
    }
  }, [viewer, queryClient])

  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      isAuthenticated: Boolean(token && checkToken(token).ok),
      login: (t, u) => setSession(t, u),
      logout,
      updateUser: (u) => setStoredUser(u),
      replaceToken: (t) => setToken(t),
    }),
    [user, token, logout],
  )

  return <AuthContext value={value}>{children}</AuthContext>
}

export function useAuth(): AuthState {
  const ctx = use(AuthContext)
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>')
  return ctx
}

import { useCallback } from 'react'
import { useNavigate } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'

/**
 * Logout from the chrome (top bar menu, small-screen menu, drawer): to /login, as the profile's
 * Logout does. The session ends once the page has left, so a guarded page (the profile) does not
 * first send the reader to /login with itself as the place to come back to.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate()
  const { logout } = useAuth()
  return useCallback(async () => {
    await navigate(paths.login.href(), { replace: true })
    logout()
  }, [navigate, logout])
}

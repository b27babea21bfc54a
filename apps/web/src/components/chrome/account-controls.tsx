import { lazy, Suspense, useState } from 'react'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown'
import { useAuth } from '#/lib/auth.tsx'
import { useLogout } from '#/components/chrome/use-logout.ts'

// Only a signed-in reader sees these controls, so their code stays out of the first screen's
// (Home's budget is measured signed out); the menu itself loads when first opened.
const AccountMenu = lazy(() => import('#/components/chrome/account-menu.tsx'))

/** The top bar's button that opens the account menu (Profile, Logout). */
export function AccountMenuButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [hasOpened, setHasOpened] = useState(false)
  const { isAuthenticated } = useAuth()
  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        size="small"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? 'account-menu' : undefined}
        onClick={(e) => {
          setHasOpened(true)
          setAnchor(e.currentTarget)
        }}
        sx={{ ml: -1 }}
      >
        <ArrowDropDownIcon />
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <AccountMenu anchorEl={isAuthenticated ? anchor : null} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  )
}

/** Logout in the small-screen menu. */
export function MobileLogoutButton({ onDone }: { onDone: () => void }) {
  const logout = useLogout()
  return (
    <Button
      color="inherit"
      onClick={() => {
        onDone()
        void logout()
      }}
      sx={{ justifyContent: 'flex-start', py: 1.25 }}
    >
      Logout
    </Button>
  )
}

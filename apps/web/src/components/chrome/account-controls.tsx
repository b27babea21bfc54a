import { lazy, Suspense } from 'react'
import IconButton from '@mui/material/IconButton'
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown'
import { useAuth } from '#/lib/auth.tsx'
import { useMenuAnchor } from '#/components/chrome/menu-anchor.ts'

// Only a signed-in reader sees these controls, so their code stays out of the first screen's
// (Home's budget is measured signed out); the menu itself loads when first opened.
const AccountMenu = lazy(() => import('#/components/chrome/account-menu.tsx'))

/** The top bar's button that opens the account menu (Profile, Logout). */
export function AccountMenuButton() {
  const menu = useMenuAnchor('account-menu')
  const { isAuthenticated } = useAuth()
  return (
    <>
      <IconButton color="inherit" edge="end" size="small" aria-label="Account menu" {...menu.buttonProps} sx={{ ml: -1 }}>
        <ArrowDropDownIcon />
      </IconButton>
      {menu.hasOpened && (
        <Suspense fallback={null}>
          <AccountMenu anchorEl={isAuthenticated ? menu.anchor : null} onClose={menu.close} />
        </Suspense>
      )}
    </>
  )
}

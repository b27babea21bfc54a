import { lazy, Suspense } from 'react'
import { Link as RouterLink, NavLink, useMatches } from '#/lib/router/react.tsx'
import AppBar from '@mui/material/AppBar'
import Toolbar from '@mui/material/Toolbar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import MenuBookIcon from '@mui/icons-material/MenuBook'
import AccountCircleIcon from '@mui/icons-material/AccountCircle'
import ContrastIcon from '@mui/icons-material/Contrast'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { profileImageUrl } from '#/lib/image-url.ts'
import { mainLinksFor } from '#/components/chrome/nav-links.ts'
import { useMenuAnchor } from '#/components/chrome/menu-anchor.ts'
import type { RouteHandle } from '#/lib/route-handle.ts'

// The height of a row of small buttons (MUI's size="small"), which the actions' row keeps while empty.
const ACTIONS_ROW_HEIGHT = 30.75

// Only a signed-in reader with a picture sees it: its code stays out of the first screen's.
const TopBarAvatar = lazy(() => import('#/components/chrome/top-bar-avatar.tsx'))
// A signed-in reader's account menu button and small-screen Logout: their code stays out of the first screen's too.
const AccountMenuButton = lazy(async () => ({ default: (await import('#/components/chrome/account-controls.tsx')).AccountMenuButton }))
// The bell and its live stream: a signed-in reader's only, so out of the first screen's code too.
const NotificationBell = lazy(() => import('#/components/chrome/notification-bell.tsx'))
// The theme menu (System / Light / Dark) loads when first opened.
const ThemeMenu = lazy(() => import('#/components/chrome/theme-menu.tsx'))

/** The top bar's theme button and its menu. */
function ThemeButton() {
  const menu = useMenuAnchor('theme-menu')
  return (
    <>
      <IconButton color="inherit" aria-label="Theme" {...menu.buttonProps}>
        <ContrastIcon />
      </IconButton>
      {menu.hasOpened && (
        <Suspense fallback={null}>
          <ThemeMenu anchorEl={menu.anchor} onClose={menu.close} />
        </Suspense>
      )}
    </>
  )
}

export function TopBar({ onSlot }: { onSlot: (el: HTMLElement | null) => void }) {
  const { user, isAuthenticated } = useAuth()
  const avatar = isAuthenticated ? profileImageUrl(user?.profileImage) : undefined
  const readerId = isAuthenticated ? user?._id : undefined
  const keepsActionsRow = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.topBarActions)

  return (
    <AppBar position="sticky" color="primary" elevation={1} component="header">
      {/* At 375 px a signed-in reader's bell, theme, avatar and menu fit beside the name only with narrower gaps. */}
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, flexWrap: 'wrap', py: { xs: 0.5, sm: 0 } }}>
        <Box
          component={RouterLink}
          to={paths.home.href()}
          aria-label="Shelfwise home"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            mr: { xs: 0.5, sm: 2 },
            borderRadius: 1,
            '&:focus-visible': { outline: '3px solid', outlineColor: 'common.white', outlineOffset: 2 },
          }}
        >
          <MenuBookIcon aria-hidden />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
            Shelfwise
          </Typography>
        </Box>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5 }}>
          {mainLinksFor(readerId).map((l) => (
            <Button
              key={l.to}
              component={NavLink}
              to={l.to}
              end={l.to === '/'}
              color="inherit"
              // The current page: a darker blue keeps white text above 4.5:1 (dark scheme: a lighter tint of the bar).
              sx={{ '&.active': { bgcolor: (t) => (t.palette.mode === 'dark' ? t.palette.action.selected : t.palette.primary.dark) } }}
            >
              {l.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Box
          ref={onSlot}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            order: { xs: 5, md: 0 },
            flexBasis: { xs: '100%', md: 'auto' },
            justifyContent: 'flex-end',
            ...(keepsActionsRow ? { minHeight: ACTIONS_ROW_HEIGHT } : { '&:empty': { display: 'none' } }),
          }}
        />
        {isAuthenticated && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <ThemeButton />
        <IconButton component={RouterLink} to={paths.profile.href()} color="inherit" aria-label="Profile" edge={isAuthenticated ? false : 'end'}>
          {avatar ? (
            <Suspense fallback={<AccountCircleIcon fontSize="large" />}>
              <TopBarAvatar src={avatar} alt={user?.username ?? 'Your profile'} />
            </Suspense>
          ) : (
            <AccountCircleIcon fontSize="large" />
          )}
        </IconButton>
        {isAuthenticated && (
          <Suspense fallback={null}>
            <AccountMenuButton />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  )
}

import { lazy, Suspense, useState } from 'react'
import { Link as RouterLink, NavLink, useMatches } from '#/lib/router/react.tsx'
import AppBar from '@mui/material/AppBar'
import Toolbar from '@mui/material/Toolbar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import MenuIcon from '@mui/icons-material/Menu'
import CloseIcon from '@mui/icons-material/Close'
import MenuBookIcon from '@mui/icons-material/MenuBook'
import AccountCircleIcon from '@mui/icons-material/AccountCircle'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { profileImageUrl } from '#/lib/image-url.ts'
import { allLinks, mainLinks } from '#/components/chrome/nav-links.ts'
import type { RouteHandle } from '#/lib/route-handle.ts'

// The height of a row of small buttons (MUI's size="small"), which the actions' row keeps while empty.
const ACTIONS_ROW_HEIGHT = 30.75

// Only a signed-in reader with a picture sees it: its code stays out of the first screen's.
const TopBarAvatar = lazy(() => import('#/components/chrome/top-bar-avatar.tsx'))
// A signed-in reader's account menu button and small-screen Logout: their code stays out of the first screen's too.
const AccountMenuButton = lazy(async () => ({ default: (await import('#/components/chrome/account-controls.tsx')).AccountMenuButton }))
const MobileLogoutButton = lazy(async () => ({ default: (await import('#/components/chrome/account-controls.tsx')).MobileLogoutButton }))

export function TopBar({ onSlot }: { onSlot: (el: HTMLElement | null) => void }) {
  const [isMenuOpen, setMenuOpen] = useState(false)
  const { user, isAuthenticated } = useAuth()
  const avatar = isAuthenticated ? profileImageUrl(user?.profileImage) : undefined
  const keepsActionsRow = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.topBarActions)

  return (
    <AppBar position="sticky" color="primary" elevation={1} component="header">
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 0.5, sm: 0 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
          sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        >
          {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
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
            mr: 2,
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
          {mainLinks.map((l) => (
            <Button
              key={l.to}
              component={NavLink}
              to={l.to}
              end={l.to === '/'}
              color="inherit"
              // The current page: a darker blue keeps white text above 4.5:1.
              sx={{ '&.active': { bgcolor: 'primary.dark' } }}
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
      {isMenuOpen && (
        <Box component="nav" id="mobile-menu" aria-label="Mobile" sx={{ display: { xs: 'flex', sm: 'none' }, flexDirection: 'column', px: 1, pb: 1 }}>
          {allLinks.map((l) => (
            <Button
              key={l.to}
              component={RouterLink}
              to={l.to}
              color="inherit"
              onClick={() => setMenuOpen(false)}
              sx={{ justifyContent: 'flex-start', py: 1.25 }}
            >
              {l.label}
            </Button>
          ))}
          {isAuthenticated && (
            <Suspense fallback={null}>
              <MobileLogoutButton onDone={() => setMenuOpen(false)} />
            </Suspense>
          )}
        </Box>
      )}
    </AppBar>
  )
}

import { lazy, Suspense, useState, type ReactNode } from 'react'
import { NavLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import HomeIcon from '@mui/icons-material/Home'
import ExploreIcon from '@mui/icons-material/Explore'
import InfoIcon from '@mui/icons-material/Info'
import PersonIcon from '@mui/icons-material/Person'
import MoreHorizIcon from '@mui/icons-material/MoreHoriz'
import { allLinks } from '#/components/chrome/nav-links.ts'

// The drawer (a Modal) loads only when first opened, so it stays out of the first screen's code.
const NavDrawer = lazy(() => import('#/components/chrome/nav-drawer.tsx'))

// Small screens have one menu: this bar, and its More drawer with every link (nav-links.ts, the one
// list of entries). The bar shows the entries it has an icon for; the drawer has them all.
const ICONS: Record<string, ReactNode> = { Home: <HomeIcon />, Browse: <ExploreIcon />, About: <InfoIcon />, Profile: <PersonIcon /> }
const items = allLinks.flatMap((l) => (ICONS[l.label] ? [{ ...l, icon: ICONS[l.label] }] : []))

const itemSx = {
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 0.25,
  py: 0.75,
  fontSize: 12,
  color: 'text.secondary',
  textDecoration: 'none',
  font: 'inherit',
  '&.active': { color: 'primary.main', fontWeight: 700 },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: -3 },
} as const

/** Small screens: a bottom navigation bar, and a bottom drawer with every link. */
export function MobileNav() {
  const [isOpen, setOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState(false)
  return (
    <>
      <Box
        component="nav"
        aria-label="Bottom navigation"
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 'appBar',
          display: { xs: 'flex', sm: 'none' },
          bgcolor: 'background.paper',
          boxShadow: 8,
          fontSize: 12,
        }}
      >
        {items.map((i) => (
          <Box key={i.to} component={NavLink} to={i.to} end={i.to === '/'} sx={itemSx}>
            {i.icon}
            <span>{i.label}</span>
          </Box>
        ))}
        <ButtonBase
          aria-haspopup="dialog"
          onClick={() => {
            setHasOpened(true)
            setOpen(true)
          }}
          sx={itemSx}
        >
          <MoreHorizIcon />
          <span>More</span>
        </ButtonBase>
      </Box>
      {hasOpened && (
        <Suspense fallback={null}>
          <NavDrawer open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

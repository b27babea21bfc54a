import { lazy, memo, Suspense, useState } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import { TopBar } from '#/components/chrome/top-bar.tsx'
import { TopBarSlotContext } from '#/components/chrome/top-bar-slot.tsx'

// The footer sits below the fold: its code loads once the page has rendered.
const Footer = lazy(async () => ({ default: (await import('#/components/chrome/footer.tsx')).Footer }))
// The small screens' bottom navigation is fixed to the screen's foot, so arriving a moment after
// the page moves nothing: its code (and its icons) load with the footer's.
const MobileNav = lazy(async () => ({ default: (await import('#/components/chrome/mobile-nav.tsx')).MobileNav }))

// The page and the frame's parts below it, memoised: AppLayout draws again when the top bar's slot
// element arrives (right after the first commit) and on every navigation state, which must not draw
// the whole page again — the page's own updates (route, context) still reach it.
const Page = memo(function Page() {
  return (
    <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
      <Outlet />
    </Box>
  )
})
const Bottom = memo(function Bottom() {
  return (
    <>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <MobileNav />
      </Suspense>
    </>
  )
})

export function AppLayout() {
  const [slot, setSlot] = useState<HTMLElement | null>(null)
  const navigation = useNavigation()
  return (
    <TopBarSlotContext value={slot}>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <TopBar onSlot={setSlot} />
        {navigation.state === 'loading' && (
          <Box
            role="progressbar"
            aria-label="Loading page"
            className="page-progress"
            sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: 'tooltip', bgcolor: 'secondary.main' }}
          />
        )}
        <Page />
        <Bottom />
      </Box>
      <ScrollRestoration />
    </TopBarSlotContext>
  )
}

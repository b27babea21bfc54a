import { lazy, Suspense, useState } from 'react'
import IconButton from '@mui/material/IconButton'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import { SAFETY_TEXT } from '#/features/safety/components/safety-texts.ts'

// Mute, Block and Report on another reader's profile (decisions 0057, 0058): the button here, the
// menu and its dialogs loaded on the first press.

const SafetyMenuPopup = lazy(() => import('#/features/safety/components/safety-menu-popup.tsx'))

export function SafetyMenu({ userId, username }: { userId: string; username: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [opened, setOpened] = useState(false)
  return (
    <>
      <IconButton
        aria-label={SAFETY_TEXT.more(username)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? 'safety-menu' : undefined}
        onClick={(e) => {
          setAnchor(e.currentTarget)
          setOpened(true)
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <SafetyMenuPopup userId={userId} username={username} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  )
}

import { useState, type MouseEvent } from 'react'

/** A top-bar menu opens under its button, aligned to the button's right edge. */
export const UNDER_THE_BUTTON = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const

/** A button that opens a menu loaded on first use: where it hangs, whether it ever opened, and the button's ARIA and click. */
export function useMenuAnchor(menuId: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [hasOpened, setHasOpened] = useState(false)
  return {
    anchor,
    hasOpened,
    close: () => setAnchor(null),
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': anchor ? true : undefined,
      'aria-controls': anchor ? menuId : undefined,
      onClick: (e: MouseEvent<HTMLElement>) => {
        setHasOpened(true)
        setAnchor(e.currentTarget)
      },
    },
  }
}

import { createContext, use, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

/** Where a screen puts its own top-bar actions (book detail's Write Review, the user search…). */
export const TopBarSlotContext = createContext<HTMLElement | null>(null)

export function TopBarActions({ children }: { children: ReactNode }) {
  const slot = use(TopBarSlotContext)
  return slot ? createPortal(children, slot) : null
}

import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { THEME_STORAGE_KEY } from '@shelfwise/contracts/theme-script'
import type { ColorMode } from '#/theme/theme-colors.ts'

/** What the reader picked in the top bar: follow the system, or one scheme always. */
export type ColorChoice = 'system' | ColorMode

const SYSTEM_DARK = '(prefers-color-scheme: dark)'

function storedChoice(): ColorChoice {
  try {
    const c = localStorage.getItem(THEME_STORAGE_KEY)
    return c === 'light' || c === 'dark' ? c : 'system'
  } catch {
    return 'system'
  }
}

const systemMode = (): ColorMode => (typeof matchMedia === 'function' && matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light')

/** Marks the scheme on <html> as index.html's first script does, for the page behind the app (and the next load's boot). */
function markDocument(mode: ColorMode) {
  document.documentElement.setAttribute('data-theme', mode)
  document.documentElement.style.colorScheme = mode
}

interface ColorModeValue {
  choice: ColorChoice
  mode: ColorMode
  choose: (choice: ColorChoice) => void
}

const ColorModeContext = createContext<ColorModeValue>({ choice: 'system', mode: 'light', choose: () => {} })

/** The reader's colour scheme: their stored choice, else the system's, followed live while it is 'system'. */
export function ColorModeProvider({ children }: { children: (mode: ColorMode) => ReactNode }) {
  const [choice, setChoice] = useState(storedChoice)
  const [system, setSystem] = useState(systemMode)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const query = matchMedia(SYSTEM_DARK)
    const follow = () => setSystem(query.matches ? 'dark' : 'light')
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [])
  const mode = choice === 'system' ? system : choice
  useEffect(() => markDocument(mode), [mode])
  const choose = useCallback((c: ColorChoice) => {
    try {
      if (c === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
      else localStorage.setItem(THEME_STORAGE_KEY, c)
    } catch {
      // Storage blocked: the choice holds for this visit only.
    }
    setChoice(c)
  }, [])
  const value = useMemo(() => ({ choice, mode, choose }), [choice, mode, choose])
  return <ColorModeContext value={value}>{children(mode)}</ColorModeContext>
}

export const useColorMode = () => use(ColorModeContext)

export type ColorMode = 'light' | 'dark'

/** The page's background in each scheme (theme.ts): also index.html's first paint, before any script (vite.config.ts). */
export const PAGE_BACKGROUND: Record<ColorMode, string> = { light: '#f7f8fa', dark: '#121212' }

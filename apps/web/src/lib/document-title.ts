import { useEffect } from 'react'

const SITE_NAME = 'Shelfwise'

/** The tab's title for a screen: 'Dracula — Shelfwise'; the site's name alone when there is none yet. */
export const documentTitle = (title?: string | null): string => {
  const t = title?.trim()
  return t ? `${t} — ${SITE_NAME}` : SITE_NAME
}

/**
 * Gives the route its own document title (what a tab, a bookmark, history and a screen reader announce),
 * e.g. `useDocumentTitle(book?.title)`. Undefined while the screen's data loads keeps the site's name.
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}

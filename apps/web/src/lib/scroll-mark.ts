// What the scroll memory keeps of a place (use-scroll-memory.ts) and what restoring it reads
// (restore-scroll.ts, loaded only when needed): shared here, so the lazy half never imports back.

/**
 * Where the reader was, by history entry: the book card at the top of the window (its link and the
 * list it is in) and how far below the window's top it stood, plus how far the page's <main> had
 * scrolled past the window's top, for when no card was in view.
 */
export interface ScrollMark {
  past: number
  card?: { href: string; list: string; top: number }
}

/** The list a card is in, by its own name or its region's: Home's popular row and its grid hold the same books. */
export function listName(li: Element): string {
  const list = li.closest('ul,ol')
  const region = li.closest('section,[role="region"]')
  return `${list?.getAttribute('aria-label') ?? ''}|${region?.getAttribute('aria-labelledby') ?? region?.getAttribute('aria-label') ?? ''}`
}

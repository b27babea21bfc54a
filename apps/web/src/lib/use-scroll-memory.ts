import { useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from '#/lib/router/react.tsx'
import { listName, type ScrollMark } from '#/lib/scroll-mark.ts'

const marks = new Map<string, ScrollMark>()

/** The first card whose top is at or below the top bar's bottom: what the reader sees first. */
function markScroll(): ScrollMark {
  const main = document.getElementById('main')
  const past = -(main?.getBoundingClientRect().top ?? 0)
  const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
  let best: ScrollMark['card']
  for (const li of main?.querySelectorAll('li') ?? []) {
    const box = li.getBoundingClientRect()
    if (box.height === 0 || box.top < bar || box.top > window.innerHeight) continue
    const href = li.querySelector('a[href^="/books/"]')?.getAttribute('href')
    if (!href) continue
    if (!best || box.top < best.top) best = { href, list: listName(li), top: box.top }
  }
  return { past, card: best }
}

/**
 * Keeps the page's scroll position when the reader leaves; coming back by Back, puts the card that
 * was at the top of the window back at the same place once the page has grown to it, whatever the
 * parts above it measure this time (lib/restore-scroll.ts, loaded only then).
 */
export function useScrollMemory() {
  const { key } = useLocation()
  const isBack = useNavigationType() === 'POP'
  // A layout effect's cleanup runs before the next screen's own scroll to its top.
  useLayoutEffect(() => {
    const mark = isBack ? marks.get(key) : undefined
    const restoring = mark && mark.past > 0 ? import('#/lib/restore-scroll.ts').then((m) => m.restoreScroll(mark)) : undefined
    return () => {
      marks.set(key, markScroll())
      void restoring?.then((stop) => stop())
    }
  }, [key, isBack])
}

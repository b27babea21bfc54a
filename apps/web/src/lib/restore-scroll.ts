import { listName, type ScrollMark } from '#/lib/scroll-mark.ts'

// Loaded only when the reader comes back to a screen that remembers where they were (Home, Browse).

/** What a reader does to move the page themselves: restoring stops at once. */
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
/** Restoring gives up after this long (ms), wherever the page is (a busy machine may take seconds to draw the page again)… */
const GIVE_UP_MS = 8000
/** …and ends once the page has stayed at the place this long (ms). */
const SETTLED_MS = 600

/** The card the mark names, in the same list, if it is drawn. */
function findCard(card: NonNullable<ScrollMark['card']>): Element | undefined {
  const links = document.getElementById('main')?.querySelectorAll(`li a[href="${CSS.escape(card.href)}"]`) ?? []
  for (const a of links) {
    const li = a.closest('li')
    if (li && listName(li) === card.list) return li
  }
  return undefined
}

/**
 * Scrolls the window until the card that was at the top of the window stands where it stood (or, with
 * no card, until the page's <main> has gone `past` pixels above the window's top), as soon as
 * the page is tall enough, and keeps it there while the page settles — sections drawn again from
 * cached answers, rows measured — which the router's own restoring cannot wait for (it scrolls once,
 * while the page is still short). Stops when the reader moves the page, after GIVE_UP_MS, or once
 * settled; answers a function that stops it sooner.
 */
export function restoreScroll({ past, card }: ScrollMark): () => void {
  let frame = 0
  let settledSince = 0
  const giveUpAt = performance.now() + GIVE_UP_MS
  const stop = () => {
    cancelAnimationFrame(frame)
    for (const e of READER_MOVES) window.removeEventListener(e, stop)
  }
  for (const e of READER_MOVES) window.addEventListener(e, stop, { passive: true })
  const step = (now: number) => {
    // The card, once drawn: the parts above it may measure differently this time (a section still
    // loading, one drawn anew). Until then, the page's own offset.
    const li = card && findCard(card)
    const target = li
      ? window.scrollY + li.getBoundingClientRect().top - card.top
      : window.scrollY + (document.getElementById('main')?.getBoundingClientRect().top ?? 0) + past
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= target - 1
    if (reachable && Math.abs(window.scrollY - target) > 1) window.scrollTo({ top: target, behavior: 'instant' })
    settledSince = Math.abs(window.scrollY - target) <= 1 ? settledSince || now : 0
    if (now > giveUpAt || (settledSince && now - settledSince > SETTLED_MS)) stop()
    else frame = requestAnimationFrame(step)
  }
  frame = requestAnimationFrame(step)
  return stop
}

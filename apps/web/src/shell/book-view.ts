// The boot script's view of a book's page once the book's answer has come (src/boot.ts): the
// view the build drew with marks (src/shell/render.tsx) filled with the book's values. Imports
// nothing the app's entry imports: it is part of the boot script's own chunk.
import { BOOK_DETAIL_MARKS, BOOK_DETAIL_VIEW, BOOK_TITLE_MARK } from '#/shell/routes.ts'

/** What the boot script reads of a book's answer (the contracts' Book; not imported, as nothing the app's entry imports). */
export interface BookAnswer {
  title?: unknown
  author?: unknown
  description?: unknown
  genre?: unknown
  coverImage?: unknown
  averageRating?: unknown
  totalReviews?: unknown
  ratingsCount?: unknown
  editionId?: unknown
  _id?: unknown
  removedByModerators?: unknown
}

/** A generated cover's two shades from its title, as src/components/book-cover.tsx draws them (a test holds them equal). */
export function coverShades(title: string): [string, string] {
  let h = 0
  for (const ch of title || '?') h = (h * 31 + ch.codePointAt(0)!) % 360
  return [`hsl(${h} 55% 32%)`, `hsl(${(h + 40) % 360} 60% 22%)`]
}

/**
 * A count with thousands separators, as groupDigits (the contracts' numbers.ts) writes a whole number.
 * Written here because the boot script shares no module with the app: an import would make it wait
 * for the app's entry chunk before drawing anything.
 */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** The review count beside the stars, as the book's page writes it (src/app/routes/book.tsx; a test holds them equal). */
export function reviewCount(total: number, ratings: number): string {
  const more = ratings > total ? ` · ${grouped(ratings)} ${ratings === 1 ? 'rating' : 'ratings'}` : ''
  return `${total} ${total === 1 ? 'review' : 'reviews'}${more}`
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A signed-out visitor's view of a plain book (its own edition, a generated cover, not removed) as
 * the app's first render draws it, down to its description; else undefined (the title view then).
 */
export function bookDetailView(doc: DocumentFragment, book: BookAnswer): DocumentFragment | undefined {
  const { title, author, description, genre, averageRating: avg, totalReviews: total, ratingsCount: ratings } = book
  const plain = book.coverImage === '' && (book.editionId === undefined || book.editionId === book._id) && !book.removedByModerators
  if (!plain || typeof title !== 'string' || typeof author !== 'string' || typeof description !== 'string') return
  if (typeof avg !== 'number' || typeof total !== 'number' || typeof ratings !== 'number' || !Array.isArray(genre)) return
  const view = doc.querySelector<HTMLTemplateElement>(`template[data-shell="${BOOK_DETAIL_VIEW}"]`)
  if (!view) return
  const values: Record<string, string> = {
    [BOOK_TITLE_MARK]: title,
    [BOOK_DETAIL_MARKS.author]: author,
    [BOOK_DETAIL_MARKS.description]: description,
    [BOOK_DETAIL_MARKS.average]: avg > 0 && ratings > 0 ? avg.toFixed(1) : 'N/A',
    [BOOK_DETAIL_MARKS.count]: reviewCount(total, ratings),
  }
  const filled = document.createElement('template')
  filled.innerHTML = view.innerHTML.replace(/BOOK_[A-Z]+/g, (mark) => escapeHtml(values[mark] ?? mark))
  const page = filled.content
  page.querySelector<HTMLElement>('[data-testid="generated-cover"]')!.style.background = `linear-gradient(160deg, ${coverShades(title).join(', ')})`
  // One chip a genre (none: no row).
  const chip = [...page.querySelectorAll('.MuiChip-root')].find((c) => c.textContent === BOOK_DETAIL_MARKS.genre)
  if (!chip) return
  for (const g of genre) {
    const copy = chip.cloneNode(true) as Element
    copy.firstElementChild!.textContent = String(g)
    chip.before(copy)
  }
  if (genre.length) chip.remove()
  else chip.parentElement!.remove()
  // The stars, to the half as the app's Rating draws them: each a clipped part over the whole star.
  const stars = [...page.querySelectorAll('.MuiRating-decimal')]
  const full = stars[0]?.lastElementChild?.firstElementChild
  const empty = stars[4]?.lastElementChild?.firstElementChild
  if (stars.length !== 5 || !full || !empty) return
  const value = Math.round((avg || 0) * 2) / 2
  stars.forEach((star, i) => {
    const half = value === i + 0.5
    const [part, whole] = [star.firstElementChild as HTMLElement, star.lastElementChild!]
    part.style.width = half ? '50%' : '0%'
    part.replaceChildren((value > i ? full : empty).cloneNode(true))
    whole.replaceChildren((value >= i + 1 ? full : empty).cloneNode(true))
  })
  return page
}

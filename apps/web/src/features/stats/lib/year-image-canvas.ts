import type { YearBook } from '@shelfwise/contracts'
import { generatedCoverShades } from '#/components/book-cover.tsx'
import { wrapTitle } from '#/features/stats/lib/wrap-title.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

// The year in review drawn on a canvas (1080 × 1350, the size social sites show whole): the figures
// and every book of the year, with its cover or the cover the app makes from its title. The image
// keeps its own fixed look (it is shared as a picture), whatever the app's theme.

export const IMAGE_WIDTH = 1080
export const IMAGE_HEIGHT = 1350
const INK = '#1f2a37'
const SOFT = '#5b6b7c'
const ACCENT = '#2e6b5e'
const PAPER = '#fbf8f2'
const FONT = '"DejaVu Sans", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", Arial, sans-serif, "Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji"'
const MARGIN = 72
const GRID_TOP = 470
const GRID_BOTTOM = IMAGE_HEIGHT - 70
const MAX_COVER = 180
/** The performance entries the drawing leaves (a measure of its duration). */
const DRAW_MEASURE = 'year-image:draw'

/** Whether a text reads right to left: its first strong letter is Hebrew or Arabic (or another RTL script). */
export const isRtl = (text: string) => /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u.test(text)

export interface YearImageInput {
  year: number
  /** The reader's name, as the heading says it. */
  name: string
  booksRead: number
  pagesRead: number
  averageRating: number | null
  goal: { books: number | null; done: number } | null
  books: YearBook[]
  /** The year's books in all, when more were read than `books` holds. */
  total: number
  /** Covers already loaded, by book id. */
  covers: Map<string, HTMLImageElement>
}

/** The grid that holds `n` covers (2:3) in the room below the figures, each as large as it can be. */
export function coverGrid(n: number, width = IMAGE_WIDTH - 2 * MARGIN, height = GRID_BOTTOM - GRID_TOP) {
  for (let cols = 1; ; cols++) {
    const gap = Math.max(3, Math.round(width / cols / 14))
    const w = Math.min(MAX_COVER, (width - gap * (cols - 1)) / cols)
    const h = w * 1.5
    const rows = Math.ceil(n / cols)
    if (rows * h + (rows - 1) * gap <= height || w < 8) return { cols, rows, w, h, gap }
  }
}

const num = (n: number) => groupDigits(n)

/** Each figure's column; a figure wider than that at its full size is drawn smaller, never over the next. */
const FIGURE_ROOM = 296
/** The size a figure is drawn at: 72 px, or the largest that keeps it in its column (`width` measures it at a size). */
export function figureSize(value: string, width: (value: string, size: number) => number): number {
  let size = 72
  while (size > 32 && width(value, size) > FIGURE_ROOM) size -= 4
  return size
}

function drawGeneratedCover(ctx: CanvasRenderingContext2D, book: YearBook, x: number, y: number, w: number, h: number) {
  const [from, to] = generatedCoverShades(book.title)
  const fill = ctx.createLinearGradient(x, y, x + w * 0.35, y + h)
  fill.addColorStop(0, from)
  fill.addColorStop(1, to)
  ctx.fillStyle = fill
  ctx.fillRect(x, y, w, h)
  ctx.fillStyle = 'rgba(0,0,0,0.25)'
  ctx.fillRect(x, y, Math.max(2, w * 0.05), h)
  // A title too small to read is left out: the colours still tell the books apart.
  const size = Math.round(w * 0.13)
  if (size < 7) return
  const pad = Math.max(4, w * 0.1)
  const rtl = isRtl(book.title)
  ctx.font = `700 ${size}px ${FONT}`
  ctx.fillStyle = '#ffffff'
  ctx.direction = rtl ? 'rtl' : 'ltr'
  ctx.textAlign = 'start'
  const lineHeight = size * 1.2
  const maxLines = Math.max(1, Math.floor((h - 2 * pad) / lineHeight))
  const lines = wrapTitle(book.title, w - 2 * pad, Math.min(6, maxLines), (s) => ctx.measureText(s).width)
  lines.forEach((line, i) => ctx.fillText(line, rtl ? x + w - pad : x + pad, y + pad + size + i * lineHeight))
  ctx.direction = 'ltr'
}

/** Draws the year in review on `ctx`; its duration is left as the performance measure DRAW_MEASURE. */
export function drawYearImage(ctx: CanvasRenderingContext2D, input: YearImageInput): void {
  performance.mark(`${DRAW_MEASURE}:start`)
  ctx.textBaseline = 'alphabetic'
  ctx.fillStyle = PAPER
  ctx.fillRect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT)
  ctx.fillStyle = ACCENT
  ctx.fillRect(0, 0, IMAGE_WIDTH, 14)

  const text = (t: string, x: number, y: number, size: number, colour: string, weight = 400) => {
    ctx.font = `${weight} ${size}px ${FONT}`
    ctx.fillStyle = colour
    ctx.direction = isRtl(t) ? 'rtl' : 'ltr'
    ctx.textAlign = isRtl(t) ? 'right' : 'left'
    const lines = wrapTitle(t, IMAGE_WIDTH - 2 * MARGIN, 1, (s) => ctx.measureText(s).width)
    ctx.fillText(lines[0] ?? '', ctx.textAlign === 'right' ? IMAGE_WIDTH - MARGIN : x, y)
    ctx.direction = 'ltr'
    ctx.textAlign = 'left'
  }
  text('Shelfwise', MARGIN, 110, 40, ACCENT, 700)
  text(`${input.year} in books`, MARGIN, 190, 64, INK, 700)
  text(input.name, MARGIN, 240, 32, SOFT)

  const figures: [string, string][] = [
    [num(input.booksRead), input.booksRead === 1 ? 'book read' : 'books read'],
    [num(input.pagesRead), 'pages'],
    [input.averageRating === null ? '–' : `${input.averageRating.toFixed(1)}★`, 'average rating'],
  ]
  figures.forEach(([value, label], i) => {
    text(
      value,
      MARGIN + i * 320,
      350,
      figureSize(value, (s, size) => {
        ctx.font = `700 ${size}px ${FONT}`
        return ctx.measureText(s).width
      }),
      ACCENT,
      700,
    )
    text(label, MARGIN + i * 320, 395, 28, SOFT)
  })
  if (input.goal?.books) text(`Goal: ${num(input.goal.done)} of ${num(input.goal.books)} books`, MARGIN, 440, 28, INK)

  const { books } = input
  if (books.length === 0) text(`No books finished in ${input.year} yet.`, MARGIN, GRID_TOP + 60, 32, SOFT)
  const { cols, w, h, gap } = coverGrid(books.length)
  books.forEach((book, i) => {
    const x = MARGIN + (i % cols) * (w + gap)
    const y = GRID_TOP + Math.floor(i / cols) * (h + gap)
    const cover = input.covers.get(book._id)
    if (cover) {
      // Filled as a cover is: cropped to 2:3 around its middle, never stretched.
      const scale = Math.max(w / cover.naturalWidth, h / cover.naturalHeight)
      const [sw, sh] = [w / scale, h / scale]
      ctx.drawImage(cover, (cover.naturalWidth - sw) / 2, (cover.naturalHeight - sh) / 2, sw, sh, x, y, w, h)
    } else drawGeneratedCover(ctx, book, x, y, w, h)
  })
  if (input.total > books.length) text(`and ${num(input.total - books.length)} more`, MARGIN, IMAGE_HEIGHT - 30, 28, SOFT)
  performance.mark(`${DRAW_MEASURE}:end`)
  performance.measure(DRAW_MEASURE, `${DRAW_MEASURE}:start`, `${DRAW_MEASURE}:end`)
}

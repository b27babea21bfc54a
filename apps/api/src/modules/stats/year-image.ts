import type { YearStats } from '@shelfwise/contracts'

// The year in review as an SVG (drawn to PNG by sharp): the figures a reader shares, nothing
// written by a machine about them. 1080×1350, the size social sites show whole.

const W = 1080
const H = 1350
const INK = '#1f2a37'
const SOFT = '#5b6b7c'
const ACCENT = '#2e6b5e'
const PAPER = '#fbf8f2'
const MONTHS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D']

/** Text as XML content: the five special characters escaped, control characters dropped. */
const esc = (s: string) =>
  [...s]
    .filter((c) => c >= ' ' || c === '\n')
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** At most `n` characters (whole code points), with an ellipsis when cut. */
const clip = (s: string, n: number) => {
  const chars = [...s]
  return chars.length > n ? `${chars.slice(0, n - 1).join('')}…` : s
}

const num = (n: number) => n.toLocaleString('en-US')

export interface YearImageInput {
  username: string
  stats: YearStats
  /** Up to 12 books, each with its cover as a data URL when we keep one. */
  covers: { title: string; image: string | undefined }[]
}

export function yearInReviewSvg({ username, stats, covers }: YearImageInput): string {
  const parts: string[] = []
  const text = (x: number, y: number, size: number, content: string, opts: { weight?: number; fill?: string; anchor?: string } = {}) =>
    parts.push(
      `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" font-weight="${opts.weight ?? 400}" fill="${opts.fill ?? INK}" text-anchor="${opts.anchor ?? 'start'}">${esc(content)}</text>`,
    )
  parts.push(`<rect width="${W}" height="${H}" fill="${PAPER}"/>`)
  parts.push(`<rect x="0" y="0" width="${W}" height="14" fill="${ACCENT}"/>`)
  text(72, 120, 40, 'Shelfwise', { weight: 700, fill: ACCENT })
  text(72, 200, 64, `My ${stats.year} in books`, { weight: 700 })
  text(72, 250, 32, `@${clip(username, 40)}`, { fill: SOFT })

  // The three figures.
  const figures: [string, string][] = [
    [num(stats.booksRead), stats.booksRead === 1 ? 'book read' : 'books read'],
    [num(stats.pagesRead), 'pages'],
    [stats.averageRating === null ? '–' : `${stats.averageRating.toFixed(1)}★`, 'average rating'],
  ]
  figures.forEach(([value, label], i) => {
    const x = 72 + i * 320
    text(x, 370, 72, value, { weight: 700, fill: ACCENT })
    text(x, 415, 28, label, { fill: SOFT })
  })
  if (stats.goal?.books) text(72, 470, 28, `Goal: ${num(stats.goal.done.books)} of ${num(stats.goal.books)} books`, { fill: INK })

  // Books per month, as bars.
  const top = 520
  const chartH = 200
  const max = Math.max(1, ...stats.byMonth.map((m) => m.books))
  const barW = 56
  text(72, top, 28, 'Books per month', { weight: 700 })
  stats.byMonth.forEach((m, i) => {
    const x = 72 + i * 80
    const h = Math.round((m.books / max) * chartH)
    const baseline = top + 30 + chartH
    parts.push(`<rect x="${x}" y="${baseline - h}" width="${barW}" height="${Math.max(h, 2)}" rx="6" fill="${m.books ? ACCENT : '#d9d4c7'}"/>`)
    if (m.books) text(x + barW / 2, baseline - h - 10, 24, String(m.books), { anchor: 'middle' })
    text(x + barW / 2, baseline + 34, 24, MONTHS[i]!, { fill: SOFT, anchor: 'middle' })
  })

  // Genres.
  const genres = stats.genres.slice(0, 4)
  if (genres.length) text(72, 850, 28, `Most read: ${genres.map((g) => clip(g.genre, 24)).join(' · ')}`, { fill: INK })

  // Covers: the year's books, newest first; a tile with the title where we keep no cover.
  const coverTop = 900
  covers.slice(0, 12).forEach((c, i) => {
    const x = 72 + (i % 6) * 160
    const y = coverTop + Math.floor(i / 6) * 215
    if (c.image) parts.push(`<image x="${x}" y="${y}" width="140" height="200" preserveAspectRatio="xMidYMid slice" href="${c.image}"/>`)
    else {
      parts.push(`<rect x="${x}" y="${y}" width="140" height="200" rx="8" fill="${ACCENT}" opacity="0.85"/>`)
      const words = clip(c.title, 42).split(/\s+/)
      const lines: string[] = []
      for (const w of words) {
        const last = lines.at(-1)
        if (last !== undefined && [...`${last} ${w}`].length <= 12) lines[lines.length - 1] = `${last} ${w}`
        else lines.push(clip(w, 11))
      }
      lines.slice(0, 5).forEach((line, j) => text(x + 70, y + 40 + j * 30, 20, line, { fill: PAPER, anchor: 'middle' }))
    }
  })
  if (!covers.length) text(72, coverTop + 60, 28, `No books finished in ${stats.year} yet.`, { fill: SOFT })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`
}

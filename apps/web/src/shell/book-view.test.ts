import { describe, expect, it, vi } from 'vitest'
import type { Book } from '@shelfwise/contracts'
import { generatedCoverShades } from '#/components/book-cover.tsx'
import { bookDetailView, coverShades, reviewCount } from '#/shell/book-view.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'
import { renderShell, shellDocument } from '#/shell/render.tsx'
import { buildBook } from '#/test/factories.ts'

/** The shell file as the build writes it, read back as the boot script reads it. */
function shellFile(): DocumentFragment {
  // The build renders the shell as a server render (src/lib/deferred.ts draws the data at once then).
  vi.stubEnv('SSR', true)
  try {
    const doc = document.createElement('template')
    doc.innerHTML = shellDocument(renderShell())
    return doc.content
  } finally {
    vi.unstubAllEnvs()
  }
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim()

describe("the shell's book page", () => {
  const doc = shellFile()
  const book = (over: Partial<Book>): Book =>
    buildBook({ coverImage: '', averageRating: 2.26, totalReviews: 1, ratingsCount: 3456, genre: ['Fiction', 'Poésie'], ...over })

  it("draws the book's own values, escaped, where the app draws them", () => {
    const page = bookDetailView(doc, book({ title: 'Le <i>petit</i> & prince', author: 'نجيب محفوظ', description: 'سطر أول\nLine <b>two</b>' }))!
    expect(text(page.querySelector('h1'))).toBe('Le <i>petit</i> & prince')
    expect(page.querySelector('h1 i, p b')).toBeNull()
    expect(text(page.querySelector('h1 + p'))).toBe('by نجيب محفوظ')
    const description = page.querySelector('h1')!.parentElement!.querySelector(':scope > p[dir="auto"]')!
    expect(description.textContent).toBe('سطر أول\nLine <b>two</b>')
    expect([...page.querySelectorAll('.MuiChip-root')].map(text)).toEqual(['Fiction', 'Poésie'])
    const rating = page.querySelector('.MuiRating-root')!
    expect(text(rating.parentElement)).toBe('2.3(1 review · 3,456 ratings)')
    // 2.26 draws as two whole stars and a half.
    const stars = [...rating.querySelectorAll('.MuiRating-decimal')]
    expect(stars.map((s) => s.lastElementChild!.querySelector('.MuiRating-iconFilled') !== null)).toEqual([true, true, false, false, false])
    expect(stars.map((s) => (s.firstElementChild as HTMLElement).style.width)).toEqual(['0%', '0%', '50%', '0%', '0%'])
    expect(stars[2]!.firstElementChild!.querySelector('.MuiRating-iconFilled')).not.toBeNull()
    expect(text(page.querySelector('[data-testid="generated-cover"]'))).toBe('Le <i>petit</i> & princeنجيب محفوظ')
    // Nothing of the marks is left; nothing after the description (facts, reviews) is drawn.
    expect(page.textContent).not.toMatch(/BOOK_[A-Z]/)
    expect(page.querySelector('main dl, main h2')).toBeNull()
  })

  it('draws no genre row without genres, and N/A without ratings', () => {
    const page = bookDetailView(doc, book({ genre: [], averageRating: 0, totalReviews: 0, ratingsCount: 0 }))!
    expect(page.querySelector('.MuiChip-root')).toBeNull()
    expect(text(page.querySelector('.MuiRating-root')!.parentElement)).toBe('N/A(0 reviews)')
  })

  it('leaves a cover image, another edition and a removed book to the title view', () => {
    expect(bookDetailView(doc, book({ coverImage: '/uploads/a.webp' }))).toBeUndefined()
    expect(bookDetailView(doc, book({ _id: 'a', editionId: 'b' }))).toBeUndefined()
    expect(bookDetailView(doc, book({ removedByModerators: true }))).toBeUndefined()
    expect(bookDetailView(doc, { title: 'No more fields' })).toBeUndefined()
  })

  it("writes the cover's shades and the review count as the app does", () => {
    for (const title of ['', 'Crown of Love', 'نجيب', '😀 emoji']) expect(coverShades(title)).toEqual(generatedCoverShades(title))
    expect([reviewCount(1, 1), reviewCount(2, 2), reviewCount(1, 2), reviewCount(0, 1)]).toEqual([
      '1 review',
      '2 reviews',
      '1 review · 2 ratings',
      '0 reviews · 1 rating',
    ])
    // Thousands grouped as the book page's groupDigits writes them.
    for (const ratings of [1_000, 12_599, 4_995_428]) expect(reviewCount(3, ratings)).toBe(`3 reviews · ${groupDigits(ratings)} ratings`)
    expect(reviewCount(3, 12_599)).toBe('3 reviews · 12,599 ratings')
  })
})

import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { BookCover } from '#/components/book-cover.tsx'

describe('BookCover', () => {
  it('makes a cover from the title and author when there is none', () => {
    render(<BookCover title="Emma" author="Jane Austen" src="" />)
    expect(screen.getByRole('img', { name: 'Cover of Emma by Jane Austen' })).toHaveAttribute('data-testid', 'generated-cover')
  })

  it('falls back to the generated cover when the image fails to load', () => {
    render(<BookCover title="Emma" author="Jane Austen" src="https://example.com/missing.jpg" />)
    const img = screen.getByRole('img', { name: 'Cover of Emma by Jane Austen' })
    expect(img.tagName).toBe('IMG')
    fireEvent.error(img)
    expect(screen.getByTestId('generated-cover')).toBeInTheDocument()
  })

  it('keeps a long, right-to-left or emoji title and author whole and inside the cover: wrapped anywhere, clamped, laid out in their own direction (issue 22, point 13)', () => {
    const title = `📚 ${'Extraordinarily'.repeat(12)} 🐉`
    const author = 'غابرييل غارسيا ماركيث'
    render(<BookCover title={title} author={author} />)
    const cover = screen.getByRole('img', { name: `Cover of ${title} by ${author}` })
    expect(cover).toHaveStyle({ containerType: 'inline-size', overflow: 'hidden' })
    for (const [part, text, lines] of [
      ['title', title, '5'],
      ['author', author, '2'],
    ] as const) {
      const el = cover.querySelector(`[data-part="${part}"]`)!
      expect(el).toHaveTextContent(text)
      expect(el).toHaveAttribute('dir', 'auto')
      expect(el).toHaveStyle({ overflowWrap: 'anywhere', overflow: 'hidden', WebkitLineClamp: lines })
    }
  })
})

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
})

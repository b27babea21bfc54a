import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { documentTitle, useDocumentTitle } from '#/lib/document-title.ts'

function Screen({ title }: { title?: string }) {
  useDocumentTitle(title)
  return null
}

describe('document title', () => {
  it('names the screen before the site', () => {
    expect(documentTitle('Dracula')).toBe('Dracula — Shelfwise')
    expect(documentTitle('  ')).toBe('Shelfwise')
    expect(documentTitle(undefined)).toBe('Shelfwise')
  })

  it('follows the screen as its data arrives', () => {
    const { rerender } = render(<Screen />)
    expect(document.title).toBe('Shelfwise')
    rerender(<Screen title="Browse" />)
    expect(document.title).toBe('Browse — Shelfwise')
  })
})

import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { SpoilerText, spoilerParts } from '#/components/spoiler-text.tsx'

describe('spoilerParts', () => {
  it('cuts ||…|| pairs out of a text and leaves an unmatched || as it is', () => {
    expect(spoilerParts('a ||b|| c ||d||')).toEqual([
      { text: 'a ', hidden: false },
      { text: 'b', hidden: true },
      { text: ' c ', hidden: false },
      { text: 'd', hidden: true },
    ])
    expect(spoilerParts('x || y')).toEqual([{ text: 'x || y', hidden: false }])
    expect(spoilerParts('||||')).toEqual([])
    expect(spoilerParts('')).toEqual([])
  })

  it('is linear on a text of many bars', () => {
    const started = performance.now()
    spoilerParts('|'.repeat(200_000))
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe('SpoilerText', () => {
  it('keeps a hidden passage out of the page until its button is pressed, by keyboard too', () => {
    render(<SpoilerText text="She was ||his sister|| all along" />)
    expect(screen.queryByText('his sister')).toBeNull()
    const button = screen.getByRole('button', { name: 'Spoiler hidden: show it' })
    button.focus()
    fireEvent.keyDown(button, { key: 'Enter' })
    fireEvent.click(button)
    expect(screen.getByText('his sister')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})

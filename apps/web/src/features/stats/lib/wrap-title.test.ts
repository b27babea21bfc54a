import { describe, expect, it } from 'vitest'
import { wrapTitle } from '#/features/stats/lib/wrap-title.ts'

/** One unit of width per character as a reader sees it (an emoji is one). */
const measure = (s: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].length

describe('a title wrapped for the year-in-review image', () => {
  it('breaks at spaces only, never inside a word', () => {
    expect(wrapTitle('The Mill on the Floss', 10, 5, measure)).toEqual(['The Mill', 'on the', 'Floss'])
    const lines = wrapTitle('Middlemarch A Study of Provincial Life', 12, 5, measure)
    expect(lines).toEqual(['Middlemarch', 'A Study of', 'Provincial', 'Life'])
    expect(lines.join(' ')).toBe('Middlemarch A Study of Provincial Life')
  })

  it('cuts a word with an ellipsis only when it cannot fit on a line of its own', () => {
    expect(wrapTitle('Donaudampfschifffahrtsgesellschaft', 10, 3, measure)).toEqual(['Donaudamp…'])
    expect(wrapTitle('A Donaudampfschiff trip', 12, 3, measure)).toEqual(['A', 'Donaudampfs…', 'trip'])
    // A word exactly as wide as the line stays whole.
    expect(wrapTitle('Abcdefghij klm', 10, 3, measure)).toEqual(['Abcdefghij', 'klm'])
  })

  it('past the last line, ends the last kept line with an ellipsis after a whole word', () => {
    expect(wrapTitle('one two three four five six', 9, 2, measure)).toEqual(['one two', 'three…'])
    expect(wrapTitle('alpha beta gamma', 10, 1, measure)).toEqual(['alpha…'])
  })

  it('keeps emoji whole and right-to-left words as they are', () => {
    expect(wrapTitle('📚👩‍👩‍👧 Books', 5, 3, measure)).toEqual(['📚👩‍👩‍👧', 'Books'])
    expect(wrapTitle('قصر الشوق نجيب', 9, 3, measure)).toEqual(['قصر الشوق', 'نجيب'])
    expect(wrapTitle('👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧', 3, 1, measure)).toEqual(['👩‍👩‍👧👩‍👩‍👧…'])
  })

  it('gives nothing for an empty title or no room', () => {
    expect(wrapTitle('   ', 10, 3, measure)).toEqual([])
    expect(wrapTitle('Title', 10, 0, measure)).toEqual([])
  })
})

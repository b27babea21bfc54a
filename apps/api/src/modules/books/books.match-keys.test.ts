import { describe, expect, it } from 'vitest'
import { lookupWords, queryWords, sameTitleAndAuthor } from '#/modules/books/books.match-keys.ts'

// The keys the duplicates check and the import lookup compare books by (books.match-keys.ts), without a database.

describe('the same title and author (decision 0011)', () => {
  it('sets letter case, accents, spacing and punctuation aside, and keeps the order of the words', () => {
    const same = sameTitleAndAuthor('Les Misérables', 'Victor Hugo')
    expect(same({ title: 'les miserables!', author: 'VICTOR  HUGO' })).toBe(true)
    expect(same({ title: 'Misérables Les', author: 'Victor Hugo' })).toBe(false)
    expect(same({ title: 'Les Misérables', author: 'Victor M. Hugo' })).toBe(false)
  })
})

describe('the words an index is asked for', () => {
  it('are the distinct words of a text, at most 8', () => {
    expect(queryWords('The Lord of the Rings')).toEqual(['the', 'lord', 'of', 'rings'])
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8)
    expect(queryWords('!!!')).toEqual([])
  })

  it('leave out the commonest words of a title, unless every word is one', () => {
    expect(lookupWords(['the', 'lord', 'of', 'rings'])).toEqual(['lord', 'rings'])
    expect(lookupWords(['it'])).toEqual(['it'])
    expect(lookupWords(['the', 'a', 'of'])).toEqual(['the', 'a', 'of'])
  })
})

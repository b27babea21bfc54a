import { describe, expect, it } from 'vitest'
import { resolveWords, toSearchWords, typoVariants, type Vocabulary } from '#/modules/books/books.search-terms.ts'
import { toFts5Query, toTsQuery } from '#/modules/books/books.search.repository.ts'

describe('toSearchWords', () => {
  it('lower-cases, folds Latin accents and keeps letters and digits only', () => {
    expect(toSearchWords('  Brontë’s WUTHERING-Heights!! ')).toEqual(['bronte', 's', 'wuthering', 'heights'])
    expect(toSearchWords('Cien años, García Márquez')).toEqual(['cien', 'anos', 'garcia', 'marquez'])
  })

  it('never lets an operator or quote through', () => {
    for (const raw of ['%_\'"\\*()[]{}^$|?+.:-', '"OR" NEAR(a b) AND NOT', "x':*A & y", 'a\u0000b']) {
      for (const w of toSearchWords(raw)) expect(w).toMatch(/^[\p{L}\p{N}\p{M}]+$/u)
    }
    expect(toSearchWords('%_*()')).toEqual([])
  })

  it('reads an ISBN with hyphens or spaces as one word', () => {
    expect(toSearchWords('978-0-14-143951-8')).toEqual(['9780141439518'])
    expect(toSearchWords('0 306 40615 X')).toEqual(['030640615x'])
    expect(toSearchWords('978-0-547')).toEqual(['9780547'])
  })

  it('keeps at most 8 distinct words', () => {
    expect(toSearchWords('a b c d e f g h i j a')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
    expect(toSearchWords('the the hobbit')).toEqual(['the', 'hobbit'])
  })
})

describe('typoVariants', () => {
  it('covers a replaced, missing, extra and swapped letter', () => {
    const v = typoVariants('prejudise')
    expect(v).toContain('prejudice')
    expect(typoVariants('tolkein')).toContain('tolkien')
    expect(typoVariants('hobit')).toContain('hobbit')
    expect(typoVariants('hobbbit')).toContain('hobbit')
    expect(v).not.toContain('prejudise')
  })

  it('leaves short words and numbers alone', () => {
    expect(typoVariants('the')).toEqual([])
    expect(typoVariants('1984')).toEqual([])
  })
})

describe('resolveWords', () => {
  const vocabulary = (words: string[]): Vocabulary => ({
    existing: async (ws) => new Set(ws.filter((w) => words.includes(w))),
    hasPrefix: async (p) => words.some((w) => w.startsWith(p)),
  })

  it('corrects only the words the index does not know', async () => {
    const groups = await resolveWords(['pride', 'prejudise'], vocabulary(['pride', 'prejudice', 'prejudices']))
    expect(groups).toEqual([
      { word: 'pride', prefix: false, corrections: [] },
      { word: 'prejudise', prefix: true, corrections: ['prejudice'] },
    ])
  })

  it('keeps the last word as a prefix when some indexed word starts with it', async () => {
    const groups = await resolveWords(['hobb'], vocabulary(['hobbit', 'hobbs']))
    expect(groups).toEqual([{ word: 'hobb', prefix: true, corrections: [] }])
  })
})

describe('query builders', () => {
  const groups = [
    { word: 'pride', prefix: false, corrections: [] },
    { word: 'prejudise', prefix: true, corrections: ['prejudice'] },
  ]

  it('quotes every word for FTS5 and restricts columns by type', () => {
    expect(toFts5Query(groups, 'all')).toBe('("pride") AND ("prejudise" * OR "prejudice")')
    expect(toFts5Query(groups, 'title')).toBe('({title} : "pride") AND ({title} : "prejudise" * OR {title} : "prejudice")')
  })

  it('quotes every word for tsquery and restricts weights by type', () => {
    expect(toTsQuery(groups, 'all')).toBe("('pride') & ('prejudise':* | 'prejudice')")
    expect(toTsQuery(groups, 'author')).toBe("('pride':B) & ('prejudise':*B | 'prejudice':B)")
  })
})

import { describe, expect, it } from 'vitest'
import {
  MAX_VARIANTS_PER_QUERY,
  MAX_VARIANTS_PER_WORD,
  resolveWords,
  toSearchWords,
  typoVariants,
  type Vocabulary,
} from '#/modules/books/books.search-terms.ts'
import { toFts5Query, toTsQuery } from '#/modules/books/books.search-query.ts'

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

  it('still forgives the typos readers make', () => {
    expect(typoVariants('dracla')).toContain('dracula')
    expect(typoVariants('miserbles')).toContain('miserables')
    expect(typoVariants('austin')).toContain('austen')
  })

  it('spells a word of another script with its own letters only, and at most MAX_VARIANTS_PER_WORD times', () => {
    const greek = 'αβγδεζηθικλμνξοπρστυφχψ' // 23 letters, all different
    const v = typoVariants(greek)
    expect(v.length).toBeLessThanOrEqual(MAX_VARIANTS_PER_WORD)
    expect(v.every((s) => [...s].every((c) => greek.includes(c)))).toBe(true)
    expect(v).toContain('βαγδεζηθικλμνξοπρστυφχψ') // a swap of the first two
    expect(typoVariants(`${'x'.repeat(12)}abcdefghijkl`).length).toBeLessThanOrEqual(MAX_VARIANTS_PER_WORD)
  })
})

describe('resolveWords', () => {
  it('looks up at most MAX_VARIANTS_PER_QUERY spellings for a query of long unknown words in any script', async () => {
    let looked = 0
    const counting: Vocabulary = {
      existing: async (ws) => {
        looked += ws.length
        return new Set()
      },
      hasPrefix: async () => false,
    }
    const query = 'αβγδεζηθικλμνξοπρστυφχ абвгдежзийклмнопрстуфхц ωψχφυτσρποξνμλκιθηζεδγ яюэыщшчцхфутсрпонмлк '.repeat(2)
    const groups = await resolveWords(toSearchWords(query), counting)
    expect(groups).toHaveLength(4)
    expect(looked).toBeLessThanOrEqual(MAX_VARIANTS_PER_QUERY + 8)
  })

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

import { describe, expect, it } from 'vitest'
import {
  byPublished,
  byRelevance,
  byWeekThenRated,
  byWeekThenWeighted,
  byWeighted,
  mayNameAGenre,
  relevanceOf,
  tokensOf,
  weekContenders,
  weightedRatingOf,
  type Candidate,
} from '#/modules/books/books.ranking.ts'
import type { WordGroup } from '#/modules/books/books.search-terms.ts'

// How search ranks the matches it examined (books.ranking.ts), without a database.

const book = (id: string, over: Partial<Candidate> = {}): Candidate => ({
  id,
  title: 'A Book',
  author: 'Some One',
  isbn: null,
  rating: 0,
  reviews: 0,
  published: null,
  key: [0],
  ...over,
})
const word = (w: string, over: Partial<WordGroup> = {}): WordGroup => ({ word: w, prefix: false, corrections: [], ...over })
const ids = (rows: Candidate[]) => rows.map((r) => r.id)

describe('Top Rated', () => {
  it('ranks by the average as if every book also had 5 reviews of 3.5 stars', () => {
    expect(weightedRatingOf(0, 0)).toBe(3.5)
    expect(weightedRatingOf(5, 5)).toBe(4.25)
    // One review of 5 stars ranks below a hundred of 4.5.
    expect(weightedRatingOf(5, 1)).toBeLessThan(weightedRatingOf(4.5, 100))
  })

  it('breaks ties by review count, then by the id, descending', () => {
    const rows = [
      book('a', { rating: 4, reviews: 10 }),
      book('c', { rating: 5, reviews: 1 }),
      book('b', { rating: 4, reviews: 10 }),
      book('d', { rating: 4.5, reviews: 40 }),
    ]
    expect(ids(rows.sort(byWeighted))).toEqual(['d', 'b', 'a', 'c'])
  })
})

describe('newest first', () => {
  it('puts a book without a date last, and the same date by id, descending', () => {
    const rows = [book('a'), book('b', { published: '1999-01-01' }), book('c', { published: '2020-05-01' }), book('d', { published: '1999-01-01' })]
    expect(ids(rows.sort(byPublished))).toEqual(['c', 'd', 'b', 'a'])
  })
})

describe('Popular', () => {
  it("ranks this week's reviews first, then as Top Rated", () => {
    const week = new Map([
      ['a', 2],
      ['b', 5],
    ])
    const rows = [book('a'), book('c', { rating: 5, reviews: 50 }), book('b'), book('d')]
    expect(ids(rows.sort(byWeekThenWeighted(week)))).toEqual(['b', 'a', 'c', 'd'])
  })

  it('over the whole catalogue, weighs every book tied with the last place, at most four times as many', () => {
    const week = new Map([
      ['a', 9],
      ['b', 3],
      ['c', 3],
      ['d', 3],
      ['e', 1],
    ])
    expect(weekContenders(week, 2)).toEqual(['a', 'b', 'c', 'd'])
    expect(weekContenders(week, 10)).toEqual(['a', 'b', 'c', 'd', 'e'])
    const many = new Map(Array.from({ length: 20 }, (_, i) => [`x${i}`, 1]))
    expect(weekContenders(many, 2)).toHaveLength(8)
    const rated = new Map([
      ['b', 4],
      ['c', 4.5],
      ['d', 4],
      ['a', 3],
    ])
    expect(['b', 'a', 'd', 'c'].sort(byWeekThenRated(week, rated))).toEqual(['a', 'c', 'd', 'b'])
  })
})

describe('relevance', () => {
  it('reads words without accents or case, ASCII or not', () => {
    expect(tokensOf('Wuthering-Heights 2')).toEqual(['wuthering', 'heights', '2'])
    expect(tokensOf('Brontë, Émile')).toEqual(['bronte', 'emile'])
    expect(tokensOf(null)).toEqual([])
  })

  it('scores a word by the best field it is in: title 10, author 6, genres or ISBN 3, else 1 (the description)', () => {
    const r = book('a', { title: 'Wuthering Heights', author: 'Emily Brontë', isbn: '978-0-14-143955-6' })
    expect(relevanceOf(r, [word('heights')], [])).toBe(10)
    expect(relevanceOf(r, [word('bronte')], [])).toBe(6)
    expect(relevanceOf(r, [word('gothic')], ['gothic', 'fiction'])).toBe(3)
    expect(relevanceOf(r, [word('9780141439556')], [])).toBe(3)
    expect(relevanceOf(r, [word('moors')], [])).toBe(1)
    expect(relevanceOf(r, [word('heights'), word('bronte'), word('moors')], [])).toBe(17)
  })

  it('scores the start of a longer word half a point less than the whole word, and a correction as the word', () => {
    const brontes = book('a', { title: 'The Brontes' })
    const bronte = book('b', { title: 'Bronte' })
    expect(relevanceOf(brontes, [word('bronte', { prefix: true })], [])).toBe(9.5)
    expect(relevanceOf(bronte, [word('bronte', { prefix: true })], [])).toBe(10)
    expect(relevanceOf(brontes, [word('bronte')], [])).toBe(1)
    expect(relevanceOf(bronte, [word('bornte', { corrections: ['bronte'] })], [])).toBe(10)
  })

  it("reads the genres only when a word could be one of a genre's", () => {
    expect(mayNameAGenre([word('fantasy')])).toBe(true)
    expect(mayNameAGenre([word('fanta', { prefix: true })])).toBe(true)
    expect(mayNameAGenre([word('hobbit')])).toBe(false)
  })

  it('orders by score, then rating, then review count, then the id, descending', () => {
    const rows = [book('a', { rating: 4 }), book('b', { rating: 5 }), book('c', { rating: 4, reviews: 3 }), book('d', { rating: 4, reviews: 3 }), book('e')]
    expect(ids(byRelevance(rows, [10, 10, 10, 10, 16]))).toEqual(['e', 'b', 'd', 'c', 'a'])
  })
})

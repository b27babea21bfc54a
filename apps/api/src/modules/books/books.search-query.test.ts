import { describe, expect, it } from 'vitest'
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import { asksEverything, facetGroups, numericFilterSql, toFts5Match, tsQuerySql, type SearchRequest } from '#/modules/books/books.search-query.ts'
import type { WordGroup } from '#/modules/books/books.search-terms.ts'

// What each database's index is asked (books.search-query.ts), compiled without a database.

const compiler = (postgres: boolean) =>
  new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  })
const sqlite = compiler(false)
const postgres = compiler(true)

const request = (over: Partial<SearchRequest> = {}): SearchRequest => ({ query: '', type: 'all', filters: {}, ...over })
const word = (w: string, over: Partial<WordGroup> = {}): WordGroup => ({ word: w, prefix: false, corrections: [], ...over })

describe('a search request', () => {
  it('asks for everything only without words (punctuation is none) and without any filter', () => {
    expect(asksEverything(request())).toBe(true)
    expect(asksEverything(request({ query: ' %_*() ', sort: 'popular', filters: { genres: [] } }))).toBe(true)
    expect(asksEverything(request({ query: 'dune' }))).toBe(false)
    for (const filters of [
      { genres: ['Fantasy'] },
      { categories: ['Fiction'] },
      { languages: ['French'] },
      { minPages: 0 },
      { maxYear: 1900 },
      { minRating: 4 },
    ])
      expect(asksEverything(request({ filters })), JSON.stringify(filters)).toBe(false)
  })

  it('turns genres, categories and languages into one group of index tokens each, letters and digits only', () => {
    expect(facetGroups({ genres: ['Science Fiction', 'Sci-Fi'], languages: ['French'], categories: [] })).toEqual([
      ['xgsciencefiction', 'xgscifi'],
      ['xlfrench'],
    ])
    expect(facetGroups({ categories: ['Non-Fiction'] })).toEqual([['xcnonfiction']])
    expect(facetGroups({})).toEqual([])
  })
})

describe("SQLite's MATCH", () => {
  it('asks every word in the text columns (or the one column of a type), each facet group in the facets', () => {
    const words = [word('fifth'), word('seas', { prefix: true, corrections: ['sea'] })]
    expect(toFts5Match(words, 'all', [['xgfantasy']])).toBe(
      '{title author genres description isbn} : (("fifth") AND ("seas" * OR "sea")) AND {facets} : ("xgfantasy")',
    )
    expect(toFts5Match([word('jemisin')], 'author', [])).toBe('({author} : "jemisin")')
    expect(toFts5Match([], 'all', [['xlfrench', 'xlgerman'], ['xcfiction']])).toBe('{facets} : ("xlfrench" OR "xlgerman") AND {facets} : ("xcfiction")')
  })
})

describe('the filters no index answers', () => {
  it('are bound values over the columns of the table named, whole years from 1 January to 31 December', () => {
    const where = numericFilterSql({ minPages: 100, maxPages: 300, minRating: 4, minYear: 812, maxYear: 2001 }, 'd')
    const { sql: text, parameters } = sql`select 1 where ${where}`.compile(sqlite)
    expect(text).toBe(
      'select 1 where ("d"."page_count" >= ? and "d"."page_count" <= ? and "d"."average_rating" >= ? and "d"."published_date" >= ? and "d"."published_date" <= ?)',
    )
    expect(parameters).toEqual([100, 300, 4, '0812-01-01', '2001-12-31'])
  })

  it("keep SQLite's planner off a column's own index when asked, and are true when there are none", () => {
    expect(sql`${numericFilterSql({ minPages: 1 }, 'b', { unindexed: true })}`.compile(sqlite).sql).toBe('(+"b"."page_count" >= ?)')
    expect(sql`${numericFilterSql({})}`.compile(postgres).sql).toBe('1 = 1')
  })
})

describe("PostgreSQL's tsquery", () => {
  it('leaves every word to PostgreSQL to unaccent and quote, as a bound value; operators, weights and facets are ours', () => {
    const { sql: text, parameters } = sql`${tsQuerySql([word("o'brien", { prefix: true })], 'title', [['xgfantasy']])}`.compile(postgres)
    expect(parameters).toEqual(['(', "o'brien", ":*A) & ('xgfantasy')"])
    expect(text).toBe(
      "to_tsquery('simple', $1::text || chr(39) || replace(replace(shelfwise_unaccent($2::text), chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39) || $3::text)",
    )
  })

  it('asks the facets alone when there are no words', () => {
    const { parameters } = sql`${tsQuerySql([], 'all', [['xlfrench', 'xlgerman']])}`.compile(postgres)
    expect(parameters).toEqual(["('xlfrench' | 'xlgerman')"])
  })
})

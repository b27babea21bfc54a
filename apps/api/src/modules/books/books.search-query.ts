import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { BookSearchQuery } from '@shelfwise/contracts'
import { toSearchWords, type WordGroup } from '#/modules/books/books.search-terms.ts'

// A search request, and how each database's index is asked it (decision 0004): FTS5's MATCH text on
// SQLite, a tsquery on PostgreSQL, and the filters no index answers as SQL both run. Every word is
// quoted, so none is ever an operator; values are always bound. No database is read here.

/** A search examines, counts and pages at most this many matches: the most-reviewed ones. */
export const SEARCH_COUNT_CAP = 1000

export type SearchType = BookSearchQuery['type']

export interface SearchFilters {
  genres?: string[] | undefined
  categories?: string[] | undefined
  languages?: string[] | undefined
  minPages?: number | undefined
  maxPages?: number | undefined
  minRating?: number | undefined
  minYear?: number | undefined
  maxYear?: number | undefined
}

type SearchSort = BookSearchQuery['sort']

export interface SearchRequest {
  /** The text as typed; it is reduced to plain words here. */
  query: string
  type: SearchType
  filters: SearchFilters
  /** relevance (default), rating (weighted), published (newest first), popular (reviews this week). */
  sort?: SearchSort | undefined
  /** Popular's counts: reviews of each book in the last 7×24 h (absent books: none). */
  weekCounts?: (() => Promise<Map<string, number>>) | undefined
}

/** Neither words nor filters: the whole catalogue in the sort's order. */
export function asksEverything(req: SearchRequest): boolean {
  const f = req.filters
  return (
    !toSearchWords(req.query).length &&
    !f.genres?.length &&
    !f.categories?.length &&
    !f.languages?.length &&
    f.minPages === undefined &&
    f.maxPages === undefined &&
    f.minRating === undefined &&
    f.minYear === undefined &&
    f.maxYear === undefined
  )
}

const yearStart = (y: number) => `${String(y).padStart(4, '0')}-01-01`
const yearEnd = (y: number) => `${String(y).padStart(4, '0')}-12-31`

// The filters the index cannot answer, as raw SQL for both dialects over a table with the books
// columns' names: `b` (books) or, on SQLite, `d` (the search rows, which carry copies); values are always bound.
export function numericFilterSql(f: SearchFilters, alias: 'b' | 'd' = 'b', { unindexed = false } = {}): RawBuilder<SqlBool> {
  // SQLite's unary + keeps the planner off a column's own index (to walk another index in its order).
  const col = (name: string) => (unindexed ? sql`+${sql.ref(`${alias}.${name}`)}` : sql.ref(`${alias}.${name}`))
  const conds: RawBuilder<unknown>[] = []
  if (f.minPages !== undefined) conds.push(sql`${col('page_count')} >= ${f.minPages}`)
  if (f.maxPages !== undefined) conds.push(sql`${col('page_count')} <= ${f.maxPages}`)
  if (f.minRating !== undefined) conds.push(sql`${col('average_rating')} >= ${f.minRating}`)
  // published_date is 'YYYY-MM-DD' text on both databases; a book without one never matches a year.
  if (f.minYear !== undefined) conds.push(sql`${col('published_date')} >= ${yearStart(f.minYear)}`)
  if (f.maxYear !== undefined) conds.push(sql`${col('published_date')} <= ${yearEnd(f.maxYear)}`)
  return conds.length ? sql<SqlBool>`(${sql.join(conds, sql` and `)})` : sql<SqlBool>`1 = 1`
}

/** A facet's token, as both indexes store it: 'xl' + 'french', 'xg' + 'sciencefiction' (letters and digits only). */
const facetToken = (kind: 'xg' | 'xc' | 'xl', value: string): string => kind + value.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The facet filters as groups of tokens: a book must carry one token of every group. */
export function facetGroups(f: SearchFilters): string[][] {
  const groups: string[][] = []
  if (f.genres?.length) groups.push(f.genres.map((g) => facetToken('xg', g)))
  if (f.categories?.length) groups.push(f.categories.map((c) => facetToken('xc', c)))
  if (f.languages?.length) groups.push(f.languages.map((l) => facetToken('xl', l)))
  return groups
}

// ---- SQLite: FTS5 over (title, author, genres, description, isbn, facets) ------------------------

export const TEXT_COLUMNS = '{title author genres description isbn}'

/** FTS5 query text from plain words: each one quoted (so no word is ever an operator), the last a prefix. */
export function toFts5Query(groups: WordGroup[], type: SearchType): string {
  const column = type === 'title' ? '{title} : ' : type === 'author' ? '{author} : ' : ''
  return groups
    .map((g) => {
      const options = [`${column}"${g.word}"${g.prefix ? ' *' : ''}`, ...g.corrections.map((c) => `${column}"${c}"`)]
      return `(${options.join(' OR ')})`
    })
    .join(' AND ')
}

/** The whole MATCH: the words in the text columns (or the one column of a type), and every facet group. */
export function toFts5Match(groups: WordGroup[], type: SearchType, facets: string[][]): string {
  const parts: string[] = []
  if (groups.length) parts.push(type === 'all' ? `${TEXT_COLUMNS} : (${toFts5Query(groups, type)})` : toFts5Query(groups, type))
  for (const tokens of facets) parts.push(`{facets} : (${tokens.map((t) => `"${t}"`).join(' OR ')})`)
  return parts.join(' AND ')
}

// ---- PostgreSQL: a weighted tsvector column (A title, B author, C genres+ISBN, D description and facets) ----

/**
 * tsquery text from plain words: each one quoted (by `quote`), the last a prefix (:*), restricted by
 * weight for a type.
 */
export function toTsQuery(groups: WordGroup[], type: SearchType, quote = (w: string) => `'${w}'`): string {
  const weight = type === 'title' ? 'A' : type === 'author' ? 'B' : ''
  const lexeme = (w: string, prefix: boolean) => {
    const label = `${prefix ? '*' : ''}${weight}`
    return label ? `${quote(w)}:${label}` : quote(w)
  }
  return groups.map((g) => `(${[lexeme(g.word, g.prefix), ...g.corrections.map((c) => lexeme(c, false))].join(' | ')})`).join(' & ')
}

/** The facet groups as tsquery text: a book carries one token of every group. */
const facetTsQuery = (facets: string[][]) => facets.map((tokens) => `(${tokens.map((t) => `'${t}'`).join(' | ')})`).join(' & ')

// One word of a tsquery, quoted by PostgreSQL after unaccent: a quote doubled, a backslash escaped.
const quotedWordSql = (word: string | RawBuilder<unknown>) =>
  sql`chr(39) || replace(replace(shelfwise_unaccent(${word}::text), chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39)`

/**
 * The whole tsquery, built by PostgreSQL: each word is unaccented first and only then quoted, so
 * nothing unaccent makes of a letter ('ʻ' and 'ŉ' hold an apostrophe, 'ː' becomes a colon, '⑴'
 * brackets) can leave its quotes and be read as syntax. Inside its quotes a word is split as the
 * documents were ("hawai'i" → 'hawai' <-> 'i'), and one that leaves no word at all (':') is dropped.
 * Only operators, weights and facet tokens (a-z, 0-9) are our own text. Every function here is
 * immutable, so the planner still sees the query itself when it weighs the index against the order.
 */
export function tsQuerySql(groups: WordGroup[], type: SearchType, facets: string[][]): RawBuilder<unknown> {
  const { template, words } = tsQueryParts(groups, type, facets)
  const pieces = template.split('%s').flatMap((text, i) => [sql`${text}::text`, ...(i < words.length ? [quotedWordSql(words[i]!)] : [])])
  return sql`to_tsquery('simple', ${sql.join(pieces, sql` || `)})`
}

/** tsQuerySql's text before PostgreSQL quotes its words: our own text with `%s` for each of `words`, in order. */
export function tsQueryParts(groups: WordGroup[], type: SearchType, facets: string[][]): { template: string; words: string[] } {
  const words: string[] = []
  const template = [groups.length ? toTsQuery(groups, type, (w) => (words.push(w), '%s')) : '', facetTsQuery(facets)].filter(Boolean).join(' & ')
  return { template, words }
}

/**
 * The text to_tsquery('simple', …) reads for tsQueryParts, with its words as PostgreSQL quoted them
 * (`quoted`, from quotedWordsSql): the same as tsQuerySql builds in the statement, for a caller that
 * sends the same query many times (an import's batch tries its rows' lookups on every book it makes).
 */
export function tsQueryText({ template, words }: { template: string; words: string[] }, quoted: ReadonlyMap<string, string>): string {
  return template
    .split('%s')
    .flatMap((text, i) => [text, ...(i < words.length ? [quoted.get(words[i]!)!] : [])])
    .join('')
}

/** Each of `words` (a text[] parameter) as tsQuerySql quotes it: unaccented first, then quoted. */
export const quotedWordsSql = (words: string[]) =>
  sql<{ word: string; quoted: string }>`select w as word, ${quotedWordSql(sql`w`)} as quoted from unnest(cast(${words} as text[])) as w`

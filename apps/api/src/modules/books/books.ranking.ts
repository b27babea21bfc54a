import { GENRES } from '@shelfwise/contracts'
import { foldAccents, type WordGroup } from '#/modules/books/books.search-terms.ts'

// How search ranks the matches it examined (DESIGN.md §5, decision 0004), the same on both databases
// and without one: each word scores by the best field it is found in (title 10, author 6, genres or
// ISBN 3, description 1), ties by rating, then review count; Top Rated by a confidence-weighted
// average; Popular by reviews this week. Unit-tested on their own (books.ranking.test.ts).

/** Top Rated's prior: a book is ranked as if it also had this many reviews of RATING_PRIOR_MEAN stars. */
export const RATING_PRIOR_REVIEWS = 5
export const RATING_PRIOR_MEAN = 3.5

/** The same weighted average in memory, for ranking candidates already read. */
export const weightedRatingOf = (average: number, reviews: number) =>
  (average * reviews + RATING_PRIOR_REVIEWS * RATING_PRIOR_MEAN) / (reviews + RATING_PRIOR_REVIEWS)

/** A position in a walk over the matches in index (popularity) order. */
export type WalkKey = [number] | [number, string]

/** A candidate as a dialect's query answers it, before ranking. */
export interface Candidate {
  id: string
  title: string
  author: string
  isbn: string | null
  rating: number
  reviews: number
  published: string | null
  /** Where the index walk stands after this match: the doc number (SQLite's index) or [reviews, id]. */
  key: WalkKey
}

/** What a word is worth in each field; a word found only in the description is worth 1. */
const FIELD_WEIGHTS = { title: 10, author: 6, genres: 3, isbn: 3 } as const

// Plain ASCII (most titles and names) has no accents to fold and only ASCII letters and digits:
// the same tokens, without two Unicode normalisations per field of every candidate.
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/
export const tokensOf = (text: string | null): string[] => {
  if (!text) return []
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? []
  return (
    foldAccents(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}
const GENRE_TOKENS = [...new Set(GENRES.flatMap(tokensOf))]
/** How a field holds a word: 2 as a whole word (or a typo's correction), 1 as the start of a longer one, 0 not at all. */
const holds = (g: WordGroup, tokens: string[]): 0 | 1 | 2 => {
  let best: 0 | 1 | 2 = 0
  for (const t of tokens) {
    if (t === g.word || g.corrections.includes(t)) return 2
    if (g.prefix && t.startsWith(g.word)) best = 1
  }
  return best
}
const hasWord = (g: WordGroup, tokens: string[]) => holds(g, tokens) > 0

/** Whether some word could be a genre's: only then are the candidates' genres read. */
export const mayNameAGenre = (groups: WordGroup[]): boolean => groups.some((g) => hasWord(g, GENRE_TOKENS))

/**
 * Relevance: each word scores by the best field it is found in (title 10, author 6, genres or ISBN 3;
 * half a point less as the start of a longer word), else 1 (it matched, so it is in the
 * description). Read off the candidate's own text and its genres' tokens (`genres`).
 */
export function relevanceOf(r: Candidate, groups: WordGroup[], genres: string[]): number {
  const fields: [number, string[]][] = [
    [FIELD_WEIGHTS.title, tokensOf(r.title)],
    [FIELD_WEIGHTS.author, tokensOf(r.author)],
    [FIELD_WEIGHTS.genres, genres],
    [FIELD_WEIGHTS.isbn, tokensOf(r.isbn?.replaceAll('-', '') ?? '')],
  ]
  // A whole word beats the start of a longer one: 'bronte' puts Brontë before Brontes.
  const worth = (g: WordGroup, w: number, tokens: string[]) => [1, w - 0.5, w][holds(g, tokens)]!
  return groups.reduce((sum, g) => sum + Math.max(1, ...fields.map(([w, tokens]) => worth(g, w, tokens))), 0)
}

// ---- The orders ----------------------------------------------------------------------------------

/** Top Rated: the weighted average, then the review count, then the id (descending). */
export const byWeighted = (a: Candidate, b: Candidate) =>
  weightedRatingOf(b.rating, b.reviews) - weightedRatingOf(a.rating, a.reviews) || b.reviews - a.reviews || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

/** Newest first; a book without a date last (as GET /books?sort=published). */
export const byPublished = (a: Candidate, b: Candidate) =>
  ((b.published ?? '') < (a.published ?? '') ? -1 : (b.published ?? '') > (a.published ?? '') ? 1 : 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

/** Popular: reviews this week (`week`, by book id), then as Top Rated. */
export const byWeekThenWeighted = (week: Map<string, number>) => (a: Candidate, b: Candidate) =>
  (week.get(b.id) ?? 0) - (week.get(a.id) ?? 0) || byWeighted(a, b)

/** Relevance: the candidates by their `scores` (in the same order), then rating, then review count, then the id (descending). */
export function byRelevance(rows: Candidate[], scores: number[]): Candidate[] {
  const scored = rows.map((r, i) => ({ r, score: scores[i]! }))
  scored.sort((a, b) => b.score - a.score || b.r.rating - a.r.rating || b.r.reviews - a.r.reviews || (a.r.id < b.r.id ? 1 : a.r.id > b.r.id ? -1 : 0))
  return scored.map((o) => o.r)
}

/**
 * Popular over the whole catalogue: the books reviewed this week that may rank among the first
 * `cap`, most reviewed first: every book with as many reviews as the cap-th one, so ties are broken
 * by rating fairly (at most 4 × `cap`).
 */
export function weekContenders(week: Map<string, number>, cap: number): string[] {
  const byCount = [...week].sort((a, b) => b[1] - a[1])
  // Every book with as many reviews this week as the cap-th one, so ties are broken by rating fairly.
  const floor = byCount[cap - 1]?.[1] ?? 0
  return byCount
    .filter(([, n]) => n >= floor)
    .slice(0, 4 * cap)
    .map(([id]) => id)
}

/** Popular over the whole catalogue: reviews this week, then the weighted rating (`rated`, by book id), then the id (descending). */
export const byWeekThenRated = (week: Map<string, number>, rated: Map<string, number>) => (a: string, b: string) =>
  week.get(b)! - week.get(a)! || rated.get(b)! - rated.get(a)! || (a < b ? 1 : a > b ? -1 : 0)

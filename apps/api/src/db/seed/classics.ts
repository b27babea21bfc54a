import { readFileSync } from 'node:fs'
import { CATEGORIES, GENRES, LANGUAGES } from '@shelfwise/contracts'

// The demo catalogue: real books in the public domain (first published before 1929), kept as data
// in classics.json. The descriptions are our own summaries, written for Shelfwise. Dates are of
// first publication (in book form where a serial came first); YYYY-MM-01 when only the month is
// known, YYYY-01-01 when only the year is. Publishers are the first ones where known, else ''. Page
// counts are a typical modern edition's. No ISBNs: we do not invent them.

type Genre = (typeof GENRES)[number]
type Category = (typeof CATEGORIES)[number]
type Language = (typeof LANGUAGES)[number]

export interface Classic {
  title: string
  author: string
  publishedDate: string
  language: Language
  pageCount: number
  genres: Genre[]
  description: string
  publisher?: string
  /** Defaults to 'Classic'. */
  category?: Category
  /** Defaults to 'First edition'. */
  edition?: string
  /** How often demo readers reach for it: 3 = nearly everyone, 1 = the curious few (default). */
  fame?: 1 | 2 | 3
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== ''
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T)

/** Checks one entry of the JSON file and names what is wrong, so a bad edit fails at the seed, not later. */
function checked(entry: Record<string, unknown>, index: number): Classic {
  const where = `classics.json entry ${index + 1} (${String(entry.title)})`
  const fail = (what: string): never => {
    throw new Error(`${where}: ${what}`)
  }
  if (!isText(entry.title) || !isText(entry.author) || !isText(entry.description)) fail('title, author and description are needed')
  if (typeof entry.publishedDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.publishedDate)) fail('publishedDate must be YYYY-MM-DD')
  if (!oneOf(LANGUAGES, entry.language)) fail(`language ${String(entry.language)} is not one of the app's languages`)
  if (!Number.isInteger(entry.pageCount) || (entry.pageCount as number) < 1) fail('pageCount must be a whole number above 0')
  if (!Array.isArray(entry.genres) || entry.genres.length === 0 || !entry.genres.every((g) => oneOf(GENRES, g))) fail('genres must be the app’s genres')
  if (entry.category !== undefined && !oneOf(CATEGORIES, entry.category)) fail(`category ${String(entry.category)} is not one of the app's categories`)
  if (entry.fame !== undefined && ![1, 2, 3].includes(entry.fame as number)) fail('fame must be 1, 2 or 3')
  for (const key of ['publisher', 'edition'] as const) if (entry[key] !== undefined && typeof entry[key] !== 'string') fail(`${key} must be text`)
  return entry as unknown as Classic
}

export const CLASSICS: Classic[] = (JSON.parse(readFileSync(new URL('./classics.json', import.meta.url), 'utf8')) as Record<string, unknown>[]).map(checked)

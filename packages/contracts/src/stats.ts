import { z } from 'zod'
import { IdSchema, PagingQuerySchema } from '#/common.ts'
import { StatsSchema } from '#/users.ts'

// A reader's year in numbers (issue 15, decision 0021). Everything is counted from reads finished in
// the year (the reading log's read-throughs), not from shelves: a book read twice in a year counts
// twice; a book only added this year does not count. A finish known only to its year counts in the
// year and in no month; a finish with no date counts in no year ("date unknown").

export const STATS_MESSAGES = {
  goalNeedsTarget: 'Send books or pages (or both); null clears one',
  yearOutOfRange: 'must be a year from 1900 to 2100',
} as const

export const StatsYearSchema = z.coerce
  .number({ error: STATS_MESSAGES.yearOutOfRange })
  .int(STATS_MESSAGES.yearOutOfRange)
  .min(1900, STATS_MESSAGES.yearOutOfRange)
  .max(2100, STATS_MESSAGES.yearOutOfRange)

export const UserYearParamsSchema = z.object({ id: IdSchema, year: StatsYearSchema })
export const GoalYearParamsSchema = z.object({ year: StatsYearSchema })

const target = z.int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1,000,000').nullable().optional()

/** PUT /me/goals/{year}: the year's targets; a field left out stays, null clears it. */
export const GoalInputSchema = z
  .object({ books: target, pages: target })
  .strict()
  .refine((v) => v.books !== undefined || v.pages !== undefined, { message: STATS_MESSAGES.goalNeedsTarget, path: ['books'] })
export type GoalInput = z.infer<typeof GoalInputSchema>

export const GoalSchema = z.object({
  year: z.int(),
  books: z.int().nullable(),
  pages: z.int().nullable(),
  done: z.object({ books: z.int(), pages: z.int() }),
  /**
   * Whether what is done keeps pace with the targets for the date: in the current year, at least the
   * share of each target the days gone make (UTC); in a past year, the targets reached; in a future
   * year, true.
   */
  onTrack: z.boolean(),
})
export type Goal = z.infer<typeof GoalSchema>

const BookFigureSchema = z.object({ _id: IdSchema, title: z.string(), author: z.string(), pageCount: z.int(), coverImage: z.string() })

export const YearStatsSchema = z.object({
  year: z.int(),
  /** Reads finished in the year (a re-read counts again). */
  booksRead: z.int(),
  /** The page counts of the books of those reads (a book without one adds nothing). */
  pagesRead: z.int(),
  /** Twelve entries, January first; finishes known only to the year are in none of them. */
  byMonth: z.array(z.object({ month: z.int(), books: z.int(), pages: z.int() })),
  /** Reads finished in the year known only to the year. */
  yearOnly: z.int(),
  /** The reader's ratings of the books of those reads, each book once: how many of each star. */
  ratings: z.object({ 1: z.int(), 2: z.int(), 3: z.int(), 4: z.int(), 5: z.int() }),
  /** The genres of the books read, each book once, most first (at most 12). */
  genres: z.array(z.object({ genre: z.string(), books: z.int() })),
  /** The average of those ratings, or null when none was rated. */
  averageRating: z.number().nullable(),
  longestBook: BookFigureSchema.nullable(),
  shortestBook: BookFigureSchema.nullable(),
  goal: GoalSchema.nullable(),
})
export type YearStats = z.infer<typeof YearStatsSchema>

/** GET /users/{id}/stats: the profile's counts, as before, and the reader's years in numbers. */
export const ReaderStatsSchema = StatsSchema.extend({
  /** Every year with a finished read, newest first. */
  years: z.array(z.object({ year: z.int(), booksRead: z.int(), pagesRead: z.int() })),
  allTime: z.object({
    booksRead: z.int(),
    pagesRead: z.int(),
    /** Finished reads whose date nobody knows ("date unknown"): in the totals, in no year. */
    undated: z.int(),
  }),
})
export type ReaderStats = z.infer<typeof ReaderStatsSchema>

/** GET /users/{id}/stats/{year}/books: paged (`limit`, at most 100, and `cursor`). */
export const YearBooksQuerySchema = PagingQuerySchema

/** One of the year's books, once however often it was read: its last finish in the year and the reader's rating. */
export const YearBookSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  author: z.string(),
  coverImage: z.string(),
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD': the last finish of the book in the year, as precise as it was kept. */
  finishedOn: z.string(),
  /** The reader's stars for the book (their review's, else their rating alone), or null. */
  rating: z.int().nullable(),
})
export type YearBook = z.infer<typeof YearBookSchema>
export const YearBookListSchema = z.array(YearBookSchema)

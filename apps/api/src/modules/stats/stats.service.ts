import sharp from 'sharp'
import type { Goal, GoalInput, ReaderStats, YearStats } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import type { Actor } from '#/security/actor.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import { createMemo } from '#/memo.ts'
import { countGenres, findGoal, listFinishedInYear, listYears, saveGoal, type FinishedRead } from '#/modules/stats/stats.repository.ts'
import { yearInReviewSvg } from '#/modules/stats/year-image.ts'

// A reader's year in numbers (issue 15, decision 0021): counted from reads finished in the year.

export interface StatsDeps {
  db: Db
  users: UsersService
  books: Pick<BooksService, 'catalogueVersion'>
  reading: Pick<ReadingService, 'logVersion'>
  uploads: Pick<UploadsService, 'readShown'>
}

/** How long a reader's figures are kept under their versions (any change of theirs shows at once). */
const STATS_TTL_MS = 5 * 60_000

const GENRES_SHOWN = 12
const DAY_MS = 24 * 60 * 60 * 1000

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/**
 * Whether `done` keeps pace with `target` on `now` in `year`: past years must have reached it, future
 * ones are on track; in the current year, done must be at least the share of the target that the
 * days gone (today included, UTC) make, rounded down.
 */
export function keepsPace(target: number, done: number, year: number, now: Date): boolean {
  const current = now.getUTCFullYear()
  if (year < current) return done >= target
  if (year > current) return true
  const dayOfYear = Math.floor((Date.UTC(current, now.getUTCMonth(), now.getUTCDate()) - Date.UTC(current, 0, 1)) / DAY_MS) + 1
  return done >= Math.floor((target * dayOfYear) / (isLeap(current) ? 366 : 365))
}

const goalOf = (year: number, targets: { books: number | null; pages: number | null }, done: { books: number; pages: number }, now: Date): Goal => ({
  year,
  books: targets.books,
  pages: targets.pages,
  done,
  onTrack:
    (targets.books === null || keepsPace(targets.books, done.books, year, now)) && (targets.pages === null || keepsPace(targets.pages, done.pages, year, now)),
})

/** The year's figures from its finished reads. */
function figuresOf(year: number, reads: FinishedRead[]): Omit<YearStats, 'genres' | 'goal'> {
  const byMonth = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: 0, pages: 0 }))
  let pagesRead = 0
  let yearOnly = 0
  for (const r of reads) {
    const pages = r.pageCount ?? 0
    pagesRead += pages
    if (r.finishedOn.length >= 7) {
      const m = byMonth[Number(r.finishedOn.slice(5, 7)) - 1]!
      m.books += 1
      m.pages += pages
    } else yearOnly += 1
  }
  // Ratings and lengths are of books: a book read twice in the year is rated and measured once.
  const books = [...new Map(reads.map((r) => [r.bookId, r])).values()]
  const ratings = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
  const rated = books.filter((b) => b.rating !== null)
  for (const b of rated) ratings[b.rating as 1 | 2 | 3 | 4 | 5] += 1
  const averageRating = rated.length ? Math.round((rated.reduce((sum, b) => sum + b.rating!, 0) / rated.length) * 100) / 100 : null
  const measured = books.filter((b) => b.pageCount !== null && b.pageCount > 0).sort((a, b) => a.pageCount! - b.pageCount! || a.title.localeCompare(b.title))
  const figure = (b: FinishedRead | undefined) =>
    b ? { _id: b.bookId, title: b.title, author: b.author, pageCount: b.pageCount!, coverImage: b.coverImage } : null
  return {
    year,
    booksRead: reads.length,
    pagesRead,
    byMonth,
    yearOnly,
    ratings,
    averageRating,
    longestBook: figure(measured.at(-1)),
    shortestBook: figure(measured[0]),
  }
}

export const createStatsService = ({ db, users, books, reading, uploads }: StatsDeps) => {
  type Figures = Omit<YearStats, 'goal'> & { books: FinishedRead[] }
  // A reader's figures are kept under what they are made of: their reading log (reads and ratings
  // alone), their reviews (profile_version moves with each), and the catalogue (page counts, genres).
  const years = createMemo<Figures>({ ttlMs: STATS_TTL_MS, max: 1_000 })
  const yearLists = createMemo<Awaited<ReturnType<typeof listYears>>>({ ttlMs: STATS_TTL_MS, max: 1_000 })
  const versionOf = async (userId: string) =>
    (await Promise.all([reading.logVersion(userId), users.profileVersion(userId), books.catalogueVersion()])).join('|')

  const figuresFor = async (userId: string, year: number): Promise<Figures> =>
    years.get(
      `${userId}|${year}`,
      async () => {
        const reads = await listFinishedInYear(db, userId, year)
        const genres = (await countGenres(db, [...new Set(reads.map((r) => r.bookId))]))
          .sort((a, b) => b.books - a.books || a.genre.localeCompare(b.genre))
          .slice(0, GENRES_SHOWN)
        return { ...figuresOf(year, reads), genres, books: reads }
      },
      { version: await versionOf(userId) },
    )

  const yearStats = async (userId: string, year: number, now: Date): Promise<YearStats & { books: FinishedRead[] }> => {
    const [figures, targets] = await Promise.all([figuresFor(userId, year), findGoal(db, userId, year)])
    // The goal is read fresh (it is the reader's own, and whether it keeps pace moves with the date).
    const goal = targets ? goalOf(year, targets, { books: figures.booksRead, pages: figures.pagesRead }, now) : null
    return { ...figures, goal }
  }

  return {
    /** A reader's year (anyone may look, as at their profile); 404 for an unknown reader. */
    async year(userId: string, year: number, now: Date = new Date()): Promise<YearStats> {
      await users.assertExists(userId)
      const { books: _, ...stats } = await yearStats(userId, year, now)
      return stats
    },

    /** The profile's counts (the wishlist's only for its owner) and every year with a finished read, with all-time totals. */
    async reader(viewerId: string | undefined, userId: string): Promise<ReaderStats> {
      const counts = await users.getStats(viewerId, userId)
      const rows = await yearLists.get(userId, () => listYears(db, userId), { version: await versionOf(userId) })
      const years = rows
        .filter((r): r is typeof r & { year: number } => r.year !== null)
        .map((r) => ({ year: r.year, booksRead: r.reads, pagesRead: r.pages }))
        .sort((a, b) => b.year - a.year)
      const undated = rows.find((r) => r.year === null)
      return {
        ...counts,
        years,
        allTime: {
          booksRead: rows.reduce((s, r) => s + r.reads, 0),
          pagesRead: rows.reduce((s, r) => s + r.pages, 0),
          undated: undated?.reads ?? 0,
        },
      }
    },

    /** Sets the caller's targets for a year and answers the goal with what is done. */
    async setGoal(actor: Actor, year: number, input: GoalInput, now: Date = new Date()): Promise<Goal> {
      await saveGoal(db, actor.id, year, input)
      const stats = await yearStats(actor.id, year, now)
      return stats.goal ?? { year, books: null, pages: null, done: { books: stats.booksRead, pages: stats.pagesRead }, onTrack: true }
    },

    /** The year in review as a PNG (1080×1350): the figures, the months, the genres and up to 12 covers. */
    async yearImage(userId: string, year: number, now: Date = new Date()): Promise<Buffer> {
      const user = await users.nameOf(userId)
      const stats = await yearStats(userId, year, now)
      // Covers kept here only; a cover elsewhere on the web is never fetched (the server asks no other site).
      const seen = new Set<string>()
      const covers: { title: string; image: string | undefined }[] = []
      for (const b of stats.books.toSorted((a, b) => b.finishedOn.localeCompare(a.finishedOn))) {
        if (seen.has(b.bookId) || covers.length >= 12) continue
        seen.add(b.bookId)
        const bytes = await uploads.readShown(b.coverImage)
        const png = bytes
          ? await sharp(bytes)
              .resize(150, 225, { fit: 'cover' })
              .png()
              .toBuffer()
              .catch(() => undefined)
          : undefined
        covers.push({ title: b.title, image: png ? `data:image/png;base64,${png.toString('base64')}` : undefined })
      }
      const svg = yearInReviewSvg({ username: user.username, stats, covers })
      return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>

import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { Goal, GoalInput, ReaderStats, YearStats } from '@shelfwise/contracts'
import { dialectOf, type Db } from '#/db/portable.ts'
import { AppError } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import { createMemo } from '#/memo.ts'
import { createWorkGate, yieldToLoop } from '#/work-gate.ts'
import {
  countYearByMonth,
  countYearGenres,
  countYearRatings,
  findGoal,
  listGoals,
  findYearBookOfLength,
  listYearCovers,
  listYears,
  saveGoal,
  type YearBook,
} from '#/modules/stats/stats.repository.ts'
import { yearInReviewSvg } from '#/modules/stats/year-image.ts'

// A reader's year in numbers (issue 15, decision 0021), counted by the database and kept under the
// reader's own versions (decision 0022).

export interface StatsDeps {
  db: Db
  users: UsersService
  reading: Pick<ReadingService, 'logVersion' | 'markLogChanged'>
  uploads: Pick<UploadsService, 'readShown'>
}

/**
 * How long a reader's figures (and their image) are kept under their versions. The reader's own
 * changes show at once; a correction of a book they read (its page count, genres, title or cover) is
 * not in those versions and shows within this time. That staleness is accepted: keying on the whole
 * catalogue let anyone's new book throw every reader's figures away (decision 0022).
 */
const STATS_TTL_MS = 5 * 60_000

/** How long an unknown reader's 404 is remembered, so asking again costs no query. Ids are made by the server, so none appears meanwhile. */
const REFUSAL_TTL_MS = 60_000
const REFUSALS_KEPT = 10_000

/**
 * Year-in-review images kept: the ones shared now, not every reader's. One is about 60 KB with title
 * tiles and up to 1.2 MB with twelve detailed covers, so they hold at most about 30 MB.
 */
const IMAGES_KEPT = 24

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

type Figures = Omit<YearStats, 'goal'>

const figure = (b: YearBook | undefined) => (b ? { _id: b.bookId, title: b.title, author: b.author, pageCount: b.pageCount, coverImage: b.coverImage } : null)

/**
 * The year's figures, each counted by the database: a handful of rows come back, whatever the number
 * of reads. The statements run one after another with a turn of the event loop between them, so a
 * request that arrives meanwhile waits behind one statement at most, not the whole year.
 */
async function countFigures(db: Db, userId: string, year: number): Promise<Figures> {
  const byMonth = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: 0, pages: 0 }))
  let booksRead = 0
  let pagesRead = 0
  let yearOnly = 0
  let most: number | null = null
  let least: number | null = null
  for (const m of await countYearByMonth(db, userId, year)) {
    booksRead += m.reads
    pagesRead += m.pages
    const month = m.month === null ? undefined : byMonth[m.month - 1]
    if (month) {
      month.books = m.reads
      month.pages = m.pages
    } else yearOnly += m.reads
    if (m.most !== null && (most === null || m.most > most)) most = m.most
    if (m.least !== null && (least === null || m.least < least)) least = m.least
  }
  const ratings = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
  const figures: Figures = { year, booksRead, pagesRead, byMonth, yearOnly, ratings, averageRating: null, longestBook: null, shortestBook: null, genres: [] }
  if (booksRead === 0) return figures
  // Ratings, lengths and genres are of books: a book read twice in the year counts once.
  await yieldToLoop()
  let ratedBooks = 0
  let ratingSum = 0
  for (const r of await countYearRatings(db, userId, year)) {
    if (r.rating === null) continue
    ratings[r.rating as 1 | 2 | 3 | 4 | 5] = r.books
    ratedBooks += r.books
    ratingSum += r.rating * r.books
  }
  await yieldToLoop()
  const longest = most === null ? undefined : await findYearBookOfLength(db, userId, year, most, 'longest')
  const shortest = least === null ? undefined : await findYearBookOfLength(db, userId, year, least, 'shortest')
  await yieldToLoop()
  const genres = await countYearGenres(db, userId, year, GENRES_SHOWN)
  return {
    ...figures,
    averageRating: ratedBooks ? Math.round((ratingSum / ratedBooks) * 100) / 100 : null,
    longestBook: figure(longest),
    shortestBook: figure(shortest),
    genres,
  }
}

export const createStatsService = ({ db, users, reading, uploads }: StatsDeps) => {
  // A reader's figures are kept under what they change with that is theirs: their reading log's
  // version (stored, moved by every write to the log on any instance: decision 0026) and their
  // reviews (profile_version moves with each). Not the catalogue's version: another reader's new book
  // changes nothing here (see STATS_TTL_MS for corrections).
  const years = createMemo<Figures>({ ttlMs: STATS_TTL_MS, max: 1_000 })
  const yearLists = createMemo<Awaited<ReturnType<typeof listYears>>>({ ttlMs: STATS_TTL_MS, max: 1_000 })
  const images = createMemo<{ png: Buffer; etag: string }>({ ttlMs: STATS_TTL_MS, max: IMAGES_KEPT })
  // Counting a year and drawing an image take turns, as the catalogue's costly reads do: node:sqlite
  // runs each statement on the one thread, so a cheap request waits behind at most one of them.
  const costly = createWorkGate({ concurrency: dialectOf(db) === 'postgres' ? 2 : 1 })

  // Unknown readers answered 404, remembered briefly (a Map keeps insertion order: oldest out first).
  const refused = new Map<string, { error: AppError; until: number }>()
  const refuse = (userId: string, error: AppError) => {
    refused.delete(userId)
    if (refused.size >= REFUSALS_KEPT) refused.delete(refused.keys().next().value!)
    refused.set(userId, { error, until: Date.now() + REFUSAL_TTL_MS })
  }

  /** The version of what a reader's figures are made of; 404 for an unknown reader (remembered). */
  const versionOf = async (userId: string): Promise<string> => {
    const known = refused.get(userId)
    if (known && known.until > Date.now()) throw known.error
    try {
      return (await Promise.all([reading.logVersion(userId), users.profileVersion(userId)])).join('|')
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') refuse(userId, err)
      throw err
    }
  }

  const yearStats = async (userId: string, year: number, now: Date, known?: string): Promise<YearStats> => {
    // The version first: an unknown reader is answered 404 before anything else is read.
    const version = known ?? (await versionOf(userId))
    const [figures, targets] = await Promise.all([
      years.get(`${userId}|${year}`, () => costly.run(() => countFigures(db, userId, year)), { version }),
      findGoal(db, userId, year),
    ])
    // The goal is read fresh (it is the reader's own, and whether it keeps pace moves with the date).
    const goal = targets ? goalOf(year, targets, { books: figures.booksRead, pages: figures.pagesRead }, now) : null
    return { ...figures, goal }
  }

  /** The year in review drawn: the figures, the months, the genres and up to 12 covers. */
  const draw = async (userId: string, stats: YearStats): Promise<{ png: Buffer; etag: string }> => {
    const user = await users.nameOf(userId)
    // Covers kept here only; a cover elsewhere on the web is never fetched (the server asks no other site).
    const covers: { title: string; image: string | undefined }[] = []
    for (const b of await listYearCovers(db, userId, stats.year, 12)) {
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
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
    return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` }
  }

  return {
    /** A reader's year (anyone may look, as at their profile); 404 for an unknown reader. */
    year: (userId: string, year: number, now: Date = new Date()): Promise<YearStats> => yearStats(userId, year, now),

    /** The profile's counts (the wishlist's only for its owner) and every year with a finished read, with all-time totals. */
    async reader(viewerId: string | undefined, userId: string): Promise<ReaderStats> {
      const version = await versionOf(userId)
      const counts = await users.getStats(viewerId, userId)
      const rows = await yearLists.get(userId, () => listYears(db, userId), { version })
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
      await db.transaction().execute(async (trx) => {
        await reading.markLogChanged(trx, actor.id)
        await saveGoal(trx, actor.id, year, input)
      })
      const stats = await yearStats(actor.id, year, now)
      return stats.goal ?? { year, books: null, pages: null, done: { books: stats.booksRead, pages: stats.pagesRead }, onTrack: true }
    },

    /** The reader's goals, every year they set one, for their export of everything they own. */
    goalsOf: (userId: string) => listGoals(db, userId),

    /**
     * The year in review as a PNG (1080×1350) with its ETag (a digest of its bytes). Drawn once per
     * reader, year and version: the reader's versions and the goal's target, all the image shows that
     * is theirs; 404 for an unknown reader.
     */
    async yearImage(userId: string, year: number, now: Date = new Date()): Promise<{ png: Buffer; etag: string }> {
      const version = await versionOf(userId)
      const stats = await yearStats(userId, year, now, version)
      return images.get(`${userId}|${year}`, () => costly.run(() => draw(userId, stats)), { version: `${version}|${stats.goal?.books ?? ''}` })
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>

import { createHash } from 'node:crypto'
import {
  goalPace,
  keepsUp,
  LIMITS,
  type Goal,
  type GoalInput,
  type PagingQuery,
  type ReaderStats,
  type YearBook as YearBookItem,
  type YearStats,
} from '@shelfwise/contracts'
import { dialectOf, type Db } from '#/db/portable.ts'
import { AppError } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import { createMemo } from '#/memo.ts'
import { loadSharp } from '#/images.ts'
import { createWorkGate, yieldToLoop } from '#/work-gate.ts'
import {
  countYearByMonth,
  countYearGenres,
  countYearRatings,
  findGoal,
  listGoals,
  findYearBookOfLength,
  countYearBooks,
  listYearBooks,
  listYears,
  saveGoal,
  findYearSliceEnd,
  type YearBook,
  type YearSlice,
} from '#/modules/stats/stats.repository.ts'
import { yearInReviewSvg } from '#/modules/stats/year-image.ts'
import { logShown, ownerScope, scopeKey, type ReadingScope } from '#/modules/reading/reading.service.ts'
import { cutPage, decodeKeyset, encodeCursor, rowsToRead, type Page } from '#/paging.ts'

// A reader's year in numbers (issue 15, decision 0021), counted by the database and kept under the
// reader's own versions (decision 0022).

export interface StatsDeps {
  db: Db
  users: UsersService
  reading: Pick<ReadingService, 'logVersion' | 'markLogChanged' | 'scopeOf'>
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
const YEAR_BOOKS_DEFAULT_LIMIT = 50

/**
 * Whether `done` keeps pace with `target` on `now` in `year`: past years must have reached it, future
 * ones are on track; in the current year, done must be at least what the days gone make due (goalPace).
 */
export const keepsPace = (target: number, done: number, year: number, now: Date): boolean => keepsUp(goalPace(target, done, year, now))

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
 * How many of a year's books one statement counts. On node:sqlite a statement holds the event loop
 * from start to end: counted whole, a 25,000-book year held it 100–350 ms a statement (issue 26);
 * a slice of 1,000 books takes a few milliseconds.
 */
const YEAR_SLICE_BOOKS = 1_000

/**
 * The year's books in slices (by id), each slice's end found as it comes, with a turn of the event
 * loop before each: a request that arrives meanwhile waits behind one small statement at most.
 */
async function* yearSlices(db: Db, scope: ReadingScope, year: number, size: number = YEAR_SLICE_BOOKS): AsyncGenerator<YearSlice> {
  let after: string | undefined
  for (;;) {
    await yieldToLoop()
    const upTo = await findYearSliceEnd(db, scope, year, after, size)
    await yieldToLoop()
    yield { after, upTo }
    if (upTo === undefined) return
    after = upTo
  }
}

/**
 * The year's figures, each counted by the database a slice of books at a time (yearSlices), a
 * handful of rows per statement whatever the number of reads, and added up here. Every statement
 * starts on a fresh turn of the event loop.
 */
export async function countFigures(db: Db, scope: ReadingScope, year: number, sliceBooks: number = YEAR_SLICE_BOOKS): Promise<Figures> {
  const byMonth = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: 0, pages: 0 }))
  const ratings = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
  // Genres are per book (at most LIMITS.genresMax each), so this holds the distinct genres of the year's books.
  const genreCounts = new Map<string, number>()
  let booksRead = 0
  let pagesRead = 0
  let yearOnly = 0
  let most: number | null = null
  let least: number | null = null
  let ratedBooks = 0
  let ratingSum = 0
  for await (const slice of yearSlices(db, scope, year, sliceBooks)) {
    for (const m of await countYearByMonth(db, scope, year, slice)) {
      booksRead += m.reads
      pagesRead += m.pages
      const month = m.month === null ? undefined : byMonth[m.month - 1]
      if (month) {
        month.books += m.reads
        month.pages += m.pages
      } else yearOnly += m.reads
      if (m.most !== null && (most === null || m.most > most)) most = m.most
      if (m.least !== null && (least === null || m.least < least)) least = m.least
    }
    // Ratings, lengths and genres are of books: a book read twice in the year counts once (its reads share a slice).
    await yieldToLoop()
    for (const r of await countYearRatings(db, scope, year, slice)) {
      if (r.rating === null) continue
      ratings[r.rating as 1 | 2 | 3 | 4 | 5] += r.books
      ratedBooks += r.books
      ratingSum += r.rating * r.books
    }
    await yieldToLoop()
    for (const g of await countYearGenres(db, scope, year, sliceBooks * LIMITS.genresMax, slice)) {
      genreCounts.set(g.genre, (genreCounts.get(g.genre) ?? 0) + g.books)
    }
  }
  const figures: Figures = { year, booksRead, pagesRead, byMonth, yearOnly, ratings, averageRating: null, longestBook: null, shortestBook: null, genres: [] }
  if (booksRead === 0) return figures
  await yieldToLoop()
  const longest = most === null ? undefined : await findYearBookOfLength(db, scope, year, most, 'longest')
  await yieldToLoop()
  const shortest = least === null ? undefined : await findYearBookOfLength(db, scope, year, least, 'shortest')
  // The most read first, then by name (as the database ordered them: byte order of the name).
  const genres = [...genreCounts]
    .map(([genre, books]) => ({ genre, books }))
    .sort((a, b) => b.books - a.books || (a.genre < b.genre ? -1 : a.genre > b.genre ? 1 : 0))
    .slice(0, GENRES_SHOWN)
  return {
    ...figures,
    averageRating: ratedBooks ? Math.round((ratingSum / ratedBooks) * 100) / 100 : null,
    longestBook: figure(longest),
    shortestBook: figure(shortest),
    genres,
  }
}

type LatestBook = Awaited<ReturnType<typeof listYearBooks>>[number]
const later = (a: LatestBook, b: LatestBook) => (a.finishedOn !== b.finishedOn ? a.finishedOn > b.finishedOn : a.bookId > b.bookId)

/** The year's `limit` books last finished (newest first, then by id), read a slice at a time and the newest kept. */
export async function latestYearBooks(db: Db, scope: ReadingScope, year: number, limit: number, sliceBooks: number = YEAR_SLICE_BOOKS): Promise<LatestBook[]> {
  let kept: LatestBook[] = []
  for await (const slice of yearSlices(db, scope, year, sliceBooks)) {
    kept = [...kept, ...(await listYearBooks(db, scope, year, limit, undefined, slice))].sort((a, b) => (later(a, b) ? -1 : 1)).slice(0, limit)
  }
  return kept
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

  /** What the viewer may see of the reader's log (decision 0055): the version first, so an unknown reader is a remembered 404. */
  const scoped = async (viewerId: string | undefined, userId: string): Promise<{ version: string; scope: ReadingScope }> => {
    const version = await versionOf(userId)
    return { version, scope: await reading.scopeOf(userId, viewerId) }
  }

  const yearStats = async (scope: ReadingScope, year: number, now: Date, version: string): Promise<YearStats> => {
    const userId = scope.ownerId
    // Kept per scope: a follower's figures are not a stranger's. The goal is the account's, shown where its default is.
    const [figures, targets] = await Promise.all([
      years.get(`${userId}|${scopeKey(scope)}|${year}`, () => costly.run(() => countFigures(db, scope, year)), { version }),
      logShown(scope) ? findGoal(db, userId, year) : undefined,
    ])
    // The goal is read fresh (it is the reader's own, and whether it keeps pace moves with the date).
    const goal = targets ? goalOf(year, targets, { books: figures.booksRead, pages: figures.pagesRead }, now) : null
    return { ...figures, goal }
  }

  /** The year in review drawn: the figures, the months, the genres and up to 12 covers. */
  const draw = async (scope: ReadingScope, stats: YearStats): Promise<{ png: Buffer; etag: string }> => {
    const user = await users.nameOf(scope.ownerId)
    const sharp = await loadSharp()
    // Covers kept here only; a cover elsewhere on the web is never fetched (the server asks no other site).
    const covers: { title: string; image: string | undefined }[] = []
    for (const b of await latestYearBooks(db, scope, stats.year, 12)) {
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
    /** A reader's year as the viewer may see it (decision 0055); 404 for an unknown reader. */
    async year(viewerId: string | undefined, userId: string, year: number, now: Date = new Date()): Promise<YearStats> {
      const { version, scope } = await scoped(viewerId, userId)
      return yearStats(scope, year, now, version)
    },

    /** The year's books, each once, last finished first: a page of them (404 for an unknown reader). */
    async yearBooks(viewerId: string | undefined, userId: string, year: number, q: PagingQuery): Promise<Page<YearBookItem>> {
      const { scope } = await scoped(viewerId, userId)
      const limit = q.limit ?? YEAR_BOOKS_DEFAULT_LIMIT
      // The finish is text ('YYYY', 'YYYY-MM' or 'YYYY-MM-DD'), only ever compared as text: any text is a harmless key.
      const after = q.cursor ? (([finishedOn, bookId]) => ({ finishedOn, bookId }))(decodeKeyset(q.cursor, ['text', 'id'] as const)) : undefined
      const [rows, total] = await costly.run(
        async () => [await listYearBooks(db, scope, year, rowsToRead(limit)!, after), await countYearBooks(db, scope, year)] as const,
      )
      const page = cutPage(rows, limit, (last) => encodeCursor([last.finishedOn, last.bookId]))
      return {
        items: page.rows.map((b) => ({
          _id: b.bookId,
          title: b.title,
          author: b.author,
          coverImage: b.coverImage,
          finishedOn: b.finishedOn,
          rating: b.rating,
        })),
        total,
        ...(page.next ? { nextCursor: page.next } : {}),
      }
    },

    /** The profile's counts (the wishlist's only for its owner) and every year with a finished read, with all-time totals. */
    async reader(viewerId: string | undefined, userId: string): Promise<ReaderStats> {
      const { version, scope } = await scoped(viewerId, userId)
      const counts = await users.getStats(scope)
      const rows = await yearLists.get(`${userId}|${scopeKey(scope)}`, () => listYears(db, scope), { version })
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
      const stats = await yearStats(ownerScope(actor.id), year, now, await versionOf(actor.id))
      return stats.goal ?? { year, books: null, pages: null, done: { books: stats.booksRead, pages: stats.pagesRead }, onTrack: true }
    },

    /** The reader's goals, every year they set one, for their export of everything they own. */
    goalsOf: (userId: string) => listGoals(db, userId),

    /**
     * The year in review as a PNG (1080×1350) with its ETag (a digest of its bytes). Drawn once per
     * reader, year and version: the reader's versions and the goal's target, all the image shows that
     * is theirs; 404 for an unknown reader.
     */
    async yearImage(
      viewerId: string | undefined,
      userId: string,
      year: number,
      now: Date = new Date(),
    ): Promise<{ png: Buffer; etag: string; shared: boolean }> {
      const { version, scope } = await scoped(viewerId, userId)
      const stats = await yearStats(scope, year, now, version)
      const image = await images.get(`${userId}|${scopeKey(scope)}|${year}`, () => costly.run(() => draw(scope, stats)), {
        version: `${version}|${stats.goal?.books ?? ''}`,
      })
      // Only what everyone may see may sit in a shared cache.
      return { ...image, shared: scope.audience === 'anyone' }
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>

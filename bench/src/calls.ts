// The hot calls of the benchmark and what they need from the database, shared by the load run
// (bench.ts) and the plan check (explain.ts).
import { randomBytes } from 'node:crypto'
import { sql, type RawBuilder } from 'kysely'
import { FEED_READER, LIBRARY_READER, WRITER_PREFIX, YEAR_READER } from './generate.ts'
import { describeTarget, type Target } from './target.ts'
import { IMPORTER_PREFIX } from './goodreads.ts'
import { createDb } from '../../apps/api/src/public.ts'

/**
 * The signing secret of a bench run's server (and of the tokens the bench signs for it): random per
 * process, as the server asks of a PostgreSQL deployment (it refuses a secret of words and digits).
 */
export const SECRET = randomBytes(48).toString('base64url')

export interface Budget {
  /** p99 at most, ms. */
  p99?: number
  /** requests/s ÷ bare node:http requests/s at least. */
  ratio?: number
  /** requests/s at least. */
  rps?: number
}

export interface Call {
  name: string
  method: 'GET' | 'POST' | 'PUT'
  paths: string[]
  tokens?: string[]
  bodies?: string[]
  budget: Budget
}

// ---- fixtures: what the calls need, read from the database before the server starts ------------

export interface Fixtures {
  /** The generated catalogue's books, in id order: books the import scenario created are left out, so runs after it pick the same ones. */
  bookIds: string[]
  topBook: string
  /** Up to 1,000 editions beside the works' shown ones (issue 21), spread over the catalogue; none on data generated before them. */
  editionIds: string[]
  /** The work with the most editions, and how many. */
  mostEditions?: { id: string; editions: number }
  feedReader: { id: string; ver: number }
  mostFollowed: { id: string; followers: number }
  typical: string
  writers: { id: string; ver: number }[]
  /** The reader with a big reading log, a book they are reading, and one they read most often. */
  library?: { id: string; ver: number; reads: number; reading: string[]; reread: string; busiestYear?: { year: number; reads: number } }
  /**
   * The year storm's reader: `yearreader` (25,000 reads in one year), else the library reader on data
   * generated before it; their busiest year and a few books they read that year (whose ratings they change).
   */
  yearReader?: { id: string; ver: number; username: string; year: number; reads: number; books: string[] }
  counts: { books: number; reviews: number; users: number }
}

export async function readFixtures(target: Target): Promise<Fixtures> {
  const db = createDb({ url: target.url, poolSize: 2 }).withoutPlugins()
  try {
    const q = async <R>(query: RawBuilder<R>) => (await query.execute(db)).rows
    const bookIds = (
      await q(sql<{ id: string }>`select id from books where created_by_user_id is null
        or created_by_user_id not in (select id from users where username like ${`${IMPORTER_PREFIX}%`}) order by id`)
    ).map((r) => r.id)
    if (!bookIds.length) throw new Error('no books')
    const [top] = await q(sql<{ id: string }>`select id from books order by total_reviews desc, id limit 1`)
    const [editionTotal] = await q(sql<{ n: number }>`select count(*) as n from editions where merged_into is null`)
    const editionStep = Math.max(1, Math.floor(Number(editionTotal?.n ?? 0) / 1000))
    const editionIds = (
      await q(sql<{ id: string }>`select id from (select id, row_number() over (order by id) as k from editions where merged_into is null) e
        where (k - 1) % ${editionStep} = 0 order by id limit 1000`)
    ).map((r) => r.id)
    const [mostEd] = await q(sql<{ id: string; n: number }>`select id, edition_count as n from books order by edition_count desc, id limit 1`)
    const [feed] = await q(sql<{ id: string; ver: number }>`select id, token_version as ver from users where username = ${FEED_READER}`)
    const [most] = await q(
      sql<{ id: string; n: number }>`select followee_id as id, count(*) as n from follows group by followee_id order by count(*) desc, followee_id limit 1`,
    )
    const [typical] = await q(
      sql<{ id: string }>`select followee_id as id from follows group by followee_id having count(*) between 3 and 8 order by followee_id limit 1`,
    )
    const writers = await q(
      sql<{ id: string; ver: number }>`select id, token_version as ver from users where username like ${`${WRITER_PREFIX}%`} order by username`,
    )
    const [counts] = await q(
      sql<{
        books: number
        reviews: number
        users: number
      }>`select (select count(*) from books) as books, (select count(*) from reviews) as reviews, (select count(*) from users) as users`,
    )
    if (!feed || !most || !writers.length) throw new Error('no bench readers')
    const [lib] = await q(
      sql<{
        id: string
        ver: number
        reads: number
      }>`select u.id, u.token_version as ver, (select count(*) from read_throughs t where t.user_id = u.id) as reads
        from users u where u.username = ${LIBRARY_READER}`,
    )
    const reading = lib
      ? (await q(sql<{ id: string }>`select book_id as id from reading_entries where user_id = ${lib.id} and status = 'reading' order by book_id`)).map(
          (r) => r.id,
        )
      : []
    const [reread] = lib
      ? await q(sql<{ id: string }>`select book_id as id from read_throughs where user_id = ${lib.id} group by book_id order by count(*) desc, book_id limit 1`)
      : []
    const busiestYearOf = async (userId: string) =>
      (
        await q(
          sql<{ year: string; reads: number }>`select substr(finished_on, 1, 4) as year, count(*) as reads from read_throughs
            where user_id = ${userId} and outcome = 'finished' and removed_at is null and finished_on is not null
            group by substr(finished_on, 1, 4) order by count(*) desc, 1 desc limit 1`,
        )
      )[0]
    const busiest = lib ? await busiestYearOf(lib.id) : undefined
    const [yr] = await q(sql<{ id: string; ver: number; username: string }>`select id, token_version as ver, username from users
      where username in (${YEAR_READER}, ${LIBRARY_READER}) order by case when username = ${YEAR_READER} then 0 else 1 end limit 1`)
    const yrYear = yr ? await busiestYearOf(yr.id) : undefined
    const yrBooks =
      yr && yrYear
        ? (
            await q(sql<{ id: string }>`select distinct book_id as id from read_throughs where user_id = ${yr.id} and outcome = 'finished'
              and removed_at is null and substr(finished_on, 1, 4) = ${yrYear.year} order by book_id limit 20`)
          ).map((r) => r.id)
        : []
    return {
      bookIds,
      topBook: top!.id,
      editionIds,
      ...(mostEd && Number(mostEd.n) > 1 ? { mostEditions: { id: mostEd.id, editions: Number(mostEd.n) } } : {}),
      feedReader: { id: feed.id, ver: Number(feed.ver) },
      mostFollowed: { id: most.id, followers: Number(most.n) },
      typical: typical?.id ?? most.id,
      writers: writers.map((w) => ({ id: w.id, ver: Number(w.ver) })),
      ...(lib && reading.length && reread
        ? {
            library: {
              id: lib.id,
              ver: Number(lib.ver),
              reads: Number(lib.reads),
              reading,
              reread: reread.id,
              ...(busiest ? { busiestYear: { year: Number(busiest.year), reads: Number(busiest.reads) } } : {}),
            },
          }
        : {}),
      ...(yr && yrYear && yrBooks.length
        ? {
            yearReader: { id: yr.id, ver: Number(yr.ver), username: yr.username, year: Number(yrYear.year), reads: Number(yrYear.reads), books: yrBooks },
          }
        : {}),
      counts: { books: Number(counts!.books), reviews: Number(counts!.reviews), users: Number(counts!.users) },
    }
  } catch (err) {
    console.error(
      `${describeTarget(target)} holds no benchmark data (${(err as Error).message}): run \`npm run bench:data\` first (with the same --db or DATABASE_URL).`,
    )
    process.exit(2)
  } finally {
    await db.destroy()
  }
}

export function buildCalls(
  fx: Fixtures,
  later: { books: string; reviews: string; library?: string },
  writes: { paths: string[]; tokens: string[]; bodies: string[] },
  feedToken: string,
  libraryToken?: string,
): Call[] {
  const step = Math.max(1, Math.floor(fx.bookIds.length / 1000))
  const sampleIds = fx.bookIds.filter((_, i) => i % step === 0).slice(0, 1000)
  const search = (q: string) => `/api/books/search?${q}&limit=24`
  const read = { p99: 20 }
  const precise = { p99: 25 }
  const common = { p99: 60 }
  return [
    { name: 'book by id', method: 'GET', paths: sampleIds.map((id) => `/api/books/${id}`), budget: { ratio: 0.5, p99: 20 } },
    ...(fx.editionIds.length
      ? [{ name: 'book by edition id', method: 'GET' as const, paths: fx.editionIds.map((id) => `/api/books/${id}`), budget: read }]
      : []),
    ...(fx.mostEditions
      ? [{ name: `editions (${fx.mostEditions.editions})`, method: 'GET' as const, paths: [`/api/books/${fx.mostEditions.id}/editions`], budget: read }]
      : []),
    { name: 'books page 1 (limit 24)', method: 'GET', paths: ['/api/books?limit=24'], budget: read },
    { name: 'books page 11 (cursor)', method: 'GET', paths: [later.books], budget: read },
    { name: 'search "the"', method: 'GET', paths: [search('query=the')], budget: common },
    { name: 'search "love"', method: 'GET', paths: [search('query=love')], budget: common },
    { name: 'search rare "heathcliff"', method: 'GET', paths: [search('query=heathcliff')], budget: precise },
    { name: 'search title "pride prejudice"', method: 'GET', paths: [search('query=pride%20prejudice')], budget: precise },
    { name: 'search misspelt "dickins"', method: 'GET', paths: [search('query=dickins')], budget: precise },
    { name: 'search prefix "gats"', method: 'GET', paths: [search('query=gats')], budget: precise },
    { name: 'search prefix "ligh"', method: 'GET', paths: [search('query=ligh')], budget: precise },
    { name: 'search "summer" + filters', method: 'GET', paths: [search('query=summer&genres=Fiction&languages=English&minRating=3')], budget: precise },
    { name: 'search "love" + filters', method: 'GET', paths: [search('query=love&genres=Romance&languages=French&minYear=1990')], budget: common },
    { name: 'filters only', method: 'GET', paths: [search('genres=Mystery&languages=German&minRating=4')], budget: precise },
    { name: 'reviews of top book', method: 'GET', paths: [`/api/reviews/book/${fx.topBook}?limit=20`], budget: read },
    { name: 'reviews of top book p.21', method: 'GET', paths: [later.reviews], budget: read },
    { name: 'popular this week', method: 'GET', paths: ['/api/reviews/popular-week'], budget: read },
    { name: 'recent reviews', method: 'GET', paths: ['/api/reviews/recent'], budget: read },
    { name: 'feed (follows 500)', method: 'GET', paths: ['/api/users/followed-users-books'], tokens: [feedToken], budget: read },
    { name: 'profile', method: 'GET', paths: [`/api/users/profile/${fx.typical}`], budget: read },
    { name: 'stats', method: 'GET', paths: [`/api/users/${fx.typical}/stats`], budget: read },
    { name: `profile (${fx.mostFollowed.followers} followers)`, method: 'GET', paths: [`/api/users/profile/${fx.mostFollowed.id}`], budget: read },
    { name: 'stats (most followed)', method: 'GET', paths: [`/api/users/${fx.mostFollowed.id}/stats`], budget: read },
    { name: 'create review', method: 'POST', paths: writes.paths, tokens: writes.tokens, bodies: writes.bodies, budget: { rps: 1000 } },
    ...readingCalls(fx, later.library, libraryToken),
  ]
}

/** The reading log's calls (issue 13): the big reader's library pages, their entry for a re-read book, progress updates. */
function readingCalls(fx: Fixtures, laterLibrary: string | undefined, token: string | undefined): Call[] {
  const lib = fx.library
  if (!lib || !token) return []
  const reads = lib.reads.toLocaleString('en-US')
  const pages = Array.from({ length: 200 }, (_, i) => JSON.stringify({ progress: { page: 1 + (i % 50) } }))
  return [
    { name: `library page (${reads} reads)`, method: 'GET', paths: [`/api/users/${lib.id}/library?status=read&limit=24`], budget: { p99: 20 } },
    ...(laterLibrary ? [{ name: 'library page 11 (cursor)', method: 'GET' as const, paths: [laterLibrary], budget: { p99: 20 } }] : []),
    { name: 'reading entry (re-read)', method: 'GET', paths: [`/api/books/${lib.reread}/reading`], tokens: [token], budget: { p99: 20 } },
    // A reader's year in numbers (issue 15): their busiest year, and the years with all-time totals.
    ...(lib.busiestYear
      ? [
          {
            name: `year in numbers (${lib.busiestYear.reads.toLocaleString('en-US')} reads in ${lib.busiestYear.year})`,
            method: 'GET' as const,
            paths: [`/api/users/${lib.id}/stats/${lib.busiestYear.year}`],
            budget: { p99: 20 },
          },
        ]
      : []),
    { name: `stats: years and totals (${reads} reads)`, method: 'GET', paths: [`/api/users/${lib.id}/stats`], budget: { p99: 20 } },
    {
      name: 'progress update',
      method: 'PUT',
      paths: pages.map((_, i) => `/api/books/${lib.reading[i % lib.reading.length]}/reading`),
      tokens: [token],
      bodies: pages,
      budget: { rps: 1000 },
    },
  ]
}

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
  /** p50 at most this many ms more than the named call's p50 in the same run (issue 25: what a token check adds). */
  p50Over?: { call: string; ms: number }
  /** requests/s ÷ bare node:http requests/s at least. */
  ratio?: number
  /**
   * requests/s ÷ the second ceiling's at least: a bare node:http server reading the same row from the
   * same database (bare-db.ts: through `pg` on PostgreSQL, node:sqlite on SQLite; issue 26).
   */
  dbRatio?: number
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
  /** A write whose answer no GET of its path gives: no bare node:http ceiling for it. */
  noBare?: boolean
  /**
   * A write: the statements it sends once warm, begin and commit included, as `npm run bench --
   * --round-trips` counts them (decision 0073). Its second ceiling is bare-db.ts's transaction of as
   * many statements (reported beside the call, not a budget): what this machine's database allows a
   * write of that many round trips.
   */
  writeStatements?: number
}

/** A reader the bench signs session tokens for: their id and token version. */
export interface Reader {
  id: string
  ver: number
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
  /** (writer, book) pairs the writers have reviewed, as `writer book`: earlier runs' writes (the generator gives writers none). */
  reviewedByWriters: Set<string>
  /** The reader with a big reading log, a book they are reading, and one they read most often. */
  library?: { id: string; ver: number; reads: number; reading: string[]; reread: string; busiestYear?: { year: number; reads: number } }
  /**
   * The year storm's reader: `yearreader` (25,000 reads in one year), else the library reader on data
   * generated before it; their busiest year and a few books they read that year (whose ratings they change).
   */
  yearReader?: { id: string; ver: number; username: string; year: number; reads: number; books: string[] }
  counts: { books: number; reviews: number; users: number }
  /** The reader with the most notifications (issue 24; none on data generated before them). */
  notified?: { id: string; ver: number; notifications: number; unread: number }
  /** Readers older than a day (the new-account limits spare them), up to 2,000 spread over all: likers and stream holders. */
  readers: Reader[]
  /** Up to 5,000 generated reviews spread over all, with their writers: the likes' targets. */
  likeable: { id: string; userId: string }[]
  /** (reader, review) pairs already liked among those, as `reader review`. */
  liked: Set<string>
  /** Issue 23: the thread with the most posts (none on data generated before it). */
  biggestDiscussion?: { id: string; posts: number }
  /** How many likes the top book's reviews have in all, and how many of them are the feed reader's. */
  topBookLikes: { all: number; feedReader: number }
  /** How many readers the feed reader follows. */
  feedFollows: number
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
    const reviewedByWriters = new Set(
      (
        await q(sql<{ u: string; b: string }>`select user_id as u, book_id as b from reviews
          where user_id in (select id from users where username like ${`${WRITER_PREFIX}%`})`)
      ).map((r) => `${r.u} ${r.b}`),
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
    const [notified] = await q(sql<{ id: string; ver: number; n: number; unread: number }>`select n.user_id as id, u.token_version as ver,
        count(*) as n, sum(case when n.read_at is null then 1 else 0 end) as unread
      from notifications n join users u on u.id = n.user_id group by n.user_id, u.token_version order by count(*) desc, n.user_id limit 1`)
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString()
    const [userTotal] = await q(sql<{ n: number }>`select count(*) as n from users where created_at < ${dayAgo}`)
    const userStep = Math.max(1, Math.floor(Number(userTotal?.n ?? 0) / 2000))
    const readers = await q(sql<{ id: string; ver: number }>`select id, ver from (select id, token_version as ver, row_number() over (order by id) as k
        from users where created_at < ${dayAgo}) r where (k - 1) % ${userStep} = 0 order by id limit 2000`)
    // Reviews the generator made (its readers are older than a day, none a bench writer), spread over all.
    const reviewFilter = sql`r.user_id in (select id from users where created_at < ${dayAgo} and username not like ${`${WRITER_PREFIX}%`})`
    const [reviewTotal] = await q(sql<{ n: number }>`select count(*) as n from reviews r where ${reviewFilter}`)
    const reviewStep = Math.max(1, Math.floor(Number(reviewTotal?.n ?? 0) / 5000))
    const likeable = await q(sql<{
      id: string
      userId: string
    }>`select id, user_id as "userId" from (select r.id, r.user_id, row_number() over (order by r.id) as k
        from reviews r where ${reviewFilter}) x where (k - 1) % ${reviewStep} = 0 order by id limit 5000`)
    // Only the likes of the sampled reviews: the whole table is millions of rows at the default size.
    const liked = new Set(
      (
        await q(sql<{ u: string; r: string }>`select l.user_id as u, l.review_id as r from review_likes l
          where l.review_id in (select id from (select r.id, row_number() over (order by r.id) as k from reviews r where ${reviewFilter}) x
            where (k - 1) % ${reviewStep} = 0 order by id limit 5000)`)
      ).map((l) => `${l.u} ${l.r}`),
    )
    const [biggest] = await q(sql<{ id: string; n: number }>`select id, post_count as n from discussions order by post_count desc, id limit 1`)
    const [topLikes] = await q(sql<{ all: number; mine: number }>`select coalesce(sum(r.likes), 0) as "all",
        (select count(*) from review_likes l join reviews x on x.id = l.review_id where x.book_id = ${top!.id} and l.user_id = ${feed.id}) as mine
      from reviews r where r.book_id = ${top!.id}`)
    const [feedFollows] = await q(sql<{ n: number }>`select count(*) as n from follows where follower_id = ${feed.id}`)
    return {
      ...(notified ? { notified: { id: notified.id, ver: Number(notified.ver), notifications: Number(notified.n), unread: Number(notified.unread) } } : {}),
      readers: readers.map((r) => ({ id: r.id, ver: Number(r.ver) })),
      likeable,
      liked,
      ...(biggest ? { biggestDiscussion: { id: biggest.id, posts: Number(biggest.n) } } : {}),
      topBookLikes: { all: Number(topLikes?.all ?? 0), feedReader: Number(topLikes?.mine ?? 0) },
      feedFollows: Number(feedFollows?.n ?? 0),
      bookIds,
      topBook: top!.id,
      editionIds,
      ...(mostEd && Number(mostEd.n) > 1 ? { mostEditions: { id: mostEd.id, editions: Number(mostEd.n) } } : {}),
      feedReader: { id: feed.id, ver: Number(feed.ver) },
      mostFollowed: { id: most.id, followers: Number(most.n) },
      typical: typical?.id ?? most.id,
      writers: writers.map((w) => ({ id: w.id, ver: Number(w.ver) })),
      reviewedByWriters,
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
  more: MoreCalls = {},
): Call[] {
  const step = Math.max(1, Math.floor(fx.bookIds.length / 1000))
  const sampleIds = fx.bookIds.filter((_, i) => i % step === 0).slice(0, 1000)
  const search = (q: string) => `/api/books/search?${q}&limit=24`
  const read = { p99: 20 }
  const precise = { p99: 25 }
  const common = { p99: 60 }
  return [
    // Against the database ceiling (issue 26): the stack's cost above one read of the row, on either database.
    { name: 'book by id', method: 'GET', paths: sampleIds.map((id) => `/api/books/${id}`), budget: { dbRatio: 0.5, p99: 20 } },
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
    { name: 'create review', method: 'POST', paths: writes.paths, tokens: writes.tokens, bodies: writes.bodies, budget: { rps: 1000 }, writeStatements: 8 },
    ...readingCalls(fx, later.library, libraryToken, more.libraryPersonalToken, more.progress),
    ...notificationCalls(fx, more),
    ...syncCalls(more),
    ...conversationCalls(fx, feedToken),
  ]
}

/**
 * Issue 23: the top book's reviews read by a signed-in reader who liked some of them (counts and
 * likedByMe), the biggest thread's first page, and the followed feed of the reader following 500.
 */
function conversationCalls(fx: Fixtures, feedToken: string): Call[] {
  const fmt = (n: number) => n.toLocaleString('en-US')
  const likes = fx.topBookLikes
  return [
    {
      name: `reviews of top book, signed in (${fmt(likes.all)} likes, ${fmt(likes.feedReader)} theirs)`,
      method: 'GET',
      paths: [`/api/reviews/book/${fx.topBook}?limit=20`],
      tokens: [feedToken],
      budget: { p99: 20 },
    },
    ...(fx.biggestDiscussion
      ? [
          {
            name: `discussion page (${fmt(fx.biggestDiscussion.posts)} posts)`,
            method: 'GET' as const,
            paths: [`/api/discussions/${fx.biggestDiscussion.id}/posts?limit=20`],
            budget: { p99: 20 },
          },
        ]
      : []),
    { name: `followed feed (follows ${fmt(fx.feedFollows)})`, method: 'GET', paths: ['/api/me/feed?limit=20'], tokens: [feedToken], budget: { p99: 20 } },
  ]
}

/** What the calls of issues 24 and 25 need that the bench makes at run time (tokens through the API, like pairs). */
export interface MoreCalls {
  /** A session token of the reader with the most notifications. */
  notifiedToken?: string
  /** Likes never made before: a reader's session token and a review of another, in turn. */
  likes?: { paths: string[]; tokens: string[] }
  /** A personal access token (scopes read, reading:write) of the library reader, made through the API. */
  libraryPersonalToken?: string
  /** Progress syncs: personal access tokens of bench readers and a body each, in turn. */
  sync?: { tokens: string[]; bodies: string[] }
  /** Progress updates of several readers: a path, a session token and a body each, in turn (progressPairs). */
  progress?: { paths: string[]; tokens: string[]; bodies: string[] }
}

/** The reading entry read with the reader's session token, the baseline of the token check's cost (issue 25). */
const SESSION_ENTRY_CALL = 'reading entry (re-read)'

/** Issue 24: the list and unread count of the reader with the most notifications, and likes that notify. */
function notificationCalls(fx: Fixtures, more: MoreCalls): Call[] {
  const n = fx.notified
  const calls: Call[] = []
  if (n && more.notifiedToken) {
    const many = `${n.notifications.toLocaleString('en-US')} notifications`
    calls.push(
      { name: `notifications (${many})`, method: 'GET', paths: ['/api/me/notifications?limit=20'], tokens: [more.notifiedToken], budget: { p99: 20 } },
      { name: 'notifications unread count', method: 'GET', paths: ['/api/me/notifications/unread-count'], tokens: [more.notifiedToken], budget: { p99: 20 } },
    )
  }
  if (more.likes?.paths.length)
    calls.push({
      name: 'like that notifies',
      method: 'PUT',
      paths: more.likes.paths,
      tokens: more.likes.tokens,
      budget: { rps: 1500 },
      noBare: true,
      writeStatements: 8,
    })
  return calls
}

/** Issue 25: progress sync with personal access tokens. */
function syncCalls(more: MoreCalls): Call[] {
  if (!more.sync?.tokens.length) return []
  return [
    {
      name: 'progress sync (personal token)',
      method: 'PUT',
      paths: ['/api/me/progress'],
      tokens: more.sync.tokens,
      bodies: more.sync.bodies,
      budget: { p99: 20, rps: 1000 },
      noBare: true,
      writeStatements: 11,
    },
  ]
}

/** The name of the progress row the budget holds (20 readers). */
const PROGRESS_CALL = 'progress update (20 readers)'

/** The reading log's calls (issue 13): the big reader's library pages, their entry for a re-read book, progress updates. */
function readingCalls(
  fx: Fixtures,
  laterLibrary: string | undefined,
  token: string | undefined,
  personalToken: string | undefined,
  progress: MoreCalls['progress'],
): Call[] {
  const lib = fx.library
  if (!lib || !token) return []
  const reads = lib.reads.toLocaleString('en-US')
  const pages = Array.from({ length: 200 }, (_, i) => JSON.stringify({ progress: { page: 1 + (i % 50) } }))
  return [
    { name: `library page (${reads} reads)`, method: 'GET', paths: [`/api/users/${lib.id}/library?status=read&limit=24`], budget: { p99: 20 } },
    ...(laterLibrary ? [{ name: 'library page 11 (cursor)', method: 'GET' as const, paths: [laterLibrary], budget: { p99: 20 } }] : []),
    { name: SESSION_ENTRY_CALL, method: 'GET', paths: [`/api/books/${lib.reread}/reading`], tokens: [token], budget: { p99: 20 } },
    // The same read with a personal access token (issue 25): what checking the token adds.
    ...(personalToken
      ? [
          {
            name: `${SESSION_ENTRY_CALL}, personal token`,
            method: 'GET' as const,
            paths: [`/api/books/${lib.reread}/reading`],
            tokens: [personalToken],
            budget: { p99: 20, p50Over: { call: SESSION_ENTRY_CALL, ms: 1 } },
          },
        ]
      : []),
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
    // The budget's row: progress from 20 readers at once, as a community sends it.
    ...(progress?.paths.length
      ? [
          {
            name: PROGRESS_CALL,
            method: 'PUT' as const,
            paths: progress.paths,
            tokens: progress.tokens,
            bodies: progress.bodies,
            budget: { rps: 1000 },
            writeStatements: 10,
          },
        ]
      : []),
    // One reader's 16 connections at once, reported: a reader's log takes its changes one at a time
    // (their row is locked first, reading.repository.ts bumpLogVersion), so this row measures how
    // long one change holds that lock, not what the server can do.
    {
      name: 'progress update, one reader',
      method: 'PUT',
      paths: pages.map((_, i) => `/api/books/${lib.reading[i % lib.reading.length]}/reading`),
      tokens: [token],
      bodies: pages,
      budget: {},
    },
  ]
}

// ---- the write calls' pairs (shared by the load run and `--round-trips`) ----------------------

/**
 * Write pairs (writer, book) no writer has reviewed yet on this database. The generator gives its
 * writers no reviews, so what they have reviewed is exactly what earlier runs wrote: read from the
 * database (`fx.reviewedByWriters`), it starts again from nothing when the data is made anew.
 */
export function writePairs(fx: Fixtures, count: number, tokens: (w: { id: string; ver: number }) => string) {
  const nw = fx.writers.length
  const capacity = nw * fx.bookIds.length
  // Pair k: writer k mod W, and for that writer a book stepping through the catalogue by a prime
  // stride (offset per writer), so concurrent writes spread over many books and no pair repeats
  // before every writer has reviewed every book.
  const book = (k: number) => {
    const w = k % nw
    const round = Math.floor(k / nw)
    return fx.bookIds[(round * 7919 + w * 104_729) % fx.bookIds.length]!
  }
  const paths: string[] = []
  const toks: string[] = []
  const bodies: string[] = []
  const tokenOf = fx.writers.map(tokens)
  for (let k = 0; k < capacity && paths.length < count; k++) {
    const writer = fx.writers[k % nw]!
    const bookId = book(k)
    if (fx.reviewedByWriters.has(`${writer.id} ${bookId}`)) continue
    paths.push(`/api/reviews/book/${bookId}`)
    toks.push(tokenOf[k % nw]!)
    bodies.push(JSON.stringify({ rating: 1 + (k % 5), comment: `Benchmark review ${k}: solid pacing, memorable ending.` }))
  }
  if (!paths.length) throw new Error('every writer has reviewed every book: run `npm run bench:data -- --reset` again')
  return { paths, tokens: toks, bodies }
}

/**
 * Likes no reader made before (issue 24), so each one notifies: reader k mod R (readers older than a
 * day, spread over all) and, for that reader, a review of another stepping through the sampled
 * reviews by a prime stride. Pairs already liked (an earlier run's) are left out.
 */
export function likePairs(fx: Fixtures, count: number, tokenOf: (r: Reader) => string): { paths: string[]; tokens: string[] } {
  const paths: string[] = []
  const tokens: string[] = []
  const nr = fx.readers.length
  const nl = fx.likeable.length
  if (!nr || !nl) return { paths, tokens }
  const tokenFor = fx.readers.map(tokenOf)
  const used = new Set(fx.liked)
  for (let k = 0; paths.length < count && k < count * 4; k++) {
    const w = k % nr
    const reader = fx.readers[w]!
    const review = fx.likeable[(Math.floor(k / nr) * 7919 + w * 104_729) % nl]!
    const key = `${reader.id} ${review.id}`
    if (review.userId === reader.id || used.has(key)) continue
    used.add(key)
    paths.push(`/api/reviews/${review.id}/like`)
    tokens.push(tokenFor[w]!)
  }
  return { paths, tokens }
}

/**
 * Progress syncs (issue 25): each sync reader (a personal token each) on 10 books of the catalogue,
 * the position rising 0.9 % a round (1 % to 90.1 %), readers and books taking turns so that one
 * reader's syncs of one book are 10 × readers requests apart. `reread: true` lets a later run on the
 * same data move the position again (else every sync below the last run's would be already_current).
 */
export function syncBodies(fx: Fixtures, personalTokens: string[]): { tokens: string[]; bodies: string[] } {
  const books = 10
  const rounds = 100
  const nr = personalTokens.length
  const stride = Math.max(1, Math.floor(fx.bookIds.length / (books * 3)))
  const tokens: string[] = []
  const bodies: string[] = []
  for (let i = 0; i < nr * books * rounds; i++) {
    const r = i % nr
    const b = Math.floor(i / nr) % books
    const round = Math.floor(i / (nr * books))
    const book = fx.bookIds[(b * stride + r * 7) % fx.bookIds.length]!
    tokens.push(personalTokens[r]!)
    bodies.push(JSON.stringify({ book: { id: book }, percent: Math.round((1 + round * 0.9) * 10) / 10, reread: true, device: 'bench' }))
  }
  return { tokens, bodies }
}

/**
 * Progress updates as a community sends them (issue 26's progress budget): the first 20 writers, 10
 * books each (other books than the syncs'), the percent rising 0.9 a round; readers and books take
 * turns, so one reader's updates of one book are 200 requests apart.
 */
export function progressPairs(fx: Fixtures, tokenOf: (r: Reader) => string): { paths: string[]; tokens: string[]; bodies: string[] } {
  const readers = fx.writers.slice(0, 20)
  const books = 10
  const rounds = 100
  const nr = readers.length
  const stride = Math.max(1, Math.floor(fx.bookIds.length / (books * 3)))
  const tokens = readers.map(tokenOf)
  const out = { paths: [] as string[], tokens: [] as string[], bodies: [] as string[] }
  for (let i = 0; i < nr * books * rounds; i++) {
    const r = i % nr
    const b = Math.floor(i / nr) % books
    const round = Math.floor(i / (nr * books))
    out.paths.push(`/api/books/${fx.bookIds[(b * stride + r * 7 + 3) % fx.bookIds.length]!}/reading`)
    out.tokens.push(tokens[r]!)
    out.bodies.push(JSON.stringify({ progress: { percent: Math.round((1 + round * 0.9) * 10) / 10 } }))
  }
  return out
}

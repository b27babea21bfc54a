// npm run bench:data -- [--books 100000] [--users 20000] [--reviews 1000000] [--year-reads 25000] [--editions 50000] [--db <sqlite file>] [--now <ISO time>]
//
// Fills a fresh database with a realistic catalogue and community, deterministically (fixed seed;
// the same --now gives the same rows): skewed popularity (a few books with 10,000+ reviews, most with
// a handful), reviews over two years with a lively last week, follows (a few readers followed by
// thousands, most by a few, one reader following 500 for the feed benchmark), wishlists and reads,
// one reader who finished 25,000 books in one year (the year storm's), genres and languages from the
// spec's lists, plus the demo classics; likes, comments and discussions (issue 23: five likes a review,
// a comment every other review, a discussion every other book with twenty posts each). The schema comes from the real
// migrations; the bulk load drops secondary indexes and search triggers, inserts in big
// transactions through prepared statements, then rebuilds the indexes and the search index once.
import { rmSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { CATEGORIES, GENRES, LANGUAGES } from '@shelfwise/contracts'
import { withIsbn13Check } from '@shelfwise/library-files'
import { progress, step } from './progress.ts'
import { describeTarget, flags, resolveTarget, wholeNumber, type Target } from './target.ts'
import * as W from './words.ts'
import {
  CLASSICS,
  createDb,
  createRandom,
  fillSearchKeys,
  hashPassword,
  migrateToLatest,
  rebuildPostgresSearch,
  rebuildSqliteSearch,
  countAllInboxRowsSince,
  fillAllInboxesSince,
  type Random,
} from '../../apps/api/src/public.ts'

export const BENCH_PASSWORD = 'bench-password'
export const FEED_READER = 'feedreader'
export const WRITER_PREFIX = 'writer'
/** The reader with a big reading log (2,000 reads or one per book): the library and reading-entry benchmarks' reader. */
export const LIBRARY_READER = 'libraryreader'
/** The reader who finished 25,000 books last year (or every book, on a smaller catalogue): the year storm's reader. */
export const YEAR_READER = 'yearreader'
/** How many books the year reader finished in their one year, unless --year-reads says otherwise (at most one read per book). */
export const YEAR_READS = 25_000
const SEED = 0x5eed_b00c
const DAY = 86_400_000
/**
 * The days of activity the generated feed inboxes hold (decision 0060), the longest of these whose
 * rows stay within FEED_INBOX_ROWS: each follower's inbox is complete from then on, older pages read
 * the sources. At full size two weeks of every follower's activity is tens of millions of rows (the
 * WAL grew past 4 GB); the server's own inboxes are bounded per reader (newest 1,000) instead.
 */
const FEED_INBOX_DAYS = [14, 7, 3, 2, 1]
const FEED_INBOX_ROWS = 3_000_000

/** Fills the feed inboxes over the longest window of FEED_INBOX_DAYS that fits FEED_INBOX_ROWS (else the shortest). */
async function fillFeedInboxes(db: Kysely<any>, now: number) {
  let since = ''
  let rows = 0
  for (const days of FEED_INBOX_DAYS) {
    since = new Date(now - days * DAY).toISOString()
    rows = await countAllInboxRowsSince(db, since)
    if (rows <= FEED_INBOX_ROWS) {
      console.log(`  feed inboxes: the last ${days} day(s), ${rows.toLocaleString('en')} rows`)
      break
    }
  }
  await fillAllInboxesSince(db, since)
  return rows
}

// ---- the plan: every row, decided before anything is written -------------------------------

interface Plan {
  now: number
  users: UserPlan[]
  books: BookPlan[]
  genres: [number, string][]
  /** Reviews as parallel arrays, in creation order. */
  reviews: { book: Int32Array; user: Int32Array; at: Float64Array; rating: Uint8Array; length: number }
  reads: [number, number, number][]
  wishes: [number, number, number][]
  follows: [number, number, number][]
  /** The library reader's log (their reads and wishes are also in reads and wishes, as projections). */
  library?: LibraryPlan
  /** The works of the editions beside each work's shown one (issue 21: 100k works with 150k editions), one entry an edition. */
  editions: Int32Array
  /** Notifications of the keenest reviewers (issue 24), grouped as the notifications module keeps them. */
  notifications: NotificationPlan[]
  /** Likes, comments and discussions (issue 23). */
  conversation: ConversationPlan
}

/**
 * Issue 23's conversation, as parallel arrays: each review's like count (its likers drawn when written,
 * the feed reader among them where `feedLikes` says); comments (`parent` -1 for a top-level one, a
 * reply's parent is top-level and earlier); discussions with their posts (the first of each its
 * opening post; a reply's `parent` a top-level post of the same thread, earlier).
 */
interface ConversationPlan {
  reviewLikes: Int32Array
  feedLikes: Set<number>
  comments: { review: Int32Array; parent: Int32Array; user: Int32Array; at: Float64Array; likes: Int32Array; replies: Int32Array; length: number }
  reviewComments: Int32Array
  discussions: { book: Int32Array; user: Int32Array; created: Float64Array; posts: Int32Array; last: Float64Array; length: number }
  posts: { discussion: Int32Array; parent: Int32Array; user: Int32Array; at: Float64Array; length: number }
}

/**
 * A notification group: likes of one of the recipient's reviews (`review` its index in the reviews),
 * or new followers (`review` -1); `actors` newest first; `readAt` null while unread.
 */
interface NotificationPlan {
  user: number
  type: 'review_like' | 'follow'
  review: number
  at: number
  readAt: number | null
  actors: number[]
}

/** A read of the library reader: [book, startedOn, finishedOn, stoppedOn, outcome, finishedAt, progress page]. */
type ThroughPlan = [number, string | null, string | null, string | null, 'finished' | 'stopped' | null, number | null, number | null]
interface LibraryPlan {
  user: number
  entries: [number, string, number][]
  throughs: ThroughPlan[]
}

interface UserPlan {
  id: string
  name: string
  username: string
  type: 'Reader' | 'Author' | 'Seller'
  bio: string
  joined: number
}
interface BookPlan {
  id: string
  title: string
  author: string
  authorUser: number | null
  publisher: string
  listedBy: number | null
  createdBy: number | null
  description: string
  published: string | null
  language: string
  edition: string
  pages: number
  isbn: string | null
  category: string
  created: number
  count: number
  sum: number
}

const hex = (n: number, len: number) => Math.floor(n).toString(16).padStart(len, '0')
/** A UUIDv7 for a moment, its random bits from the seeded generator. */
const uuid7 = (ms: number, rng: Random) => {
  const t = hex(ms, 12)
  return `${t.slice(0, 8)}-${t.slice(8)}-7${hex(rng.next() * 0x1000, 3)}-${hex(0x8000 + rng.next() * 0x4000, 4)}-${hex(rng.next() * 2 ** 24, 6)}${hex(rng.next() * 2 ** 24, 6)}`
}

/** Draws indexes with chances proportional to weights (binary search over the running sum). */
function weighted(weights: ArrayLike<number>) {
  const cum = new Float64Array(weights.length)
  let s = 0
  for (let i = 0; i < weights.length; i++) cum[i] = s += weights[i]!
  return (rng: Random) => {
    const r = rng.next() * s
    let lo = 0
    let hi = cum.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cum[mid]! > r) hi = mid
      else lo = mid + 1
    }
    return lo
  }
}

/** A permutation of 0..n-1. */
function shuffled(n: number, rng: Random): Int32Array {
  const a = Int32Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1))
    const t = a[i]!
    a[i] = a[j]!
    a[j] = t
  }
  return a
}

/** An ISBN-13 for the n-th book: 978 + nine digits spread by a multiplier, + the check digit. */
const isbn13 = (n: number): string => withIsbn13Check(`978${String((n * 7_919_111 + 104_729) % 1_000_000_000).padStart(9, '0')}`)

const LANGUAGE_SHARE: Record<string, number> = {
  English: 62,
  Spanish: 8,
  French: 7,
  German: 6,
  Italian: 4,
  Portuguese: 3,
  Russian: 3,
  Japanese: 3,
  Chinese: 2,
  Hindi: 2,
}
const FICTION_GENRES = new Set(['Fiction', 'Fantasy', 'Science Fiction', 'Mystery', 'Romance', 'Thriller', 'Horror', 'Drama', 'Adventure', 'Crime', 'Poetry'])

export function buildPlan(opts: { books: number; users: number; reviews: number; now: number; yearReads?: number; editions?: number }): Plan {
  const rng = createRandom(SEED)
  const { now } = opts
  const nUsers = Math.max(opts.users, 3)
  // The last tenth (at most 2,000) are writers with no reviews of their own: the write benchmark's readers.
  const nWriters = Math.min(2000, Math.max(1, Math.floor(nUsers / 10)))
  const reviewerEnd = nUsers - nWriters // reviewers are 1..reviewerEnd-1; 0 is the feed reader

  // Users: names from the lists, usernames made unique by a number.
  const users: UserPlan[] = []
  const taken = new Set<string>()
  for (let u = 0; u < nUsers; u++) {
    const joined = now - (730 + rng.between(1, 365)) * DAY
    const first = rng.pick(W.FIRST_NAMES)
    const last = rng.pick(W.LAST_NAMES)
    let username: string
    if (u === 0) username = FEED_READER
    else if (u === nUsers - 1 && nWriters >= 2) username = LIBRARY_READER
    else if (u === nUsers - 2 && nWriters >= 3) username = YEAR_READER
    else if (u >= reviewerEnd) username = `${WRITER_PREFIX}${String(u - reviewerEnd + 1).padStart(4, '0')}`
    else {
      const base = `${first}_${last}`.toLowerCase()
      username = base
      for (let k = 2; taken.has(username); k++) username = `${base}${k}`
    }
    taken.add(username)
    const type = u > 0 && u < reviewerEnd && rng.chance(0.05) ? 'Author' : u > 0 && u < reviewerEnd && rng.chance(0.02) ? 'Seller' : 'Reader'
    users.push({ id: uuid7(joined, rng), name: `${first} ${last}`, username, type, bio: rng.pick(W.BIOS), joined })
  }
  const authors = users.map((u, i) => (u.type === 'Author' ? i : -1)).filter((i) => i >= 0)

  // Books: the classics first, then generated ones. A few prolific authors, many with one book.
  const nBooks = Math.max(opts.books, 1)
  const classics = CLASSICS.slice(0, nBooks)
  const authorPool = Array.from({ length: Math.max(50, Math.floor(nBooks / 4)) }, () => `${rng.pick(W.FIRST_NAMES)} ${rng.pick(W.LAST_NAMES)}`)
  const pickAuthor = weighted(authorPool.map((_, i) => 1 / (i + 3)))
  const languages = weighted(LANGUAGES.map((l) => LANGUAGE_SHARE[l] ?? 1))
  const genreWeights = weighted(GENRES.map((g) => (g === 'Fiction' ? 6 : FICTION_GENRES.has(g) ? 3 : 2)))
  const listers = weighted(Array.from({ length: reviewerEnd }, (_, i) => (i === 0 ? 0 : 1 / (i + 10))))
  const books: BookPlan[] = []
  const genres: [number, string][] = []
  for (let b = 0; b < nBooks; b++) {
    const classic = classics[b]
    // Most of the catalogue predates the review window; a few books arrived during it.
    const created = rng.chance(0.95) ? now - (730 + rng.between(1, 300)) * DAY : now - rng.between(1, 730) * DAY
    const createdByAuthor = !classic && authors.length > 0 && rng.chance(0.08)
    const authorUser = createdByAuthor ? rng.pick(authors) : null
    const lister = createdByAuthor ? null : listers(rng)
    const bookGenres = new Set<string>(classic ? classic.genres : [])
    if (!classic) for (let k = rng.int(1, 3); bookGenres.size < k;) bookGenres.add(GENRES[genreWeights(rng)]!)
    const fiction = [...bookGenres].some((g) => FICTION_GENRES.has(g))
    const title = classic ? classic.title : W.fill(rng.pick(fiction ? W.FICTION_TITLES : W.NONFICTION_TITLES), rng)
    const description = classic
      ? classic.description
      : [W.fill(rng.pick(W.DESCRIPTION_OPENERS), rng), W.fill(rng.pick(W.DESCRIPTION_MIDDLES), rng), rng.pick(W.DESCRIPTION_CLOSERS)].filter(Boolean).join(' ')
    const year = 1950 + Math.floor(75 * Math.sqrt(rng.next()))
    books.push({
      id: uuid7(created, rng),
      title,
      author: classic ? classic.author : createdByAuthor ? users[authorUser!]!.name : authorPool[pickAuthor(rng)]!,
      authorUser,
      publisher: classic ? (classic.publisher ?? '') : `${rng.pick(W.LAST_NAMES)} ${rng.pick(['Press', 'Books', '& Sons', 'House', 'Editions'])}`,
      listedBy: lister,
      createdBy: createdByAuthor ? authorUser : lister,
      description,
      published: classic
        ? classic.publishedDate
        : rng.chance(0.97)
          ? `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
          : null,
      language: classic ? classic.language : LANGUAGES[languages(rng)]!,
      edition: classic ? (classic.edition ?? 'First edition') : rng.pick(['First edition', 'Paperback', 'Second edition', 'Anniversary edition']),
      pages: classic ? classic.pageCount : Math.round(80 + 600 * rng.next() ** 2 + rng.between(0, 120)),
      isbn: classic || rng.chance(0.08) ? null : isbn13(b),
      category: classic ? (classic.category ?? 'Classic') : rng.pick(CATEGORIES),
      created,
      count: 0,
      sum: 0,
    })
    for (const g of bookGenres) genres.push([b, g])
  }

  // Popularity: a rank per book (the famous classics near the top), then a count per rank on a
  // 1/(rank+3) curve, each capped by the readers there are (one review per reader and book).
  const rankOf = shuffled(nBooks, rng)
  const famous = classics.map((c, i) => (c.fame === 3 ? i : -1)).filter((i) => i >= 0)
  for (const [k, b] of famous.entries()) {
    const target = Math.min(nBooks - 1, k * 3 + rng.int(0, 2))
    const other = rankOf.indexOf(target)
    rankOf[other] = rankOf[b]!
    rankOf[b] = target
  }
  const reviewers = reviewerEnd - 1
  const cap = Math.max(1, Math.floor(reviewers * 0.7))
  const counts = new Int32Array(nBooks)
  let weightSum = 0
  for (let b = 0; b < nBooks; b++) weightSum += 1 / (rankOf[b]! + 3)
  let planned = 0
  for (let b = 0; b < nBooks; b++) {
    const exact = (opts.reviews * (1 / (rankOf[b]! + 3))) / weightSum
    counts[b] = Math.min(cap, Math.floor(exact) + (rng.next() < exact % 1 ? 1 : 0))
    planned += counts[b]!
  }
  // Top up (or trim) to exactly the asked number, by popularity, within the cap.
  const byPopularity = Array.from(rankOf.keys()).sort((a, b) => rankOf[a]! - rankOf[b]!)
  const target = Math.min(opts.reviews, cap * nBooks)
  for (let pass = 0; planned !== target && pass < 1000; pass++) {
    for (const b of byPopularity) {
      if (planned === target) break
      if (planned < target && counts[b]! < cap) {
        counts[b]!++
        planned++
      } else if (planned > target && counts[b]! > 0) {
        counts[b]!--
        planned--
      }
    }
  }

  // Reviewers: an activity rank per reader, a few very keen; each book's reviewers are distinct.
  const activityRank = shuffled(reviewers, rng)
  const pickReviewer = weighted(Array.from({ length: reviewers }, (_, i) => 1 / (activityRank[i]! + 5) ** 0.75))
  const total = planned
  const rBook = new Int32Array(total)
  const rUser = new Int32Array(total)
  const rAt = new Float64Array(total)
  const rRating = new Uint8Array(total)
  const mark = new Int32Array(nUsers).fill(-1)
  let n = 0
  for (let b = 0; b < nBooks; b++) {
    const book = books[b]!
    const quality = 2.7 + rng.next() * 2.1
    const since = Math.max(now - 730 * DAY, book.created + DAY)
    for (let k = 0; k < counts[b]!; k++) {
      let u = -1
      for (let attempt = 0; attempt < 40 && u < 0; attempt++) {
        const c = pickReviewer(rng) + 1
        if (mark[c] !== b) u = c
      }
      // The keen readers are all taken on a very popular book: any reader left will do.
      if (u < 0)
        for (let c = 1 + Math.floor(rng.next() * reviewers), tries = 0; tries < reviewers; tries++, c = (c % reviewers) + 1)
          if (mark[c] !== b) {
            u = c
            break
          }
      mark[u] = b
      // A lively last week: about 5% of reviews fall in it, seven times the rate of the two years before.
      const at = rng.chance(0.05) ? now - rng.between(0.001, 7) * DAY : since + rng.next() * Math.max(DAY, now - 7 * DAY - since)
      const rating = Math.max(1, Math.min(5, Math.round(quality + rng.between(-1.3, 1.3))))
      rBook[n] = b
      rUser[n] = u
      rAt[n] = Math.min(at, now - 1000)
      rRating[n] = rating
      book.count++
      book.sum += rating
      n++
    }
  }
  // Creation order, so ids (time-ordered UUIDv7) and the time indexes grow at their ends.
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => rAt[a]! - rAt[b]!)
  const reviews = { book: new Int32Array(n), user: new Int32Array(n), at: new Float64Array(n), rating: new Uint8Array(n), length: n }
  order.forEach((src, dst) => {
    reviews.book[dst] = rBook[src]!
    reviews.user[dst] = rUser[src]!
    reviews.at[dst] = rAt[src]!
    reviews.rating[dst] = rRating[src]!
  })

  // Reads: a third of reviewers marked the book read shortly before reviewing; plus a few reads and
  // wishes per reader, drawn by popularity.
  const seen = new Set<number>()
  const reads: [number, number, number][] = []
  for (let i = 0; i < n; i++) {
    if (!rng.chance(0.3)) continue
    seen.add(reviews.user[i]! * nBooks + reviews.book[i]!)
    reads.push([reviews.user[i]!, reviews.book[i]!, reviews.at[i]! - rng.between(0.05, 3) * DAY])
  }
  const pickBook = weighted(Array.from({ length: nBooks }, (_, b) => 1 / (rankOf[b]! + 20)))
  const wishes: [number, number, number][] = []
  const wished = new Set<number>()
  for (let u = 0; u < reviewerEnd; u++) {
    for (let k = rng.int(0, 5); k > 0; k--) {
      const b = pickBook(rng)
      if (seen.has(u * nBooks + b)) continue
      seen.add(u * nBooks + b)
      reads.push([u, b, now - rng.between(0.01, 700) * DAY])
    }
    for (let k = rng.int(0, 10); k > 0; k--) {
      const b = pickBook(rng)
      if (wished.has(u * nBooks + b)) continue
      wished.add(u * nBooks + b)
      wishes.push([u, b, now - rng.between(0.01, 700) * DAY])
    }
  }

  // The library reader: a status on up to 2,000 books, most read (some known only to the year or the
  // month, every seventh read twice), some being read with progress, some wanted, paused or dropped.
  let library: LibraryPlan | undefined
  if (nWriters >= 2) {
    const u = nUsers - 1
    library = { user: u, entries: [], throughs: [] }
    const day = (t: number) => new Date(t).toISOString().slice(0, 10)
    for (let b = 0; b < Math.min(2000, nBooks); b++) {
      const kind = b % 100
      const pages = books[b]!.pages
      if (kind < 2 || kind === 5) {
        const started = now - rng.between(1, 60) * DAY
        library.entries.push([b, kind < 2 ? 'reading' : 'paused', started])
        library.throughs.push([b, day(started), null, null, null, null, rng.int(1, Math.max(1, pages - 1))])
      } else if (kind < 4) {
        const at = now - rng.between(1, 400) * DAY
        library.entries.push([b, 'want', at])
        wishes.push([u, b, at])
      } else if (kind === 4) {
        const started = now - rng.between(30, 900) * DAY
        library.entries.push([b, 'dnf', started + 10 * DAY])
        library.throughs.push([b, day(started), null, day(started + 10 * DAY), 'stopped', null, null])
      } else {
        const finished = now - rng.between(1, 3650) * DAY
        const full = day(finished)
        const finishedOn = b % 10 === 0 ? full.slice(0, 4) : b % 10 === 1 ? full.slice(0, 7) : full
        const startedOn = finishedOn === full ? day(finished - rng.between(1, 40) * DAY) : null
        if (b % 7 === 0) {
          const before = finished - rng.between(400, 2000) * DAY
          library.throughs.push([b, day(before - 20 * DAY), day(before), null, 'finished', before, null])
        }
        library.throughs.push([b, startedOn, finishedOn, null, 'finished', finished, null])
        library.entries.push([b, 'read', finished])
        reads.push([u, b, finished])
      }
    }
  }

  // Follows: the keenest reviewers draw the most followers (a 1/rank curve: a few followed by
  // thousands, most by a few); each reader follows a handful, some dozens; the feed reader follows 500.
  const pickFollowee = weighted(Array.from({ length: reviewers }, (_, i) => 1 / (activityRank[i]! + 2)))
  const follows: [number, number, number][] = []
  const followMark = new Int32Array(nUsers).fill(-1)
  for (let u = 0; u < reviewerEnd; u++) {
    const want = u === 0 ? Math.min(500, reviewers) : Math.min(reviewers - 1, Math.floor(-Math.log(1 - rng.next()) * 10))
    followMark[u] = u
    let got = 0
    for (let attempt = 0; got < want && attempt < want * 40; attempt++) {
      const v = pickFollowee(rng) + 1
      if (followMark[v] === u) continue
      followMark[v] = u
      follows.push([u, v, now - rng.between(1, 700) * DAY])
      got++
    }
  }
  // The year reader: every read in last year, one per book, from a generator of its own so that the
  // rows above stay the same whatever the size of this year (the year storm's worst reader).
  const yearReads = Math.min(opts.yearReads ?? YEAR_READS, nBooks)
  if (nWriters >= 3 && yearReads > 0) {
    const yrng = createRandom(SEED + 3)
    const year = new Date(now).getUTCFullYear() - 1
    const from = Date.UTC(year, 0, 1)
    const span = Date.UTC(year + 1, 0, 1) - from - 1000
    const order = shuffled(nBooks, yrng)
    for (let k = 0; k < yearReads; k++) reads.push([nUsers - 2, order[k]!, from + yrng.next() * span])
  }
  // Further editions, from a generator of their own (the rows above stay the same whatever their
  // number): the most-reviewed works have most of them, as classics do, and every work some chance.
  const erng = createRandom(SEED + 4)
  const editions = new Int32Array(opts.editions ?? Math.floor(nBooks / 2))
  for (let k = 0; k < editions.length; k++) editions[k] = byPopularity[Math.floor(nBooks * erng.next() ** 3)]!
  const notifications = planNotifications(now, nUsers, reviews, follows)
  const conversation = planConversation(now, nUsers, books, reviews, byPopularity)
  return { now, users, books, genres, reviews, reads, wishes, follows, editions, notifications, conversation, ...(library ? { library } : {}) }
}

/** Readers who get notifications: the keenest reviewers, at most this many. */
const NOTIFIED_READERS = 20

/**
 * Notifications (issue 24), from a generator of their own (the rows above stay the same): the 20
 * keenest reviewers get groups of likes on their reviews over the last year (the keenest
 * min(5,000, max(200, reviews ÷ 200)) groups, the n-th keenest 1/n of that), each with 1–50 readers
 * (most a few), the newest tenth unread (one unread group per review, as the module keeps them);
 * and one unread group of their newest followers (at most 200). Read groups of one review may
 * repeat: a like after the group was read starts a new one.
 */
function planNotifications(now: number, nUsers: number, reviews: Plan['reviews'], follows: [number, number, number][]): NotificationPlan[] {
  const rng = createRandom(SEED + 6)
  const byUser = new Int32Array(nUsers)
  for (let i = 0; i < reviews.length; i++) byUser[reviews.user[i]!]!++
  const keen = Array.from(byUser.keys())
    .filter((u) => byUser[u]! > 0)
    .sort((a, b) => byUser[b]! - byUser[a]! || a - b)
    .slice(0, NOTIFIED_READERS)
  if (!keen.length || nUsers < 3) return []
  const theirs = new Map<number, number[]>(keen.map((u) => [u, []]))
  for (let i = 0; i < reviews.length; i++) theirs.get(reviews.user[i]!)?.push(i)
  const followers = new Map<number, number[]>(keen.map((u) => [u, []]))
  for (const [a, b] of [...follows].sort((x, y) => y[2] - x[2])) {
    const list = followers.get(b)
    if (list && list.length < 200) list.push(a)
  }
  const most = Math.min(5000, Math.max(200, Math.floor(reviews.length / 200)))
  const year = 365 * DAY
  const out: NotificationPlan[] = []
  for (const [rank, u] of keen.entries()) {
    const own = theirs.get(u)!
    const groups = Math.max(10, Math.floor(most / (rank + 1)))
    const unread = Math.min(own.length, Math.max(1, Math.ceil(groups / 10)))
    for (let k = 0; k < groups; k++) {
      const review = own[k % own.length]!
      const at = Math.min(now - 60_000, Math.max(reviews.at[review]! + 60_000, now - year + ((k + 1) / (groups + 1)) * year))
      const want = Math.min(nUsers - 1, 1 + Math.min(49, Math.floor(-Math.log(1 - rng.next()) * 3)))
      const actors = new Set<number>()
      while (actors.size < want) {
        const a = Math.floor(rng.next() * nUsers)
        if (a !== u) actors.add(a)
      }
      const read = k < groups - unread
      out.push({ user: u, type: 'review_like', review, at, readAt: read ? Math.min(now - 1000, at + rng.between(0.01, 3) * DAY) : null, actors: [...actors] })
    }
    const fans = followers.get(u)!
    if (fans.length) out.push({ user: u, type: 'follow', review: -1, at: now - rng.between(0.01, 2) * DAY, readAt: null, actors: fans })
  }
  return out
}

/**
 * Likes, comments and discussions (issue 23), from a generator of their own (the rows above stay the
 * same): five likes a review on average (5M at the default size), heavy-tailed, at most half the
 * readers on one review, the feed reader liking about a third of the most-reviewed book's reviews;
 * a comment for every other review (500k), a third of them replies; a discussion for every other
 * book (50k), on popular books mostly, with twenty posts each on average (1M), a few threads with
 * thousands (a 1/(rank+5) curve), a quarter of the posts replies.
 */
function planConversation(now: number, nUsers: number, books: BookPlan[], reviews: Plan['reviews'], byPopularity: number[]): ConversationPlan {
  const rng = createRandom(SEED + 8)
  const nBooks = books.length
  const n = reviews.length
  const maxLikes = Math.max(0, Math.floor((nUsers - 2) / 2))
  const reviewLikes = new Int32Array(n)
  for (let i = 0; i < n; i++) reviewLikes[i] = Math.min(maxLikes, Math.floor(5 / Math.sqrt(1 - rng.next()) - 5 + rng.next()))
  // The most-reviewed book as the bench finds it (most reviews, then the smallest id).
  let topBook = 0
  for (let b = 1; b < nBooks; b++)
    if (books[b]!.count > books[topBook]!.count || (books[b]!.count === books[topBook]!.count && books[b]!.id < books[topBook]!.id)) topBook = b
  const feedLikes = new Set<number>()
  for (let i = 0; i < n; i++)
    if (reviews.book[i] === topBook && reviews.user[i] !== 0 && rng.chance(0.3)) {
      feedLikes.add(i)
      reviewLikes[i]!++
    }
  const someone = () => 1 + Math.floor(rng.next() * (nUsers - 1))
  const between = (from: number, to: number) => from + rng.next() * Math.max(1000, to - from)

  const nc = Math.floor(n / 2)
  const comments = {
    review: new Int32Array(nc),
    parent: new Int32Array(nc),
    user: new Int32Array(nc),
    at: new Float64Array(nc),
    likes: new Int32Array(nc),
    replies: new Int32Array(nc),
    length: nc,
  }
  const reviewComments = new Int32Array(n)
  const lastTop = new Int32Array(n).fill(-1)
  const maxCommentLikes = Math.max(0, Math.floor((nUsers - 2) / 2))
  for (let k = 0; k < nc; k++) {
    // Older reviews draw more comments (reviews are in creation order).
    const r = Math.floor(n * rng.next() ** 2)
    const top = lastTop[r]!
    const reply = top >= 0 && rng.chance(0.33)
    comments.review[k] = r
    comments.parent[k] = reply ? top : -1
    comments.user[k] = someone()
    comments.at[k] = Math.min(now - 1000, between(reply ? comments.at[top]! : reviews.at[r]!, now))
    comments.likes[k] = Math.min(maxCommentLikes, Math.floor(-Math.log(1 - rng.next()) * 1.2))
    reviewComments[r]!++
    if (reply) comments.replies[top]!++
    else lastTop[r] = k
  }

  const nd = n ? Math.floor(nBooks / 2) : 0
  const discussions = {
    book: new Int32Array(nd),
    user: new Int32Array(nd),
    created: new Float64Array(nd),
    posts: new Int32Array(nd).fill(1),
    last: new Float64Array(nd),
    length: nd,
  }
  for (let d = 0; d < nd; d++) {
    // The biggest thread is on the most-reviewed book; the others on books by popularity.
    discussions.book[d] = d === 0 ? topBook : byPopularity[Math.floor(nBooks * rng.next() ** 3)]!
    discussions.user[d] = someone()
    discussions.created[d] = now - rng.between(1, 700) * DAY
  }
  const pickThread = weighted(Array.from({ length: nd }, (_, d) => 1 / (d + 5)))
  for (let k = nd; k < nd * 20; k++) discussions.posts[pickThread(rng)]!++
  const np = nd * 20
  const posts = { discussion: new Int32Array(np), parent: new Int32Array(np), user: new Int32Array(np), at: new Float64Array(np), length: np }
  let p = 0
  for (let d = 0; d < nd; d++) {
    const c = discussions.posts[d]!
    const from = discussions.created[d]!
    let top = -1
    for (let j = 0; j < c; j++, p++) {
      const reply = j > 0 && rng.chance(0.25)
      posts.discussion[p] = d
      // In time order within the thread, so a reply's id follows its parent's.
      posts.at[p] = j === 0 ? from : from + ((j + rng.next() * 0.5) / c) * Math.max(DAY, now - 60_000 - from)
      posts.parent[p] = reply ? top : -1
      posts.user[p] = j === 0 ? discussions.user[d]! : someone()
      if (!reply && rng.chance(0.5)) top = p
      if (top < 0) top = p
    }
    discussions.last[d] = posts.at[p - 1]!
  }
  return { reviewLikes, feedLikes, comments, reviewComments, discussions, posts }
}

// ---- writing ---------------------------------------------------------------------------------

const iso = (ms: number) => new Date(Math.round(ms)).toISOString()

const REVIEW_TEXT = (rng: Random, rating: number) => {
  const opener = rng.pick(W.REVIEW_OPENERS[rating]!)
  return rng.chance(0.3) ? opener : `${opener} ${rng.pick(W.REVIEW_DETAILS)}${rng.chance(0.4) ? ` ${rng.pick(W.REVIEW_DETAILS)}` : ''}`
}

/** Every table's rows as arrays of column values, in insert order, for either database. */
function* tableRows(plan: Plan, passwordHash: string) {
  const { users, books } = plan
  // The ids of the reviews notifications name, taken as the reviews are written (they come first).
  const notifiedReviews = new Map<number, string>(plan.notifications.filter((n) => n.review >= 0).map((n) => [n.review, '']))
  // Every review's id, taken as the reviews are written: the likes and comments name them.
  const reviewIds: string[] = new Array<string>(plan.reviews.length)
  const conv = plan.conversation
  yield {
    table: 'users',
    total: users.length,
    columns: {
      id: 'text',
      name: 'text',
      username: 'text',
      email: 'text',
      password_hash: 'text',
      user_type: 'text',
      bio: 'text',
      profile_image: 'text',
      token_version: 'int',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    *rows() {
      for (const u of users) yield [u.id, u.name, u.username, `${u.username}@bench.example`, passwordHash, u.type, u.bio, '', 0, iso(u.joined), iso(u.joined)]
    },
  }
  yield {
    table: 'books',
    total: books.length,
    columns: {
      id: 'text',
      title: 'text',
      author: 'text',
      author_user_id: 'text',
      publisher: 'text',
      publisher_user_id: 'text',
      listed_by_user_id: 'text',
      created_by_user_id: 'text',
      description: 'text',
      cover_image: 'text',
      published_date: 'text',
      language: 'text',
      edition: 'text',
      page_count: 'int',
      amazon_link: 'text',
      isbn: 'text',
      category: 'text',
      average_rating: 'float8',
      total_reviews: 'int',
      rating_sum: 'int',
      edition_count: 'int',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    *rows() {
      const editionCount = new Int32Array(books.length).fill(1)
      for (const b of plan.editions) editionCount[b]!++
      for (const [i, b] of books.entries()) {
        const ref = (u: number | null) => (u === null ? null : users[u]!.id)
        const link = `https://www.amazon.com/s?k=${encodeURIComponent(`${b.title} ${b.author}`).replaceAll('%20', '+')}`
        yield [
          b.id,
          b.title,
          b.author,
          ref(b.authorUser),
          b.publisher,
          null,
          ref(b.listedBy),
          ref(b.createdBy),
          b.description,
          '',
          b.published,
          b.language,
          b.edition,
          b.pages,
          link,
          b.isbn,
          b.category,
          b.count ? b.sum / b.count : 0,
          b.count,
          b.sum,
          editionCount[i]!,
          iso(b.created),
          iso(b.created),
        ]
      }
    },
  }
  const FORMATS = ['paperback', 'hardcover', 'ebook', 'audiobook'] as const
  yield {
    table: 'editions',
    total: plan.editions.length,
    columns: {
      id: 'text',
      book_id: 'text',
      isbn: 'text',
      format: 'text',
      page_count: 'int',
      audio_seconds: 'int',
      language: 'text',
      publisher: 'text',
      published_date: 'text',
      edition: 'text',
      created_at: 'timestamptz',
    },
    *rows() {
      const rng = createRandom(SEED + 5)
      for (let k = 0; k < plan.editions.length; k++) {
        const b = books[plan.editions[k]!]!
        const format = FORMATS[k % FORMATS.length]!
        const at = b.created + (k % 500) * DAY
        // ISBNs from the 979 range: the works' own come from 978, so none is held twice.
        const isbn = withIsbn13Check(`979${String((k * 7_919_111 + 104_729) % 1_000_000_000).padStart(9, '0')}`)
        yield [
          uuid7(at, rng),
          b.id,
          isbn,
          format,
          format === 'audiobook' ? null : b.pages,
          format === 'audiobook' ? b.pages * 90 : null,
          b.language,
          b.publisher,
          b.published,
          format === 'ebook' ? 'Kindle Edition' : 'Reissue',
          iso(at),
        ]
      }
    },
  }
  yield {
    table: 'book_genres',
    total: plan.genres.length,
    columns: { book_id: 'text', genre: 'text' },
    *rows() {
      for (const [b, g] of plan.genres) yield [books[b]!.id, g]
    },
  }
  const r = plan.reviews
  yield {
    table: 'reviews',
    total: r.length,
    columns: {
      id: 'text',
      book_id: 'text',
      user_id: 'text',
      rating: 'int',
      comment: 'text',
      likes: 'int',
      comment_count: 'int',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    *rows() {
      const rng = createRandom(SEED + 1)
      for (let i = 0; i < r.length; i++) {
        const at = iso(r.at[i]!)
        const id = uuid7(r.at[i]!, rng)
        reviewIds[i] = id
        if (notifiedReviews.has(i)) notifiedReviews.set(i, id)
        yield [
          id,
          books[r.book[i]!]!.id,
          users[r.user[i]!]!.id,
          r.rating[i]!,
          REVIEW_TEXT(rng, r.rating[i]!),
          conv.reviewLikes[i]!,
          conv.reviewComments[i]!,
          at,
          at,
        ]
      }
    },
  }
  const pairs = (table: string, rows: [number, number, number][], time: string) => ({
    table,
    total: rows.length,
    columns: { user_id: 'text', book_id: 'text', [time]: 'timestamptz' },
    *rows() {
      for (const [u, b, at] of rows) yield [users[u]!.id, books[b]!.id, iso(at)]
    },
  })
  yield pairs('reads', plan.reads, 'read_at')
  yield pairs('wishlist', plan.wishes, 'added_at')
  // The reading log the two lists are projections of (decision 0018): a wished book is Want to Read
  // (a book also read before is wanted again), a read one Read, each read finished on its day.
  const entries = new Map<string, { u: number; b: number; status: string; at: number }>()
  for (const [u, b, at] of plan.reads) entries.set(`${u} ${b}`, { u, b, status: 'read', at })
  for (const [u, b, at] of plan.wishes) {
    const had = entries.get(`${u} ${b}`)
    entries.set(`${u} ${b}`, { u, b, status: 'want', at: Math.max(at, had?.at ?? 0) })
  }
  const lib = plan.library
  if (lib) for (const [b, status, at] of lib.entries) entries.set(`${lib.user} ${b}`, { u: lib.user, b, status, at })
  const genericReads = lib ? plan.reads.filter(([u]) => u !== lib.user) : plan.reads
  yield {
    table: 'reading_entries',
    total: entries.size,
    columns: { user_id: 'text', book_id: 'text', status: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' },
    *rows() {
      for (const e of entries.values()) yield [users[e.u]!.id, books[e.b]!.id, e.status, iso(e.at), iso(e.at)]
    },
  }
  yield {
    table: 'read_throughs',
    total: genericReads.length + (lib?.throughs.length ?? 0),
    columns: {
      id: 'text',
      user_id: 'text',
      book_id: 'text',
      started_on: 'text',
      finished_on: 'text',
      stopped_on: 'text',
      outcome: 'text',
      finished_at: 'timestamptz',
      progress_page: 'int',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    *rows() {
      const rng = createRandom(SEED + 2)
      for (const [u, b, at] of genericReads) {
        yield [uuid7(at, rng), users[u]!.id, books[b]!.id, null, iso(at).slice(0, 10), null, 'finished', iso(at), null, iso(at), iso(at)]
      }
      if (!lib) return
      for (const [b, startedOn, finishedOn, stoppedOn, outcome, finishedAt, page] of lib.throughs) {
        const at = finishedAt ?? plan.now
        yield [
          uuid7(at, rng),
          users[lib.user]!.id,
          books[b]!.id,
          startedOn,
          finishedOn,
          stoppedOn,
          outcome,
          finishedAt === null ? null : iso(finishedAt),
          page,
          iso(at),
          iso(at),
        ]
      }
    },
  }
  yield {
    table: 'follows',
    total: plan.follows.length,
    columns: { follower_id: 'text', followee_id: 'text', created_at: 'timestamptz' },
    *rows() {
      for (const [a, b, at] of plan.follows) yield [users[a]!.id, users[b]!.id, iso(at)]
    },
  }
  // Notifications as the notifications module keeps them (migration 2026_12_16_0100): a group per
  // recipient, kind and target, `actor_count` its readers, `updated_at` its latest activity.
  const nrng = createRandom(SEED + 7)
  const noteIds = plan.notifications.map((n) => uuid7(n.at, nrng))
  yield {
    table: 'notifications',
    total: plan.notifications.length,
    columns: {
      id: 'text',
      user_id: 'text',
      type: 'text',
      target_type: 'text',
      target_id: 'text',
      book_id: 'text',
      parent_id: 'text',
      title: 'text',
      actor_count: 'int',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
      read_at: 'timestamptz',
    },
    *rows() {
      for (const [k, n] of plan.notifications.entries()) {
        const user = users[n.user]!.id
        const book = n.review >= 0 ? books[r.book[n.review]!]! : null
        const [targetType, targetId] = n.review >= 0 ? ['review', notifiedReviews.get(n.review)!] : ['user', user]
        // The group began with its oldest reader, a little before its latest activity.
        const began = iso(n.at - n.actors.length * 60_000)
        yield [
          noteIds[k]!,
          user,
          n.type,
          targetType,
          targetId,
          book?.id ?? null,
          null,
          book?.title ?? null,
          n.actors.length,
          began,
          iso(n.at),
          n.readAt === null ? null : iso(n.readAt),
        ]
      }
    },
  }
  yield {
    table: 'notification_actors',
    total: plan.notifications.reduce((t, n) => t + n.actors.length, 0),
    columns: { notification_id: 'text', actor_id: 'text', created_at: 'timestamptz' },
    *rows() {
      for (const [k, n] of plan.notifications.entries()) for (const [j, a] of n.actors.entries()) yield [noteIds[k]!, users[a]!.id, iso(n.at - j * 60_000)]
    },
  }
  yield* conversationRows(plan, reviewIds)
}

/**
 * Issue 23's tables: review likes (each review's likers drawn here, distinct, never its writer; the
 * feed reader first where the plan says), comments and their likes, discussions and their posts, each
 * count as the plan kept it in the rows that carry it (reviews, comments, discussions).
 */
function* conversationRows(plan: Plan, reviewIds: string[]) {
  const { users, books, now } = plan
  const r = plan.reviews
  const { reviewLikes, feedLikes, comments: c, discussions: d, posts: p } = plan.conversation
  const nUsers = users.length
  const someone = (rng: Random) => 1 + Math.floor(rng.next() * (nUsers - 1))
  // Distinct likers per target: a mark per reader, set to the target's number.
  const likers = function* (rng: Random, target: number, count: number, not: number, mark: Int32Array, first: boolean) {
    if (first) {
      mark[0] = target
      yield 0
    }
    for (let got = first ? 1 : 0; got < count;) {
      const u = someone(rng)
      if (u === not || mark[u] === target) continue
      mark[u] = target
      got++
      yield u
    }
  }
  const likeAt = (rng: Random, from: number) => iso(Math.min(now - 1000, from + rng.next() * Math.max(1000, now - from)))
  let likeTotal = 0
  for (let i = 0; i < r.length; i++) likeTotal += reviewLikes[i]!
  yield {
    table: 'review_likes',
    total: likeTotal,
    columns: { review_id: 'text', user_id: 'text', created_at: 'timestamptz' },
    *rows() {
      const rng = createRandom(SEED + 9)
      const mark = new Int32Array(nUsers).fill(-1)
      for (let i = 0; i < r.length; i++)
        for (const u of likers(rng, i, reviewLikes[i]!, r.user[i]!, mark, feedLikes.has(i))) yield [reviewIds[i]!, users[u]!.id, likeAt(rng, r.at[i]!)]
    },
  }
  const crng = createRandom(SEED + 10)
  const commentIds = Array.from({ length: c.length }, (_, k) => uuid7(c.at[k]!, crng))
  yield {
    table: 'review_comments',
    total: c.length,
    columns: {
      id: 'text',
      review_id: 'text',
      thread_id: 'text',
      parent_id: 'text',
      user_id: 'text',
      text: 'text',
      likes: 'int',
      reply_count: 'int',
      created_at: 'timestamptz',
    },
    *rows() {
      const rng = createRandom(SEED + 11)
      for (let k = 0; k < c.length; k++) {
        const parent = c.parent[k]!
        yield [
          commentIds[k]!,
          reviewIds[c.review[k]!]!,
          commentIds[parent >= 0 ? parent : k]!,
          parent >= 0 ? commentIds[parent]! : null,
          users[c.user[k]!]!.id,
          rng.pick(W.REVIEW_DETAILS),
          c.likes[k]!,
          c.replies[k]!,
          iso(c.at[k]!),
        ]
      }
    },
  }
  yield {
    table: 'comment_likes',
    total: c.likes.reduce((t, x) => t + x, 0),
    columns: { comment_id: 'text', user_id: 'text', created_at: 'timestamptz' },
    *rows() {
      const rng = createRandom(SEED + 12)
      const mark = new Int32Array(nUsers).fill(-1)
      for (let k = 0; k < c.length; k++)
        for (const u of likers(rng, k, c.likes[k]!, c.user[k]!, mark, false)) yield [commentIds[k]!, users[u]!.id, likeAt(rng, c.at[k]!)]
    },
  }
  const drng = createRandom(SEED + 13)
  const discussionIds = Array.from({ length: d.length }, (_, k) => uuid7(d.created[k]!, drng))
  yield {
    table: 'discussions',
    total: d.length,
    columns: { id: 'text', book_id: 'text', user_id: 'text', title: 'text', post_count: 'int', last_activity_at: 'timestamptz', created_at: 'timestamptz' },
    *rows() {
      const rng = createRandom(SEED + 14)
      for (let k = 0; k < d.length; k++) {
        const title = `${rng.pick(W.REVIEW_OPENERS[rng.int(1, 5)]!)}`.slice(0, 120)
        yield [discussionIds[k]!, books[d.book[k]!]!.id, users[d.user[k]!]!.id, title, d.posts[k]!, iso(d.last[k]!), iso(d.created[k]!)]
      }
    },
  }
  yield {
    table: 'discussion_posts',
    total: p.length,
    columns: {
      id: 'text',
      discussion_id: 'text',
      user_id: 'text',
      parent_id: 'text',
      root_id: 'text',
      text: 'text',
      position_kind: 'text',
      position_value: 'int',
      created_at: 'timestamptz',
    },
    *rows() {
      const rng = createRandom(SEED + 15)
      const ids = new Map<number, string>()
      let thread = -1
      for (let k = 0; k < p.length; k++) {
        if (p.discussion[k] !== thread) {
          thread = p.discussion[k]!
          ids.clear()
        }
        // A thread's opening post has the thread's own id, as the discussions module writes it.
        const drawn = uuid7(p.at[k]!, rng)
        const id = k === 0 || p.discussion[k - 1] !== thread ? discussionIds[thread]! : drawn
        const parent = p.parent[k]!
        if (parent < 0) ids.set(k, id)
        const page = rng.chance(0.2) ? rng.int(1, 300) : null
        yield [
          id,
          discussionIds[thread]!,
          users[p.user[k]!]!.id,
          parent >= 0 ? ids.get(parent)! : null,
          parent >= 0 ? ids.get(parent)! : id,
          rng.pick(W.REVIEW_DETAILS),
          page === null ? null : 'page',
          page,
          iso(p.at[k]!),
        ]
      }
    },
  }
}

type Cell = string | number | null

/** SQLite: one connection, foreign keys and fsync off for the load, 500-row prepared INSERTs, one transaction per table. */
async function loadSqlite(path: string, plan: Plan, passwordHash: string) {
  const db = new DatabaseSync(path)
  // The app's triggers tell changes through pg_notify (decision 0064); no app listens while the data loads.
  db.function('pg_notify', () => null)
  db.exec('PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY')
  // Secondary indexes and the search triggers go for the load and come back, from their own SQL, after it.
  const saved = db.prepare(`select type, name, sql from sqlite_master where type in ('index', 'trigger') and sql is not null`).all() as {
    type: string
    name: string
    sql: string
  }[]
  for (const s of saved) db.exec(`drop ${s.type} ${s.name}`)
  const PER = 500
  for (const t of tableRows(plan, passwordHash)) {
    const bar = progress(t.table, t.total)
    const names = Object.keys(t.columns)
    const one = `(${names.map(() => '?').join(', ')})`
    const many = db.prepare(`insert into ${t.table} (${names.join(', ')}) values ${Array(PER).fill(one).join(', ')}`)
    db.exec('begin')
    let batch: Cell[] = []
    let rows = 0
    for (const row of t.rows()) {
      for (const v of row) batch.push(v as Cell)
      if (++rows === PER) {
        many.run(...batch)
        bar.tick(rows)
        batch = []
        rows = 0
      }
    }
    if (rows) db.prepare(`insert into ${t.table} (${names.join(', ')}) values ${Array(rows).fill(one).join(', ')}`).run(...batch)
    db.exec('commit')
    bar.done()
  }
  await step('indexes', () => {
    for (const s of saved.filter((x) => x.type === 'index')) db.exec(s.sql)
  })
  await step('checkpoint', () => {
    const fk = db.prepare('PRAGMA foreign_key_check').all()
    if (fk.length) throw new Error(`foreign key check failed: ${JSON.stringify(fk.slice(0, 3))}`)
  })
  db.close()
  // The search index, built once the way its migration builds it, then its triggers back.
  const kdb = createDb({ url: path })
  await step('search index', async () => {
    await rebuildSqliteSearch(kdb)
    // Its rows' copies of each book's search keys, which a trigger fills when the triggers are on.
    await fillSearchKeys(kdb)
    for (const s of saved.filter((x) => x.type === 'trigger')) await sql.raw(s.sql).execute(kdb)
  })
  // The readers' notification counts, which triggers keep once the triggers are on (migration 2026_12_20_0600).
  await step('notification counts', async () => {
    await sql`insert into notification_counts (user_id, listed) select user_id, count(*) from notifications where actor_count > 0 group by user_id`.execute(kdb)
  })
  // The followers' feed inboxes, as the fan-out worker would have kept them (decision 0060).
  await step('feed inboxes', async () => {
    await fillFeedInboxes(kdb, plan.now)
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(kdb)
  })
  await kdb.destroy()
}

/** The PostgreSQL triggers turned off for the load, by table: 'user' is every trigger of the table. */
const PG_LOAD_TRIGGERS: [string, string][] = [
  ['books', 'user'],
  ['book_genres', 'user'],
  ['follows', 'follows_profile_version'],
  ['users', 'users_profile_version'],
  ['reviews', 'reviews_profile_version'],
]

/** PostgreSQL: search and version triggers off and secondary indexes dropped for the load, 5,000-row INSERT … SELECT unnest(…). */
async function loadPostgres(db: Kysely<any>, plan: Plan, passwordHash: string) {
  const raw = db.withoutPlugins()
  const { rows: saved } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and indexname not in (select conname from pg_constraint)`.execute(raw)
  await raw.connection().execute(async (c) => {
    await sql`set synchronous_commit = off`.execute(c)
    // Off for the load: the search vectors are built once below, and the users' profile versions
    // (bumped per follow and review row) start at 0 as on SQLite, where every trigger is off for the load.
    for (const [table, trigger] of PG_LOAD_TRIGGERS) await sql`alter table ${sql.id(table)} disable trigger ${sql.raw(trigger)}`.execute(c)
    for (const s of saved) await sql`drop index ${sql.id(s.indexname)}`.execute(c)
    const PER = 5000
    for (const t of tableRows(plan, passwordHash)) {
      const bar = progress(t.table, t.total)
      const names = Object.keys(t.columns)
      const insert = async (cols: Cell[][]) => {
        const arrays = Object.values(t.columns).map((type, i) => sql`${cols[i]}::${sql.raw(type)}[]`)
        await sql`insert into ${sql.id(t.table)} (${sql.join(names.map((x) => sql.id(x)))}) select * from unnest(${sql.join(arrays)})`.execute(c)
        bar.tick(cols[0]!.length)
      }
      await sql`begin`.execute(c)
      let cols: Cell[][] = names.map(() => [])
      for (const row of t.rows()) {
        row.forEach((v, i) => cols[i]!.push(v as Cell))
        if (cols[0]!.length === PER) {
          await insert(cols)
          cols = names.map(() => [])
        }
      }
      if (cols[0]!.length) await insert(cols)
      await sql`commit`.execute(c)
      bar.done()
    }
    // The search vectors, built once the way their migration builds them.
    await step('search vectors', () => rebuildPostgresSearch(c))
    await step('indexes', async () => {
      for (const s of saved) await sql.raw(s.indexdef).execute(c)
    })
    for (const [table, trigger] of PG_LOAD_TRIGGERS) await sql`alter table ${sql.id(table)} enable trigger ${sql.raw(trigger)}`.execute(c)
    // The followers' feed inboxes, as the fan-out worker would have kept them (decision 0060).
    await step('feed inboxes', () => fillFeedInboxes(c, plan.now))
    await step('vacuum analyze', () => sql`vacuum analyze`.execute(c))
  })
}

/** Makes the URL's database on its server when it is not there yet (a fresh machine has only `postgres` and `test`). */
async function makeDatabaseIfAbsent(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  try {
    await client.connect()
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`)
      console.log(`made the database ${name}`)
    }
  } finally {
    await client.end().catch(() => {})
  }
}

/** A fresh, migrated database: a SQLite file is replaced; a PostgreSQL database must be empty, or is emptied with --reset. */
async function prepare(target: Target, reset: boolean): Promise<Kysely<any>> {
  if (target.kind === 'sqlite') for (const suffix of ['', '-wal', '-shm']) rmSync(target.path + suffix, { force: true })
  else await makeDatabaseIfAbsent(target.url)
  const db = createDb({ url: target.url, poolSize: 2 })
  if (target.kind === 'postgres') {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(db)
    if (rows[0]!.n > 0) {
      if (!reset) {
        await db.destroy()
        console.error(
          `${describeTarget(target)} already has tables: pass --reset to empty it (drops every table in its schema), or use a fresh database (createdb shelfwise_bench).`,
        )
        process.exit(2)
      }
      await sql`drop schema public cascade`.execute(db)
      await sql`create schema public`.execute(db)
    }
  }
  await migrateToLatest(db)
  return db
}

async function main() {
  const f = flags({
    books: { type: 'string' },
    users: { type: 'string' },
    reviews: { type: 'string' },
    db: { type: 'string' },
    now: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'year-reads': { type: 'string' },
    editions: { type: 'string' },
  })
  const books = wholeNumber('books', f.books, 100_000, 1)
  const users = wholeNumber('users', f.users, 20_000, 3)
  const reviews = wholeNumber('reviews', f.reviews, 1_000_000, 0)
  const yearReads = wholeNumber('year-reads', f['year-reads'], YEAR_READS, 0)
  const editions = wholeNumber('editions', f.editions, Math.floor(books / 2), 0)
  const now = f.now ? Date.parse(f.now) : Date.now()
  if (Number.isNaN(now)) {
    console.error(`--now: not a date, got "${f.now}"`)
    process.exit(2)
  }
  const target = resolveTarget(f.db)
  const started = performance.now()
  console.error(
    `Generating ${books.toLocaleString('en-US')} books, ${users.toLocaleString('en-US')} readers, ${reviews.toLocaleString('en-US')} reviews into ${describeTarget(target)}`,
  )

  const db = await step('migrations', () => prepare(target, f.reset === true))
  const [plan, passwordHash] = await Promise.all([
    step('plan', () => buildPlan({ books, users, reviews, now, yearReads, editions })),
    hashPassword(BENCH_PASSWORD),
  ])
  if (target.kind === 'sqlite') {
    await db.destroy()
    await loadSqlite(target.path, plan, passwordHash)
  } else {
    await loadPostgres(db, plan, passwordHash)
    await db.destroy()
  }
  const top = plan.books.reduce((a, b) => (b.count > a.count ? b : a))
  const feedFollows = plan.follows.filter(([a]) => a === 0).length
  const yearReader = plan.users.findIndex((u) => u.username === YEAR_READER)
  const yearReaderReads = yearReader < 0 ? 0 : plan.reads.filter(([u]) => u === yearReader).length
  const fmt = (n: number) => n.toLocaleString('en-US')
  const conv = plan.conversation
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${fmt(plan.books.length)} books, ${fmt(plan.users.length)} readers, ` +
      `${fmt(plan.reviews.length)} reviews (most-reviewed: "${top.title}" with ${fmt(top.count)}), ${fmt(plan.follows.length)} follows ` +
      `(${FEED_READER} follows ${feedFollows}), ${fmt(plan.reads.length)} reads (${YEAR_READER}: ${fmt(yearReaderReads)} in one year), ${fmt(plan.wishes.length)} wishes, ` +
      `${fmt(plan.books.length + plan.editions.length)} editions, ` +
      `${fmt(plan.notifications.length)} notifications for ${fmt(new Set(plan.notifications.map((n) => n.user)).size)} readers ` +
      `(the most: ${fmt(Math.max(0, ...[...Map.groupBy(plan.notifications, (n) => n.user).values()].map((g) => g.length)))}), ` +
      `${fmt(conv.reviewLikes.reduce((t, x) => t + x, 0))} review likes, ${fmt(conv.comments.length)} comments, ` +
      `${fmt(conv.discussions.length)} discussions with ${fmt(conv.posts.length)} posts (the biggest: ${fmt(conv.discussions.posts.reduce((m, x) => Math.max(m, x), 0))}). ` +
      `Password of every account: ${BENCH_PASSWORD}`,
  )
}

if (import.meta.main) await main()

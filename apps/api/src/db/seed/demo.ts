import { randomBytes } from 'node:crypto'
import { sql, type Insertable } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { isUniqueViolation, type Db } from '#/db/portable.ts'
import type { BookGenresTable, BooksTable, FollowsTable, ReadsTable, ReviewsTable, UsersTable, WishlistTable } from '#/db/schema.ts'
import { hashPassword, verifyPassword } from '#/security/passwords.ts'
import { CLASSICS, type Classic } from '#/db/seed/classics.ts'
import {
  COOL_DETAILS,
  DEMO_EMAIL,
  DEMO_READERS,
  GENRE_DETAILS,
  OPENERS,
  STORY_COOL_DETAILS,
  STORY_DETAILS,
  TRANSLATION_DETAILS,
  WARM_DETAILS,
  type DemoReader,
} from '#/db/seed/community.ts'
import { createRandom, type Random } from '#/db/seed/random.ts'
import { readFinishedAt } from '#/db/reading-log-rows.ts'
import { keepDemoPassword, readDemoPassword } from '#/db/seed/demo-password.ts'

export interface DemoSignIn {
  email: string
  password: string
}

export interface DemoCommunity {
  users: Insertable<UsersTable>[]
  books: Insertable<BooksTable>[]
  bookGenres: Insertable<BookGenresTable>[]
  reviews: Insertable<ReviewsTable>[]
  reads: Insertable<ReadsTable>[]
  wishlist: Insertable<WishlistTable>[]
  follows: Insertable<FollowsTable>[]
}

const SEED = 0x5e1f_2026
const DAY = 24 * 60 * 60 * 1000
/** Reviews span the last eight weeks; this share of them falls in the last seven days. */
const REVIEW_WINDOW_DAYS = 56
const THIS_WEEK_SHARE = 0.36
const STORY_GENRES = new Set(['Fiction', 'Romance', 'Mystery', 'Crime', 'Adventure', 'Horror', 'Fantasy', 'Science Fiction', 'Drama', 'Thriller'])

export interface SeedOptions {
  log: (msg: string) => void
  /** Where the demo password is kept (DATA_DIR/demo-password): made there at the first seeding. */
  passwordFile: string
  now?: number
}

/**
 * Fills an empty database (no books, no users) with the demo community in one transaction; answers
 * the demo sign-in whenever the demo user exists with the kept demo password, seeded now or before.
 */
export async function seedDemoIfEmpty(db: Db, { log, passwordFile, now = Date.now() }: SeedOptions): Promise<DemoSignIn | undefined> {
  if (await isEmpty(db)) {
    const started = performance.now()
    // The demo account's password is made now and kept; the other demo readers get one nobody
    // knows (argon2 is deliberately slow: one hash shared by all of them).
    const [demo, others] = await Promise.all([hashPassword(keepDemoPassword(passwordFile)), hashPassword(randomBytes(32).toString('base64url'))])
    const community = buildDemoCommunity(now, { demo, others })
    try {
      const seeded = await db.transaction().execute(async (trx) => {
        // Asked again inside: another instance may have seeded while we hashed.
        if (!(await isEmpty(trx))) return false
        await insertCommunity(trx, community)
        return true
      })
      if (seeded) {
        const c = community
        log(
          `Seeded the demo community: ${c.books.length} books, ${c.users.length} readers, ${c.reviews.length} reviews, ` +
            `${c.follows.length} follows, ${c.reads.length} reads, ${c.wishlist.length} wishes (${Math.round(performance.now() - started)} ms)`,
        )
      }
    } catch (err) {
      // Two instances starting on one empty PostgreSQL: the demo e-mail's unique index lets one win.
      if (!isUniqueViolation(err)) throw err
      log('The demo community was seeded by another instance')
    }
  }
  return demoSignIn(db, passwordFile)
}

async function isEmpty(db: Db): Promise<boolean> {
  const [book, user] = await Promise.all([
    db.selectFrom('books').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
  ])
  return !book && !user
}

/** The password every demo reader had before issue 11, published in the README of those versions. */
const RETIRED_DEMO_PASSWORD = 'shelfwise-demo'

/**
 * A database seeded by an earlier version still opens its demo readers with the password that
 * version published. If the demo account still has it, the demo account gets a password made now
 * (kept in `passwordFile`, printed like a new one) and every reader sharing that hash a random one
 * nobody knows. Answers whether it did so. One read and one hash check when there is nothing to do.
 */
export async function retirePublishedDemoPassword(db: Db, { log, passwordFile }: Omit<SeedOptions, 'now'>): Promise<boolean> {
  const demo = await db.selectFrom('users').select('passwordHash').where('email', '=', DEMO_EMAIL).executeTakeFirst()
  if (!demo || !(await verifyPassword(demo.passwordHash, RETIRED_DEMO_PASSWORD))) return false
  const [fresh, unknown] = await Promise.all([
    hashPassword(keepDemoPassword(passwordFile, { replace: true })),
    hashPassword(randomBytes(32).toString('base64url')),
  ])
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ passwordHash: unknown }).where('passwordHash', '=', demo.passwordHash).where('email', '<>', DEMO_EMAIL).execute()
    await trx.updateTable('users').set({ passwordHash: fresh }).where('email', '=', DEMO_EMAIL).execute()
  })
  log('The demo readers still had the password earlier versions published: the demo account has a new one, the others one nobody knows')
  return true
}

/** The sign-in to print, if the demo user exists and still has the kept demo password. */
async function demoSignIn(db: Db, passwordFile: string): Promise<DemoSignIn | undefined> {
  const password = readDemoPassword(passwordFile)
  if (!password) return undefined
  const row = await db.selectFrom('users').select('passwordHash').where('email', '=', DEMO_EMAIL).executeTakeFirst()
  if (!row || !(await verifyPassword(row.passwordHash, password))) return undefined
  return { email: DEMO_EMAIL, password }
}

/** Inserts every row in batches, parents first, then sets each book's review count, sum and average from its rows. */
async function insertCommunity(trx: Db, c: DemoCommunity): Promise<void> {
  // SQLite binds at most 32766 parameters per statement; 200 rows stay far below that for every table here.
  for (const rows of chunks(c.users)) await trx.insertInto('users').values(rows).execute()
  for (const rows of chunks(c.books)) await trx.insertInto('books').values(rows).execute()
  for (const rows of chunks(c.bookGenres)) await trx.insertInto('bookGenres').values(rows).execute()
  for (const rows of chunks(c.reviews)) await trx.insertInto('reviews').values(rows).execute()
  for (const rows of chunks(c.reads)) await trx.insertInto('reads').values(rows).execute()
  for (const rows of chunks(c.wishlist)) await trx.insertInto('wishlist').values(rows).execute()
  for (const rows of chunks(c.follows)) await trx.insertInto('follows').values(rows).execute()
  // The reading log the two lists are projections of (decision 0018): a wish is Want to Read; a read
  // is status Read with one read finished that day.
  const entries = [
    ...c.wishlist.map((w) => ({ userId: w.userId, bookId: w.bookId, status: 'want', rating: null, createdAt: w.addedAt, updatedAt: w.addedAt })),
    ...c.reads.map((r) => ({ userId: r.userId, bookId: r.bookId, status: 'read', rating: null, createdAt: r.readAt, updatedAt: r.readAt })),
  ]
  for (const rows of chunks(entries)) await trx.insertInto('readingEntries').values(rows).execute()
  const readThroughs = c.reads.map((r) => readFinishedAt(r.userId, r.bookId, typeof r.readAt === 'string' ? r.readAt : r.readAt.toISOString()))
  for (const rows of chunks(readThroughs)) await trx.insertInto('readThroughs').values(rows).execute()
  // Counted from the rows just written, so the figures match them exactly (average = sum / count).
  await trx
    .updateTable('books')
    .set({
      totalReviews: sql<number>`(select count(*) from reviews r where r.book_id = books.id)`,
      ratingSum: sql<number>`coalesce((select sum(r.rating) from reviews r where r.book_id = books.id), 0)`,
      averageRating: sql<number>`coalesce((select sum(r.rating) * 1.0 / count(*) from reviews r where r.book_id = books.id), 0)`,
    })
    .execute()
}

function* chunks<T>(rows: T[], size = 200): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size)
}

/**
 * The whole demo community as rows: the same for the same `now`, with dates counted back from it.
 * The demo account gets the `demo` password hash, every other reader the `others` one.
 */
export function buildDemoCommunity(now: number, hashes: { demo: string; others: string }): DemoCommunity {
  const rng = createRandom(SEED)
  const iso = (ms: number) => new Date(Math.round(ms)).toISOString()
  const daysAgo = (days: number) => now - days * DAY
  // App-made UUIDv7 ids, timed like their row, with our own random bits so the output is repeatable.
  const idAt = (ms: number) => uuidv7({ msecs: Math.round(ms), random: rng.bytes(16) })

  // Readers.
  const readers = DEMO_READERS.map((r, i) => {
    const joined = daysAgo(r.joinedDaysAgo - rng.between(0, 0.9))
    const email = i === 0 ? DEMO_EMAIL : `${r.username}@shelfwise.example`
    return { ...r, id: idAt(joined), joined, email }
  })
  const users: Insertable<UsersTable>[] = readers.map((r) => ({
    id: r.id,
    name: r.name,
    username: r.username,
    email: r.email,
    passwordHash: r.email === DEMO_EMAIL ? hashes.demo : hashes.others,
    userType: r.userType,
    bio: r.bio,
    profileImage: '',
    createdAt: iso(r.joined),
    updatedAt: iso(r.joined),
  }))

  // Books, each listed by one of the bookish accounts, added before the review window opens.
  const listerOf = assignListers(rng, readers)
  const catalogue = CLASSICS.map((classic, i) => {
    const lister = listerOf[i]!
    const listerAgeDays = (now - lister.joined) / DAY
    const created = daysAgo(rng.between(REVIEW_WINDOW_DAYS + 2, listerAgeDays - 0.5))
    // How well demo readers tend to rate it; the famous ones lean a little higher.
    const quality = 3.5 + rng.between(0, 1.2) + (classic.fame === 3 ? 0.2 : 0)
    return { classic, id: idAt(created), created, lister, quality }
  })
  const books: Insertable<BooksTable>[] = catalogue.map(({ classic: c, id, created, lister }) => ({
    id,
    title: c.title,
    author: c.author,
    authorUserId: null,
    publisher: c.publisher ?? '',
    publisherUserId: null,
    listedByUserId: lister.id,
    createdByUserId: lister.id,
    description: c.description,
    coverImage: '',
    publishedDate: c.publishedDate,
    language: c.language,
    edition: c.edition ?? 'First edition',
    pageCount: c.pageCount,
    amazonLink: amazonSearch(c),
    isbn: null,
    category: c.category ?? 'Classic',
    createdAt: iso(created),
    updatedAt: iso(created),
  }))
  const bookGenres = catalogue.flatMap(({ classic, id }) => classic.genres.map((genre) => ({ bookId: id, genre })))

  // Reviews: each reader picks different books, drawn by fame and taste; a lively last week.
  const reviews: Insertable<ReviewsTable>[] = []
  const reads: Insertable<ReadsTable>[] = []
  const wishlist: Insertable<WishlistTable>[] = []
  const usedComments = new Set<string>()
  for (const reader of readers) {
    const likes = new Set(reader.likes)
    const taste = (b: (typeof catalogue)[number]) => {
      const fame = b.classic.fame ?? 1
      const liked = b.classic.genres.some((g) => likes.has(g)) || likes.has(b.classic.language)
      return fame * fame * (liked ? 4 : 1)
    }
    const picked = rng.sample(catalogue, reader.reviews, taste)
    const touched = new Set<string>()
    for (const book of picked) {
      const when = daysAgo(rng.chance(THIS_WEEK_SHARE) ? rng.between(0.02, 7) : rng.between(7, REVIEW_WINDOW_DAYS))
      const rating = Math.max(2, Math.min(5, Math.round(book.quality + rng.between(-1, 1) + rng.between(-0.6, 0.6))))
      reviews.push({
        id: idAt(when),
        bookId: book.id,
        userId: reader.id,
        rating,
        comment: writeComment(rng, rating, book.classic, usedComments),
        createdAt: iso(when),
        updatedAt: iso(when),
      })
      touched.add(book.id)
      // Most reviewers also mark the book as read, a little before reviewing it.
      if (rng.chance(0.7)) reads.push({ userId: reader.id, bookId: book.id, readAt: iso(when - rng.between(0.05, 3) * DAY) })
    }
    // A few books read lately without a review, and a few wished for.
    const untouched = () => catalogue.filter((b) => !touched.has(b.id))
    for (const book of rng.sample(untouched(), rng.int(1, 4), taste)) {
      reads.push({ userId: reader.id, bookId: book.id, readAt: iso(daysAgo(rng.between(0.1, 40))) })
      touched.add(book.id)
    }
    const ageDays = (now - reader.joined) / DAY
    for (const book of rng.sample(untouched(), rng.int(3, 7), taste)) {
      wishlist.push({ userId: reader.id, bookId: book.id, addedAt: iso(daysAgo(rng.between(0.2, Math.min(90, ageDays - 0.5)))) })
    }
  }

  // Follows: everyone follows three to eight others (the demo reader at least five), never themself.
  const follows: Insertable<FollowsTable>[] = []
  for (const [i, reader] of readers.entries()) {
    const others = readers.filter((o) => o.id !== reader.id)
    // Keen reviewers draw more followers.
    for (const other of rng.sample(others, i === 0 ? rng.int(5, 8) : rng.int(3, 8), (o) => o.reviews)) {
      const sinceDays = (now - Math.max(reader.joined, other.joined)) / DAY
      follows.push({ followerId: reader.id, followeeId: other.id, createdAt: iso(daysAgo(rng.between(0.5, sinceDays - 0.2))) })
    }
  }

  return { users, books, bookGenres, reviews, reads, wishlist, follows }
}

/** Which reader listed each classic, by index: fixed counts first, then the 'rest' lister takes the others. */
function assignListers<R extends DemoReader>(rng: Random, readers: R[]): R[] {
  const order = rng.sample(
    CLASSICS.map((_, i) => i),
    CLASSICS.length,
  )
  const rest = readers.find((r) => r.lists === 'rest')!
  const out: R[] = new Array(CLASSICS.length).fill(rest)
  let at = 0
  for (const r of readers) {
    if (typeof r.lists !== 'number') continue
    for (const i of order.slice(at, at + r.lists)) out[i] = r
    at += r.lists
  }
  return out
}

/** A plain Amazon search for the book: no affiliate tag, no invented product page. */
const amazonSearch = (c: Classic) => `https://www.amazon.com/s?k=${encodeURIComponent(`${c.title} ${c.author}`).replaceAll('%20', '+')}`

/** A one- or two-sentence review in the tone of its rating, not repeated word for word elsewhere. */
function writeComment(rng: Random, rating: number, book: Classic, used: Set<string>): string {
  const isStory = book.genres.some((g) => STORY_GENRES.has(g))
  const warm = [
    ...WARM_DETAILS,
    ...(isStory ? STORY_DETAILS : []),
    ...book.genres.flatMap((g) => GENRE_DETAILS[g] ?? []),
    ...(book.language !== 'English' ? TRANSLATION_DETAILS : []),
  ]
  const cool = [...COOL_DETAILS, ...(isStory ? STORY_COOL_DETAILS : [])]
  const details = rating >= 4 ? warm : rating === 3 ? [...cool, ...cool, ...warm] : cool
  const fill = (s: string) => s.replaceAll('{author}', book.author).replaceAll('{title}', book.title).replaceAll('{year}', book.publishedDate.slice(0, 4))
  let text = ''
  for (let attempt = 0; attempt < 25; attempt++) {
    const opener = rng.pick(OPENERS[rating]!)
    const detail = fill(rng.pick(details))
    const shape = rng.next()
    text = shape < 0.12 ? opener : shape < 0.24 ? detail : `${opener} ${detail}`
    if (!used.has(text)) break
  }
  used.add(text)
  return text
}

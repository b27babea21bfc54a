import { existsSync, readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AuthResultSchema, BookSchema, CATEGORIES, FollowedBookListSchema, GENRES, LANGUAGES, PopularListSchema, ReviewListSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { buildDemoCommunity, retirePublishedDemoPassword, seedDemoIfEmpty } from '#/db/seed/demo.ts'
import { hashPassword } from '#/security/passwords.ts'
import { DEMO_EMAIL } from '#/db/seed/community.ts'
import { demoPasswordFile, newDemoPassword } from '#/db/seed/demo-password.ts'

const DAY = 24 * 60 * 60 * 1000
const ms = (v: string | Date) => (v instanceof Date ? v.getTime() : Date.parse(v))

describe('the demo community as built', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  const c = buildDemoCommunity(now, { demo: 'demo-hash', others: 'others-hash' })
  const userById = new Map(c.users.map((u) => [u.id, u]))
  const bookById = new Map(c.books.map((b) => [b.id, b]))

  it('comes out the same every time for the same moment', () => {
    expect(buildDemoCommunity(now, { demo: 'demo-hash', others: 'others-hash' })).toEqual(c)
  })

  it('is a catalogue of real public-domain classics with well-formed fields', () => {
    expect(c.books.length).toBeGreaterThanOrEqual(60)
    const titles = c.books.map((b) => b.title)
    expect(new Set(titles).size).toBe(titles.length)
    expect(c.books).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Pride and Prejudice', author: 'Jane Austen' }),
        expect.objectContaining({ title: 'Jane Eyre', author: 'Charlotte Brontë' }),
        expect.objectContaining({ title: 'Wuthering Heights', author: 'Emily Brontë' }),
        expect.objectContaining({ title: 'The Great Gatsby', author: 'F. Scott Fitzgerald', publishedDate: '1925-04-10' }),
      ]),
    )
    const genresOf = new Map<string, string[]>()
    for (const g of c.bookGenres) genresOf.set(g.bookId, [...(genresOf.get(g.bookId) ?? []), g.genre])
    for (const b of c.books) {
      const year = Number(b.publishedDate!.slice(0, 4))
      expect(b.publishedDate, b.title).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(new Date(`${b.publishedDate}T00:00:00Z`).toISOString().slice(0, 10), b.title).toBe(b.publishedDate)
      expect(year, b.title).toBeGreaterThanOrEqual(1000)
      expect(year, b.title).toBeLessThan(1929)
      expect(LANGUAGES as readonly string[], b.title).toContain(b.language)
      expect(CATEGORIES as readonly string[], b.title).toContain(b.category)
      expect(b.pageCount, b.title).toBeGreaterThan(0)
      expect(b.isbn, b.title).toBeNull()
      expect(b.coverImage).toBe('')
      expect(b.amazonLink, b.title).toMatch(/^https:\/\/www\.amazon\.com\/s\?k=[^\s&#]+$/)
      // A sentence ends after a word, not after an initial like the W. in W. E. B. Du Bois.
      const sentences = b.description!.split(/(?<=[a-z0-9’)][.!?]’?)\s+(?=[A-Z‘])/)
      expect(sentences.length, b.title).toBeGreaterThanOrEqual(2)
      expect(sentences.length, b.title).toBeLessThanOrEqual(4)
      const genres = genresOf.get(b.id) ?? []
      expect(genres.length, b.title).toBeGreaterThanOrEqual(1)
      expect(genres.length, b.title).toBeLessThanOrEqual(3)
      for (const g of genres) expect(GENRES as readonly string[]).toContain(g)
    }
    // Mostly classics, with a few other shelves represented.
    expect(c.books.filter((b) => b.category === 'Classic').length).toBeGreaterThan(c.books.length * 0.8)
    expect(new Set(c.books.map((b) => b.category)).size).toBeGreaterThan(3)
  })

  it('has at least 12 readers, mostly Readers, with the demo sign-in among them', () => {
    expect(c.users.length).toBeGreaterThanOrEqual(12)
    expect(c.users.filter((u) => u.userType === 'Reader').length).toBeGreaterThan(c.users.length / 2)
    expect(c.users.some((u) => u.userType === 'Author')).toBe(true)
    expect(c.users.some((u) => u.userType === 'Seller')).toBe(true)
    expect(c.users.filter((u) => u.email === DEMO_EMAIL)).toHaveLength(1)
    // Only the demo account has the password that is printed; nobody knows the others'.
    expect(c.users.filter((u) => u.passwordHash === 'demo-hash').map((u) => u.email)).toEqual([DEMO_EMAIL])
    for (const u of c.users) {
      expect(u.username).toMatch(/^[A-Za-z0-9._-]{3,30}$/)
      expect(u.bio!.length).toBeGreaterThan(20)
      expect(ms(u.createdAt)).toBeLessThan(now - 30 * DAY)
    }
    expect(new Set(c.users.map((u) => u.username.toLowerCase())).size).toBe(c.users.length)
  })

  it('has 200+ varied reviews, one per reader and book, skewed to 3–5 stars, over eight weeks with a busy last week', () => {
    expect(c.reviews.length).toBeGreaterThanOrEqual(200)
    expect(new Set(c.reviews.map((r) => `${r.bookId}|${r.userId}`)).size).toBe(c.reviews.length)
    expect(new Set(c.reviews.map((r) => r.comment)).size).toBe(c.reviews.length)
    const high = c.reviews.filter((r) => r.rating! >= 3).length
    expect(high / c.reviews.length).toBeGreaterThan(0.9)
    for (const r of c.reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1)
      expect(r.rating).toBeLessThanOrEqual(5)
      expect(r.comment.split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(2)
      const at = ms(r.createdAt)
      expect(at).toBeLessThan(now)
      expect(at).toBeGreaterThan(now - 56 * DAY)
      expect(at).toBeGreaterThan(ms(userById.get(r.userId)!.createdAt))
      expect(at).toBeGreaterThan(ms(bookById.get(r.bookId)!.createdAt))
    }
    const thisWeek = c.reviews.filter((r) => ms(r.createdAt) > now - 7 * DAY)
    expect(thisWeek.length).toBeGreaterThan(c.reviews.length / 5)
  })

  it('has follows of 3–8 others each, never oneself, and recent activity for the demo reader to follow', () => {
    const demo = c.users.find((u) => u.email === DEMO_EMAIL)!
    expect(new Set(c.follows.map((f) => `${f.followerId}|${f.followeeId}`)).size).toBe(c.follows.length)
    for (const u of c.users) {
      const following = c.follows.filter((f) => f.followerId === u.id)
      expect(following.length).toBeGreaterThanOrEqual(3)
      expect(following.length).toBeLessThanOrEqual(8)
      expect(following.every((f) => f.followeeId !== u.id)).toBe(true)
    }
    const followed = new Set(c.follows.filter((f) => f.followerId === demo.id).map((f) => f.followeeId))
    const monthAgo = now - 30 * DAY
    expect(c.reads.filter((r) => followed.has(r.userId) && ms(r.readAt) > monthAgo).length).toBeGreaterThan(5)
    expect(c.reviews.filter((r) => followed.has(r.userId) && ms(r.createdAt) > monthAgo).length).toBeGreaterThan(5)
    expect(c.wishlist.length).toBeGreaterThan(c.users.length)
    for (const row of [...c.reads.map((r) => r.readAt), ...c.wishlist.map((w) => w.addedAt), ...c.follows.map((f) => f.createdAt)]) {
      expect(ms(row)).toBeLessThan(now)
    }
  })
})

describe('the demo password', () => {
  it('is made at random each time: four groups of four characters without look-alikes', () => {
    const made = Array.from({ length: 50 }, newDemoPassword)
    expect(new Set(made).size).toBe(50)
    for (const p of made) expect(p).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/)
  })
})

describeEachDialect('seedDemoIfEmpty on an empty database', (ctx) => {
  const logs: string[] = []
  const count = async (table: 'books' | 'users' | 'reviews' | 'follows' | 'reads' | 'wishlist') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const passwordFile = () => demoPasswordFile(ctx.config.dataDir)
  const keptPassword = () => readFileSync(passwordFile(), 'utf8').trim()
  const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

  it('fills it in one go, under two seconds, and answers the demo sign-in with a password made now and kept in DATA_DIR', async () => {
    const started = performance.now()
    const signIn = await seedDemoIfEmpty(ctx.db, { log: (m) => logs.push(m), passwordFile: passwordFile() })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(signIn).toEqual({ email: 'demo@shelfwise.example', password: keptPassword() })
    expect(signIn!.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(statSync(passwordFile()).mode & 0o777).toBe(0o600)
    expect(logs.join('\n')).toMatch(/Seeded the demo community: \d+ books/)
    expect(await count('books')).toBeGreaterThanOrEqual(60)
    expect(await count('users')).toBeGreaterThanOrEqual(12)
    expect(await count('reviews')).toBeGreaterThanOrEqual(200)
    expect(await count('follows')).toBeGreaterThan(0)
    expect(await count('reads')).toBeGreaterThan(0)
    expect(await count('wishlist')).toBeGreaterThan(0)
  })

  it('gives each book the review count, sum and average of its own review rows', async () => {
    const books = await ctx.db.selectFrom('books').select(['id', 'title', 'totalReviews', 'ratingSum', 'averageRating']).execute()
    const rows = await ctx.db.selectFrom('reviews').select(['bookId', 'rating']).execute()
    const ratings = new Map<string, number[]>()
    for (const r of rows) ratings.set(r.bookId, [...(ratings.get(r.bookId) ?? []), Number(r.rating)])
    let reviewed = 0
    for (const b of books) {
      const mine = ratings.get(b.id) ?? []
      const sum = mine.reduce((s, r) => s + r, 0)
      expect(Number(b.totalReviews), b.title).toBe(mine.length)
      expect(Number(b.ratingSum), b.title).toBe(sum)
      expect(Number(b.averageRating), b.title).toBeCloseTo(mine.length ? sum / mine.length : 0, 9)
      if (mine.length) reviewed++
    }
    expect(reviewed).toBeGreaterThan(books.length / 2)
  })

  it('lets the demo user sign in with the printed password and see a lively home page', async () => {
    const res = await login(DEMO_EMAIL, keptPassword())
    expect(res.statusCode).toBe(200)
    const { token, user } = AuthResultSchema.parse(res.json())
    expect(user.username).toBe('demo')
    expect(user.following.length).toBeGreaterThanOrEqual(5)

    const popular = PopularListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/reviews/popular-week' })).json())
    expect(popular.length).toBeGreaterThan(3)
    expect(popular[0]!.reviewCount).toBeGreaterThanOrEqual(2)
    const recent = ReviewListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/reviews/recent' })).json())
    expect(recent.length).toBeGreaterThan(0)
    expect(Date.now() - Date.parse(recent[0]!.createdAt)).toBeLessThan(2 * DAY)
    const feed = await ctx.app.inject({ method: 'GET', url: '/api/users/followed-users-books', headers: bearer(token) })
    expect(feed.statusCode).toBe(200)
    expect(FollowedBookListSchema.parse(feed.json()).length).toBeGreaterThan(0)

    const one = await ctx.app.inject({ method: 'GET', url: `/api/books/${popular[0]!.book._id}` })
    expect(BookSchema.parse(one.json())).toMatchObject({ coverImage: '', isbn: '', category: expect.any(String) })
  })

  it('opens no account with a published password: the old default fails, and no other demo reader takes the demo password', async () => {
    expect((await login(DEMO_EMAIL, 'shelfwise-demo')).statusCode).toBe(401)
    const others = await ctx.db.selectFrom('users').select('email').where('email', '<>', DEMO_EMAIL).execute()
    expect(others.length).toBeGreaterThanOrEqual(11)
    for (const { email } of others.slice(0, 3)) {
      for (const password of [keptPassword(), 'shelfwise-demo']) expect((await login(email, password)).statusCode, email).toBe(401)
    }
  })

  it('makes the catalogue searchable, accents and all', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/books/search?query=bronte' })
    expect(res.statusCode).toBe(200)
    const titles = (res.json() as { title: string }[]).map((b) => b.title)
    expect(titles).toEqual(expect.arrayContaining(['Jane Eyre', 'Wuthering Heights']))
  })

  it('creates nothing more when called again, and still answers the sign-in', async () => {
    const before = await Promise.all([count('books'), count('users'), count('reviews'), count('follows')])
    const password = keptPassword()
    const again = await seedDemoIfEmpty(ctx.db, { log: (m) => logs.push(m), passwordFile: passwordFile() })
    expect(again).toEqual({ email: DEMO_EMAIL, password })
    expect(keptPassword()).toBe(password)
    expect(await Promise.all([count('books'), count('users'), count('reviews'), count('follows')])).toEqual(before)
    expect(logs.filter((m) => m.startsWith('Seeded'))).toHaveLength(1)
  })

  it('prints no sign-in where the kept password is missing (another folder) or no longer the demo account’s', async () => {
    expect(await seedDemoIfEmpty(ctx.db, { log: () => {}, passwordFile: `${passwordFile()}-elsewhere` })).toBeUndefined()
    expect((await login(DEMO_EMAIL, keptPassword())).statusCode).toBe(200)
    const { token } = (await login(DEMO_EMAIL, keptPassword())).json() as { token: string }
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: bearer(token),
      payload: { currentPassword: keptPassword(), newPassword: 'my-own-demo-pass-9' },
    })
    expect(changed.statusCode).toBe(200)
    expect(await seedDemoIfEmpty(ctx.db, { log: () => {}, passwordFile: passwordFile() })).toBeUndefined()
  })
})

describeEachDialect('seedDemoIfEmpty on a database already in use', (ctx) => {
  it('seeds nothing and prints no sign-in when there are users but no demo user', async () => {
    await insertUser(ctx.db)
    const logs: string[] = []
    expect(await seedDemoIfEmpty(ctx.db, { log: (m) => logs.push(m), passwordFile: demoPasswordFile(ctx.config.dataDir) })).toBeUndefined()
    // No password is made for a community that was never seeded.
    expect(existsSync(demoPasswordFile(ctx.config.dataDir))).toBe(false)
    expect(logs).toEqual([])
    const books = await ctx.db.selectFrom('books').select('id').execute()
    expect(books).toEqual([])
  })
})

describeEachDialect('a demo community seeded by an earlier version', (ctx) => {
  it('loses the password those versions published: the demo account gets a new kept one, the other demo readers one nobody knows', async () => {
    const oldHash = await hashPassword('shelfwise-demo')
    const demo = await insertUser(ctx.db, { email: DEMO_EMAIL, username: 'demo' })
    const maya = await insertUser(ctx.db, { username: 'maya_reads_old' })
    const someone = await insertUser(ctx.db)
    await ctx.db.updateTable('users').set({ passwordHash: oldHash }).where('id', 'in', [demo.id, maya.id]).execute()
    const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
    expect((await login(DEMO_EMAIL, 'shelfwise-demo')).statusCode).toBe(200)

    const passwordFile = demoPasswordFile(ctx.config.dataDir)
    const logs: string[] = []
    expect(await retirePublishedDemoPassword(ctx.db, { log: (m) => logs.push(m), passwordFile })).toBe(true)
    expect(logs).toHaveLength(1)
    const kept = readFileSync(passwordFile, 'utf8').trim()
    expect((await login(DEMO_EMAIL, 'shelfwise-demo')).statusCode).toBe(401)
    expect((await login(maya.email, 'shelfwise-demo')).statusCode).toBe(401)
    expect((await login(maya.email, kept)).statusCode).toBe(401)
    expect((await login(DEMO_EMAIL, kept)).statusCode).toBe(200)
    expect((await login(someone.email, TEST_PASSWORD)).statusCode).toBe(200)
    // The sign-in to print is the new one; a second start has nothing to do.
    expect(await seedDemoIfEmpty(ctx.db, { log: () => {}, passwordFile })).toEqual({ email: DEMO_EMAIL, password: kept })
    expect(await retirePublishedDemoPassword(ctx.db, { log: (m) => logs.push(m), passwordFile })).toBe(false)
    expect(logs).toHaveLength(1)
  })
})

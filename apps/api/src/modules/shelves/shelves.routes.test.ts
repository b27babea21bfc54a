import { describe, expect, it } from 'vitest'
import { BookListSchema, ErrorBodySchema, FollowedBookListSchema, LIMITS, MESSAGES, RecentlyReadToggleSchema, WishlistToggleSchema } from '@shelfwise/contracts'
import { v7 as uuidv7 } from 'uuid'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readAllPages } from '../../../test/support/paging.ts'
import { bearer, insertBook, insertFollow, insertRead, insertReview, insertUser, insertWish } from '../../../test/support/factories.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

describeEachDialect('shelves routes', (ctx) => {
  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
  const put = (url: string, token?: string) => ctx.app.inject({ method: 'PUT', url, headers: token ? bearer(token) : {} })
  const ids = (body: unknown) => BookListSchema.parse(body).map((b) => b._id)
  /** A new reader who put three new books on a list (insertWish or insertRead), each that long ago, in the books' order. */
  const threeOnList = async (putOn: typeof insertWish, agos: [number, number, number]) => {
    const reader = await insertUser(ctx.db)
    const books = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)] as const
    for (const [i, book] of books.entries()) await putOn(ctx.db, reader.id, book.id, ago(agos[i]!))
    return { reader, books }
  }
  const rowCount = async (table: 'wishlist' | 'reads', userId: string, bookId?: string) => {
    let q = ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
    if (bookId) q = q.where('bookId', '=', bookId)
    return Number((await q.executeTakeFirstOrThrow()).n)
  }

  /** Follows every Link rel="next" from `url`; answers the pages' ids and the X-Total-Count of each page. */
  const walk = async (url: string, token?: string) => {
    const { pages, totals } = await readAllPages(ctx, url, BookListSchema, token)
    return { seen: pages.flat().map((b) => b._id), totals, pages: pages.length }
  }

  describe('authentication', () => {
    it.each([
      ['GET', '/api/users/wishlist'],
      ['PUT', `/api/users/addtowishlist/${uuidv7()}`],
      ['GET', '/api/users/recently-read'],
      ['PUT', `/api/users/addto-recently-read/${uuidv7()}`],
      ['GET', '/api/users/listed-books'],
      ['GET', '/api/users/created-books'],
      ['GET', '/api/users/followed-users-books'],
    ] as const)('%s %s answers 401 without a token', async (method, url) => {
      const res = await ctx.app.inject({ method, url })
      expect(res.statusCode).toBe(401)
      expect(ErrorBodySchema.parse(res.json())).toEqual({ message: MESSAGES.authRequired, code: 'unauthorized' })
    })

    it('answers 401 for a token that is not valid', async () => {
      const res = await get('/api/users/wishlist', 'not.a.token')
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: MESSAGES.authFailed, code: 'unauthorized' })
    })
  })

  describe('wishlist', () => {
    it('toggles a book on and off, answering the new id list most recent first, and the list follows', async () => {
      const reader = await insertUser(ctx.db)
      const first = await insertBook(ctx.db, { title: 'Wish First' })
      const second = await insertBook(ctx.db, { title: 'Wish Second' })

      const add1 = await put(`/api/users/addtowishlist/${first.id}`, reader.token)
      expect(add1.statusCode).toBe(200)
      expect(WishlistToggleSchema.parse(add1.json())).toEqual({ inWishlist: true, wishlist: [first.id] })
      const add2 = await put(`/api/users/addtowishlist/${second.id}`, reader.token)
      expect(WishlistToggleSchema.parse(add2.json())).toEqual({ inWishlist: true, wishlist: [second.id, first.id] })

      const list = await get('/api/users/wishlist', reader.token)
      expect(list.statusCode).toBe(200)
      const books = BookListSchema.parse(list.json())
      expect(books.map((b) => b.title)).toEqual(['Wish Second', 'Wish First'])
      expect(books[0]).toMatchObject({ _id: second.id, author: second.author, genre: ['Fiction'], averageRating: 0, totalReviews: 0 })
      expect(list.headers['x-total-count']).toBe('2')

      const remove = await put(`/api/users/addtowishlist/${first.id}`, reader.token)
      expect(WishlistToggleSchema.parse(remove.json())).toEqual({ inWishlist: false, wishlist: [second.id] })
      expect(ids((await get('/api/users/wishlist', reader.token)).json())).toEqual([second.id])
      expect(await rowCount('wishlist', reader.id, first.id)).toBe(0)
    })

    it('lists the books most recently added first', async () => {
      const {
        reader,
        books: [a, b, c],
      } = await threeOnList(insertWish, [2 * DAY, 3 * DAY, 1 * DAY])
      expect(ids((await get('/api/users/wishlist', reader.token)).json())).toEqual([c.id, a.id, b.id])
    })

    it('answers 404 for an absent book and writes nothing', async () => {
      const reader = await insertUser(ctx.db)
      const res = await put(`/api/users/addtowishlist/${uuidv7()}`, reader.token)
      expect(res.statusCode).toBe(404)
      expect(ErrorBodySchema.parse(res.json())).toEqual({ message: MESSAGES.bookNotFound, code: 'not_found' })
      expect(await rowCount('wishlist', reader.id)).toBe(0)
    })

    it('answers 400 naming the field for a malformed book id', async () => {
      const reader = await insertUser(ctx.db)
      const res = await put('/api/users/addtowishlist/not-an-id', reader.token)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message: 'Book id must be a valid id', code: 'validation_failed' })
    })

    // A race shows only sometimes, so each case runs several rounds.
    it.each([
      ['from off', false],
      ['from on', true],
    ])('two concurrent toggles %s leave 0 or 1 row and never fail', async (_label, startOn) => {
      const reader = await insertUser(ctx.db)
      for (let round = 0; round < 8; round++) {
        const book = await insertBook(ctx.db)
        if (startOn) await insertWish(ctx.db, reader.id, book.id)
        const url = `/api/users/addtowishlist/${book.id}`
        const answers = await Promise.all([put(url, reader.token), put(url, reader.token)])
        for (const res of answers) {
          expect(res.statusCode).toBe(200)
          const body = WishlistToggleSchema.parse(res.json())
          expect(body.inWishlist).toBe(body.wishlist.includes(book.id))
        }
        const rows = await rowCount('wishlist', reader.id, book.id)
        expect([0, 1]).toContain(rows)
        expect(ids((await get('/api/users/wishlist', reader.token)).json()).includes(book.id)).toBe(rows === 1)
      }
    })

    it('is private: another reader never sees it, and there is no route to read it by id', async () => {
      const owner = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await insertWish(ctx.db, owner.id, book.id)
      expect(ids((await get('/api/users/wishlist', other.token)).json())).toEqual([])
      expect(ids((await get('/api/users/wishlist', owner.token)).json())).toEqual([book.id])
      const byId = await get(`/api/users/wishlist/${owner.id}`, other.token)
      expect(byId.statusCode).toBe(404)
      expect(byId.body).not.toContain(book.id)
    })
  })

  describe('recently read', () => {
    it('toggles a book on and off; the own list and the public list follow', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { title: 'Read Toggle' })
      const on = await put(`/api/users/addto-recently-read/${book.id}`, reader.token)
      expect(on.statusCode).toBe(200)
      expect(RecentlyReadToggleSchema.parse(on.json())).toEqual({ inRecentlyRead: true, recentlyRead: [book.id] })
      expect(ids((await get('/api/users/recently-read', reader.token)).json())).toEqual([book.id])
      expect(ids((await get(`/api/users/recently-read/${reader.id}`)).json())).toEqual([book.id])

      const off = await put(`/api/users/addto-recently-read/${book.id}`, reader.token)
      expect(RecentlyReadToggleSchema.parse(off.json())).toEqual({ inRecentlyRead: false, recentlyRead: [] })
      expect(ids((await get('/api/users/recently-read', reader.token)).json())).toEqual([])
      expect(ids((await get(`/api/users/recently-read/${reader.id}`)).json())).toEqual([])
    })

    it('keeps the wishlist and the recently-read list apart', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await put(`/api/users/addto-recently-read/${book.id}`, reader.token)
      expect(ids((await get('/api/users/wishlist', reader.token)).json())).toEqual([])
      const wish = await put(`/api/users/addtowishlist/${book.id}`, reader.token)
      expect(wish.json()).toEqual({ inWishlist: true, wishlist: [book.id] })
      expect(ids((await get('/api/users/recently-read', reader.token)).json())).toEqual([book.id])
    })

    it('answers 404 for an absent book and writes nothing, 400 for a malformed id', async () => {
      const reader = await insertUser(ctx.db)
      const absent = await put(`/api/users/addto-recently-read/${uuidv7()}`, reader.token)
      expect(absent.statusCode).toBe(404)
      expect(absent.json()).toEqual({ message: MESSAGES.bookNotFound, code: 'not_found' })
      expect(await rowCount('reads', reader.id)).toBe(0)
      const bad = await put('/api/users/addto-recently-read/123', reader.token)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe('Book id must be a valid id')
    })

    it('two concurrent toggles leave 0 or 1 row and never fail', async () => {
      const reader = await insertUser(ctx.db)
      for (let round = 0; round < 8; round++) {
        const book = await insertBook(ctx.db)
        const url = `/api/users/addto-recently-read/${book.id}`
        const answers = await Promise.all([put(url, reader.token), put(url, reader.token)])
        for (const res of answers) {
          expect(res.statusCode).toBe(200)
          const body = RecentlyReadToggleSchema.parse(res.json())
          expect(body.inRecentlyRead).toBe(body.recentlyRead.includes(book.id))
        }
        expect([0, 1]).toContain(await rowCount('reads', reader.id, book.id))
      }
    })

    it('is public by reader id, most recently read first, and 404 for an unknown reader', async () => {
      const {
        reader,
        books: [a, b, c],
      } = await threeOnList(insertRead, [5 * DAY, 1 * HOUR, 2 * DAY])
      const anonymous = await get(`/api/users/recently-read/${reader.id}`)
      expect(anonymous.statusCode).toBe(200)
      expect(ids(anonymous.json())).toEqual([b.id, c.id, a.id])
      const other = await insertUser(ctx.db)
      expect(ids((await get(`/api/users/recently-read/${reader.id}`, other.token)).json())).toEqual([b.id, c.id, a.id])
      expect(ids((await get('/api/users/recently-read', reader.token)).json())).toEqual([b.id, c.id, a.id])

      const unknown = await get(`/api/users/recently-read/${uuidv7()}`)
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ message: MESSAGES.userNotFound, code: 'not_found' })
      const malformed = await get('/api/users/recently-read/nope')
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json().message).toBe('Id must be a valid id')
    })
  })

  describe('listed and created books', () => {
    it('splits books the reader listed from books they created as author or publisher, newest first', async () => {
      const reader = await insertUser(ctx.db, { userType: 'Author' })
      const someone = await insertUser(ctx.db)
      const createdAsAuthor = await insertBook(ctx.db, {
        title: 'Created Author',
        createdByUserId: reader.id,
        authorUserId: reader.id,
        createdAt: ago(3 * DAY),
      })
      const createdAsPublisher = await insertBook(ctx.db, {
        title: 'Created Publisher',
        createdByUserId: reader.id,
        publisherUserId: reader.id,
        createdAt: ago(1 * DAY),
      })
      const listedOwn = await insertBook(ctx.db, { title: 'Listed Own', createdByUserId: reader.id, listedByUserId: reader.id, createdAt: ago(2 * DAY) })
      const listedOnly = await insertBook(ctx.db, { title: 'Listed Only', listedByUserId: reader.id, createdAt: ago(4 * DAY) })
      // Linked as author but added by someone else: on neither of the reader's lists.
      await insertBook(ctx.db, { title: 'Not Mine', authorUserId: reader.id, createdByUserId: someone.id })
      await insertBook(ctx.db, { title: 'Someone Else', createdByUserId: someone.id, listedByUserId: someone.id })

      const listed = await get('/api/users/listed-books', reader.token)
      expect(listed.statusCode).toBe(200)
      const listedBooks = BookListSchema.parse(listed.json())
      expect(listedBooks.map((b) => b._id)).toEqual([listedOwn.id, listedOnly.id])
      expect(listedBooks[0]!.listed_by_username).toBe(reader.username)

      const created = await get('/api/users/created-books', reader.token)
      const createdBooks = BookListSchema.parse(created.json())
      expect(createdBooks.map((b) => b._id)).toEqual([createdAsPublisher.id, createdAsAuthor.id])
      expect(createdBooks[1]!.author_username).toBe(reader.username)
      expect(createdBooks[0]!.publisher_username).toBe(reader.username)

      // The same lists are public by id.
      expect(ids((await get(`/api/users/listed-books/${reader.id}`)).json())).toEqual([listedOwn.id, listedOnly.id])
      expect(ids((await get(`/api/users/created-books/${reader.id}`, someone.token)).json())).toEqual([createdAsPublisher.id, createdAsAuthor.id])
    })

    it('answers empty lists for a reader with no books, and 404 for an unknown reader', async () => {
      const reader = await insertUser(ctx.db)
      for (const path of ['listed-books', 'created-books']) {
        expect(ids((await get(`/api/users/${path}`, reader.token)).json())).toEqual([])
        expect(ids((await get(`/api/users/${path}/${reader.id}`)).json())).toEqual([])
        const unknown = await get(`/api/users/${path}/${uuidv7()}`)
        expect(unknown.statusCode).toBe(404)
        expect(unknown.json()).toEqual({ message: MESSAGES.userNotFound, code: 'not_found' })
        const malformed = await get(`/api/users/${path}/x`)
        expect(malformed.statusCode).toBe(400)
        expect(malformed.json().message).toBe('Id must be a valid id')
      }
    })
  })

  describe('paging', () => {
    it('pages the wishlist with limit + cursor: X-Total-Count, Link rel=next, every book once, in order', async () => {
      const reader = await insertUser(ctx.db)
      const books = []
      for (let i = 0; i < 7; i++) books.push(await insertBook(ctx.db))
      // Three share one moment, so the book id has to break the tie.
      const same = ago(2 * DAY)
      for (const [i, b] of books.entries()) await insertWish(ctx.db, reader.id, b.id, i < 3 ? same : ago((10 + i) * DAY))

      const whole = await get('/api/users/wishlist', reader.token)
      expect(whole.headers['x-total-count']).toBe('7')
      expect(whole.headers.link).toBeUndefined()
      const all = ids(whole.json())
      expect(all).toHaveLength(7)
      expect(all.slice(0, 3)).toEqual([books[2]!.id, books[1]!.id, books[0]!.id])

      const first = await get('/api/users/wishlist?limit=3', reader.token)
      expect(ids(first.json())).toEqual(all.slice(0, 3))
      expect(first.headers['x-total-count']).toBe('7')
      expect(first.headers.link).toMatch(/^<\/api\/users\/wishlist\?limit=3&cursor=[A-Za-z0-9_-]+>; rel="next"$/)

      const walked = await walk('/api/users/wishlist?limit=3', reader.token)
      expect(walked.seen).toEqual(all)
      expect(walked.pages).toBe(3)
      expect(walked.totals).toEqual(['7', '7', '7'])
    })

    it.each([
      ['recently-read', 'reads'],
      ['listed-books', 'listed'],
      ['created-books', 'created'],
    ] as const)('pages %s, own and by id, completely', async (path, kind) => {
      const reader = await insertUser(ctx.db)
      for (let i = 0; i < 5; i++) {
        const at = ago((i % 2 ? 1 : 3) * DAY)
        if (kind === 'reads') await insertRead(ctx.db, reader.id, (await insertBook(ctx.db)).id, at)
        else if (kind === 'listed') await insertBook(ctx.db, { listedByUserId: reader.id, createdAt: at })
        else await insertBook(ctx.db, { createdByUserId: reader.id, createdAt: at })
      }
      const all = ids((await get(`/api/users/${path}`, reader.token)).json())
      expect(all).toHaveLength(5)
      const own = await walk(`/api/users/${path}?limit=2`, reader.token)
      expect(own.seen).toEqual(all)
      expect(own.totals).toEqual(['5', '5', '5'])
      const byId = await walk(`/api/users/${path}/${reader.id}?limit=2`)
      expect(byId.seen).toEqual(all)
    })

    it('answers 400 naming the field for a bad limit or a cursor it never gave out', async () => {
      const reader = await insertUser(ctx.db)
      const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url')
      for (const [query, message] of [
        ['limit=0', 'Limit must be at least 1'],
        [`limit=${LIMITS.pageSizeMax + 1}`, `Limit must be at most ${LIMITS.pageSizeMax}`],
        ['limit=abc', 'Limit must be a number'],
        ['limit=2&cursor=garbage', 'Cursor is not one this list gave out'],
        [`limit=2&cursor=${forged}`, 'Cursor is not one this list gave out'],
      ]) {
        for (const url of [`/api/users/wishlist?${query}`, `/api/users/created-books/${reader.id}?${query}`]) {
          const res = await get(url, reader.token)
          expect(res.statusCode, url).toBe(400)
          expect(res.json().message, url).toBe(message)
        }
      }
    })
  })

  describe('GET /api/users/followed-users-books', () => {
    it('groups the last 30 days of reviews and reads by followed people per book, most activity first, then newest', async () => {
      const viewer = await insertUser(ctx.db)
      const f1 = await insertUser(ctx.db, { profileImage: '/uploads/f1.webp' })
      const f2 = await insertUser(ctx.db)
      const stranger = await insertUser(ctx.db)
      await insertFollow(ctx.db, viewer.id, f1.id)
      await insertFollow(ctx.db, viewer.id, f2.id)
      // Someone following the viewer does not make their activity count.
      await insertFollow(ctx.db, stranger.id, viewer.id)

      const busy = await insertBook(ctx.db, { title: 'Busy Book', genres: ['Fantasy', 'Adventure'] })
      const fresh = await insertBook(ctx.db, { title: 'Fresh Book' })
      const older = await insertBook(ctx.db, { title: 'Older Book' })
      const strangers = await insertBook(ctx.db)
      const stale = await insertBook(ctx.db)
      const own = await insertBook(ctx.db)

      await insertReview(ctx.db, { bookId: busy.id, userId: f1.id, rating: 5, createdAt: ago(2 * DAY) })
      await insertRead(ctx.db, f2.id, busy.id, ago(1 * DAY))
      await insertReview(ctx.db, { bookId: busy.id, userId: f2.id, rating: 3, createdAt: ago(3 * DAY) })
      await insertRead(ctx.db, f1.id, fresh.id, ago(1 * HOUR))
      await insertRead(ctx.db, f2.id, older.id, ago(5 * DAY))
      await insertReview(ctx.db, { bookId: strangers.id, userId: stranger.id, createdAt: ago(1 * HOUR) })
      await insertRead(ctx.db, stranger.id, strangers.id, ago(1 * HOUR))
      await insertReview(ctx.db, { bookId: stale.id, userId: f1.id, createdAt: ago(31 * DAY) })
      await insertRead(ctx.db, f2.id, stale.id, ago(LIMITS.followedWindowDays * DAY + HOUR))
      await insertRead(ctx.db, viewer.id, own.id, ago(1 * HOUR))

      const res = await get('/api/users/followed-users-books', viewer.token)
      expect(res.statusCode).toBe(200)
      const entries = FollowedBookListSchema.parse(res.json())
      expect(entries.map((e) => e.book.title)).toEqual(['Busy Book', 'Fresh Book', 'Older Book'])

      const [first, second] = entries
      expect(first!.book).toMatchObject({ _id: busy.id, genre: ['Adventure', 'Fantasy'], totalReviews: 2, averageRating: 4 })
      expect(first).toMatchObject({ reviewCount: 2, readCount: 1 })
      expect(first!.recentActivity).toEqual([
        { type: 'read', user: { _id: f2.id, username: f2.username, profileImage: '' }, createdAt: expect.any(String) },
        { type: 'review', user: { _id: f1.id, username: f1.username, profileImage: '/uploads/f1.webp' }, createdAt: expect.any(String), rating: 5 },
        { type: 'review', user: { _id: f2.id, username: f2.username, profileImage: '' }, createdAt: expect.any(String), rating: 3 },
      ])
      const times = first!.recentActivity.map((a) => Date.parse(a.createdAt))
      expect(times).toEqual([...times].sort((x, y) => y - x))
      expect(second).toMatchObject({ reviewCount: 0, readCount: 1 })
      expect(second!.recentActivity).toEqual([
        { type: 'read', user: { _id: f1.id, username: f1.username, profileImage: '/uploads/f1.webp' }, createdAt: expect.any(String) },
      ])
    })

    it(`answers at most ${LIMITS.followedBooks} books, keeping the most active and then the newest`, async () => {
      const viewer = await insertUser(ctx.db)
      const friend = await insertUser(ctx.db)
      const pal = await insertUser(ctx.db)
      await insertFollow(ctx.db, viewer.id, friend.id)
      await insertFollow(ctx.db, viewer.id, pal.id)
      const books = []
      for (let i = 0; i < LIMITS.followedBooks + 3; i++) {
        const book = await insertBook(ctx.db)
        await insertRead(ctx.db, friend.id, book.id, ago((i + 1) * DAY))
        books.push(book)
      }
      // The oldest book gets a second piece of activity, which lifts it to the top.
      const lifted = books.at(-1)!
      await insertReview(ctx.db, { bookId: lifted.id, userId: pal.id, createdAt: ago(20 * DAY) })

      const entries = FollowedBookListSchema.parse((await get('/api/users/followed-users-books', viewer.token)).json())
      expect(entries).toHaveLength(LIMITS.followedBooks)
      expect(entries.map((e) => e.book._id)).toEqual([lifted.id, ...books.slice(0, LIMITS.followedBooks - 1).map((b) => b.id)])
      expect(entries[0]).toMatchObject({ reviewCount: 1, readCount: 1 })
    })

    it(`shows at most ${LIMITS.followedActivity} activity items per book, the newest, while counting them all`, async () => {
      const viewer = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const readers = []
      for (let i = 0; i < LIMITS.followedActivity + 2; i++) {
        const friend = await insertUser(ctx.db)
        await insertFollow(ctx.db, viewer.id, friend.id)
        await insertRead(ctx.db, friend.id, book.id, ago((i + 1) * HOUR))
        readers.push(friend)
      }
      const [entry, ...rest] = FollowedBookListSchema.parse((await get('/api/users/followed-users-books', viewer.token)).json())
      expect(rest).toEqual([])
      expect(entry).toMatchObject({ reviewCount: 0, readCount: LIMITS.followedActivity + 2 })
      expect(entry!.recentActivity.map((a) => a.user._id)).toEqual(readers.slice(0, LIMITS.followedActivity).map((r) => r.id))
    })

    it('answers [] when following nobody, or when the people followed did nothing lately', async () => {
      const loner = await insertUser(ctx.db)
      const busyStranger = await insertUser(ctx.db)
      await insertRead(ctx.db, busyStranger.id, (await insertBook(ctx.db)).id)
      const none = await get('/api/users/followed-users-books', loner.token)
      expect(none.statusCode).toBe(200)
      expect(none.json()).toEqual([])

      const viewer = await insertUser(ctx.db)
      const quiet = await insertUser(ctx.db)
      await insertFollow(ctx.db, viewer.id, quiet.id)
      await insertReview(ctx.db, { userId: quiet.id, createdAt: ago(45 * DAY) })
      expect((await get('/api/users/followed-users-books', viewer.token)).json()).toEqual([])
    })
  })
})

import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { FollowedBookListSchema, type FollowedBookEntry } from '@shelfwise/contracts'
import { createBooksService } from '#/modules/books/books.service.ts'
import { createReviewsService } from '#/modules/reviews/reviews.service.ts'
import { createReadingService } from '#/modules/reading/reading.service.ts'
import { createShelvesService, FEED_TTL_MS } from '#/modules/shelves/shelves.service.ts'
import { createUsersService } from '#/modules/users/users.service.ts'
import type { Actor } from '#/security/actor.ts'
import { readyJsonOf } from '#/ready-json.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertFollow, insertRead, insertUser } from '../../../test/support/factories.ts'

// A busy followed-users feed is kept a moment per instance (shelves.service, decision 0006): the
// people followed show new activity within FEED_TTL_MS; the reader's own follows and unfollows show
// at once on every instance; a quiet feed is always fresh. Two services over one database stand for
// two instances; a threshold of 3 activity items makes a feed busy here.

const actor = (id: string): Actor => ({ id, jti: 'test', exp: 0 })

describeEachDialect('kept followed-users feeds', (ctx) => {
  let clock = Date.now()
  beforeEach(() => {
    // Only the clock is faked (the database drivers keep their real timers); it moves when told.
    clock = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: clock })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const instance = (feedKeepFromItems = 3) => {
    const users = createUsersService({ db: ctx.db })
    const books = createBooksService({ db: ctx.db })
    const reading = createReadingService({ db: ctx.db, books, users })
    return {
      users,
      reviews: createReviewsService({ db: ctx.db, books, reading }),
      shelves: createShelvesService({ db: ctx.db, books, users, reading, feedKeepFromItems }),
    }
  }
  const feed = async (i: ReturnType<typeof instance>, readerId: string): Promise<FollowedBookEntry[]> =>
    FollowedBookListSchema.parse(JSON.parse(readyJsonOf(await i.shelves.followedUsersBooks(actor(readerId))).text))
  const titles = (entries: FollowedBookEntry[]) => entries.map((e) => e.book.title)
  const hoursAgo = (h: number) => new Date(clock - h * 3_600_000).toISOString()

  const busyReader = async () => {
    const reader = await insertUser(ctx.db)
    const friend = await insertUser(ctx.db)
    await insertFollow(ctx.db, reader.id, friend.id)
    for (const [i, title] of ['Alpha', 'Beta', 'Gamma'].entries())
      await insertRead(ctx.db, friend.id, (await insertBook(ctx.db, { title })).id, hoursAgo(i + 1))
    return { reader, friend }
  }

  it('shows the reader’s own follow and unfollow, made on another instance, in the next read', async () => {
    const [a, b] = [instance(), instance()]
    const { reader } = await busyReader()
    expect(titles(await feed(a, reader.id))).toEqual(['Alpha', 'Beta', 'Gamma'])
    const pal = await insertUser(ctx.db)
    await insertRead(ctx.db, pal.id, (await insertBook(ctx.db, { title: 'Delta' })).id, hoursAgo(0.5))
    await b.users.toggleFollow(actor(reader.id), pal.id)
    expect(titles(await feed(a, reader.id))).toEqual(['Delta', 'Alpha', 'Beta', 'Gamma'])
    await b.users.toggleFollow(actor(reader.id), pal.id)
    expect(titles(await feed(a, reader.id))).toEqual(['Alpha', 'Beta', 'Gamma'])
  })

  it('shows the reader’s own review in the book’s counts in the next read, on any instance', async () => {
    const [a, b] = [instance(), instance()]
    const { reader } = await busyReader()
    const [first] = await feed(a, reader.id)
    expect(first!.book).toMatchObject({ title: 'Alpha', totalReviews: 0 })
    await b.reviews.create(actor(reader.id), first!.book._id, { rating: 4, comment: 'Read it on holiday' })
    expect((await feed(a, reader.id))[0]!.book).toMatchObject({ title: 'Alpha', totalReviews: 1, averageRating: 4 })
  })

  it(`shows new activity of the people followed within ${FEED_TTL_MS / 1000} s`, async () => {
    const a = instance()
    const { reader, friend } = await busyReader()
    expect(titles(await feed(a, reader.id))).toEqual(['Alpha', 'Beta', 'Gamma'])
    await insertRead(ctx.db, friend.id, (await insertBook(ctx.db, { title: 'Epsilon' })).id, hoursAgo(0.5))
    // Kept: the same answer a moment later…
    vi.setSystemTime(clock + FEED_TTL_MS - 1)
    expect(titles(await feed(a, reader.id))).toEqual(['Alpha', 'Beta', 'Gamma'])
    // …and the new activity once the moment is over; another instance sees it at once.
    expect(titles(await feed(instance(), reader.id))).toEqual(['Epsilon', 'Alpha', 'Beta', 'Gamma'])
    vi.setSystemTime(clock + FEED_TTL_MS + 1)
    expect(titles(await feed(a, reader.id))).toEqual(['Epsilon', 'Alpha', 'Beta', 'Gamma'])
  })

  it('keeps a quiet feed fresh: new activity shows in the next read', async () => {
    const a = instance(100)
    const { reader, friend } = await busyReader()
    expect(titles(await feed(a, reader.id))).toEqual(['Alpha', 'Beta', 'Gamma'])
    await insertRead(ctx.db, friend.id, (await insertBook(ctx.db, { title: 'Zeta' })).id, hoursAgo(0.5))
    expect(titles(await feed(a, reader.id))).toEqual(['Zeta', 'Alpha', 'Beta', 'Gamma'])
  })

  it('keeps feeds apart: each reader gets their own', async () => {
    const a = instance()
    const one = await busyReader()
    const two = await busyReader()
    const first = await feed(a, one.reader.id)
    const second = await feed(a, two.reader.id)
    expect(first.map((e) => e.book._id)).not.toEqual(second.map((e) => e.book._id))
    expect(first.flatMap((e) => e.recentActivity.map((x) => x.user._id))).toEqual([one.friend.id, one.friend.id, one.friend.id])
    expect(second.flatMap((e) => e.recentActivity.map((x) => x.user._id))).toEqual([two.friend.id, two.friend.id, two.friend.id])
  })
})

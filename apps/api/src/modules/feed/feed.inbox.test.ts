import { expect, it } from 'vitest'
import { FeedListSchema, type FeedItem } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { feedCalls } from '../../../test/support/feed-calls.ts'
import { readAllPages } from '../../../test/support/paging.ts'
import { insertBook, insertFollow, insertReader, insertReview, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { createFeedWorker, LEASE_MS } from '#/modules/feed/feed.worker.ts'
import { claimFeedWork, trimInbox } from '#/modules/feed/feed.inbox.ts'
import { enqueueFeedWork } from '#/feed-outbox.ts'

describeEachDialect('the followed feed kept per reader (decision 0060)', (ctx: TestContext) => {
  const { call, ok, feed, review } = feedCalls(ctx)
  const ids = (items: FeedItem[]) => items.map((i) => i._id)
  const allPages = async (url: string, token: string) => (await readAllPages(ctx, url, FeedListSchema, token)).pages.flat()
  const reader = () => insertReader(ctx)
  const worker = () => createFeedWorker({ db: ctx.db })
  const built = async (userId: string) =>
    (await ctx.db.selectFrom('feedOwners').select('ownerId').where('ownerId', '=', userId).executeTakeFirst()) !== undefined
  const inboxOf = async (userId: string) => (await ctx.db.selectFrom('feedItems').select('itemId').where('ownerId', '=', userId).execute()).map((r) => r.itemId)
  const outbox = async () => ctx.db.selectFrom('feedOutbox').select(['kind', 'subjectId', 'itemId']).execute()
  /** A reader following `actor`, with an inbox built. */
  const builtFollower = async (actorId: string) => {
    const me = await reader()
    await ok('PUT', `/api/users/follow/${actorId}`, me.token)
    await worker().drain()
    expect(await built(me.id)).toBe(true)
    return me
  }

  it('reads from the sources until the inbox is built (a read writes nothing), and builds it in the background', async () => {
    const [me, ann] = [await reader(), await reader()]
    const book = await insertBook(ctx.db)
    await insertFollow(ctx.db, me.id, ann.id)
    const r = await review(book.id, ann.token)
    expect(await built(me.id)).toBe(false)
    expect(ids((await feed(me.token)).items)).toEqual([`review:${r._id}`])
    expect((await outbox()).some((w) => w.kind === 'build')).toBe(false)
    // As the migration queues it for every reader who followed someone before the inbox existed.
    await enqueueFeedWork(ctx.db, 'build', me.id, me.id)
    await worker().drain()
    expect(await built(me.id)).toBe(true)
    expect(await inboxOf(me.id)).toEqual([r._id])
    expect(ids((await feed(me.token)).items)).toEqual([`review:${r._id}`])
    expect(await outbox()).toEqual([])
  })

  it('an activity reaches every follower’s inbox once the worker has run, and only then', async () => {
    const ann = await reader()
    const book = await insertBook(ctx.db)
    const [me, you] = [await builtFollower(ann.id), await builtFollower(ann.id)]
    await ok('PUT', `/api/books/${book.id}/reading`, ann.token, { status: 'read' })
    const queued = await outbox()
    expect(queued.map((w) => [w.kind, w.subjectId])).toEqual([['read', ann.id]])
    expect((await feed(me.token)).items).toEqual([])
    await worker().drain()
    for (const who of [me, you]) {
      const { items, total } = await feed(who.token)
      expect(items.map((i) => [i.type, i.actor._id, i.book?._id])).toEqual([['finished', ann.id, book.id]])
      expect(total).toBe('1')
    }
    expect(await outbox()).toEqual([])
  })

  it('a worker that stops between the commit and the fan-out leaves its row, taken up again when its lease ends', async () => {
    const ann = await reader()
    const book = await insertBook(ctx.db)
    const me = await builtFollower(ann.id)
    const r = await review(book.id, ann.token)
    // An instance claims the row and dies before doing it.
    const claimed = await claimFeedWork(ctx.db, new Date().toISOString(), new Date(Date.now() + LEASE_MS).toISOString(), 10)
    expect(claimed.map((w) => w.kind)).toEqual(['review'])
    // Another instance started now leaves it while the lease runs...
    expect(await worker().runOnce()).toBe(0)
    expect((await feed(me.token)).items).toEqual([])
    // ...and takes it once the lease is over.
    await createFeedWorker({ db: ctx.db, now: () => Date.now() + LEASE_MS + 1_000 }).drain()
    expect(ids((await feed(me.token)).items)).toEqual([`review:${r._id}`])
    expect(await outbox()).toEqual([])
  })

  it('unfollow, block, privacy, mute and deletion take effect on the next read, before any worker runs', async () => {
    const [ann, bob, cat, dan] = [await reader(), await reader(), await reader(), await reader()]
    const [b1, b2, b3, b4] = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)]
    const me = await reader()
    for (const u of [ann, bob, cat, dan]) await ok('PUT', `/api/users/follow/${u.id}`, me.token)
    const ra = await review(b1.id, ann.token)
    const rb = await review(b2.id, bob.token)
    await ok('PUT', `/api/books/${b3.id}/reading`, cat.token, { status: 'read' })
    const rd = await review(b4.id, dan.token)
    const rd2 = await review(b1.id, dan.token)
    await worker().drain()
    expect(await built(me.id)).toBe(true)
    expect((await feed(me.token)).items).toHaveLength(5)
    expect((await inboxOf(me.id)).length).toBe(5)

    await ok('PUT', `/api/users/follow/${ann.id}`, me.token)
    expect(ids((await feed(me.token)).items)).not.toContain(`review:${ra._id}`)
    await ok('PUT', `/api/users/${bob.id}/block`, me.token)
    expect(ids((await feed(me.token)).items)).not.toContain(`review:${rb._id}`)
    await ok('PUT', `/api/books/${b3.id}/reading`, cat.token, { visibility: 'private' })
    expect((await feed(me.token)).items.map((i) => i.type)).not.toContain('finished')
    await ok('PUT', `/api/books/${b4.id}/mute`, me.token)
    expect(ids((await feed(me.token)).items)).toEqual([`review:${rd2._id}`])
    await ok('DELETE', `/api/reviews/${rd2._id}`, dan.token)
    expect((await feed(me.token)).items).toEqual([])
    // Nothing of it waited for the worker.
    expect((await inboxOf(me.id)).length).toBe(5)
    void rd
  })

  it('a new follow backfills the followed reader’s recent activity into a built inbox', async () => {
    const [ann, bob] = [await reader(), await reader()]
    const [b1, b2] = [await insertBook(ctx.db), await insertBook(ctx.db)]
    const me = await builtFollower(ann.id)
    const older = await review(b1.id, bob.token)
    await ok('PUT', `/api/books/${b2.id}/reading`, bob.token, { status: 'reading' })
    await worker().drain()
    expect(await inboxOf(me.id)).toEqual([])
    await ok('PUT', `/api/users/follow/${bob.id}`, me.token)
    await worker().drain()
    expect((await inboxOf(me.id)).length).toBe(2)
    expect((await feed(me.token)).items.map((i) => i.type)).toEqual(['started', 'review'])
    expect(ids((await feed(me.token)).items)).toContain(`review:${older._id}`)
  })

  it('pages the inbox in the read-time feed’s order; a cursor from before the build goes on after it; past a trimmed inbox the sources answer', async () => {
    const [ann, bob] = [await reader(), await reader()]
    const me = await reader()
    await insertFollow(ctx.db, me.id, ann.id)
    await insertFollow(ctx.db, me.id, bob.id)
    // 30 reviews, some at the very same moment, so the order's tie-breaks are used.
    for (let i = 0; i < 15; i++) {
      const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString()
      for (const u of [ann, bob]) await insertReview(ctx.db, { userId: u.id, rating: 3, createdAt: at })
    }
    const before = await allPages('/api/me/feed?limit=4', me.token)
    const firstPage = await call('GET', '/api/me/feed?limit=7', me.token)
    const cursor = /cursor=([^&>]+)/.exec(String(firstPage.headers.link))![1]!
    const secondBefore = FeedListSchema.parse((await call('GET', `/api/me/feed?limit=7&cursor=${cursor}`, me.token)).json())
    await enqueueFeedWork(ctx.db, 'build', me.id, me.id)
    await worker().drain()
    expect(await built(me.id)).toBe(true)
    const after = await allPages('/api/me/feed?limit=4', me.token)
    expect(ids(after)).toEqual(ids(before))
    expect(after).toHaveLength(30)
    expect(ids(FeedListSchema.parse((await call('GET', `/api/me/feed?limit=7&cursor=${cursor}`, me.token)).json()))).toEqual(ids(secondBefore))
    // The inbox keeps its newest 10: the pages go on from the sources past them, in the same order.
    await trimInbox(ctx.db, me.id, 10)
    expect((await inboxOf(me.id)).length).toBe(10)
    expect(ids((await allPages('/api/me/feed?limit=4', me.token)) as FeedItem[])).toEqual(ids(before))
  })

  it('a closed account’s inbox rows go, as owner and as actor', async () => {
    const ann = await reader()
    const book = await insertBook(ctx.db)
    const me = await builtFollower(ann.id)
    const you = await builtFollower(me.id)
    await review(book.id, ann.token)
    await review(book.id, me.token)
    await worker().drain()
    expect((await inboxOf(me.id)).length).toBe(1)
    expect((await inboxOf(you.id)).length).toBe(1)
    await ok('DELETE', '/api/users/me', me.token, { password: TEST_PASSWORD })
    const left = await ctx.db.selectFrom('feedItems').select(['ownerId', 'actorId']).execute()
    expect(left.filter((r) => r.ownerId === me.id || r.actorId === me.id)).toEqual([])
    expect((await feed(you.token)).items).toEqual([])
  })
})

import { expect, it } from 'vitest'
import { ErrorBodySchema, FeedListSchema, type FeedItem } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { feedCalls } from '../../../test/support/feed-calls.ts'
import { readAllPages } from '../../../test/support/paging.ts'
import { insertBook, insertFollow, insertReader, insertReview } from '../../../test/support/factories.ts'
import { v7 as uuidv7 } from 'uuid'

const kinds = (items: FeedItem[]) => items.map((i) => i.type)

describeEachDialect('the followed feed', (ctx) => {
  const { call, ok, feed, setStatus, review, comment, discuss, follow } = feedCalls(ctx)

  it('shows every kind of activity of the people followed, newest first, with link targets and no comment or post text', async () => {
    const [me, ann, stranger] = [await insertReader(ctx), await insertReader(ctx), await insertReader(ctx)]
    const [b1, b2, b3] = [await insertBook(ctx.db, { pageCount: 300 }), await insertBook(ctx.db), await insertBook(ctx.db)]
    await follow(ann.id, me.token)
    await setStatus(b1.id, ann.token, 'reading')
    await setStatus(b2.id, ann.token, 'read')
    await ok('PUT', `/api/books/${b2.id}/reading`, ann.token, { rating: 4 })
    await setStatus(b3.id, ann.token, 'reading')
    await setStatus(b3.id, ann.token, 'dnf')
    const r = await review(b1.id, ann.token, 5)
    const strangersReview = await review(b1.id, stranger.token, 2)
    const c = await comment(strangersReview._id, ann.token, 'Secret ||twist|| here')
    const d = await discuss(b1.id, ann.token, { title: 'Chapter three', text: 'The narrator lies.', position: { page: 200 } })
    // Neither the stranger's nor my own activity.
    await review(b2.id, me.token, 3)
    await discuss(b2.id, stranger.token, { title: 'Not followed', text: 'Hi' })

    const { items, total } = await feed(me.token)
    expect(kinds(items)).toEqual(['discussion', 'comment', 'review', 'dnf', 'started', 'finished', 'started'])
    expect(total).toBe('7')
    expect(items.every((i) => i.actor._id === ann.id && i.actor.username === ann.username)).toBe(true)
    const byType = Object.fromEntries(items.map((i) => [i.type, i]))
    expect(byType.discussion).toMatchObject({ discussionId: d._id, title: 'Chapter three', book: { _id: b1.id, title: b1.title } })
    expect(byType.comment).toMatchObject({ commentId: c._id, reviewId: strangersReview._id, book: { _id: b1.id } })
    expect(byType.review).toMatchObject({ reviewId: r._id, rating: 5 })
    expect(byType.finished).toMatchObject({ rating: 4, book: { _id: b2.id } })
    expect(byType.dnf).toMatchObject({ book: { _id: b3.id } })
    // What happened and where, never what was said.
    const body = JSON.stringify(items)
    expect(body).not.toContain('twist')
    expect(body).not.toContain('narrator lies')
    // Newest first.
    const ats = items.map((i) => i.at)
    expect([...ats].sort().reverse()).toEqual(ats)
  })

  it('follows and unfollows: only the people followed now, never the caller’s own', async () => {
    const [me, ann, bob] = [await insertReader(ctx), await insertReader(ctx), await insertReader(ctx)]
    const book = await insertBook(ctx.db)
    await review(book.id, ann.token, 4)
    await review(book.id, bob.token, 2)
    await review(book.id, me.token, 5)
    expect((await feed(me.token)).items).toEqual([])
    expect((await feed(me.token)).total).toBe('0')
    await follow(ann.id, me.token)
    await follow(bob.id, me.token)
    expect(new Set((await feed(me.token)).items.map((i) => i.actor._id))).toEqual(new Set([ann.id, bob.id]))
    await follow(bob.id, me.token) // the toggle unfollows
    expect((await feed(me.token)).items.map((i) => i.actor._id)).toEqual([ann.id])
  })

  it('deleted things vanish: a review (with its comments), a comment, a thread', async () => {
    const [me, ann, bob] = [await insertReader(ctx), await insertReader(ctx), await insertReader(ctx)]
    const book = await insertBook(ctx.db)
    await follow(ann.id, me.token)
    const bobsReview = await review(book.id, bob.token, 3)
    const c1 = await comment(bobsReview._id, ann.token, 'One')
    await comment(bobsReview._id, ann.token, 'Two')
    const own = await review(book.id, ann.token, 4)
    const d = await discuss(book.id, ann.token, { title: 'Gone soon', text: 'Opening' })
    await setStatus(book.id, ann.token, 'reading')
    expect(kinds((await feed(me.token)).items).sort()).toEqual(['comment', 'comment', 'discussion', 'review', 'started'])

    await ok('DELETE', `/api/comments/${c1._id}`, ann.token)
    await ok('DELETE', `/api/posts/${d._id}`, ann.token)
    await ok('DELETE', `/api/reviews/${own._id}`, ann.token)
    expect(kinds((await feed(me.token)).items).sort()).toEqual(['comment', 'started'])
    // Bob deletes his review: Ann's remaining comment on it goes with it.
    await ok('DELETE', `/api/reviews/${bobsReview._id}`, bob.token)
    expect(kinds((await feed(me.token)).items)).toEqual(['started'])
  })

  it('what the moderators hid leaves the feed: a review (and comments on it), a comment, a thread, everything about a hidden book; restored, it comes back', async () => {
    const [me, ann, bob] = [await insertReader(ctx), await insertReader(ctx), await insertReader(ctx)]
    const [book, other] = [await insertBook(ctx.db), await insertBook(ctx.db)]
    await follow(ann.id, me.token)
    const bobsReview = await review(other.id, bob.token, 3)
    const onBobs = await comment(bobsReview._id, ann.token, 'On a review soon hidden')
    const own = await review(other.id, ann.token, 4)
    const lone = await comment(own._id, ann.token, 'A comment soon hidden')
    const thread = await discuss(other.id, ann.token, { title: 'Soon hidden', text: 'Opening' })
    await setStatus(book.id, ann.token, 'reading')
    await review(book.id, ann.token, 5)
    expect(kinds((await feed(me.token)).items).sort()).toEqual(['comment', 'comment', 'discussion', 'review', 'review', 'started'])

    const hide = (targetType: 'review' | 'comment' | 'discussion' | 'book', targetId: string) =>
      ctx.db.insertInto('hiddenItems').values({ targetType, targetId, hiddenByUserId: null, note: 'spam', hiddenAt: new Date().toISOString() }).execute()
    await hide('review', bobsReview._id)
    await hide('comment', lone._id)
    await hide('discussion', thread._id)
    await hide('book', book.id)
    const left = (await feed(me.token)).items
    expect(left.map((i) => [i.type, i.book?._id])).toEqual([['review', other.id]])
    expect(JSON.stringify(left)).not.toContain(onBobs._id)

    await ctx.db.deleteFrom('hiddenItems').where('targetId', 'in', [bobsReview._id, lone._id, thread._id, book.id]).execute()
    expect((await feed(me.token)).items).toHaveLength(6)
  })

  it('pages with limit and cursor through Link, in one total order even when moments tie', async () => {
    const me = await insertReader(ctx)
    const people = [await insertReader(ctx), await insertReader(ctx), await insertReader(ctx)]
    const same = new Date(Date.now() - 3600_000)
    for (const p of people) {
      await insertFollow(ctx.db, me.id, p.id)
      for (let i = 0; i < 3; i++) await insertReview(ctx.db, { userId: p.id, createdAt: i === 0 ? same : new Date(Date.now() - (i + 2) * 3600_000) })
    }
    const { pages, totals } = await readAllPages(ctx, '/api/me/feed?limit=2', FeedListSchema, me.token)
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 2, 1])
    expect(new Set(totals)).toEqual(new Set(['9']))
    const all = pages.flat()
    expect(new Set(all.map((i) => i._id)).size).toBe(9)
    const whole = (await feed(me.token, '?limit=100')).items
    expect(all.map((i) => i._id)).toEqual(whole.map((i) => i._id))
  })

  it('finds the newest activity however far apart it lies in time: hours, days, months and years back, page after page', async () => {
    const me = await insertReader(ctx)
    const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
    await insertFollow(ctx.db, me.id, ann.id)
    await insertFollow(ctx.db, me.id, bob.id)
    const hoursAgo = [1, 30, 5 * 24, 40 * 24, 300 * 24, 700 * 24, 1100 * 24, 3000 * 24]
    const written = []
    for (const [i, h] of hoursAgo.entries())
      written.push(await insertReview(ctx.db, { userId: i % 2 ? bob.id : ann.id, createdAt: new Date(Date.now() - h * 3600_000) }))
    const newestFirst = written.map((r) => `review:${r.id}`)
    for (const limit of [1, 3]) {
      const { pages, totals } = await readAllPages(ctx, `/api/me/feed?limit=${limit}`, FeedListSchema, me.token)
      expect(pages.flat().map((i) => i._id)).toEqual(newestFirst)
      expect(new Set(totals)).toEqual(new Set(['8']))
    }
    expect((await feed(me.token, '?limit=2')).items.map((i) => i._id)).toEqual(newestFirst.slice(0, 2))
  })

  it('a busy feed (more than the counted 200 of one kind) still pages newest first through every item, total capped at 200', async () => {
    const me = await insertReader(ctx)
    const ann = await insertReader(ctx)
    await insertFollow(ctx.db, me.id, ann.id)
    const review = await insertReview(ctx.db, { createdAt: new Date(Date.now() - 2000 * 24 * 3600_000) })
    // 230 comments by Ann, from minutes to years back, written in shuffled order.
    const hours = Array.from({ length: 230 }, (_, i) => (i < 30 ? i * 0.1 : i < 100 ? i * 3 : i * 40) + 0.05)
    const rows = hours.map((h) => {
      const at = new Date(Date.now() - h * 3600_000).toISOString()
      return { id: uuidv7(), reviewId: review.id, threadId: review.id, userId: ann.id, text: 'Hm.', createdAt: at }
    })
    for (const row of [...rows].sort(() => Math.random() - 0.5))
      await ctx.db
        .insertInto('reviewComments')
        .values({ ...row, threadId: row.id })
        .execute()
    const newestFirst = rows.map((r) => `comment:${r.id}`)
    const { pages, totals } = await readAllPages(ctx, '/api/me/feed?limit=40', FeedListSchema, me.token)
    expect(pages.flat().map((i) => i._id)).toEqual(newestFirst)
    expect(new Set(totals)).toEqual(new Set(['200']))
  })

  it('asks for a token, and names a bad cursor or limit', async () => {
    expect((await call('GET', '/api/me/feed')).statusCode).toBe(401)
    const me = await insertReader(ctx)
    for (const query of [
      '?cursor=nonsense',
      `?cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'poke', '01900000-0000-7000-8000-000000000000'])).toString('base64url')}`,
      '?limit=0',
      '?limit=1000',
    ]) {
      const res = await call('GET', `/api/me/feed${query}`, me.token)
      expect(res.statusCode, query).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).message).toMatch(/cursor|limit/i)
    }
  })
})

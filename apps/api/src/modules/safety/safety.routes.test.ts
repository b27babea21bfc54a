import { expect, it } from 'vitest'
import {
  BlockedPersonListSchema,
  CommentListSchema,
  DiscussionListSchema,
  FeedItemSchema,
  MESSAGES,
  ModerationReportListSchema,
  NotificationListSchema,
  PostListSchema,
  ReportListSchema,
  ReviewListSchema,
  SAFETY_LIMITS,
  SAFETY_MESSAGES,
} from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertFollow, insertReview, insertUser } from '../../../test/support/factories.ts'
import { holdsWord, isBlockedBetween } from '#/modules/safety/safety.service.ts'

const ABSENT_ID = '01900000-0000-7000-8000-000000000000'
const DAY = 24 * 60 * 60 * 1000
const old = () => new Date(Date.now() - 30 * DAY)

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE'
const call = (ctx: TestContext, method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })

const reader = (ctx: TestContext) => insertUser(ctx.db, { createdAt: old() })

describeEachDialect('safety: blocks', (ctx) => {
  it('blocks a reader: follows end both ways, neither can follow, like, comment on or reply to the other, nor see the other’s pages', async () => {
    const [ana, bob] = await Promise.all([reader(ctx), reader(ctx)])
    await insertFollow(ctx.db, ana.id, bob.id)
    await insertFollow(ctx.db, bob.id, ana.id)
    const book = await insertBook(ctx.db)
    const anasReview = await insertReview(ctx.db, { userId: ana.id, bookId: book.id, comment: 'Ana on the book' })
    const bobsComment = (await call(ctx, 'POST', `/api/reviews/${anasReview.id}/comments`, bob.token, { text: 'Bob was here' })).json()._id as string

    const blocked = await call(ctx, 'PUT', `/api/users/${bob.id}/block`, ana.token)
    expect(blocked.statusCode, blocked.body).toBe(200)
    expect(blocked.json()).toEqual({ blocked: true, muted: false })
    // Again is fine.
    expect((await call(ctx, 'PUT', `/api/users/${bob.id}/block`, ana.token)).statusCode).toBe(200)
    expect(await isBlockedBetween(ctx.db, bob.id, ana.id)).toBe(true)
    expect(await ctx.db.selectFrom('follows').selectAll().where('followerId', 'in', [ana.id, bob.id]).execute()).toEqual([])

    // Bob cannot reach Ana.
    expect((await call(ctx, 'PUT', `/api/users/follow/${ana.id}`, bob.token)).json().message).toBe(MESSAGES.userNotFound)
    expect((await call(ctx, 'PUT', `/api/reviews/${anasReview.id}/like`, bob.token)).statusCode).toBe(404)
    expect((await call(ctx, 'POST', `/api/reviews/${anasReview.id}/comments`, bob.token, { text: 'Again' })).statusCode).toBe(404)
    // Nor Ana Bob: his comment is out of her thread, and she cannot like it or answer it.
    expect((await call(ctx, 'PUT', `/api/comments/${bobsComment}/like`, ana.token)).statusCode).toBe(404)
    expect((await call(ctx, 'POST', `/api/reviews/${anasReview.id}/comments`, ana.token, { text: 'No', parentId: bobsComment })).statusCode).toBe(400)
    const hers = CommentListSchema.parse((await call(ctx, 'GET', `/api/reviews/${anasReview.id}/comments`, ana.token)).json())
    expect(hers).toEqual([])
    // Others still see it.
    const carl = await reader(ctx)
    expect(CommentListSchema.parse((await call(ctx, 'GET', `/api/reviews/${anasReview.id}/comments`, carl.token)).json())).toHaveLength(1)

    // Their pages: 404 to each other, by id and by username; the reading too.
    for (const [who, other] of [
      [bob, ana],
      [ana, bob],
    ] as const) {
      expect((await call(ctx, 'GET', `/api/users/profile/${other.id}`, who.token)).statusCode).toBe(404)
      expect((await call(ctx, 'GET', `/api/users/profile/${other.username}`, who.token)).statusCode).toBe(404)
      expect((await call(ctx, 'GET', `/api/users/${other.id}/library`, who.token)).statusCode).toBe(404)
      expect((await call(ctx, 'GET', `/api/users/reviews/${other.id}`, who.token)).statusCode).toBe(404)
      expect((await call(ctx, 'GET', `/api/users/profile/${other.id}`, carl.token)).statusCode).toBe(200)
    }
    // Bob's review of the book is out of Ana's list of its reviews.
    await insertReview(ctx.db, { userId: bob.id, bookId: book.id, comment: 'Bob on the book' })
    const listed = ReviewListSchema.parse((await call(ctx, 'GET', `/api/reviews/book/${book.id}`, ana.token)).json())
    expect(listed.map((r) => r.comment)).toEqual(['Ana on the book'])

    // A mention across the block is plain text.
    const mention = (await call(ctx, 'POST', `/api/reviews/${anasReview.id}/comments`, carl.token, { text: `hi @${bob.username} and @${ana.username}` })).json()
    expect(mention.mentions.map((m: { _id: string }) => m._id)).toEqual([bob.id, ana.id])
    const bobsMention = (
      await call(ctx, 'POST', `/api/reviews/${(await insertReview(ctx.db, { userId: carl.id })).id}/comments`, bob.token, { text: `look @${ana.username}` })
    ).json()
    expect(bobsMention.mentions).toEqual([])

    // Each still reads where they stand with the other (how the blocker finds Unblock).
    expect((await call(ctx, 'GET', `/api/users/${bob.id}/safety`, ana.token)).json()).toEqual({ blocked: true, muted: false })
    expect((await call(ctx, 'GET', `/api/users/${ana.id}/safety`, bob.token)).json()).toEqual({ blocked: false, muted: false })
    // The list of blocks; lifting the block lets Bob follow again (the old follows stay ended).
    const list = await call(ctx, 'GET', '/api/me/blocks', ana.token)
    expect(BlockedPersonListSchema.parse(list.json()).map((p) => p._id)).toEqual([bob.id])
    expect(list.headers['x-total-count']).toBe('1')
    expect((await call(ctx, 'DELETE', `/api/users/${bob.id}/block`, ana.token)).json()).toEqual({ blocked: false, muted: false })
    expect((await call(ctx, 'PUT', `/api/users/follow/${ana.id}`, bob.token)).json().isFollowing).toBe(true)
  })

  it('keeps a blocked reader’s likes, comments and follows from notifying, either way round', async () => {
    const [ana, bob] = await Promise.all([reader(ctx), reader(ctx)])
    const review = await insertReview(ctx.db, { userId: ana.id })
    const notified = async (who: { token: string }) => NotificationListSchema.parse((await call(ctx, 'GET', '/api/me/notifications', who.token)).json())
    // Before the block, Bob's like reaches Ana.
    expect((await call(ctx, 'PUT', `/api/reviews/${review.id}/like`, bob.token)).statusCode).toBe(200)
    expect((await notified(ana)).map((n) => n.type)).toEqual(['review_like'])
    await call(ctx, 'POST', '/api/me/notifications/read', ana.token, {})
    // Bob blocks Ana: her follow of him is refused and tells him nothing; an old like of his, undone and made again, is refused too.
    expect((await call(ctx, 'PUT', `/api/users/${ana.id}/block`, bob.token)).statusCode).toBe(200)
    expect((await call(ctx, 'PUT', `/api/users/follow/${bob.id}`, ana.token)).statusCode).toBe(404)
    expect((await call(ctx, 'PUT', `/api/reviews/${review.id}/like`, bob.token)).statusCode).toBe(404)
    expect(await notified(bob)).toEqual([])
    expect((await notified(ana)).filter((n) => n.readAt === null)).toEqual([])
    // In Carl's discussion they both joined, Ana's post tells Carl, not Bob.
    const carl = await reader(ctx)
    const thread = (await call(ctx, 'POST', `/api/books/${review.bookId}/discussions`, carl.token, { title: 'Chapter one', text: 'Thoughts?' })).json()
      ._id as string
    expect((await call(ctx, 'POST', `/api/discussions/${thread}/posts`, bob.token, { text: 'Loved it' })).statusCode).toBe(201)
    await call(ctx, 'POST', '/api/me/notifications/read', carl.token, {})
    expect((await call(ctx, 'POST', `/api/discussions/${thread}/posts`, ana.token, { text: 'Me too' })).statusCode).toBe(201)
    expect((await notified(carl)).filter((n) => n.readAt === null).map((n) => n.type)).toEqual(['discussion_reply'])
    expect(await notified(bob)).toEqual([])
  })

  it('answers 400 for oneself, 404 for an absent reader, 401 without a token', async () => {
    const ana = await reader(ctx)
    expect((await call(ctx, 'PUT', `/api/users/${ana.id}/block`, ana.token)).json().message).toBe(SAFETY_MESSAGES.blockSelf)
    expect((await call(ctx, 'PUT', `/api/users/${ana.id}/mute`, ana.token)).json().message).toBe(SAFETY_MESSAGES.muteSelf)
    expect((await call(ctx, 'PUT', `/api/users/${ABSENT_ID}/block`, ana.token)).statusCode).toBe(404)
    expect((await call(ctx, 'PUT', `/api/users/not-an-id/block`, ana.token)).statusCode).toBe(400)
    expect((await call(ctx, 'PUT', `/api/users/${ana.id}/block`)).statusCode).toBe(401)
  })

  it('keeps a thread starter who blocked you from your replies', async () => {
    const [ana, bob] = await Promise.all([reader(ctx), reader(ctx)])
    const book = await insertBook(ctx.db)
    const thread = (await call(ctx, 'POST', `/api/books/${book.id}/discussions`, ana.token, { title: 'Ana asks', text: 'Well?' })).json()._id as string
    await call(ctx, 'PUT', `/api/users/${bob.id}/block`, ana.token)
    expect((await call(ctx, 'POST', `/api/discussions/${thread}/posts`, bob.token, { text: 'Hi' })).statusCode).toBe(404)
    expect((await call(ctx, 'GET', `/api/discussions/${thread}`, bob.token)).statusCode).toBe(404)
    expect(DiscussionListSchema.parse((await call(ctx, 'GET', `/api/books/${book.id}/discussions`, bob.token)).json())).toEqual([])
  })
})

describeEachDialect('safety: mutes', (ctx) => {
  it('keeps a muted reader, book or word out of the feed and discussions, without the muted reader knowing', async () => {
    const [ana, bob, carl] = await Promise.all([reader(ctx), reader(ctx), reader(ctx)])
    await insertFollow(ctx.db, ana.id, bob.id)
    await insertFollow(ctx.db, ana.id, carl.id)
    const [b1, b2] = await Promise.all([insertBook(ctx.db), insertBook(ctx.db)])
    await call(ctx, 'POST', `/api/books/${b1.id}/discussions`, bob.token, { title: 'Bob’s thread', text: 'by bob' })
    await call(ctx, 'POST', `/api/books/${b1.id}/discussions`, carl.token, { title: 'Carl talks Dragons', text: 'by carl' })
    await call(ctx, 'POST', `/api/books/${b2.id}/discussions`, carl.token, { title: 'Carl again', text: 'plain' })
    const feedTitles = async () =>
      FeedItemSchema.array()
        .parse((await call(ctx, 'GET', '/api/me/feed', ana.token)).json())
        .map((i) => ('title' in i ? i.title : i.type))
        .sort()
    expect(await feedTitles()).toEqual(['Bob’s thread', 'Carl again', 'Carl talks Dragons'])

    expect((await call(ctx, 'PUT', `/api/users/${bob.id}/mute`, ana.token)).json()).toEqual({ blocked: false, muted: true })
    expect(await feedTitles()).toEqual(['Carl again', 'Carl talks Dragons'])
    const words = await call(ctx, 'PUT', '/api/me/muted-words', ana.token, { words: ['  DRAGONS ', 'dragons', 'spoilers ahead'] })
    expect(words.json()).toEqual({ words: ['dragons', 'spoilers ahead'] })
    expect(await feedTitles()).toEqual(['Carl again'])
    expect((await call(ctx, 'PUT', `/api/books/${b2.id}/mute`, ana.token)).json()).toEqual({ muted: true })
    expect(await feedTitles()).toEqual([])
    // The book's discussions leave out the muted reader's thread and the muted word's.
    expect(DiscussionListSchema.parse((await call(ctx, 'GET', `/api/books/${b1.id}/discussions`, ana.token)).json())).toEqual([])
    // Bob sees his own thread and nothing tells him.
    expect(DiscussionListSchema.parse((await call(ctx, 'GET', `/api/books/${b1.id}/discussions`, bob.token)).json())).toHaveLength(2)
    expect((await call(ctx, 'GET', `/api/users/profile/${ana.id}`, bob.token)).statusCode).toBe(200)
    expect((await call(ctx, 'GET', '/api/me/mutes', ana.token)).json()).toMatchObject({ readers: [{ _id: bob.id }], books: [{ _id: b2.id }] })
    expect((await call(ctx, 'GET', '/api/me/muted-words', ana.token)).json()).toEqual({ words: ['dragons', 'spoilers ahead'] })
    expect((await call(ctx, 'DELETE', `/api/users/${bob.id}/mute`, ana.token)).json()).toEqual({ blocked: false, muted: false })
  })

  it('names what is wrong with a muted-words list', async () => {
    const ana = await reader(ctx)
    const tooMany = await call(ctx, 'PUT', '/api/me/muted-words', ana.token, { words: Array.from({ length: 101 }, (_, i) => `w${i}`) })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toMatch(/at most 100 words/)
    expect((await call(ctx, 'PUT', '/api/me/muted-words', ana.token, { words: 'dragons' })).statusCode).toBe(400)
    expect((await call(ctx, 'PUT', '/api/me/muted-words', ana.token, { words: ['x'.repeat(SAFETY_LIMITS.mutedWordMax + 1)] })).statusCode).toBe(400)
  })

  it('matches a muted word as a whole word, case and accents aside', () => {
    expect(holdsWord('The DRAGON’s lair', ['dragon'])).toBe(true)
    expect(holdsWord('Dragonfly', ['dragon'])).toBe(false)
    expect(holdsWord('Café society', ['cafe'])).toBe(true)
    expect(holdsWord('big spoilers, ahead!', ['spoilers ahead'])).toBe(true)
  })
})

describeEachDialect('safety: reports and moderation', (ctx) => {
  it('reports an item, a moderator hides it with a note, its thread shows it removed, and the reporter reads the outcome', async () => {
    const [ana, bob, mod] = await Promise.all([reader(ctx), reader(ctx), reader(ctx)])
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    const review = await insertReview(ctx.db, { userId: ana.id })
    const comment = (await call(ctx, 'POST', `/api/reviews/${review.id}/comments`, bob.token, { text: 'Buy pills at spam.example' })).json()._id as string

    const made = await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'comment', targetId: comment, reason: 'spam', note: 'an ad' })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ targetType: 'comment', targetId: comment, reason: 'spam', note: 'an ad', status: 'open', outcomeNote: null })
    // The same report again answers the open one.
    const again = await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'comment', targetId: comment, reason: 'spam' })
    expect(again.statusCode).toBe(200)
    expect(again.json()._id).toBe(made.json()._id)

    // Not a moderator: 403; the queue for one holds the item, its writer and its context.
    expect((await call(ctx, 'GET', '/api/moderation/reports?status=open', ana.token)).statusCode).toBe(403)
    const queue = ModerationReportListSchema.parse((await call(ctx, 'GET', '/api/moderation/reports?status=open', mod.token)).json())
    const mine = queue.find((r) => r._id === made.json()._id)!
    expect(mine).toMatchObject({
      reporter: { _id: ana.id },
      reportsOfItem: 1,
      item: { exists: true, hidden: false, writer: { _id: bob.id }, text: 'Buy pills at spam.example' },
    })
    expect(mine.item.context.bookId).toBe(review.bookId)

    const decided = await call(ctx, 'POST', `/api/moderation/reports/${made.json()._id}`, mod.token, { action: 'hide', note: 'Advertising' })
    expect(decided.statusCode, decided.body).toBe(200)
    expect(decided.json()).toMatchObject({ status: 'hidden', outcomeNote: 'Advertising' })
    const thread = CommentListSchema.parse((await call(ctx, 'GET', `/api/reviews/${review.id}/comments`)).json())
    expect(thread).toMatchObject([{ _id: comment, text: null, removedByModerators: true }])
    const outcome = ReportListSchema.parse((await call(ctx, 'GET', '/api/me/reports', ana.token)).json())
    expect(outcome).toMatchObject([{ status: 'hidden', outcomeNote: 'Advertising' }])
    // …and is told so in her notifications, without naming the moderator.
    const told = NotificationListSchema.parse((await call(ctx, 'GET', '/api/me/notifications', ana.token)).json()).filter((n) => n.type === 'report_outcome')
    expect(told).toMatchObject([{ actors: [], target: { type: 'report', id: made.json()._id, title: 'hidden' }, readAt: null }])

    // Restored by another report's decision.
    const carl = await reader(ctx)
    const second = (await call(ctx, 'POST', '/api/reports', carl.token, { targetType: 'comment', targetId: comment, reason: 'other' })).json()._id as string
    await call(ctx, 'POST', `/api/moderation/reports/${second}`, mod.token, { action: 'restore', note: 'Fine after all' })
    expect(CommentListSchema.parse((await call(ctx, 'GET', `/api/reviews/${review.id}/comments`)).json())[0]!.text).toBe('Buy pills at spam.example')
  })

  it('hides reviews, posts and discussions in their threads', async () => {
    const [ana, bob, mod] = await Promise.all([reader(ctx), reader(ctx), reader(ctx)])
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    const book = await insertBook(ctx.db)
    const review = await insertReview(ctx.db, { userId: bob.id, bookId: book.id, comment: 'Rude words' })
    const thread = (await call(ctx, 'POST', `/api/books/${book.id}/discussions`, bob.token, { title: 'Rude title', text: 'Rude opening' })).json()._id as string
    const post = (await call(ctx, 'POST', `/api/discussions/${thread}/posts`, bob.token, { text: 'Rude reply' })).json()._id as string
    for (const [targetType, targetId] of [
      ['review', review.id],
      ['discussion', thread],
      ['post', post],
    ] as const) {
      const id = (await call(ctx, 'POST', '/api/reports', ana.token, { targetType, targetId, reason: 'harassment' })).json()._id as string
      expect((await call(ctx, 'POST', `/api/moderation/reports/${id}`, mod.token, { action: 'hide', note: 'Rude' })).statusCode).toBe(200)
    }
    const reviews = ReviewListSchema.parse((await call(ctx, 'GET', `/api/reviews/book/${book.id}`)).json())
    expect(reviews).toMatchObject([{ _id: review.id, comment: '', removedByModerators: true }])
    const threads = DiscussionListSchema.parse((await call(ctx, 'GET', `/api/books/${book.id}/discussions`)).json())
    expect(threads).toMatchObject([{ title: SAFETY_MESSAGES.removedByModerators, removedByModerators: true }])
    const posts = PostListSchema.parse((await call(ctx, 'GET', `/api/discussions/${thread}/posts`)).json())
    expect(posts.find((p) => p._id === post)).toMatchObject({ text: null, removedByModerators: true })
  })

  it('names what is wrong with a report or a decision', async () => {
    const [ana, mod] = await Promise.all([reader(ctx), reader(ctx)])
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    const own = await insertReview(ctx.db, { userId: ana.id })
    expect((await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'review', targetId: own.id, reason: 'spam' })).json().message).toBe(
      SAFETY_MESSAGES.reportOwn,
    )
    expect((await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'review', targetId: ABSENT_ID, reason: 'spam' })).json().message).toBe(
      MESSAGES.reviewNotFound,
    )
    const badType = await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'shelf', targetId: own.id, reason: 'spam' })
    expect(badType.statusCode).toBe(400)
    expect(badType.json().message).toMatch(/must be one of review, comment, post, discussion, profile, book/)
    expect((await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'profile', targetId: mod.id, reason: 'nope' })).statusCode).toBe(400)
    expect((await call(ctx, 'POST', `/api/moderation/reports/${ABSENT_ID}`, mod.token, { action: 'hide', note: 'x' })).statusCode).toBe(404)
    const id = (await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'profile', targetId: mod.id, reason: 'impersonation' })).json()._id
    expect((await call(ctx, 'POST', `/api/moderation/reports/${id}`, mod.token, { action: 'hide' })).statusCode).toBe(400)
    expect((await call(ctx, 'POST', `/api/moderation/reports/${id}`, mod.token, { action: 'ban', note: 'x' })).statusCode).toBe(400)
    expect((await call(ctx, 'POST', `/api/moderation/reports/${id}`, ana.token, { action: 'dismiss', note: 'x' })).statusCode).toBe(403)
  })

  it('flags a reader many others blocked to the moderators', async () => {
    const [target, mod] = await Promise.all([reader(ctx), reader(ctx)])
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    for (let i = 0; i < SAFETY_LIMITS.flaggedAfterBlocks; i++) {
      const r = await reader(ctx)
      expect((await call(ctx, 'PUT', `/api/users/${target.id}/block`, r.token)).statusCode).toBe(200)
    }
    const flagged = (await call(ctx, 'GET', '/api/moderation/flagged', mod.token)).json()
    expect(flagged.find((f: { _id: string }) => f._id === target.id)).toMatchObject({ blockedBy: SAFETY_LIMITS.flaggedAfterBlocks })
    expect((await call(ctx, 'GET', '/api/moderation/flagged', target.token)).statusCode).toBe(403)
  })
})

describeEachDialect(
  'safety: abuse limits',
  (ctx) => {
    it('limits follows and reports per reader, a new account’s tighter', async () => {
      const veteran = await reader(ctx)
      const fresh = await insertUser(ctx.db)
      const others = await Promise.all(Array.from({ length: 6 }, () => reader(ctx)))
      // A new account: a fifth of 10 follows.
      for (const o of others.slice(0, 2)) expect((await call(ctx, 'PUT', `/api/users/follow/${o.id}`, fresh.token)).statusCode).toBe(200)
      const limited = await call(ctx, 'PUT', `/api/users/follow/${others[2]!.id}`, fresh.token)
      expect(limited.statusCode).toBe(429)
      expect(limited.json().message).toMatch(/^Too many follows in a short time for a new account \(its first day\)\. Please wait/)
      for (const o of others.slice(0, 6)) expect((await call(ctx, 'PUT', `/api/users/follow/${o.id}`, veteran.token)).statusCode).toBe(200)
      // Reports: 5 for an established reader.
      for (const o of others.slice(0, 5))
        expect((await call(ctx, 'POST', '/api/reports', veteran.token, { targetType: 'profile', targetId: o.id, reason: 'spam' })).statusCode).toBe(201)
      const tooMany = await call(ctx, 'POST', '/api/reports', veteran.token, { targetType: 'profile', targetId: others[5]!.id, reason: 'spam' })
      expect(tooMany.statusCode).toBe(429)
      expect(tooMany.json().message).toMatch(/^Too many reports in a short time/)
    })
  },
  { RATE_LIMIT_FOLLOWS_PER_USER: '10', RATE_LIMIT_REPORTS_PER_USER: '5' },
)

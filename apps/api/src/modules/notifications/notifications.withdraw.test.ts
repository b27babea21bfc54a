import { beforeAll, expect, it } from 'vitest'
import type { Notification } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertReaders, insertReview, insertUser } from '../../../test/support/factories.ts'
import { notificationCallsOf } from '../../../test/support/notification-calls.ts'

// Notifications taken back with their cause (decision 0052, "Withdrawn"), and mentions in discussion
// posts told as those in comments are.

type Reader = Awaited<ReturnType<typeof insertUser>>

describeEachDialect('notifications withdrawn with their cause', (ctx) => {
  const api = notificationCallsOf(ctx)
  let ana: Reader, ben: Reader, cy: Reader, dee: Reader
  let bookId: string
  const names = (n: Notification | undefined) => n?.actors.map((a) => a.username)
  const about = async (who: Reader, id: string) => (await api.list(who.token)).filter((n) => n.target.id === id)

  beforeAll(async () => {
    ;[ana, ben, cy, dee] = await insertReaders(ctx.db, ['ana', 'ben', 'cy', 'dee'], (n) => ({ username: `w${n}_${ctx.dialect}`, name: n.toUpperCase() }))
    bookId = (await insertBook(ctx.db, { title: 'Persuasion' })).id
  })

  it('an unlike takes the reader out of the unread group; the last one out takes the group; a read group stays', async () => {
    const reviewId = (await insertReview(ctx.db, { userId: ana.id, rating: 4 })).id
    await api.ok('PUT', `/api/reviews/${reviewId}/like`, ben.token)
    await api.ok('PUT', `/api/reviews/${reviewId}/like`, cy.token)
    expect((await about(ana, reviewId)).map((n) => [n.type, n.count])).toEqual([['review_like', 2]])
    await api.ok('DELETE', `/api/reviews/${reviewId}/like`, ben.token)
    const [left] = await about(ana, reviewId)
    expect([left!.count, names(left)]).toEqual([1, [cy.username]])
    const unreadBefore = (await api.call('GET', '/api/me/notifications/unread-count', ana.token)).json().count as number
    await api.ok('DELETE', `/api/reviews/${reviewId}/like`, cy.token)
    expect(await about(ana, reviewId)).toEqual([])
    expect((await api.call('GET', '/api/me/notifications/unread-count', ana.token)).json().count).toBe(unreadBefore - 1)
    expect(await api.ok('POST', '/api/me/notifications/read', ana.token, {})).toEqual({ marked: unreadBefore - 1 })
    // Read: the reader saw it; taking the like back changes nothing there.
    await api.ok('PUT', `/api/reviews/${reviewId}/like`, dee.token)
    await api.ok('POST', '/api/me/notifications/read', ana.token, {})
    await api.ok('DELETE', `/api/reviews/${reviewId}/like`, dee.token)
    expect((await about(ana, reviewId)).map((n) => [n.count, names(n), n.readAt !== null])).toEqual([[1, [dee.username], true]])
  })

  it('a block takes each reader out of the other’s unread notifications, both ways; read ones and other readers stay', async () => {
    const [owner, liker, other] = await Promise.all([insertUser(ctx.db), insertUser(ctx.db), insertUser(ctx.db)])
    const ownersReview = (await insertReview(ctx.db, { userId: owner.id, rating: 5 })).id
    const likersReview = (await insertReview(ctx.db, { userId: liker.id, rating: 2 })).id
    const readReview = (await insertReview(ctx.db, { userId: owner.id, rating: 3 })).id
    // Already read by the owner before the block: stays as seen.
    await api.ok('PUT', `/api/reviews/${readReview}/like`, liker.token)
    await api.ok('POST', '/api/me/notifications/read', owner.token, {})
    await api.ok('PUT', `/api/reviews/${ownersReview}/like`, liker.token)
    // Newest first: two likes in the same millisecond are ordered by the readers' ids instead (CI met one).
    await new Promise((r) => setTimeout(r, 3))
    await api.ok('PUT', `/api/reviews/${ownersReview}/like`, other.token)
    await api.ok('PUT', `/api/reviews/${likersReview}/like`, owner.token)
    await api.ok('PUT', `/api/users/follow/${owner.id}`, liker.token)
    expect((await about(owner, ownersReview)).map((n) => [n.count, names(n)])).toEqual([[2, [other.username, liker.username]]])

    await api.ok('PUT', `/api/users/${liker.id}/block`, owner.token)
    // The owner no longer sees the blocked reader in the like group, and their follow group (only them) is gone.
    expect((await about(owner, ownersReview)).map((n) => [n.count, names(n)])).toEqual([[1, [other.username]]])
    expect((await api.list(owner.token)).filter((n) => n.type === 'follow')).toEqual([])
    expect((await about(owner, readReview)).map((n) => [n.count, names(n), n.readAt !== null])).toEqual([[1, [liker.username], true]])
    // And the blocked reader no longer sees the owner's like of their review.
    expect(await about(liker, likersReview)).toEqual([])
    const unread = (await api.call('GET', '/api/me/notifications/unread-count', owner.token)).json().count as number
    expect(unread).toBe(1)
  })

  it('an unliked comment and an unfollow are taken back too', async () => {
    const reviewId = (await insertReview(ctx.db, { userId: ana.id, rating: 3 })).id
    const comment = await api.ok('POST', `/api/reviews/${reviewId}/comments`, ben.token, { text: 'Hm' })
    await api.ok('PUT', `/api/comments/${comment._id}/like`, cy.token)
    expect((await about(ben, comment._id)).map((n) => n.type)).toEqual(['comment_like'])
    await api.ok('DELETE', `/api/comments/${comment._id}/like`, cy.token)
    expect(await about(ben, comment._id)).toEqual([])

    const me = await insertUser(ctx.db)
    await api.ok('PUT', `/api/users/follow/${me.id}`, ben.token)
    await api.ok('PUT', `/api/users/follow/${me.id}`, cy.token)
    // The same route again unfollows.
    await api.ok('PUT', `/api/users/follow/${me.id}`, ben.token)
    const [f] = await api.list(me.token)
    expect([f!.type, f!.count, names(f)]).toEqual(['follow', 1, [cy.username]])
    await api.ok('PUT', `/api/users/follow/${me.id}`, cy.token)
    expect(await api.list(me.token)).toEqual([])
  })

  it('a deleted comment takes back its mentions, its replies and its writer from the review’s comments, unless another of theirs stays', async () => {
    const reviewId = (await insertReview(ctx.db, { userId: ana.id, rating: 5 })).id
    const first = await api.ok('POST', `/api/reviews/${reviewId}/comments`, ben.token, { text: `Look @${dee.username}` })
    const second = await api.ok('POST', `/api/reviews/${reviewId}/comments`, ben.token, { text: 'And more' })
    await api.ok('POST', `/api/reviews/${reviewId}/comments`, cy.token, { text: 'Yes' })
    const reply = await api.ok('POST', `/api/reviews/${reviewId}/comments`, cy.token, { text: 'No', parentId: second._id })
    expect((await about(ana, reviewId)).map((n) => [n.type, n.count])).toEqual([['review_comment', 2]])
    expect((await about(dee, first._id)).map((n) => n.type)).toEqual(['mention'])
    expect((await about(ben, reply._id)).map((n) => n.type)).toEqual(['comment_reply'])

    await api.ok('DELETE', `/api/comments/${first._id}`, ben.token)
    expect(await about(dee, first._id)).toEqual([])
    // Ben's second comment still stands: he is still among those who commented.
    expect((await about(ana, reviewId)).map((n) => n.count)).toEqual([2])
    // The second has a reply: it stays as a tombstone, and what it told goes.
    await api.ok('DELETE', `/api/comments/${second._id}`, ben.token)
    const [left] = await about(ana, reviewId)
    expect([left!.count, names(left)]).toEqual([1, [cy.username]])
    await api.ok('DELETE', `/api/comments/${reply._id}`, cy.token)
    expect(await about(ben, reply._id)).toEqual([])
  })

  it('a deleted review takes its likes’ and comments’ notifications with it', async () => {
    const mine = await insertUser(ctx.db)
    const reviewId = (await insertReview(ctx.db, { bookId, userId: mine.id, rating: 2 })).id
    await api.ok('PUT', `/api/reviews/${reviewId}/like`, ben.token)
    const c = await api.ok('POST', `/api/reviews/${reviewId}/comments`, cy.token, { text: `cc @${dee.username}` })
    expect((await api.list(mine.token)).map((n) => n.type).sort()).toEqual(['review_comment', 'review_like'])
    expect((await about(dee, c._id)).map((n) => n.type)).toEqual(['mention'])
    await api.ok('DELETE', `/api/reviews/${reviewId}`, mine.token)
    expect(await api.list(mine.token)).toEqual([])
    expect(await about(dee, c._id)).toEqual([])
  })

  it('a deleted post takes back its reply and its place among the thread’s new posts; a deleted thread takes all', async () => {
    const t = await api.ok('POST', `/api/books/${bookId}/discussions`, ana.token, { title: 'Wentworth', text: 'Thoughts' })
    const p = await api.ok('POST', `/api/discussions/${t._id}/posts`, ben.token, { text: 'The letter!' })
    const r = await api.ok('POST', `/api/discussions/${t._id}/posts`, cy.token, { text: 'Yes', parentId: p._id })
    expect((await about(ben, p._id)).map((n) => n.type)).toEqual(['post_reply'])
    expect((await about(ana, t._id)).map((n) => [n.type, n.count])).toEqual([['discussion_reply', 2]])
    await api.ok('DELETE', `/api/posts/${r._id}`, cy.token)
    expect(await about(ben, p._id)).toEqual([])
    const [left] = await about(ana, t._id)
    expect([left!.count, names(left)]).toEqual([1, [ben.username]])
    // The opening post without other posts left: the thread goes, and so does all it told.
    await api.ok('DELETE', `/api/posts/${p._id}`, ben.token)
    expect(await about(ana, t._id)).toEqual([])
  })
})

describeEachDialect('mentions in discussion posts', (ctx) => {
  const api = notificationCallsOf(ctx)
  let ana: Reader, ben: Reader, cy: Reader, dee: Reader
  let bookId: string

  beforeAll(async () => {
    ;[ana, ben, cy, dee] = await insertReaders(ctx.db, ['ana', 'ben', 'cy', 'dee'], (n) => ({ username: `m${n}_${ctx.dialect}`, name: n.toUpperCase() }))
    bookId = (await insertBook(ctx.db, { title: 'Emma' })).id
  })

  it('tells a reader named in a thread’s opening post and in a post, linking the post; never the writer', async () => {
    const t = await api.ok('POST', `/api/books/${bookId}/discussions`, ana.token, {
      title: 'Harriet',
      text: `What do you think, @${ben.username}? (and @${ana.username})`,
    })
    const [m] = await api.list(ben.token)
    expect(m).toMatchObject({ type: 'mention', count: 1, target: { type: 'post', id: t._id, parentId: t._id, bookId, title: 'Harriet' } })
    expect(m!.actors.map((a) => a.username)).toEqual([ana.username])
    expect(await api.list(ana.token)).toEqual([])
    const p = await api.ok('POST', `/api/discussions/${t._id}/posts`, cy.token, { text: `@${dee.username} you'd like this.` })
    expect((await api.list(dee.token)).map((n) => [n.type, n.target.type, n.target.id, n.target.parentId])).toEqual([['mention', 'post', p._id, t._id]])
  })

  it('tells each reader once: a participant named in a post is told of the mention, not also of the new post', async () => {
    const t = await api.ok('POST', `/api/books/${bookId}/discussions`, ana.token, { title: 'Knightley', text: 'Well?' })
    const p = await api.ok('POST', `/api/discussions/${t._id}/posts`, ben.token, { text: `Agree with @${ana.username}` })
    expect((await api.list(ana.token)).filter((n) => n.target.parentId === t._id || n.target.id === t._id).map((n) => [n.type, n.target.id])).toEqual([
      ['mention', p._id],
    ])
  })

  it('keeps quiet across a block, either way, and for a reader who turned mentions off', async () => {
    const [blocker, blocked, quiet] = await Promise.all([insertUser(ctx.db), insertUser(ctx.db), insertUser(ctx.db)])
    await api.ok('PUT', `/api/users/${cy.id}/block`, blocker.token)
    await api.ok('PUT', `/api/users/${blocked.id}/block`, cy.token)
    await api.ok('PUT', '/api/me/notification-settings', quiet.token, { mention: false })
    const t = await api.ok('POST', `/api/books/${bookId}/discussions`, dee.token, { title: 'Jane', text: 'Fairfax' })
    await api.ok('POST', `/api/discussions/${t._id}/posts`, cy.token, { text: `@${blocker.username} @${blocked.username} @${quiet.username}` })
    for (const r of [blocker, blocked, quiet]) expect(await api.list(r.token)).toEqual([])
  })
})

import { beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertReaders, insertReview, insertUser } from '../../../test/support/factories.ts'
import { notificationCallsOf } from '../../../test/support/notification-calls.ts'

// Notifications taken back with their cause (decision 0052, "Withdrawn"), the cases beyond a plain
// deletion: replies to replies (comments and discussion posts), mentions an edit removes, a comment
// deleted by the review's writer, and comments and posts the moderators hide. Each time the
// recipient's group shrinks or goes and their unread count goes down with it.

type Reader = Awaited<ReturnType<typeof insertUser>>
const old = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)

describeEachDialect('notifications withdrawn: replies to replies, edits, the review’s writer and the moderators', (ctx) => {
  const api = notificationCallsOf(ctx)
  let ana: Reader, ben: Reader, cy: Reader, dee: Reader, mod: Reader
  let bookId: string
  // The unread ones (each case starts with all read), the reporter's own report_outcome aside.
  const shown = async (who: Reader) =>
    (await api.list(who.token)).filter((n) => n.readAt === null && n.type !== 'report_outcome').map((n) => [n.type, n.target.id, n.count])

  beforeAll(async () => {
    ;[ana, ben, cy, dee, mod] = await insertReaders(ctx.db, ['ana', 'ben', 'cy', 'dee', 'mod'], (n) => ({ username: `x${n}_${ctx.dialect}`, createdAt: old() }))
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    bookId = (await insertBook(ctx.db, { title: 'Middlemarch' })).id
  })
  const clear = () => Promise.all([ana, ben, cy, dee].map((r) => api.ok('POST', '/api/me/notifications/read', r.token, {})))
  const hide = async (targetType: 'comment' | 'post', targetId: string) => {
    const report = (await api.ok('POST', '/api/reports', ana.token, { targetType, targetId, reason: 'spam' }))._id as string
    await api.ok('POST', `/api/moderation/reports/${report}`, mod.token, { action: 'hide', note: 'Off topic' })
  }

  it('a deleted reply to a reply takes back its reply; the review’s writer deleting a reply takes back what it told', async () => {
    await clear()
    const reviewId = (await insertReview(ctx.db, { userId: ana.id })).id
    const top = await api.ok('POST', `/api/reviews/${reviewId}/comments`, ben.token, { text: 'Dorothea!' })
    const reply = await api.ok('POST', `/api/reviews/${reviewId}/comments`, cy.token, { text: 'Casaubon…', parentId: top._id })
    const deeper = await api.ok('POST', `/api/reviews/${reviewId}/comments`, dee.token, { text: 'Poor Will', parentId: reply._id })
    expect(await shown(cy)).toEqual([['comment_reply', deeper._id, 1]])
    expect(await shown(ana)).toEqual([['review_comment', reviewId, 3]])
    expect(await api.unread(cy.token)).toBe(1)

    await api.ok('DELETE', `/api/comments/${deeper._id}`, dee.token)
    expect([await shown(cy), await api.unread(cy.token)]).toEqual([[], 0])
    expect(await shown(ana)).toEqual([['review_comment', reviewId, 2]])
    // The review's writer removes cy's reply: ben's "replied to your comment" goes, and cy from ana's group.
    expect(await shown(ben)).toEqual([['comment_reply', reply._id, 1]])
    await api.ok('DELETE', `/api/comments/${reply._id}`, ana.token)
    expect([await shown(ben), await api.unread(ben.token)]).toEqual([[], 0])
    expect(await shown(ana)).toEqual([['review_comment', reviewId, 1]])
  })

  it('an edit that drops a mention takes it back, from a comment and from a post; a name kept stays', async () => {
    await clear()
    const reviewId = (await insertReview(ctx.db, { userId: ana.id })).id
    const c = await api.ok('POST', `/api/reviews/${reviewId}/comments`, ben.token, { text: `@${cy.username} and @${dee.username}, read this` })
    expect(await shown(cy)).toEqual([['mention', c._id, 1]])
    await api.ok('PUT', `/api/comments/${c._id}`, ben.token, { text: `@${dee.username}, read this` })
    expect([await shown(cy), await api.unread(cy.token)]).toEqual([[], 0])
    expect(await shown(dee)).toEqual([['mention', c._id, 1]])

    const t = await api.ok('POST', `/api/books/${bookId}/discussions`, ana.token, { title: 'Lydgate', text: 'Rosamond?' })
    const p = await api.ok('POST', `/api/discussions/${t._id}/posts`, ben.token, { text: `Ask @${cy.username}` })
    expect(await api.unread(cy.token)).toBe(1)
    await api.ok('PUT', `/api/posts/${p._id}`, ben.token, { text: 'Ask anyone' })
    expect([await shown(cy), await api.unread(cy.token)]).toEqual([[], 0])
  })

  it('a deleted post answering a reply takes back the “replied to your post” on that reply', async () => {
    await clear()
    const t = await api.ok('POST', `/api/books/${bookId}/discussions`, ana.token, { title: 'Bulstrode', text: 'Raffles' })
    const p = await api.ok('POST', `/api/discussions/${t._id}/posts`, ben.token, { text: 'The past returns' })
    const r = await api.ok('POST', `/api/discussions/${t._id}/posts`, cy.token, { text: 'It does', parentId: p._id })
    const rr = await api.ok('POST', `/api/discussions/${t._id}/posts`, dee.token, { text: 'Always', parentId: r._id })
    expect((await shown(cy)).filter(([type]) => type === 'post_reply')).toEqual([['post_reply', r._id, 1]])
    const before = await api.unread(cy.token)
    await api.ok('DELETE', `/api/posts/${rr._id}`, dee.token)
    expect((await shown(cy)).filter(([type]) => type === 'post_reply')).toEqual([])
    expect(await api.unread(cy.token)).toBe(before - 1)
    // ben's reply from cy stays: cy's post still answers his.
    expect((await shown(ben)).filter(([type]) => type === 'post_reply')).toEqual([['post_reply', p._id, 1]])
  })

  it('a comment or post the moderators hide takes back its reply, its mentions and its writer’s place', async () => {
    await clear()
    const reviewId = (await insertReview(ctx.db, { userId: ana.id })).id
    const top = await api.ok('POST', `/api/reviews/${reviewId}/comments`, ben.token, { text: 'Fred Vincy' })
    const bad = await api.ok('POST', `/api/reviews/${reviewId}/comments`, cy.token, { text: `Spam @${dee.username}`, parentId: top._id })
    expect(await shown(ben)).toEqual([['comment_reply', bad._id, 1]])
    expect(await shown(dee)).toEqual([['mention', bad._id, 1]])
    expect(await shown(ana)).toEqual([['review_comment', reviewId, 2]])
    await hide('comment', bad._id)
    expect([await shown(ben), await api.unread(ben.token)]).toEqual([[], 0])
    expect([await shown(dee), await api.unread(dee.token)]).toEqual([[], 0])
    expect(await shown(ana)).toEqual([['review_comment', reviewId, 1]])

    await clear()
    const t = await api.ok('POST', `/api/books/${bookId}/discussions`, ana.token, { title: 'Mary Garth', text: 'Best of all' })
    const p = await api.ok('POST', `/api/discussions/${t._id}/posts`, ben.token, { text: 'Agreed' })
    const spam = await api.ok('POST', `/api/discussions/${t._id}/posts`, cy.token, { text: `Spam @${dee.username}`, parentId: p._id })
    expect(await shown(ben)).toEqual([['post_reply', p._id, 1]])
    expect(await shown(ana)).toEqual([['discussion_reply', t._id, 2]])
    await hide('post', spam._id)
    expect([await shown(ben), await shown(dee)]).toEqual([[], []])
    expect(await shown(ana)).toEqual([['discussion_reply', t._id, 1]])
  })
})

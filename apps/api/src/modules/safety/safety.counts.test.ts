import { expect, it } from 'vitest'
import { DiscussionListSchema, DiscussionSchema, ReviewListSchema } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertReview, insertUser } from '../../../test/support/factories.ts'

// Counts readers see leave out what the moderators hid (decision 0058, "Counts"): a review's comment
// count, a thread's post count, a book's count of threads. Restoring counts the item again; deleting
// a hidden item does not take it out twice.

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE'
const call = (ctx: TestContext, method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
const old = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)

describeEachDialect('safety: counts leave hidden items out', (ctx) => {
  const reader = () => insertUser(ctx.db, { createdAt: old() })
  const moderator = async () => {
    const mod = await reader()
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    return mod
  }
  /** Reports an item (or takes a report made before, `reportId`) and has a moderator decide on it; answers the report's id. */
  const decide = async (
    who: { reporter: string; mod: string; reportId?: string },
    targetType: string,
    targetId: string,
    action: 'hide' | 'restore' | 'dismiss',
  ) => {
    let id = who.reportId
    if (!id) {
      const r = await call(ctx, 'POST', '/api/reports', who.reporter, { targetType, targetId, reason: 'other' })
      expect(r.statusCode, r.body).toBeLessThan(300)
      id = r.json()._id as string
    }
    const d = await call(ctx, 'POST', `/api/moderation/reports/${id}`, who.mod, { action, note: action })
    expect(d.statusCode, d.body).toBe(200)
    return id
  }

  it('a review’s comment count leaves a hidden comment out, counts it again when restored, and not twice when it is deleted', async () => {
    const [ana, bob, cy, mod] = await Promise.all([reader(), reader(), reader(), moderator()])
    const review = await insertReview(ctx.db, { userId: ana.id })
    const count = async () => ReviewListSchema.parse((await call(ctx, 'GET', `/api/reviews/book/${review.bookId}`)).json())[0]!.commentCount
    const spam = (await call(ctx, 'POST', `/api/reviews/${review.id}/comments`, bob.token, { text: 'spam' })).json()._id as string
    await call(ctx, 'POST', `/api/reviews/${review.id}/comments`, cy.token, { text: 'fine' })
    expect(await count()).toBe(2)
    await decide({ reporter: ana.token, mod: mod.token }, 'comment', spam, 'hide')
    expect(await count()).toBe(1)
    // Hidden again by another report: still out once.
    await decide({ reporter: cy.token, mod: mod.token }, 'comment', spam, 'hide')
    expect(await count()).toBe(1)
    await decide({ reporter: ana.token, mod: mod.token }, 'comment', spam, 'restore')
    expect(await count()).toBe(2)
    // A dismissal changes nothing; hidden and then deleted by its writer: counted out once only.
    await decide({ reporter: cy.token, mod: mod.token }, 'comment', spam, 'dismiss')
    await decide({ reporter: ana.token, mod: mod.token }, 'comment', spam, 'hide')
    expect((await call(ctx, 'DELETE', `/api/comments/${spam}`, bob.token)).statusCode).toBe(204)
    expect(await count()).toBe(1)
  })

  it('a thread’s post count leaves hidden posts out; a book’s count of threads leaves hidden threads out', async () => {
    const [ana, bob, cy, mod] = await Promise.all([reader(), reader(), reader(), moderator()])
    const book = await insertBook(ctx.db)
    const thread = (await call(ctx, 'POST', `/api/books/${book.id}/discussions`, ana.token, { title: 'Fine', text: 'Hello' })).json()._id as string
    const other = (await call(ctx, 'POST', `/api/books/${book.id}/discussions`, bob.token, { title: 'Rude', text: 'Rude' })).json()._id as string
    const post = (await call(ctx, 'POST', `/api/discussions/${thread}/posts`, bob.token, { text: 'Rude reply' })).json()._id as string
    const reply = (await call(ctx, 'POST', `/api/discussions/${thread}/posts`, cy.token, { text: 'Calm down', parentId: post })).json()._id as string
    const posts = async () => DiscussionSchema.parse((await call(ctx, 'GET', `/api/discussions/${thread}`)).json()).postCount
    const listed = async () =>
      DiscussionListSchema.parse((await call(ctx, 'GET', `/api/books/${book.id}/discussions`)).json()).find((d) => d._id === thread)!.postCount
    const threads = async () => (await call(ctx, 'GET', `/api/books/${book.id}`)).json().discussionCount as number
    expect([await posts(), await listed(), await threads()]).toEqual([3, 3, 2])

    const report = await decide({ reporter: ana.token, mod: mod.token }, 'post', post, 'hide')
    await decide({ reporter: ana.token, mod: mod.token }, 'discussion', other, 'hide')
    expect([await posts(), await listed(), await threads()]).toEqual([2, 2, 1])
    // The hidden post keeps its place (it has a reply); deleted by its writer, it stays a tombstone and counts out once.
    expect((await call(ctx, 'DELETE', `/api/posts/${post}`, bob.token)).statusCode).toBe(204)
    expect(await posts()).toBe(2)
    await decide({ reporter: cy.token, mod: mod.token }, 'discussion', other, 'restore')
    expect(await threads()).toBe(2)
    // A restored post that was deleted meanwhile does not come back into the count.
    await decide({ reporter: cy.token, mod: mod.token, reportId: report }, 'post', post, 'restore')
    expect(await posts()).toBe(2)
    await decide({ reporter: ana.token, mod: mod.token }, 'post', reply, 'hide')
    expect(await posts()).toBe(1)
  })
})

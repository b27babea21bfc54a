import { expect, it } from 'vitest'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertReview, insertUser } from '../../../test/support/factories.ts'

// A hidden profile's picture elsewhere (decision 0058, "Hidden profiles"): once the moderators hide
// a profile, every summary of that reader beside their work carries an empty image (the one
// projection, db/user-summary.ts), for every viewer and the reader too; name and username stay.
// A restore shows the picture again everywhere.

type Method = 'GET' | 'POST' | 'PUT'
const call = (ctx: TestContext, method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
const old = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)
const IMAGE = '/uploads/face.webp'

describeEachDialect('safety: a hidden profile in the lists of others', (ctx) => {
  it('blanks the reader’s image beside their reviews, comments, likes, follows, search and notifications, and restores it', async () => {
    const [ana, mod] = await Promise.all([insertUser(ctx.db, { createdAt: old() }), insertUser(ctx.db, { createdAt: old() })])
    const bob = await insertUser(ctx.db, { createdAt: old(), username: `bobhidden${Date.now() % 100000}`, profileImage: IMAGE })
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    const book = await insertBook(ctx.db)
    await insertReview(ctx.db, { bookId: book.id, userId: bob.id })
    const anasReview = await insertReview(ctx.db, { userId: ana.id })
    expect((await call(ctx, 'PUT', `/api/reviews/${anasReview.id}/like`, bob.token)).statusCode).toBe(200)
    expect((await call(ctx, 'POST', `/api/reviews/${anasReview.id}/comments`, bob.token, { text: 'Lovely review' })).statusCode).toBe(201)
    expect((await call(ctx, 'PUT', `/api/users/follow/${ana.id}`, bob.token)).statusCode).toBe(200)

    // Bob's picture as each list shows him, to ana (and to nobody signed in where the list is open).
    const images = async () => {
      const reviews = (await call(ctx, 'GET', `/api/reviews/book/${book.id}`)).json() as { user: { _id: string; profileImage: string } }[]
      const comments = (await call(ctx, 'GET', `/api/reviews/${anasReview.id}/comments`, ana.token)).json() as { user: { _id: string; profileImage: string } }[]
      const likers = (await call(ctx, 'GET', `/api/reviews/${anasReview.id}/likes`, ana.token)).json() as { _id: string; profileImage: string }[]
      const followers = (await call(ctx, 'GET', `/api/users/followers/${ana.id}`)).json() as { _id: string; profileImage: string }[]
      const search = (await call(ctx, 'GET', `/api/users/search?query=${bob.username}`, ana.token)).json() as { _id: string; profileImage: string }[]
      const notes = (await call(ctx, 'GET', '/api/me/notifications', ana.token)).json() as { actors: { _id: string; profileImage: string }[] }[]
      const actorImages = notes.flatMap((n) => n.actors.filter((a) => a._id === bob.id).map((a) => a.profileImage))
      return {
        review: reviews.find((r) => r.user._id === bob.id)?.user.profileImage,
        comment: comments.find((c) => c.user?._id === bob.id)?.user.profileImage,
        liker: likers.find((l) => l._id === bob.id)?.profileImage,
        follower: followers.find((f) => f._id === bob.id)?.profileImage,
        search: search.find((u) => u._id === bob.id)?.profileImage,
        notification: [...new Set(actorImages)],
      }
    }
    const everywhere = (image: string) => ({ review: image, comment: image, liker: image, follower: image, search: image, notification: [image] })
    expect(await images()).toEqual(everywhere(IMAGE))

    const report = (await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'profile', targetId: bob.id, reason: 'spam' })).json()._id as string
    expect((await call(ctx, 'POST', `/api/moderation/reports/${report}`, mod.token, { action: 'hide', note: 'Rude picture' })).statusCode).toBe(200)
    expect(await images()).toEqual(everywhere(''))
    // The summary is marked with nothing else: the name and username stay, nothing says removed.
    const follower = ((await call(ctx, 'GET', `/api/users/followers/${ana.id}`)).json() as Record<string, unknown>[]).find((f) => f._id === bob.id)
    expect(follower).toMatchObject({ username: bob.username, profileImage: '' })
    expect(follower).not.toHaveProperty('removedByModerators')
    // The reader's own view of their review list blanks it too (only the profile itself shows them whole).
    const own = (await call(ctx, 'GET', `/api/reviews/book/${book.id}`, bob.token)).json() as { user: { _id: string; profileImage: string } }[]
    expect(own.find((r) => r.user._id === bob.id)?.user.profileImage).toBe('')

    expect((await call(ctx, 'POST', `/api/moderation/reports/${report}`, mod.token, { action: 'restore', note: 'Changed it' })).statusCode).toBe(200)
    expect(await images()).toEqual(everywhere(IMAGE))
  })
})

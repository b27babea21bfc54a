import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import type { Book, User } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildPerson, buildStats, buildUser } from '#/test/factories.ts'
import { loginAnswer, signInThroughForm } from '#/test/sign-in-form.ts'

// A button pressed while signed out (Add to Wishlist, Add to Recently Read, Follow) is carried out
// once the reader is back from /login signed in: once, and not at all when it is already so.

const me = buildUser({ username: 'lucy' })

/** The book as the server answers it: the lists' flags only for a signed-in caller. */
function bookApi(start: { inWishlist: boolean; inRecentlyRead: boolean }, extra: Record<string, Handler> = {}) {
  const base = buildBook({ title: 'Carmilla' })
  const state = { ...start }
  const fake = fakeApi({
    [`GET /books/${base._id}`]: (req) => ({ body: (req.headers.Authorization ? { ...base, ...state } : base) satisfies Book }),
    [`GET /reviews/book/${base._id}`]: { body: [] },
    [`GET /reviews/book/${base._id}/mine`]: { status: 404, body: { message: 'Review not found', code: 'not_found' } },
    [`PUT /users/addtowishlist/${base._id}`]: () => {
      state.inWishlist = !state.inWishlist
      return { body: { inWishlist: state.inWishlist, wishlist: [] } }
    },
    [`PUT /users/addto-recently-read/${base._id}`]: () => {
      state.inRecentlyRead = !state.inRecentlyRead
      return { body: { inRecentlyRead: state.inRecentlyRead, recentlyRead: [] } }
    },
    'POST /auth/login': loginAnswer(me),
    ...extra,
  })
  return { ...fake, book: base }
}

async function pressSignedOutThenSignIn(path: string, button: string) {
  const app = renderApp(path)
  fireEvent.click(await screen.findByRole('button', { name: button }))
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'))
  await signInThroughForm()
  await waitFor(() => expect(app.router.state.location.pathname).toBe(path))
  return app
}

describe('a list button pressed while signed out', () => {
  it('Add to Wishlist: carried out once after signing in', async () => {
    const { book, callsTo } = bookApi({ inWishlist: false, inRecentlyRead: false })
    const { router } = await pressSignedOutThenSignIn(`/books/${book._id}`, 'Add to Wishlist')
    expect(await screen.findByRole('button', { name: 'Remove from Wishlist' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to Recently Read' })).toBeInTheDocument()
    expect(callsTo(`PUT /users/addtowishlist/${book._id}`)).toHaveLength(1)
    expect(callsTo(`PUT /users/addto-recently-read/${book._id}`)).toHaveLength(0)
    // Coming back to the page later does not do it again.
    await router.navigate('/about')
    await router.navigate(`/books/${book._id}`)
    expect(await screen.findByRole('button', { name: 'Remove from Wishlist' })).toBeInTheDocument()
    expect(callsTo(`PUT /users/addtowishlist/${book._id}`)).toHaveLength(1)
  })

  it('Add to Wishlist on a book already on the wishlist: left as it is (not toggled off)', async () => {
    const { book, callsTo } = bookApi({ inWishlist: true, inRecentlyRead: false })
    await pressSignedOutThenSignIn(`/books/${book._id}`, 'Add to Wishlist')
    expect(await screen.findByRole('button', { name: 'Remove from Wishlist' })).toBeInTheDocument()
    await screen.findByRole('button', { name: 'Write a Review' })
    expect(callsTo(`PUT /users/addtowishlist/${book._id}`)).toHaveLength(0)
  })

  it('Add to Recently Read: carried out once after signing in', async () => {
    const { book, callsTo } = bookApi({ inWishlist: false, inRecentlyRead: false })
    await pressSignedOutThenSignIn(`/books/${book._id}`, 'Add to Recently Read')
    expect(await screen.findByRole('button', { name: 'Remove from Recently Read' })).toBeInTheDocument()
    expect(callsTo(`PUT /users/addto-recently-read/${book._id}`)).toHaveLength(1)
    expect(callsTo(`PUT /users/addtowishlist/${book._id}`)).toHaveLength(0)
  })
})

describe('Follow pressed while signed out', () => {
  function userApi(person: User, startFollowing: boolean, extra: Record<string, Handler> = {}) {
    let following = startFollowing
    return fakeApi({
      [`GET /users/profile/${person._id}`]: (req) => ({ body: { ...person, isFollowing: Boolean(req.headers.Authorization) && following } }),
      [`GET /users/${person._id}/stats`]: { body: buildStats({ followers: following ? 1 : 0 }) },
      [`GET /users/reviews/${person._id}`]: { body: [] },
      [`PUT /users/follow/${person._id}`]: () => {
        following = !following
        return { body: { isFollowing: following, followerCount: following ? 1 : 0, followingCount: 0 } }
      },
      'POST /auth/login': loginAnswer(me),
      ...extra,
    })
  }

  it('on a public profile: followed once after signing in', async () => {
    const person = buildUser({ username: 'carmilla' })
    const { callsTo } = userApi(person, false)
    await pressSignedOutThenSignIn(`/user/${person._id}`, 'Follow')
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    expect(callsTo(`PUT /users/follow/${person._id}`)).toHaveLength(1)
  })

  it('on a public profile already followed: left alone', async () => {
    const person = buildUser({ username: 'laura' })
    const { callsTo } = userApi(person, true)
    await pressSignedOutThenSignIn(`/user/${person._id}`, 'Follow')
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    await waitFor(() => expect(callsTo(`GET /users/profile/${person._id}`).length).toBeGreaterThanOrEqual(2))
    expect(callsTo(`PUT /users/follow/${person._id}`)).toHaveLength(0)
  })

  it('on the followers page: the pressed person is followed once, nobody else', async () => {
    const owner = buildUser({ username: 'hub' })
    const a = buildPerson({ username: 'anna' })
    const b = buildPerson({ username: 'bela' })
    let followsA = false
    const { callsTo } = fakeApi({
      [`GET /users/profile/${owner._id}`]: { body: owner },
      [`GET /users/profile/${a._id}`]: (req) => ({
        body: buildUser({ _id: a._id, username: a.username, isFollowing: Boolean(req.headers.Authorization) && followsA }),
      }),
      [`GET /users/followers/${owner._id}`]: { body: [{ ...a, isFollowing: followsA }, b], headers: { 'X-Total-Count': '2' } },
      [`GET /users/following/${owner._id}`]: { body: [], headers: { 'X-Total-Count': '0' } },
      [`PUT /users/follow/${a._id}`]: () => {
        followsA = !followsA
        return { body: { isFollowing: followsA, followerCount: 1, followingCount: 0 } }
      },
      'POST /auth/login': loginAnswer(me),
    })
    const path = `/user/${owner._id}/followers`
    const app = renderApp(path)
    const rows = await screen.findAllByRole('button', { name: 'Follow' })
    fireEvent.click(rows[0]!)
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'))
    await signInThroughForm()
    await waitFor(() => expect(callsTo(`PUT /users/follow/${a._id}`)).toHaveLength(1))
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    expect(callsTo(`PUT /users/follow/${b._id}`)).toHaveLength(0)
  })
})

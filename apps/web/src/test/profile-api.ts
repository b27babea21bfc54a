import { fakeApi, type Handler } from '#/test/fake-api.ts'
import { buildStats, buildUser, signIn } from '#/test/factories.ts'

/** A signed-in reader (`me`, Ada unless given) and the calls their own profile makes, with `extra` calls added or replaced. */
export function ownProfileApi(extra: Record<string, Handler> = {}, me = buildUser({ name: 'Ada Lovelace', username: 'ada' })) {
  signIn(me)
  const api = fakeApi({
    [`GET /users/profile/${me._id}`]: { body: me },
    [`GET /users/${me._id}/stats`]: { body: buildStats() },
    'GET /users/wishlist': { body: [] },
    [`GET /users/recently-read/${me._id}`]: { body: [] },
    [`GET /users/listed-books/${me._id}`]: { body: [] },
    [`GET /users/created-books/${me._id}`]: { body: [] },
    [`GET /users/reviews/${me._id}`]: { body: [] },
    'GET /me/privacy': { body: { readingLog: 'public' } },
    ...extra,
  })
  return { ...api, me }
}

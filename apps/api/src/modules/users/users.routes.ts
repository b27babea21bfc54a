import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BioSchema,
  CountSchema,
  FollowParamsSchema,
  FollowResultSchema,
  PagingQuerySchema,
  PersonListSchema,
  ProfileImageResultSchema,
  ProfileUpdateInputSchema,
  UserIdOrUsernameParamsSchema,
  UserIdParamsSchema,
  UsernameParamsSchema,
  UserSchema,
  UserSearchQuerySchema,
  UserSummaryListSchema,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { sendShared } from '#/ready-json.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import { routeOptions } from '#/route-options.ts'

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; isNewAccount: (userId: string) => Promise<boolean> }> = async (
  app,
  { users, isNewAccount },
) => {
  const route = routeOptions(app, 'users')
  // Follows are counted per reader, a new account's tighter (decision 0058).
  const followLimit = app.rateLimits.perReader('follows', isNewAccount)
  // Profiles go out through the shared-answer layer (the schema still documents them): a large one's
  // id lists, text and compressed bytes are kept per version instead of being checked and compressed per request.
  app.get(
    '/users/profile/:id',
    route.viewer({
      summary: 'A user’s profile, by id or by username in any letter case; e-mail only to the user themself',
      params: UserIdOrUsernameParamsSchema,
      response: { 200: UserSchema },
    }),
    async (req, reply) => sendShared(req, reply, await users.sharedProfileByIdOrUsername(req.user?.id, req.params.id)),
  )

  app.get('/users/me', route.signedIn({ summary: 'The signed-in user’s own profile, with e-mail', response: { 200: UserSchema } }), async (req, reply) =>
    sendShared(req, reply, await users.sharedProfile(req.user!.id, req.user!.id)),
  )

  app.get(
    '/users/by-username/:username',
    route.viewer({ summary: 'A user’s profile by username, in any letter case', params: UsernameParamsSchema, response: { 200: UserSchema } }),
    async (req, reply) => sendShared(req, reply, await users.sharedProfileByUsername(req.user?.id, req.params.username)),
  )

  route.mine(
    'put',
    '/users/profile/update',
    { summary: 'Change the own username, name, bio or profile image', body: ProfileUpdateInputSchema, response: UserSchema, scope: 'session' },
    users.updateProfile,
  )

  app.get(
    '/users/search',
    route.viewer({
      summary: 'Users whose name or username contains the text (for a signed-in caller, not a reader with a block either way between them)',
      querystring: UserSearchQuerySchema,
      response: { 200: UserSummaryListSchema },
    }),
    async (req) => users.search(req.query.query, req.query.limit, req.user),
  )

  app.get('/users/bio/:id', route.open({ summary: 'A user’s bio', params: UserIdParamsSchema, response: { 200: BioSchema } }), async (req) =>
    users.getBio(req.params.id),
  )

  app.get(
    '/users/profile-image/:id',
    route.open({ summary: 'A user’s profile image path or URL', params: UserIdParamsSchema, response: { 200: ProfileImageResultSchema } }),
    async (req) => users.getProfileImage(req.params.id),
  )

  app.get(
    '/users/follower-count/:id',
    route.open({ summary: 'How many people follow a user', params: UserIdParamsSchema, response: { 200: CountSchema } }),
    async (req) => users.countFollows(req.params.id, 'followers'),
  )

  app.get(
    '/users/following-count/:id',
    route.open({ summary: 'How many people a user follows', params: UserIdParamsSchema, response: { 200: CountSchema } }),
    async (req) => users.countFollows(req.params.id, 'following'),
  )

  app.put(
    '/users/follow/:userId',
    {
      ...route.signedIn(
        {
          summary: 'Follow a user, or unfollow when already following; answers the target’s counts (404 when a block stands between you)',
          params: FollowParamsSchema,
          response: { 200: FollowResultSchema },
        },
        'social:write',
      ),
      preHandler: followLimit,
    },
    async (req) => users.toggleFollow(req.user!, req.params.userId),
  )

  // Both sides of a user's follows, a page at a time.
  for (const { side, summary } of [
    { side: 'followers', summary: 'A user’s followers, newest follow first' },
    { side: 'following', summary: 'The people a user follows, newest follow first' },
  ] as const) {
    app.get(
      `/users/${side}/:id`,
      route.viewer({ summary, params: UserIdParamsSchema, querystring: PagingQuerySchema, response: { 200: PersonListSchema } }),
      async (req, reply) =>
        sendPage(req, reply, await (side === 'followers' ? users.listFollowers : users.listFollowing)(req.user?.id, req.params.id, req.query)),
    )
  }
}

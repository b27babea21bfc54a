import {
  MESSAGES, type FollowResult, type PagingQuery, type PersonRow, type ProfileUpdateInput, type Stats, type User, type UserSummary,
} from '@shelfwise/contracts'
import { isForeignKeyViolation, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound } from '#/errors.ts'
import { decodeCursor, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/plugins/auth.ts'
import {
  deleteFollow, findFollowCounts, findUserAbout, findUserById, findUserByUsername, findUsernameOwner, findUserStats,
  insertFollow, listFollowIds, listFollowPeople, presentUser, searchUsers, updateProfile, type FollowKey, type ProfileChanges,
} from '#/modules/users/users.repository.ts'

export interface UsersDeps {
  db: Db
}

/** How many users a search answers when the caller names no limit. */
export const USER_SEARCH_DEFAULT_LIMIT = 20

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/

// A follow list's cursor is [followedAt, personId]; anything else was not made by us.
const decodeFollowCursor = (cursor: string): FollowKey => {
  const [followedAt, id] = decodeCursor(cursor, 2)
  if (typeof followedAt !== 'string' || !ISO_INSTANT.test(followedAt) || typeof id !== 'string') {
    throw badRequest('cursor: is not a cursor this list gave out')
  }
  return { followedAt, id }
}

export const createUsersService = ({ db }: UsersDeps) => {
  const userNotFound = () => notFound(MESSAGES.userNotFound)

  const getProfile = async (viewerId: string | undefined, id: string): Promise<User> => {
    const user = await findUserById(db, id)
    if (!user) throw userNotFound()
    return presentUser(user, await listFollowIds(db, id), viewerId)
  }

  const listPeople = async (side: 'followers' | 'following', viewerId: string | undefined, id: string, paging: PagingQuery): Promise<Page<PersonRow>> => {
    const counts = await findFollowCounts(db, id)
    if (!counts) throw userNotFound()
    const after = paging.cursor === undefined ? undefined : decodeFollowCursor(paging.cursor)
    // One row more than asked tells whether a next page exists.
    const rows = await listFollowPeople(db, { userId: id, side, viewerId, after, limit: paging.limit === undefined ? undefined : paging.limit + 1 })
    const hasMore = paging.limit !== undefined && rows.length > paging.limit
    const kept = hasMore ? rows.slice(0, paging.limit) : rows
    const last = kept.at(-1)
    return {
      items: kept.map(({ followedAt: _followedAt, ...person }) => person),
      total: counts[side],
      ...(hasMore && last ? { nextCursor: encodeCursor([last.followedAt, last._id]) } : {}),
    }
  }

  return {
    /** A user's profile as the viewer sees it (e-mail only to themself); 404 when absent. */
    getProfile,

    /** A user's profile found by username in any letter case; 404 when nobody has it. */
    async getByUsername(viewerId: string | undefined, username: string): Promise<User> {
      const user = await findUserByUsername(db, username)
      if (!user) throw userNotFound()
      return presentUser(user, await listFollowIds(db, user.id), viewerId)
    },

    /** Changes the signed-in user's own profile fields; 409 when the username belongs to someone else in any case. */
    async updateProfile(actor: Actor, input: ProfileUpdateInput): Promise<User> {
      const changes: ProfileChanges = {}
      if (input.username !== undefined) changes.username = input.username
      if (input.name !== undefined) changes.name = input.name
      if (input.bio !== undefined) changes.bio = input.bio
      if (input.profileImage !== undefined) changes.profileImage = input.profileImage
      if (Object.keys(changes).length === 0) throw badRequest(MESSAGES.nothingToUpdate)
      if (changes.username !== undefined) {
        const owner = await findUsernameOwner(db, changes.username)
        if (owner !== undefined && owner !== actor.id) throw conflict(MESSAGES.usernameTaken)
      }
      try {
        if (!(await updateProfile(db, actor.id, changes, nowIso()))) throw userNotFound()
      } catch (err) {
        // Two renames racing for the same name: the unique index on lower(username) decides.
        if (isUniqueViolation(err)) throw conflict(MESSAGES.usernameTaken)
        throw err
      }
      return getProfile(actor.id, actor.id)
    },

    /** Users whose name or username contains the text; an empty text finds nobody. */
    async search(query: string, limit: number | undefined): Promise<UserSummary[]> {
      if (query === '') return []
      return searchUsers(db, query, limit ?? USER_SEARCH_DEFAULT_LIMIT)
    },

    /** A user's bio; 404 when absent. */
    async getBio(id: string): Promise<{ bio: string }> {
      const about = await findUserAbout(db, id)
      if (!about) throw userNotFound()
      return { bio: about.bio }
    },

    /** A user's profile image path or URL ('' for none); 404 when absent. */
    async getProfileImage(id: string): Promise<{ profileImage: string }> {
      const about = await findUserAbout(db, id)
      if (!about) throw userNotFound()
      return { profileImage: about.profileImage }
    },

    /** How many people follow a user, or how many the user follows; 404 when absent. */
    async countFollows(id: string, side: 'followers' | 'following'): Promise<{ count: number }> {
      const counts = await findFollowCounts(db, id)
      if (!counts) throw userNotFound()
      return { count: counts[side] }
    },

    /** Follows the target, or unfollows when already following; answers the target's counts. */
    async toggleFollow(actor: Actor, targetId: string): Promise<FollowResult> {
      if (targetId === actor.id) throw badRequest(MESSAGES.followSelf)
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await findUserById(trx, targetId))) throw userNotFound()
          // Delete-then-insert in one transaction, with the primary key and ON CONFLICT DO NOTHING,
          // so two quick clicks never leave two rows nor fail.
          const wasFollowing = await deleteFollow(trx, actor.id, targetId)
          if (!wasFollowing) await insertFollow(trx, actor.id, targetId, nowIso())
          const counts = await findFollowCounts(trx, targetId)
          if (!counts) throw userNotFound()
          return { isFollowing: !wasFollowing, followerCount: counts.followers, followingCount: counts.following }
        })
      } catch (err) {
        // The target was deleted between the check and the insert.
        if (isForeignKeyViolation(err)) throw userNotFound()
        throw err
      }
    },

    /** A page of a user's followers, newest follow first, with whether the viewer follows each; 404 when absent. */
    listFollowers: (viewerId: string | undefined, id: string, paging: PagingQuery) => listPeople('followers', viewerId, id, paging),

    /** A page of the people a user follows, newest follow first, with whether the viewer follows each; 404 when absent. */
    listFollowing: (viewerId: string | undefined, id: string, paging: PagingQuery) => listPeople('following', viewerId, id, paging),

    /** Every profile count of a user; the wishlist count only for the user themself. 404 when absent. */
    async getStats(viewerId: string | undefined, id: string): Promise<Stats> {
      const stats = await findUserStats(db, id, viewerId === id)
      if (!stats) throw userNotFound()
      return stats
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>

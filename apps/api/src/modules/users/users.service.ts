import type { ReadingScope } from '#/modules/reading/reading.service.ts'
import { blockedAmong, isBlockedBetween } from '#/modules/safety/safety.service.ts'
import {
  IdSchema,
  MESSAGES,
  type FollowResult,
  type PagingQuery,
  type PersonRow,
  type ProfileUpdateInput,
  type Stats,
  type User,
  type UserSummary,
} from '@shelfwise/contracts'
import { isForeignKeyViolation, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound } from '#/errors.ts'
import { cutPage, decodeKeyset, encodeCursor, rowsToRead, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import {
  deleteFollow,
  findFollowCounts,
  findLookalikeUsername,
  findProfileVersion,
  findStanding,
  findUserAbout,
  findUserById,
  findUserByUsername,
  findUsernameOwner,
  findUserStats,
  insertFollow,
  listFollowIds,
  listFollowPeople,
  presentUser,
  setProfileHidden,
  searchUsers,
  updateProfile,
  type FollowIds,
  type FollowKey,
  type ProfileChanges,
  type UserRecord,
  findAccountCreatedAt,
} from '#/modules/users/users.repository.ts'
import { shared, type Shared } from '#/ready-json.ts'
import { createMemo } from '#/memo.ts'
import { isReservedUsername, lookalikeSkeletons, lookalikeUsername, RESERVED_USERNAME } from '#/modules/users/usernames.ts'
import { NO_UPLOAD_CLAIMS, type UploadClaims } from '#/modules/uploads/uploads.service.ts'
import { noNotify, noWithdraw, type Notify, type Withdraw } from '#/modules/notifications/notifications.service.ts'

export interface UsersDeps {
  db: Db
  /** Told when a profile image is replaced, so the old upload can be removed. */
  uploads?: UploadClaims
  /** Bounds of the kept profiles (see createProfileCache); the defaults suit production. */
  profileCache?: ProfileCacheOptions
  /** Tells a reader of a new follower (decision 0052). */
  notify?: Notify
  /** Takes an unfollowing reader out of the unread "followed you" (decision 0052, "Withdrawn"). */
  withdraw?: Withdraw
}

// ---- kept profiles ----
//
// The spec's User carries every follower and followee id: 242 KB of JSON for a reader with 6,201
// followers, whose id lists cost ~10 ms to read and the answer ~10 ms to check, stringify and
// compress. Large profiles are kept per instance — the id lists and each viewer class's ready
// answer — under the user's profile version, which the same point read as the profile answers and
// which changes with every follow of or by the user and every edit of a shown field (and every review
// of theirs; triggers, migration 2026_11_24_0900). So a kept profile is never stale, whichever
// instance made the write.

export interface ProfileCacheOptions {
  /** Profiles whose two id lists hold at least this many ids together are kept (default 200, ~8 KB of JSON). */
  keepFromIds?: number
  /** What the kept profiles may hold in all, estimated in bytes (default 16 MB); least recently used go first. */
  maxBytes?: number
}

/** How a viewer sees a profile: its owner (with e-mail), a follower (isFollowing), anyone else. */
type ViewerClass = 'owner' | 'follower' | 'other'

interface KeptProfile {
  version: number
  ids: FollowIds
  followers: Set<string>
  answers: Map<ViewerClass, Shared<User>>
}

// An id held in a list and a set: a 36-character string, an array slot and a set entry.
const BYTES_PER_ID = 100
// An id in a kept answer, as the serialising layer keeps it: ~39 bytes of JSON text and its three
// compressed forms (a random id compresses to ~20 bytes in each).
const ANSWER_BYTES_PER_ID = 100

function createProfileCache(db: Db, { keepFromIds = 200, maxBytes = 16 * 1024 * 1024 }: ProfileCacheOptions = {}) {
  const kept = new Map<string, KeptProfile>() // least recently used first
  const loading = new Map<string, { version: number; promise: Promise<FollowIds> }>()
  const sizeOf = (k: KeptProfile) => (k.ids.followers.length + k.ids.following.length) * (BYTES_PER_ID + k.answers.size * ANSWER_BYTES_PER_ID)

  // Answers (and compressed forms) grow after an entry is kept, so the total is summed anew on each
  // insert: a few dozen entries at most.
  const evict = () => {
    let total = 0
    for (const k of kept.values()) total += sizeOf(k)
    for (const [id, k] of kept) {
      if (total <= maxBytes) break
      total -= sizeOf(k)
      kept.delete(id)
    }
  }

  // One read of the lists per user and version at a time, however many requests miss together.
  const load = (user: UserRecord): Promise<FollowIds> => {
    const pending = loading.get(user.id)
    if (pending && pending.version === user.profileVersion) return pending.promise
    const promise = listFollowIds(db, user.id)
    loading.set(user.id, { version: user.profileVersion, promise })
    const done = () => {
      if (loading.get(user.id)?.promise === promise) loading.delete(user.id)
    }
    promise.then(done, done)
    return promise
  }

  return {
    /**
     * The user's id lists, and their kept entry when the profile is large. The lists are read after
     * the version (never before), so an entry may hold lists newer than its version, never older.
     */
    async idsOf(user: UserRecord): Promise<{ ids: FollowIds; entry?: KeptProfile }> {
      const hit = kept.get(user.id)
      if (hit && hit.version === user.profileVersion) {
        kept.delete(user.id)
        kept.set(user.id, hit)
        return { ids: hit.ids, entry: hit }
      }
      const ids = await load(user)
      if (ids.followers.length + ids.following.length < keepFromIds) return { ids }
      const current = kept.get(user.id)
      if (current && current.version === user.profileVersion) return { ids: current.ids, entry: current }
      // A request that read an older version finishing last must not replace a newer entry.
      if (current && current.version > user.profileVersion) return { ids }
      const entry: KeptProfile = { version: user.profileVersion, ids, followers: new Set(ids.followers), answers: new Map() }
      kept.delete(user.id)
      kept.set(user.id, entry)
      evict()
      return { ids, entry }
    },
  }
}

/** How many users a search answers when the caller names no limit. */
const USER_SEARCH_DEFAULT_LIMIT = 20

// A follow list's cursor is [followedAt, personId].
const decodeFollowCursor = (cursor: string): FollowKey => {
  const [followedAt, id] = decodeKeyset(cursor, ['instant', 'id'] as const)
  return { followedAt, id }
}

export const createUsersService = ({ db, uploads = NO_UPLOAD_CLAIMS, profileCache: cacheOptions, notify = noNotify, withdraw = noWithdraw }: UsersDeps) => {
  const userNotFound = () => notFound(MESSAGES.userNotFound)
  const profiles = createProfileCache(db, cacheOptions)
  // When an account was made never changes: kept for an hour per reader (the limits of new accounts
  // ask on every like, comment, follow and report; issue 26 counts each read as a round trip).
  const accountsMade = createMemo<string | undefined>({ ttlMs: 3_600_000, max: 10_000 })

  const present = async (viewerId: string | undefined, user: UserRecord | undefined): Promise<User> => {
    if (!user) throw userNotFound()
    return presentUser(user, (await profiles.idsOf(user)).ids, viewerId)
  }

  // The profile as a shared answer; a kept profile's is made once per viewer class and version.
  const ready = async (viewerId: string | undefined, user: UserRecord | undefined): Promise<Shared<User>> => {
    if (!user) throw userNotFound()
    const { ids, entry } = await profiles.idsOf(user)
    if (!entry) return shared(presentUser(user, ids, viewerId), false)
    const viewer: ViewerClass = viewerId === user.id ? 'owner' : viewerId !== undefined && entry.followers.has(viewerId) ? 'follower' : 'other'
    let answer = entry.answers.get(viewer)
    if (!answer) {
      // Every record read at one version shows the same fields (an edit changes the version), so
      // this viewer's answer serves every viewer of the class until the version moves.
      answer = shared(presentUser(user, entry.ids, viewerId), true)
      entry.answers.set(viewer, answer)
    }
    return answer
  }

  // 400 for a name the service keeps, 409 for a taken one or a look-alike of one; the user's own
  // name in another letter case (or a look-alike of it) is theirs to take.
  const checkNewUsername = async (username: string, ownId: string | undefined): Promise<void> => {
    const owner = await findUsernameOwner(db, username)
    if (owner !== undefined && owner === ownId) return
    if (isReservedUsername(username)) throw badRequest(RESERVED_USERNAME)
    if (owner !== undefined) throw conflict(MESSAGES.usernameTaken)
    for (const skeleton of lookalikeSkeletons(username)) {
      const lookalike = await findLookalikeUsername(db, skeleton, ownId)
      if (lookalike !== undefined) throw conflict(lookalikeUsername(lookalike))
    }
  }

  const getProfile = async (viewerId: string | undefined, id: string): Promise<User> => present(viewerId, await findUserById(db, id))

  const listPeople = async (side: 'followers' | 'following', viewerId: string | undefined, id: string, paging: PagingQuery): Promise<Page<PersonRow>> => {
    const counts = await findFollowCounts(db, id)
    if (!counts) throw userNotFound()
    const after = paging.cursor === undefined ? undefined : decodeFollowCursor(paging.cursor)
    const rows = await listFollowPeople(db, { userId: id, side, viewerId, after, limit: rowsToRead(paging.limit) })
    const page = cutPage(rows, paging.limit, (last) => encodeCursor([last.followedAt, last._id]))
    return {
      items: page.rows.map(({ followedAt: _followedAt, ...person }) => person),
      total: counts[side],
      ...(page.next ? { nextCursor: page.next } : {}),
    }
  }

  return {
    /** When a reader's account was made (ISO); undefined for no such reader (not kept: they may yet sign up). */
    accountCreatedAt: (userId: string): Promise<string | undefined> =>
      accountsMade.get(userId, () => findAccountCreatedAt(db, userId), { keep: (made) => made !== undefined }),

    /** A user's profile as the viewer sees it (e-mail only to themself); 404 when absent. */
    getProfile,

    /** getProfile as a shared answer (for the routes: a large profile's answer is kept, see above). */
    sharedProfile: async (viewerId: string | undefined, id: string): Promise<Shared<User>> => ready(viewerId, await findUserById(db, id)),

    /** sharedProfile by id, or by username in any letter case when the text is not an id (a username never is: at most 30 characters); 404 when neither matches. */
    sharedProfileByIdOrUsername: async (viewerId: string | undefined, idOrUsername: string): Promise<Shared<User>> =>
      ready(viewerId, IdSchema.safeParse(idOrUsername).success ? await findUserById(db, idOrUsername) : await findUserByUsername(db, idOrUsername)),

    /** A user's profile found by username in any letter case, as a shared answer; 404 when nobody has it. */
    sharedProfileByUsername: async (viewerId: string | undefined, username: string): Promise<Shared<User>> =>
      ready(viewerId, await findUserByUsername(db, username)),

    /**
     * Refuses a username nobody may take: 400 when the service keeps it ('admin', 'support_team'),
     * 409 when it is taken in any letter case or looks like a taken one ('dem0', 'demo.').
     */
    checkNewUsername: (username: string) => checkNewUsername(username, undefined),

    /** 404 unless the user exists. */
    /** A reader's name and username; 404 for an unknown reader. */
    async nameOf(id: string): Promise<{ name: string; username: string }> {
      const user = await findUserById(db, id)
      if (!user) throw userNotFound()
      return { name: user.name, username: user.username }
    },

    /** The moderators hid a profile or showed it again (decision 0058), in their transaction. */
    hiddenChanged: (trx: Db, id: string, hidden: boolean): Promise<void> => setProfileHidden(trx, id, hidden),

    async assertExists(id: string): Promise<void> {
      if ((await findProfileVersion(db, id)) === undefined) throw userNotFound()
    },

    /** A user's role, when they joined and how many reviews they wrote (who may apply merges, decision 0030); undefined when absent. */
    standing: (id: string) => findStanding(db, id),

    /**
     * A version of the user's own doing: it changes whenever they follow or unfollow someone, write,
     * re-rate or delete a review (or are followed, or edit their profile). 404 when absent.
     */
    async profileVersion(id: string): Promise<number> {
      const version = await findProfileVersion(db, id)
      if (version === undefined) throw userNotFound()
      return version
    },

    /** Changes the signed-in user's own profile fields; 409 when the username belongs to someone else in any case. */
    async updateProfile(actor: Actor, input: ProfileUpdateInput): Promise<User> {
      const changes: ProfileChanges = {}
      if (input.username !== undefined) changes.username = input.username
      if (input.name !== undefined) changes.name = input.name
      if (input.bio !== undefined) changes.bio = input.bio
      if (input.profileImage !== undefined) changes.profileImage = input.profileImage
      if (Object.keys(changes).length === 0) throw badRequest(MESSAGES.nothingToUpdate)
      if (changes.username !== undefined) await checkNewUsername(changes.username, actor.id)
      try {
        const image = changes.profileImage
        const saved =
          image === undefined
            ? await updateProfile(db, actor.id, changes, nowIso())
            : await db.transaction().execute(async (trx) => {
                const before = await findUserAbout(trx, actor.id)
                if (!before || !(await updateProfile(trx, actor.id, changes, nowIso()))) return false
                await uploads.replace(before.profileImage, image, 'profileImage', trx)
                return true
              })
        if (!saved) throw userNotFound()
      } catch (err) {
        // Two renames racing for the same name: the unique index on lower(username) decides.
        if (isUniqueViolation(err)) throw conflict(MESSAGES.usernameTaken)
        throw err
      }
      return getProfile(actor.id, actor.id)
    },

    /**
     * Users whose name or username contains the text; an empty text finds nobody. A signed-in caller
     * does not find a reader with a block either way between them (decision 0057).
     */
    async search(query: string, limit: number | undefined, viewer?: Actor): Promise<UserSummary[]> {
      if (query === '') return []
      const found = await searchUsers(db, query, limit ?? USER_SEARCH_DEFAULT_LIMIT)
      const blocked = await blockedAmong(
        db,
        viewer?.id,
        found.map((u) => u._id),
      )
      return blocked.size ? found.filter((u) => !blocked.has(u._id)) : found
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
          // A block either way (decision 0057): the other reader is not there for the caller.
          if (await isBlockedBetween(trx, actor.id, targetId)) throw userNotFound()
          // Delete-then-insert in one transaction, with the primary key and ON CONFLICT DO NOTHING,
          // so two quick clicks never leave two rows nor fail.
          const wasFollowing = await deleteFollow(trx, actor.id, targetId)
          if (wasFollowing) await withdraw(trx, { actorId: actor.id, types: ['follow'], target: { type: 'user', id: targetId }, recipientId: targetId })
          else {
            await insertFollow(trx, actor.id, targetId, nowIso())
            // Grouped on the followed reader: "Ana and 3 others followed you".
            await notify(trx, { recipientId: targetId, type: 'follow', actorId: actor.id, target: { type: 'user', id: targetId } })
          }
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

    /** Every profile count of a user, the read books as `scope` shows them (decision 0055); the wishlist count only for the user themself. 404 when absent. */
    async getStats(scope: ReadingScope): Promise<Stats> {
      const stats = await findUserStats(db, scope, scope.audience === 'owner')
      if (!stats) throw userNotFound()
      return stats
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>

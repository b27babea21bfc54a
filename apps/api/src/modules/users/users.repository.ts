import { countShownReads, type ReadingScope } from '#/modules/reading/reading.service.ts'
import { sql, type Expression, type SqlBool } from 'kysely'
import type { PersonRow, Stats, User, UserSummary } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { toIso } from '#/db/portable.ts'
import { enqueueFeedWork } from '#/feed-outbox.ts'
import { USERNAME_SKELETON_SQL } from '#/modules/users/usernames.ts'
import { summaryImage } from '#/db/user-summary.ts'

const userColumns = ['id', 'name', 'username', 'email', 'userType', 'bio', 'profileImage', 'createdAt', 'profileVersion', 'profileHidden'] as const

export interface UserRecord {
  id: string
  name: string
  username: string
  email: string
  userType: User['userType']
  bio: string
  profileImage: string
  createdAt: string
  /** Changes with every follow of or by this user, edit of a shown field and review of theirs: a cache key. */
  profileVersion: number
  /** The moderators hid the profile (decision 0058): others see it without bio and image. */
  profileHidden: boolean
}

const toUserRecord = (row: Omit<UserRecord, 'createdAt' | 'profileHidden'> & { createdAt: string | Date; profileHidden: number }): UserRecord => ({
  ...row,
  createdAt: toIso(row.createdAt),
  profileVersion: Number(row.profileVersion),
  profileHidden: Number(row.profileHidden) === 1,
})

/** A user by id, without secrets. */
export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst()
  return row && toUserRecord(row)
}

// Written exactly as the unique index users_username_lower_key is, so the lookup uses it.
const lowerUsername = sql<string>`lower(${sql.ref('username')})`

/** A user by username in any letter case, without secrets. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(userColumns)
    .where(lowerUsername, '=', sql<string>`lower(${username})`)
    .executeTakeFirst()
  return row && toUserRecord(row)
}

/** The id of whoever holds a username in any letter case, if anyone does. */
export async function findUsernameOwner(db: Db, username: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(lowerUsername, '=', sql<string>`lower(${username})`)
    .executeTakeFirst()
  return row?.id
}

/** A username (not the given user's) whose skeleton is this one: the name a new one would look like (usernames.ts). */
/** When a reader's account was made; undefined when absent. */
export async function findAccountCreatedAt(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('createdAt').where('id', '=', userId).executeTakeFirst()
  return row && toIso(row.createdAt)
}

export async function findLookalikeUsername(db: Db, skeleton: string, exceptUserId: string | undefined): Promise<string | undefined> {
  let query = db.selectFrom('users').select('username').where(USERNAME_SKELETON_SQL, '=', skeleton)
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId)
  return (await query.limit(1).executeTakeFirst())?.username
}

export interface FollowIds {
  followers: string[]
  following: string[]
}

/** Ids of the people following a user, and of the people the user follows, newest follow first. */
export async function listFollowIds(db: Db, userId: string): Promise<FollowIds> {
  const [followers, following] = await Promise.all([
    db.selectFrom('follows').select('followerId').where('followeeId', '=', userId).orderBy('createdAt', 'desc').execute(),
    db.selectFrom('follows').select('followeeId').where('followerId', '=', userId).orderBy('createdAt', 'desc').execute(),
  ])
  return { followers: followers.map((r) => r.followerId), following: following.map((r) => r.followeeId) }
}

/** A user's profile version (see UserRecord); undefined when the user is absent. */
export async function findProfileVersion(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('profileVersion').where('id', '=', id).executeTakeFirst()
  return row && Number(row.profileVersion)
}

/** The wire shape of a user as one viewer sees it: e-mail only for the user themself. */
export function presentUser(u: UserRecord, ids: FollowIds, viewerId: string | undefined): User {
  return {
    _id: u.id,
    name: u.name,
    username: u.username,
    ...(viewerId === u.id ? { email: u.email } : {}),
    userType: u.userType,
    // A profile the moderators hid shows others no bio and no image; its reader sees both, and the notice (decision 0058).
    bio: u.profileHidden && viewerId !== u.id ? '' : u.bio,
    profileImage: u.profileHidden && viewerId !== u.id ? '' : u.profileImage,
    ...(u.profileHidden ? { removedByModerators: true as const } : {}),
    createdAt: u.createdAt,
    followers: ids.followers,
    following: ids.following,
    isFollowing: viewerId !== undefined && ids.followers.includes(viewerId),
  }
}

export interface ProfileChanges {
  username?: string
  name?: string
  bio?: string
  profileImage?: string
}

/** Stores the given profile fields; false when the user is gone. */
export async function updateProfile(db: Db, id: string, changes: ProfileChanges, updatedAt: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ ...changes, updatedAt })
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/** A user's bio and profile image; undefined when the user is absent. */
export async function findUserAbout(db: Db, id: string): Promise<{ bio: string; profileImage: string } | undefined> {
  const row = await db.selectFrom('users').select(['bio', 'profileImage', 'profileHidden']).where('id', '=', id).executeTakeFirst()
  // Answered to anyone: a profile the moderators hid has neither (decision 0058).
  return row && (Number(row.profileHidden) === 1 ? { bio: '', profileImage: '' } : { bio: row.bio, profileImage: row.profileImage })
}

/** Marks a profile hidden by the moderators, or shown again; its kept answers are made again (a new version). */
export async function setProfileHidden(db: Db, id: string, hidden: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ profileHidden: hidden ? 1 : 0, profileVersion: eb('profileVersion', '+', 1) }))
    .where('id', '=', id)
    .execute()
}

// ---- search ----

/** Escapes LIKE's wildcards (and the escape character itself), so the text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

// LIKE with '\' as its escape character; lower() on both sides makes it case-insensitive on both dialects.
const ilike = (column: 'name' | 'username', pattern: string): Expression<SqlBool> => sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`

/** Users whose name or username contains the text (literally, any case): exact username, then prefix, then others. */
export async function searchUsers(db: Db, text: string, limit: number): Promise<UserSummary[]> {
  const inner = `%${escapeLike(text)}%`
  const prefix = `${escapeLike(text)}%`
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'username', summaryImage('users').as('profileImage')])
    .where((eb) => eb.or([ilike('name', inner), ilike('username', inner)]))
    .orderBy(sql`case when ${lowerUsername} = lower(${text}) then 0 when ${ilike('username', prefix)} then 1 else 2 end`)
    .orderBy(lowerUsername)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ _id: r.id, name: r.name, username: r.username, profileImage: r.profileImage }))
}

// ---- follows ----

/** How many people follow a user and how many they follow; undefined when the user is absent. */
export async function findFollowCounts(db: Db, id: string): Promise<{ followers: number; following: number } | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      eb.selectFrom('follows').select(eb.fn.countAll<number>().as('n')).where('followeeId', '=', id).as('followers'),
      eb.selectFrom('follows').select(eb.fn.countAll<number>().as('n')).where('followerId', '=', id).as('following'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst()
  return row && { followers: Number(row.followers), following: Number(row.following) }
}

/** Removes a follow; true when there was one to remove. */
export async function deleteFollow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const res = await db.deleteFrom('follows').where('followerId', '=', followerId).where('followeeId', '=', followeeId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Adds a follow; a row that already exists (a concurrent click) is left as it is. */
export async function insertFollow(db: Db, followerId: string, followeeId: string, createdAt: string): Promise<void> {
  await db
    .insertInto('follows')
    .values({ followerId, followeeId, createdAt })
    .onConflict((oc) => oc.columns(['followerId', 'followeeId']).doNothing())
    .execute()
  // The followed reader's recent activity is backfilled into the follower's feed (decision 0060).
  await enqueueFeedWork(db, 'follow', followerId, followeeId)
}

export interface FollowKey {
  /** When the follow was made (ISO), then the person's id: the list's sort order. */
  followedAt: string
  id: string
}

export interface FollowPerson extends PersonRow {
  followedAt: string
}

/**
 * One page of a user's followers (or of the people they follow), newest follow first, each with
 * whether the viewer follows that person; all in one query.
 */
export async function listFollowPeople(
  db: Db,
  opts: {
    userId: string
    side: 'followers' | 'following'
    viewerId: string | undefined
    limit?: number
    after?: FollowKey
  },
): Promise<FollowPerson[]> {
  const { userId, side, viewerId, limit, after } = opts
  // Followers: rows where the user is followed, joined to the follower; following: the reverse.
  const own = side === 'followers' ? 'f.followeeId' : 'f.followerId'
  const other = side === 'followers' ? 'f.followerId' : 'f.followeeId'
  let q = db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', other)
    .select((eb) => [
      'u.id',
      'u.name',
      'u.username',
      summaryImage('u').as('profileImage'),
      'u.createdAt',
      'f.createdAt as followedAt',
      viewerId === undefined
        ? eb.lit(false).as('isFollowing')
        : eb
            .exists(eb.selectFrom('follows as v').select('v.followerId').where('v.followerId', '=', viewerId).whereRef('v.followeeId', '=', 'u.id'))
            .as('isFollowing'),
    ])
    .where(own, '=', userId)
  // Keyset: rows strictly after the cursor in (followedAt desc, person id desc) order.
  if (after) q = q.where((eb) => eb(eb.refTuple('f.createdAt', other), '<', eb.tuple(after.followedAt, after.id)))
  q = q.orderBy('f.createdAt', 'desc').orderBy(other, 'desc')
  if (limit !== undefined) q = q.limit(limit)
  const rows = await q.execute()
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    username: r.username,
    profileImage: r.profileImage,
    createdAt: toIso(r.createdAt),
    isFollowing: Boolean(r.isFollowing),
    followedAt: toIso(r.followedAt),
  }))
}

// ---- stats ----

/**
 * Every profile count of a user in one statement of scalar subqueries, each served by an index;
 * the wishlist count only when asked for (it is private). Undefined when the user is absent.
 */
export async function findUserStats(db: Db, scope: ReadingScope, withWishlist: boolean): Promise<Stats | undefined> {
  const id = scope.ownerId
  const row = await db
    .selectFrom('users as u')
    .select((eb) => {
      const count = () => eb.fn.countAll<number>().as('n')
      return [
        eb.selectFrom('follows').select(count).where('followeeId', '=', id).as('followers'),
        eb.selectFrom('follows').select(count).where('followerId', '=', id).as('following'),
        eb.selectFrom('reviews').select(count).where('userId', '=', id).as('reviews'),
        countShownReads(scope).as('readBooks'),
        eb.selectFrom('books').select(count).where('listedByUserId', '=', id).as('listedBooks'),
        eb.selectFrom('books').select(count).where('createdByUserId', '=', id).where('listedByUserId', 'is', null).as('createdBooks'),
        withWishlist ? eb.selectFrom('wishlist').select(count).where('userId', '=', id).as('wishlistCount') : eb.lit(null).as('wishlistCount'),
      ]
    })
    .where('u.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const readBooks = Number(row.readBooks)
  return {
    followers: Number(row.followers),
    following: Number(row.following),
    reviews: Number(row.reviews),
    readBooks,
    recentlyReadCount: readBooks,
    listedBooks: Number(row.listedBooks),
    createdBooks: Number(row.createdBooks),
    wishlistCount: row.wishlistCount === null ? null : Number(row.wishlistCount),
  }
}

/** What decides whether a user may apply merges (decision 0030): their role, when they joined, how many reviews they wrote. */
export async function findStanding(db: Db, id: string): Promise<{ role: 'reader' | 'moderator'; since: string; reviews: number } | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => ['u.role', 'u.createdAt', eb.selectFrom('reviews').select(eb.fn.countAll<number>().as('n')).where('userId', '=', id).as('reviews')])
    .where('u.id', '=', id)
    .executeTakeFirst()
  return row && { role: row.role, since: toIso(row.createdAt), reviews: Number(row.reviews) }
}

import type { Db } from '#/db/portable.ts'
import { toIso } from '#/db/portable.ts'
import type { User } from '@shelfwise/contracts'

const userColumns = ['id', 'name', 'username', 'email', 'userType', 'bio', 'profileImage', 'createdAt'] as const

export interface UserRecord {
  id: string
  name: string
  username: string
  email: string
  userType: User['userType']
  bio: string
  profileImage: string
  createdAt: string
}

const toUserRecord = (row: { id: string; name: string; username: string; email: string; userType: User['userType']; bio: string; profileImage: string; createdAt: string | Date }): UserRecord => ({
  ...row,
  createdAt: toIso(row.createdAt),
})

/** A user by id, without secrets. */
export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst()
  return row && toUserRecord(row)
}

/** Ids of the people following a user, and of the people the user follows. */
export async function listFollowIds(db: Db, userId: string) {
  const [followers, following] = await Promise.all([
    db.selectFrom('follows').select('followerId').where('followeeId', '=', userId).orderBy('createdAt', 'desc').execute(),
    db.selectFrom('follows').select('followeeId').where('followerId', '=', userId).orderBy('createdAt', 'desc').execute(),
  ])
  return { followers: followers.map((r) => r.followerId), following: following.map((r) => r.followeeId) }
}

/** The wire shape of a user as one viewer sees it: e-mail only for the user themself. */
export function presentUser(u: UserRecord, ids: { followers: string[]; following: string[] }, viewerId: string | undefined): User {
  return {
    _id: u.id,
    name: u.name,
    username: u.username,
    ...(viewerId === u.id ? { email: u.email } : {}),
    userType: u.userType,
    bio: u.bio,
    profileImage: u.profileImage,
    createdAt: u.createdAt,
    followers: ids.followers,
    following: ids.following,
    isFollowing: viewerId !== undefined && ids.followers.includes(viewerId),
  }
}

import { MESSAGES, type User } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { notFound } from '#/errors.ts'
import { findUserById, listFollowIds, presentUser } from '#/modules/users/users.repository.ts'

export interface UsersDeps {
  db: Db
}

export const createUsersService = ({ db }: UsersDeps) => ({
  /** A user's profile as the viewer sees it; 404 when absent. */
  async getProfile(viewerId: string | undefined, id: string): Promise<User> {
    const user = await findUserById(db, id)
    if (!user) throw notFound(MESSAGES.userNotFound)
    return presentUser(user, await listFollowIds(db, id), viewerId)
  },
})

export type UsersService = ReturnType<typeof createUsersService>

import type { Db } from '#/db/portable.ts'
import type { UsersTable } from '#/db/schema.ts'
import type { Insertable } from 'kysely'
import { precompile } from '#/db/precompiled.ts'

// Read on every signed-in request: built once (db/precompiled.ts).
const authState = precompile(2, (db, userId: string, jti: string) =>
  db
    .selectFrom('users')
    .select((eb) => [
      'tokenVersion',
      eb.exists(eb.selectFrom('revokedTokens').select('jti').where('jti', '=', jti)).as('revoked'),
      eb
        .exists(
          eb
            .selectFrom('keptTokens')
            .select('jti')
            .where('jti', '=', jti)
            .whereRef('keptTokens.userId', '=', 'users.id')
            .whereRef('keptTokens.tokenVersion', '=', 'users.tokenVersion'),
        )
        .as('kept'),
    ])
    .where('id', '=', userId),
)

/**
 * The token version of a user, whether one token id was revoked, and whether it was kept at the
 * current version by the password change it made; undefined when the user is gone.
 */
export async function findAuthState(db: Db, userId: string, jti: string) {
  const row = await authState.first(db, userId, jti)
  return row && { tokenVersion: Number(row.tokenVersion), revoked: Boolean(row.revoked), kept: Boolean(row.kept) }
}

/** A user's id, password hash and token version, found by e-mail (stored lower-cased). */
export async function findCredentialsByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'passwordHash', 'tokenVersion']).where('email', '=', email).executeTakeFirst()
}

/** A user's id, password hash, token version, username and e-mail, found by id. */
export async function findCredentialsById(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'passwordHash', 'tokenVersion', 'username', 'email']).where('id', '=', id).executeTakeFirst()
}

/** Which of a username (any letter case) and an e-mail are taken already. */
export async function findTakenIdentity(db: Db, username: string, email: string) {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', username.toLowerCase()), eb('email', '=', email)]))
    .execute()
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email === email),
  }
}

export async function insertUser(db: Db, user: Insertable<UsersTable>) {
  await db.insertInto('users').values(user).execute()
}

/** Sets a new hash and bumps the token version, so every earlier token stops working (but a kept one: keepToken). */
export async function updatePasswordHash(db: Db, id: string, passwordHash: string, updatedAt: string) {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ passwordHash, updatedAt, tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', id)
    .returning('tokenVersion')
    .executeTakeFirst()
  return row && Number(row.tokenVersion)
}

/** Remembers a logged-out token until it would have expired anyway; drops the ones past that. */
export async function insertRevokedToken(db: Db, jti: string, expiresAt: string, now: string) {
  await db.deleteFrom('revokedTokens').where('expiresAt', '<', now).execute()
  await db
    .insertInto('revokedTokens')
    .values({ jti, expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute()
}

/**
 * Keeps one token working at a token version (the one its password change set) until it would have
 * expired anyway; drops the kept tokens past that.
 */
export async function keepToken(db: Db, token: { jti: string; userId: string; tokenVersion: number; expiresAt: string }, now: string) {
  await db.deleteFrom('keptTokens').where('expiresAt', '<', now).execute()
  await db
    .insertInto('keptTokens')
    .values(token)
    .onConflict((oc) => oc.column('jti').doUpdateSet({ tokenVersion: token.tokenVersion }))
    .execute()
}

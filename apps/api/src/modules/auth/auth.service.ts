import { v7 as uuidv7 } from 'uuid'
import { MESSAGES, type AuthResult, type LoginInput, type PasswordChangeInput, type RegisterInput } from '@shelfwise/contracts'
import { nowIso, isUniqueViolation, type Db } from '#/db/portable.ts'
import { AppError, conflict, unauthorized } from '#/errors.ts'
import type { Tokens } from '#/security/tokens.ts'
import { TOPICS, type Changes } from '#/changes.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import type { Actor } from '#/security/actor.ts'
import { hashPassword, isOwnIdentity, OWN_IDENTITY, verifyPassword } from '#/security/passwords.ts'
import { actAlsoAs, readerKey } from '#/db/read-your-writes.ts'
import {
  findAuthState,
  findCredentialsByEmail,
  findCredentialsById,
  findTakenIdentity,
  insertRevokedToken,
  insertUser,
  keepToken,
  updatePasswordHash,
} from '#/modules/auth/auth.repository.ts'

export interface AuthDeps {
  db: Db
  tokens: Tokens
  users: UsersService
  /** What changed, told by the database: a token's check is kept until its token or its reader's tokens change (decision 0064). */
  changes?: Changes
}

type AuthState = Awaited<ReturnType<typeof findAuthState>>

export const createAuthService = ({ db, tokens, users, changes }: AuthDeps) => {
  // One entry per token in use (a few hundred bytes each): its reader's version, revoked, kept.
  const states = changes?.kept<AuthState>({ max: 50_000 })
  const authStateOf = (userId: string, jti: string) =>
    states ? states.get(TOPICS.token(jti), () => findAuthState(db, userId, jti), [TOPICS.readerTokens(userId)]) : findAuthState(db, userId, jti)
  const takenError = (taken: { username: boolean; email: boolean }) => conflict(taken.username ? MESSAGES.usernameTaken : MESSAGES.emailTaken)

  return {
    /**
     * Who a bearer token speaks for: its signature and expiry checked, then its version and
     * revocation against the database, and the user must still exist; undefined otherwise.
     */
    async actorOfToken(token: string): Promise<Actor | undefined> {
      const claims = tokens.verify(token)
      if (!claims) return undefined
      // The jti is random and signed with its subject, so the token's topic names one reader's one sign-in.
      const state = await authStateOf(claims.sub, claims.jti)
      // A token from before a password change works only if it made that change (state.kept).
      if (!state || state.revoked || (state.tokenVersion !== claims.ver && !state.kept)) return undefined
      return { id: claims.sub, jti: claims.jti, exp: claims.exp }
    },

    /**
     * Creates a reader and signs them in; 400 for a username the service keeps, 409 when the username
     * or e-mail (any case) is taken or the username looks like a taken one.
     */
    async register(input: RegisterInput): Promise<AuthResult> {
      await users.checkNewUsername(input.username)
      const taken = await findTakenIdentity(db, input.username, input.email)
      if (taken.username || taken.email) throw takenError(taken)
      const id = uuidv7()
      const now = nowIso()
      const passwordHash = await hashPassword(input.password)
      try {
        await insertUser(db, {
          id,
          name: input.name,
          username: input.username,
          email: input.email,
          passwordHash,
          userType: input.userType,
          createdAt: now,
          updatedAt: now,
        })
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(err)) throw takenError(await findTakenIdentity(db, input.username, input.email))
        throw err
      }
      // The new reader's next call, with this token, reads what this one wrote (decision 0063).
      actAlsoAs(readerKey(id))
      return { message: MESSAGES.registered, token: tokens.sign(id, 0), user: await users.getProfile(id, id) }
    },

    /** 401 'Invalid email or password' for an unknown e-mail and a wrong password alike. */
    async login(input: LoginInput): Promise<AuthResult> {
      const cred = await findCredentialsByEmail(db, input.email)
      const ok = await verifyPassword(cred?.passwordHash, input.password)
      if (!cred || !ok) throw unauthorized(MESSAGES.invalidCredentials)
      actAlsoAs(readerKey(cred.id))
      return { message: MESSAGES.loggedIn, token: tokens.sign(cred.id, Number(cred.tokenVersion)), user: await users.getProfile(cred.id, cred.id) }
    },

    /** Ends this token's session: it is refused from now on. */
    async logout(actor: Actor): Promise<void> {
      await insertRevokedToken(db, actor.jti, new Date(actor.exp * 1000).toISOString(), nowIso())
    },

    /** 400 'Current password is incorrect' unless `password` is the caller's current password (checked as a password change checks it). */
    async checkPassword(actor: Actor, password: string): Promise<void> {
      const cred = await findCredentialsById(db, actor.id)
      if (!cred || !(await verifyPassword(cred.passwordHash, password))) throw new AppError('bad_request', MESSAGES.wrongPassword)
    },

    /** Checks the current password, stores the new one and ends every other session; the one that asked goes on. */
    async changePassword(actor: Actor, input: PasswordChangeInput) {
      const cred = await findCredentialsById(db, actor.id)
      if (!cred || !(await verifyPassword(cred.passwordHash, input.currentPassword))) {
        throw new AppError('bad_request', MESSAGES.wrongPassword)
      }
      if (isOwnIdentity(input.newPassword, cred)) throw new AppError('validation_failed', `New password ${OWN_IDENTITY}`)
      const passwordHash = await hashPassword(input.newPassword)
      const now = nowIso()
      // Every other session ends with the version bump; the token that made the change is kept
      // working (the spec's client ignores the fresh one), and so is the fresh one.
      const version = await db.transaction().execute(async (trx) => {
        const bumped = await updatePasswordHash(trx, actor.id, passwordHash, now)
        if (bumped !== undefined) {
          await keepToken(trx, { jti: actor.jti, userId: actor.id, tokenVersion: bumped, expiresAt: new Date(actor.exp * 1000).toISOString() }, now)
        }
        return bumped
      })
      if (version === undefined) throw unauthorized(MESSAGES.authFailed)
      return { message: MESSAGES.passwordUpdated, token: tokens.sign(actor.id, version) }
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>

import type { PersonalToken, TokenScope } from '@shelfwise/contracts'
import { TOKEN_SCOPES } from '@shelfwise/contracts'
import { rowCount, toIso, type Db } from '#/db/portable.ts'
import { newestById } from '#/db/keyset.ts'

// Personal access tokens' rows (decision 0045). Only a token's SHA-256 is ever stored or looked up.

interface TokenRow {
  id: string
  name: string
  scopes: string
  hint: string
  createdAt: string | Date
  expiresAt: string | Date
  lastUsedAt: string | Date | null
}

/** The stored scopes, in the contract's order, unknown words dropped. */
export const scopesOf = (stored: string): TokenScope[] => {
  const words = new Set(stored.split(' '))
  return TOKEN_SCOPES.filter((s) => words.has(s))
}

/** The scopes as stored: space-separated, in the contract's order. */
export const storedScopes = (scopes: readonly TokenScope[]): string => TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ')

const toToken = (row: TokenRow): PersonalToken => ({
  _id: row.id,
  name: row.name,
  scopes: scopesOf(row.scopes),
  hint: row.hint,
  createdAt: toIso(row.createdAt),
  expiresAt: toIso(row.expiresAt),
  lastUsedAt: row.lastUsedAt === null ? null : toIso(row.lastUsedAt),
})

const COLUMNS = ['id', 'name', 'scopes', 'hint', 'createdAt', 'expiresAt', 'lastUsedAt'] as const

export async function insertToken(
  db: Db,
  row: { id: string; userId: string; name: string; scopes: string; tokenHash: string; hint: string; createdAt: string; expiresAt: string },
): Promise<PersonalToken> {
  await db.insertInto('personalTokens').values(row).execute()
  return toToken({ ...row, lastUsedAt: null })
}

/** The reader's tokens, newest first, at most `limit` after `afterId`. */
export async function listTokens(db: Db, userId: string, afterId: string | undefined, limit: number): Promise<PersonalToken[]> {
  const q = db.selectFrom('personalTokens').select(COLUMNS).where('userId', '=', userId)
  return (await newestById(q, afterId, limit).execute()).map(toToken)
}

export const countTokens = (db: Db, userId: string): Promise<number> => rowCount(db.selectFrom('personalTokens').where('userId', '=', userId))

/** Deletes one of the reader's tokens; false when they have none by that id. */
export async function deleteToken(db: Db, userId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('personalTokens').where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** What a request's check needs of a token, by its hash: undefined when none is kept (never made, or revoked). */
export async function findTokenByHash(db: Db, tokenHash: string) {
  const row = await db
    .selectFrom('personalTokens')
    .select(['id', 'userId', 'scopes', 'expiresAt', 'lastUsedAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
  return (
    row && {
      id: row.id,
      userId: row.userId,
      scopes: scopesOf(row.scopes),
      expiresAt: toIso(row.expiresAt),
      lastUsedAt: row.lastUsedAt === null ? null : toIso(row.lastUsedAt),
    }
  )
}

export async function updateLastUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('personalTokens').set({ lastUsedAt: at }).where('id', '=', id).execute()
}

import { createHash, randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import { PERSONAL_TOKEN_PREFIX, TOKEN_LIMITS, type CreateTokenInput, type CreatedToken, type PagingQuery, type PersonalToken } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { conflict, notFound } from '#/errors.ts'
import { pageById, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { TOPICS, type Changes } from '#/changes.ts'
import { countTokens, deleteToken, findTokenByHash, insertToken, listTokens, storedScopes, updateLastUsed } from '#/modules/tokens/tokens.repository.ts'
import { actAlsoAs, personalTokenKey } from '#/db/read-your-writes.ts'

// Personal access tokens (issue 25, point 1, decision 0045).
//
// A token is `swp_` and 32 random bytes (256 bits) in base64url. Only its SHA-256 is stored: with
// that much entropy nobody can guess a token from its hash, so a slow password hash would add cost to
// every request and no safety; a leaked table gives no usable token. A token's row is kept per
// instance until the database tells it changed (decision 0064, `pat:<hash>`: revoked, or gone with its
// reader), as a sign-in's revocation state is: a revoked token is refused at once here and within the
// channel's delivery elsewhere, and every request reads the row while the channel is not trusted. An
// expired token is refused by the clock on every request.

const TOKEN_TEXT = /^swp_[A-Za-z0-9_-]{43}$/
const DAY_MS = 24 * 3600 * 1000
/** A token's last use is written at most this often (per token, per instance): one write a minute, not one per request. */
const LAST_USED_EVERY_MS = 60_000

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export interface TokensDeps {
  db: Db
  /** What changed, told by the database (decision 0064): a token's row is kept until it is revoked. */
  changes?: Changes
  /** Where a failed last-use write is reported (it never fails the request). */
  warn?: (msg: string, err: unknown) => void
}

export const createTokensService = ({ db, warn = () => {}, changes }: TokensDeps) => {
  const rows = changes?.kept<Awaited<ReturnType<typeof findTokenByHash>>>({ max: 10_000 })
  /** A token's row by its hash; an unknown hash is not kept (a token made later tells nothing). */
  const rowOf = (tokenHash: string) =>
    rows
      ? rows.get(
          TOPICS.personalToken(tokenHash),
          () => findTokenByHash(db, tokenHash),
          [],
          (row) => row !== undefined,
        )
      : findTokenByHash(db, tokenHash)
  // When this instance last wrote each token's last use (bounded: forgotten wholesale past 10,000 tokens).
  const written = new Map<string, number>()

  const noteUse = (id: string, storedLastUsed: string | null) => {
    const now = Date.now()
    const last = Math.max(written.get(id) ?? 0, storedLastUsed ? Date.parse(storedLastUsed) : 0)
    if (now - last < LAST_USED_EVERY_MS) return
    if (written.size >= 10_000) written.clear()
    written.set(id, now)
    updateLastUsed(db, id, new Date(now).toISOString()).catch((err: unknown) => warn('personal tokens: could not note a token’s last use', err))
  }

  return {
    /** Makes a token for the reader; the token itself is in this answer only. 409 past the number a reader may keep. */
    async create(actor: Actor, input: CreateTokenInput): Promise<CreatedToken> {
      if ((await countTokens(db, actor.id)) >= TOKEN_LIMITS.perReaderMax) {
        throw conflict(`You have ${TOKEN_LIMITS.perReaderMax} tokens, the most you may keep; revoke one first`)
      }
      const token = `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      const now = new Date()
      const created = await insertToken(db, {
        id: uuidv7(),
        userId: actor.id,
        name: input.name,
        scopes: storedScopes(input.scopes),
        tokenHash: hashOf(token),
        hint: token.slice(-4),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
      })
      // Its first call reads the token this call wrote, even on a replica that has not replayed it yet (decision 0063).
      actAlsoAs(personalTokenKey(token))
      return { ...created, token }
    },

    /** The reader's tokens, newest first, paged; never the tokens themselves. */
    list: (actor: Actor, query: PagingQuery): Promise<Page<PersonalToken>> =>
      pageById(
        query,
        TOKEN_LIMITS.perReaderMax,
        (afterId, limit) => listTokens(db, actor.id, afterId, limit),
        () => countTokens(db, actor.id),
      ),

    /** Revokes one of the reader's tokens at once; 404 for none by that id and for another reader's alike. */
    async revoke(actor: Actor, id: string): Promise<void> {
      if (!(await deleteToken(db, actor.id, id))) throw notFound('Token not found')
    },

    /** Who a personal token speaks for, or undefined when it is malformed, unknown (or revoked) or expired. */
    async actorOfToken(token: string): Promise<Actor | undefined> {
      if (!TOKEN_TEXT.test(token)) return undefined
      const row = await rowOf(hashOf(token))
      if (!row) return undefined
      const expiresAt = Date.parse(row.expiresAt)
      if (!(expiresAt > Date.now())) return undefined
      noteUse(row.id, row.lastUsedAt)
      return { id: row.userId, jti: `pat:${row.id}`, exp: Math.floor(expiresAt / 1000), personalToken: { id: row.id, scopes: row.scopes } }
    },
  }
}

export type TokensService = ReturnType<typeof createTokensService>

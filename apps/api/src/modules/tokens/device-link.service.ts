import { createHash, randomBytes, randomInt } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import { USER_CODE_ALPHABET, type DeviceApproveInput, type TokenScope } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'
import { notFound } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import { scopesOf, storedScopes } from '#/modules/tokens/tokens.repository.ts'
import type { TokensService } from '#/modules/tokens/tokens.service.ts'

// Device link (issue 25, point 5): the OAuth 2 device authorization grant (RFC 8628). A device
// without a keyboard asks for a code, shows the short user code and /link; the signed-in reader
// enters it there and chooses scopes; the device's next poll receives a personal access token,
// made at that moment (none is stored before), and the code is used up.

const EXPIRES_IN_S = 600
const INTERVAL_S = 5
const SLOW_DOWN_S = 5

export type GrantError = 'authorization_pending' | 'slow_down' | 'expired_token' | 'access_denied' | 'invalid_grant'

const DESCRIPTIONS: Record<GrantError, string> = {
  authorization_pending: 'The reader has not yet entered the code; ask again after the interval',
  slow_down: `Asked too often: wait ${SLOW_DOWN_S} seconds more between requests`,
  expired_token: 'The code has expired; ask for a new one',
  access_denied: 'The reader refused to link this device',
  invalid_grant: 'This device_code is not one this server gave out, or it was used already',
}

export class DeviceGrantError extends Error {
  readonly error: GrantError
  constructor(error: GrantError) {
    super(DESCRIPTIONS[error])
    this.error = error
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const userCode = () => Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('')
const NO_DEVICE = 'No device is waiting with this code: check it, or ask the device for a new one'

export const createDeviceLinkService = ({ db, tokens }: { db: Db; tokens: Pick<TokensService, 'create'> }) => {
  /** Approves or refuses the device waiting with `code`: 404 for a code nobody waits with (or expired), for anyone. */
  const decide = async (code: string, change: { status: 'approved' | 'denied'; userId: string; scopes?: string; tokenDays?: number }) => {
    const row = await db
      .selectFrom('deviceCodes')
      .select(['id', 'clientName', 'expiresAt'])
      .where('userCode', '=', code)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (!row || Date.parse(toIso(row.expiresAt)) <= Date.now()) throw notFound(NO_DEVICE)
    const res = await db.updateTable('deviceCodes').set(change).where('id', '=', row.id).where('status', '=', 'pending').executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw notFound(NO_DEVICE)
    return { clientName: row.clientName, status: change.status }
  }

  return {
    /** A device asks to be linked: its secret device code and the short code the reader types. */
    async start(clientName: string | undefined, linkUrl: string) {
      const deviceCode = randomBytes(32).toString('base64url')
      const now = Date.now()
      // Forget the codes that expired a day ago.
      await db
        .deleteFrom('deviceCodes')
        .where('expiresAt', '<', new Date(now - 24 * 3600 * 1000).toISOString())
        .execute()
      let code = userCode()
      for (let tries = 0; ; tries++) {
        const taken = await db.selectFrom('deviceCodes').select('id').where('userCode', '=', code).executeTakeFirst()
        if (!taken || tries > 5) break
        code = userCode()
      }
      await db
        .insertInto('deviceCodes')
        .values({
          id: uuidv7(),
          deviceCodeHash: sha256(deviceCode),
          userCode: code,
          clientName: clientName || 'A device',
          interval: INTERVAL_S,
          expiresAt: new Date(now + EXPIRES_IN_S * 1000).toISOString(),
          createdAt: new Date(now).toISOString(),
        })
        .execute()
      const shown = `${code.slice(0, 4)}-${code.slice(4)}`
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: linkUrl,
        verification_uri_complete: `${linkUrl}?code=${shown}`,
        expires_in: EXPIRES_IN_S,
        interval: INTERVAL_S,
      }
    },

    /** The device polls: its token once the reader approved, else RFC 8628's error. */
    async poll(deviceCode: string) {
      const row = await db.selectFrom('deviceCodes').selectAll().where('deviceCodeHash', '=', sha256(deviceCode)).executeTakeFirst()
      if (!row || row.status === 'used') throw new DeviceGrantError('invalid_grant')
      const now = Date.now()
      if (Date.parse(toIso(row.expiresAt)) <= now) throw new DeviceGrantError('expired_token')
      if (row.status === 'denied') throw new DeviceGrantError('access_denied')
      const last = row.lastPolledAt ? Date.parse(toIso(row.lastPolledAt)) : 0
      if (now - last < Number(row.interval) * 1000) {
        await db
          .updateTable('deviceCodes')
          .set({ interval: Number(row.interval) + SLOW_DOWN_S, lastPolledAt: new Date(now).toISOString() })
          .where('id', '=', row.id)
          .execute()
        throw new DeviceGrantError('slow_down')
      }
      await db
        .updateTable('deviceCodes')
        .set({ lastPolledAt: new Date(now).toISOString() })
        .where('id', '=', row.id)
        .execute()
      if (row.status === 'pending' || !row.userId) throw new DeviceGrantError('authorization_pending')
      // Used up in one step: two polls at once cannot both take a token.
      const taken = await db.updateTable('deviceCodes').set({ status: 'used' }).where('id', '=', row.id).where('status', '=', 'approved').executeTakeFirst()
      if (Number(taken.numUpdatedRows) !== 1) throw new DeviceGrantError('invalid_grant')
      const scopes = scopesOf(row.scopes ?? '')
      const days = Number(row.tokenDays ?? 30)
      const made = await tokens.create({ id: row.userId, jti: 'device-link', exp: 0 }, { name: row.clientName, scopes, expiresInDays: days })
      return { access_token: made.token, token_type: 'Bearer' as const, expires_in: days * 24 * 3600, scope: scopes.join(' ') }
    },

    /** The reader approves a waiting device with the scopes they chose; 404 for a code nobody waits with (or expired). */
    async approve(actor: Actor, input: DeviceApproveInput) {
      return decide(input.user_code, {
        status: 'approved',
        userId: actor.id,
        scopes: storedScopes(input.scopes as TokenScope[]),
        tokenDays: input.expiresInDays,
      })
    },

    /** The reader refuses a waiting device: its next poll is access_denied. */
    async deny(actor: Actor, code: string) {
      return decide(code, { status: 'denied', userId: actor.id })
    },
  }
}

export type DeviceLinkService = ReturnType<typeof createDeviceLinkService>

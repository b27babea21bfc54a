import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import { DEVICE_LIMITS, type CreateDeviceInput, type CreatedDevice, type Device, type PagingQuery } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'
import { conflict, notFound } from '#/errors.ts'
import { pageById, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { countDevices, deleteDevice, findDeviceByUsername, insertDevice, listDevices, updateDeviceLastUsed } from '#/modules/tokens/devices.repository.ts'

// Devices (issue 25, point 4, decision 0047): an e-reader's own sign-in for KOReader's progress sync,
// made on the site, never the account's password. KOReader stores the password's MD5 and sends it as
// x-auth-key; we keep the SHA-256 of that MD5. The password is 120 random bits, so its MD5 is as
// unguessable as the password, and a leaked table holds neither.

const LAST_USED_EVERY_MS = 60_000
// Letters and digits a reader types on an e-reader's keyboard without confusing them (no 0/o, 1/l).
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

const randomText = (length: number) => {
  const bytes = randomBytes(length)
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const md5 = (text: string) => createHash('md5').update(text).digest('hex')

export const createDevicesService = ({ db }: { db: Db }) => {
  const written = new Map<string, number>()
  return {
    /** Makes a device sign-in: a username and a password shown this once. 409 past the number a reader may keep. */
    async create(actor: Actor, input: CreateDeviceInput): Promise<CreatedDevice> {
      if ((await countDevices(db, actor.id)) >= DEVICE_LIMITS.perReaderMax) {
        throw conflict(`You have ${DEVICE_LIMITS.perReaderMax} devices, the most you may keep; remove one first`)
      }
      // 24 characters of a 32-letter alphabet: 120 bits.
      const password = randomText(24)
      const device = await insertDevice(db, {
        id: uuidv7(),
        userId: actor.id,
        name: input.name,
        username: `sw-${randomText(10)}`,
        keyHash: sha256(md5(password)),
        createdAt: new Date().toISOString(),
      })
      return { ...device, password }
    },

    list: (actor: Actor, query: PagingQuery): Promise<Page<Device>> =>
      pageById(
        query,
        DEVICE_LIMITS.perReaderMax,
        (afterId, limit) => listDevices(db, actor.id, afterId, limit),
        () => countDevices(db, actor.id),
      ),

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await deleteDevice(db, actor.id, id))) throw notFound('Device not found')
    },

    /** The reader a device's kosync headers speak for, or undefined (unknown username or wrong key). */
    async actorOfDevice(username: string | undefined, key: string | undefined): Promise<Actor | undefined> {
      if (!username || !key || username.length > 64 || key.length > 128) return undefined
      const row = await findDeviceByUsername(db, username)
      if (!row) return undefined
      const given = Buffer.from(sha256(key.toLowerCase()), 'hex')
      if (!timingSafeEqual(given, Buffer.from(row.keyHash, 'hex'))) return undefined
      const now = Date.now()
      const last = Math.max(written.get(row.id) ?? 0, row.lastUsedAt ? Date.parse(toIso(row.lastUsedAt)) : 0)
      if (now - last >= LAST_USED_EVERY_MS) {
        if (written.size >= 10_000) written.clear()
        written.set(row.id, now)
        await updateDeviceLastUsed(db, row.id, new Date(now).toISOString())
      }
      return { id: row.userId, jti: `device:${row.id}`, exp: 0 }
    },
  }
}

export type DevicesService = ReturnType<typeof createDevicesService>

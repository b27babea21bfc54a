import type { Device } from '@shelfwise/contracts'
import { rowCount, toIso, type Db } from '#/db/portable.ts'
import { newestById } from '#/db/keyset.ts'

// A reader's devices (decision 0047): only a hash of each device's key is kept.

interface DeviceRow {
  id: string
  name: string
  username: string
  createdAt: string | Date
  lastUsedAt: string | Date | null
}

const toDevice = (row: DeviceRow): Device => ({
  _id: row.id,
  name: row.name,
  username: row.username,
  createdAt: toIso(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : toIso(row.lastUsedAt),
})

const COLUMNS = ['id', 'name', 'username', 'createdAt', 'lastUsedAt'] as const

export async function insertDevice(
  db: Db,
  row: { id: string; userId: string; name: string; username: string; keyHash: string; createdAt: string },
): Promise<Device> {
  await db.insertInto('devices').values(row).execute()
  return toDevice({ ...row, lastUsedAt: null })
}

export async function listDevices(db: Db, userId: string, afterId: string | undefined, limit: number): Promise<Device[]> {
  const q = db.selectFrom('devices').select(COLUMNS).where('userId', '=', userId)
  return (await newestById(q, afterId, limit).execute()).map(toDevice)
}

export const countDevices = (db: Db, userId: string): Promise<number> => rowCount(db.selectFrom('devices').where('userId', '=', userId))

export async function deleteDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('devices').where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** A device by the username KOReader sends, with what its check needs. */
export async function findDeviceByUsername(db: Db, username: string) {
  return db.selectFrom('devices').select(['id', 'userId', 'keyHash', 'lastUsedAt']).where('username', '=', username).executeTakeFirst()
}

export async function updateDeviceLastUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('devices').set({ lastUsedAt: at }).where('id', '=', id).execute()
}

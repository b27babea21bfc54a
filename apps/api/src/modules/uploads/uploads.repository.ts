import { sql, type SqlBool } from 'kysely'
import { lockedForWrite, toIso, type Db } from '#/db/portable.ts'

// The uploads table (migration 2026_11_25_0600): one row per stored image, kept a day after its
// file is removed so the day's count still holds. Every condition that decides a removal is part
// of the UPDATE itself, so of several instances sweeping one folder only one removes a file, and
// never one that a profile or a book was just made to show.

export interface UploadRow {
  name: string
  userId: string
  bytes: number
  createdAt: string
}

/** Locks the reader's row until the transaction ends, so their uploads are counted and recorded one at a time, on any instance. */
export async function lockUploader(db: Db, userId: string): Promise<void> {
  await lockedForWrite(db, db.selectFrom('users').select('id').where('id', '=', userId)).execute()
}

/** Records a stored (or about to be stored) upload. */
export async function insertUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute()
}

/** Forgets an upload whose file was never written (refused, or the write failed). */
export async function deleteUpload(db: Db, name: string): Promise<void> {
  await db.deleteFrom('uploads').where('name', '=', name).execute()
}

/** A reader's uploads since a time (removed ones too), the oldest of them, and the bytes of the images they keep. */
export async function findUploadUsage(db: Db, userId: string, since: string): Promise<{ recent: number; oldestRecent: string | undefined; bytes: number }> {
  const [recent, kept] = await Promise.all([
    db
      .selectFrom('uploads')
      .where('userId', '=', userId)
      .where('createdAt', '>', since)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('createdAt').as('oldest')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('uploads')
      .where('userId', '=', userId)
      .where('removedAt', 'is', null)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('bytes'))
      .executeTakeFirstOrThrow(),
  ])
  return { recent: Number(recent.n), oldestRecent: recent.oldest ? toIso(recent.oldest) : undefined, bytes: Number(kept.bytes) }
}

/**
 * Notes that something now shows the upload (it is no longer let go of). False when there is no
 * such upload in the folder: never ours, made before uploads were recorded, or already removed.
 */
export async function markUploadShown(db: Db, name: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('uploads')
    .set({ referencedAt: at, releasedAt: null })
    .where('name', '=', name)
    .where('removedAt', 'is', null)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/** True when the upload's file has been removed. */
export async function isUploadRemoved(db: Db, name: string): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('name').where('name', '=', name).where('removedAt', 'is not', null).executeTakeFirst()
  return row !== undefined
}

/** Notes that a profile stopped showing the upload (it may still be shown elsewhere: a sweep checks). */
export async function markUploadReleased(db: Db, name: string, at: string): Promise<void> {
  await db.updateTable('uploads').set({ releasedAt: at }).where('name', '=', name).where('removedAt', 'is', null).execute()
}

/** Lets go of every upload of a reader whose account is closed (a sweep still keeps any a book's cover shows); answers how many. */
export async function markUploadsOfUserReleased(db: Db, userId: string, at: string): Promise<number> {
  const res = await db.updateTable('uploads').set({ releasedAt: at }).where('userId', '=', userId).where('removedAt', 'is', null).executeTakeFirst()
  return Number(res.numUpdatedRows)
}

// An upload nobody has shown since before the cutoff: never shown and older than it, or let go of before it.
const unusedSince = (cutoff: string) => sql<SqlBool>`(
  (referenced_at is null and released_at is null and created_at < ${cutoff})
  or (released_at is not null and released_at < ${cutoff}))`

/** Uploads nobody has shown since before the cutoff, oldest first: at most `limit` of each kind. */
export async function listUnusedUploads(db: Db, cutoff: string, limit: number): Promise<string[]> {
  const [never, released] = await Promise.all([
    // The same conditions as the partial indexes uploads_unused_idx and uploads_released_idx.
    db
      .selectFrom('uploads')
      .select('name')
      .where(sql<SqlBool>`removed_at is null and referenced_at is null and released_at is null`)
      .where('createdAt', '<', cutoff)
      .orderBy('createdAt')
      .limit(limit)
      .execute(),
    db
      .selectFrom('uploads')
      .select('name')
      .where(sql<SqlBool>`removed_at is null and released_at is not null`)
      .where('releasedAt', '<', cutoff)
      .orderBy('releasedAt')
      .limit(limit)
      .execute(),
  ])
  return [...never, ...released].map((r) => r.name)
}

/**
 * True when a profile or a book shows the upload: a profile image '/uploads/<name>' (looked up
 * exactly) or holding the name otherwise (a bare name, an absolute URL), or a cover holding
 * '/uploads/…<name>'. Each reads a small index: the literal conditions are those of the partial
 * indexes of migration 2026_11_25_0600.
 */
export async function isUploadShown(db: Db, name: string): Promise<boolean> {
  const inside = `%${name}%` // names are letters, digits, '-' and '.': no LIKE wildcard
  const found = await Promise.all([
    db
      .selectFrom('users')
      .select(sql`1`.as('x'))
      .where(sql<SqlBool>`profile_image like '/uploads/%'`)
      .where('profileImage', '=', `/uploads/${name}`)
      .limit(1)
      .execute(),
    db
      .selectFrom('users')
      .select(sql`1`.as('x'))
      .where(sql<SqlBool>`profile_image not like '/uploads/%' and profile_image like '%.webp%'`)
      .where('profileImage', 'like', inside)
      .limit(1)
      .execute(),
    db
      .selectFrom('books')
      .select(sql`1`.as('x'))
      .where(sql<SqlBool>`cover_image like '%/uploads/%.webp%'`)
      .where('coverImage', 'like', inside)
      .limit(1)
      .execute(),
  ])
  return found.some((rows) => rows.length > 0)
}

/**
 * Marks the upload removed if nobody has shown it since before the cutoff, in one statement: true
 * for the one caller (of every instance) that marked it, who then deletes the file.
 */
export async function markUploadRemoved(db: Db, name: string, cutoff: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('uploads')
    .set({ removedAt: at })
    .where('name', '=', name)
    .where('removedAt', 'is', null)
    .where(unusedSince(cutoff))
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/** Forgets removed uploads that no longer count toward anyone's day: at most `limit`. */
export async function purgeRemovedUploads(db: Db, before: string, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('uploads')
    .where('name', 'in', (eb) => eb.selectFrom('uploads').select('name').where('removedAt', 'is not', null).where('removedAt', '<', before).limit(limit))
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}

import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LIMITS, MESSAGES } from '@shelfwise/contracts'
import type { Config } from '#/config.ts'
import { nowIso, type Db } from '#/db/portable.ts'
import { AppError, badRequest } from '#/errors.ts'
import { loadSharp } from '#/images.ts'
import type { Actor } from '#/security/actor.ts'
import {
  deleteUpload,
  findUploadUsage,
  insertUpload,
  isUploadRemoved,
  isUploadShown,
  listUnusedUploads,
  lockUploader,
  markUploadReleased,
  markUploadsOfUserReleased,
  markUploadRemoved,
  markUploadShown,
  purgeRemovedUploads,
} from '#/modules/uploads/uploads.repository.ts'

export interface UploadsDeps {
  db: Db
  config: Config
}

/** The formats we accept in; everything else sharp might read (SVG, TIFF, HEIF…) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

// A 5 MB file can still claim to be 50000×50000 pixels; refuse to decode anything past 40 megapixels.
const MAX_INPUT_PIXELS = 40_000_000

const DAY_MS = 24 * 60 * 60 * 1000
/** Uploads looked at per sweep, of each kind (never shown, let go of); the rest wait for the next sweep. */
const SWEEP_BATCH = 200

// The name the service gives an upload, as a profile image or a cover may hold it: '/uploads/<name>',
// the bare '<name>', or an absolute URL ending in '/uploads/<name>' (perhaps with a query).
const UPLOAD_NAME_IN = /(?:^|\/uploads\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp)(?:[?#].*)?$/

/** The name of the upload a profile image or cover value shows, if it shows one. */
const uploadNameIn = (value: string): string | undefined => UPLOAD_NAME_IN.exec(value)?.[1]

export const createUploadsService = ({ db, config }: UploadsDeps) => {
  const quota = config.uploads
  const roomFull = () => new AppError('payload_too_large', MESSAGES.uploadRoomFull(Math.round(quota.bytesPerReader / (1024 * 1024))))

  /**
   * 429 when one more upload would pass the reader's uploads of the day (with how long until one
   * leaves the day), 413 when `bytes` more (at least one) would pass the room their images may take.
   */
  const assertRoom = async (trx: Db, userId: string, bytes: number) => {
    const now = Date.now()
    const usage = await findUploadUsage(trx, userId, new Date(now - DAY_MS).toISOString())
    if (usage.recent + 1 > quota.perDay) {
      const freedAt = usage.oldestRecent ? Date.parse(usage.oldestRecent) + DAY_MS : now + DAY_MS
      const seconds = Math.max(1, Math.ceil((freedAt - now) / 1000))
      throw new AppError('rate_limited', MESSAGES.tooManyUploads, { 'retry-after': String(seconds) })
    }
    if (usage.bytes + Math.max(bytes, 1) > quota.bytesPerReader) throw roomFull()
  }

  /**
   * Notes that a profile image or cover about to be saved (in the caller's transaction, so a sweep
   * cannot remove the file in between) shows an upload; 400 naming the field when that upload's file
   * has already been removed. Values that show no upload of ours are left alone.
   */
  const claim = async (value: string, field: string, trx: Db = db): Promise<void> => {
    const name = uploadNameIn(value)
    if (!name) return
    if (!(await markUploadShown(trx, name, nowIso())) && (await isUploadRemoved(trx, name))) throw badRequest(MESSAGES.uploadRemoved(field))
  }

  /**
   * Removes the files of uploads nobody has shown for the grace time (replaced avatars, uploads
   * never used), unless a profile or a book shows them after all; forgets removed uploads a day
   * on. Safe to run on several instances over one folder at once. Answers the names removed.
   */
  const sweep = async (now: Date = new Date()): Promise<string[]> => {
    const cutoff = new Date(now.getTime() - quota.graceSeconds * 1000).toISOString()
    const removed: string[] = []
    for (const name of await listUnusedUploads(db, cutoff, SWEEP_BATCH)) {
      if (await isUploadShown(db, name)) {
        // Shown by a path that did not say so (another reader's avatar, a cover): not a candidate any more.
        await markUploadShown(db, name, now.toISOString())
        continue
      }
      // Only the instance whose update marks it removes the file, and only if nobody claimed it meanwhile.
      if (!(await markUploadRemoved(db, name, cutoff, now.toISOString()))) continue
      await rm(join(config.uploadsDir, name), { force: true })
      removed.push(name)
    }
    await purgeRemovedUploads(db, new Date(now.getTime() - DAY_MS).toISOString(), SWEEP_BATCH)
    return removed
  }

  return {
    /**
     * Stores the image `read` gives as a metadata-free WebP of at most 1024 px under a random name,
     * within the reader's quota: 429 past the day's uploads, 413 when their images fill their room.
     * The quota is counted and the upload recorded with the reader's row locked, so uploads sent at
     * once, on any instance, take turns and never pass it together.
     */
    async storeImage(actor: Actor, read: () => Promise<Buffer>): Promise<{ imageUrl: string }> {
      // The body is read first, so even a refused client gets its answer rather than a cut connection;
      // decoding, the costly part, waits until the quota (looked at without a lock) allows one more.
      const input = await read()
      await assertRoom(db, actor.id, 0)
      const webp = await reencode(input)
      const name = `${randomUUID()}.webp`
      await db.transaction().execute(async (trx) => {
        await lockUploader(trx, actor.id)
        await assertRoom(trx, actor.id, webp.length)
        await insertUpload(trx, { name, userId: actor.id, bytes: webp.length, createdAt: nowIso() })
      })
      try {
        await mkdir(config.uploadsDir, { recursive: true })
        // Written under a dot-name (never served) and renamed, so nobody fetches a half-written file.
        const partial = join(config.uploadsDir, `.${name}.part`)
        try {
          await writeFile(partial, webp, { flag: 'wx' })
          await rename(partial, join(config.uploadsDir, name))
        } catch (err) {
          await rm(partial, { force: true })
          throw err
        }
      } catch (err) {
        await deleteUpload(db, name)
        throw err
      }
      return { imageUrl: `/uploads/${name}` }
    },

    claim,

    /** The bytes (WebP) of the upload a profile image or cover value shows; undefined for anything else (a remote URL is never fetched). */
    async readShown(value: string): Promise<Buffer | undefined> {
      const name = uploadNameIn(value)
      if (!name) return undefined
      return readFile(join(config.uploadsDir, name)).catch(() => undefined)
    },

    /**
     * A profile image or cover replaced, in the caller's transaction: the new one is claimed, the old one let
     * go of (a sweep removes it after the grace time, unless something else shows it).
     */
    async replace(before: string, after: string, field: string, trx: Db = db): Promise<void> {
      if (before === after) return
      await claim(after, field, trx)
      const old = uploadNameIn(before)
      if (old && old !== uploadNameIn(after)) await markUploadReleased(trx, old, nowIso())
    },

    /**
     * An image no longer shown by what showed it (a deleted book's cover), in the caller's
     * transaction: let go of, so a sweep removes it after the grace time unless something else shows it.
     */
    async release(value: string, trx: Db = db): Promise<void> {
      const name = uploadNameIn(value)
      if (name) await markUploadReleased(trx, name, nowIso())
    },

    /**
     * Every upload of a reader whose account is being closed, in the caller's transaction: let go of,
     * so a sweep removes the files after the grace time; one still shown (a cover of a book that
     * stays in the catalogue) is found shown by the sweep and kept. Answers how many.
     */
    releaseAllOf: (userId: string, trx: Db = db): Promise<number> => markUploadsOfUserReleased(trx, userId, nowIso()),

    sweep,

    /** Sweeps every `sweepIntervalSeconds` (not at all when 0) until the returned function is called. */
    startSweeping(log: { error(obj: object, msg: string): void }): () => void {
      if (!quota.sweepIntervalSeconds) return () => {}
      let timer: NodeJS.Timeout | undefined
      let stopped = false
      const next = () => {
        // Instances started together spread their sweeps over a tenth of the interval.
        const ms = quota.sweepIntervalSeconds * 1000 * (1 + Math.random() / 10)
        timer = setTimeout(() => {
          sweep()
            .catch((err: unknown) => log.error({ err }, 'sweeping unused uploads failed'))
            .finally(() => {
              if (!stopped) next()
            })
        }, ms)
        timer.unref()
      }
      next()
      return () => {
        stopped = true
        clearTimeout(timer)
      }
    },
  }
}

/** The image as WebP, or 400 'Only image files are allowed' when it is not a JPEG, PNG, WebP or GIF. */
async function reencode(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp()
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const
  let format: string | undefined
  try {
    format = input.length ? (await sharp(input, options).metadata()).format : undefined
  } catch {
    format = undefined // not decodable: an HTML page named .png, a text file, a truncated image
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(MESSAGES.onlyImages)
  try {
    // rotate() applies the EXIF orientation; sharp drops all metadata unless asked to keep it.
    return await sharp(input, options)
      .rotate()
      .resize({ width: LIMITS.imageSideMax, height: LIMITS.imageSideMax, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    // The header was fine but the pixels are not (corrupt data, or past the pixel limit).
    throw badRequest(MESSAGES.onlyImages)
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>

/** What other services tell the uploads service: an image shown (a cover), replaced (an avatar, a cover) or no longer shown. */
export type UploadClaims = Pick<UploadsService, 'claim' | 'replace' | 'release'>

/** For services built without the uploads service (some tests): nothing is noted. */
export const NO_UPLOAD_CLAIMS: UploadClaims = { claim: async () => {}, replace: async () => {}, release: async () => {} }

import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LIMITS, MESSAGES } from '@shelfwise/contracts'
import type { Config } from '#/config.ts'
import { badRequest } from '#/errors.ts'

export interface UploadsDeps {
  config: Config
}

/** The formats we accept in; everything else sharp might read (SVG, TIFF, HEIF…) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

// A 5 MB file can still claim to be 50000×50000 pixels; refuse to decode anything past 40 megapixels.
const MAX_INPUT_PIXELS = 40_000_000

export const createUploadsService = ({ config }: UploadsDeps) => ({
  /** Decodes an uploaded image, re-encodes it as a metadata-free WebP of at most 1024 px and stores it under a random name. */
  async storeImage(input: Buffer): Promise<{ imageUrl: string }> {
    const webp = await reencode(input)
    const name = `${randomUUID()}.webp`
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
    return { imageUrl: `/uploads/${name}` }
  },
})

// sharp (libvips, ~15 MB resident) is loaded on the first upload, not at start: most instances seldom see one.
let sharpModule: Promise<typeof import('sharp')> | undefined
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default

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

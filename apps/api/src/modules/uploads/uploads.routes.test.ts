import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { ErrorBodySchema, LIMITS, MESSAGES, UploadResultSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertUser } from '../../../test/support/factories.ts'
import { multipart, type Part } from '../../../test/support/multipart.ts'

/** A plain test picture, 2000×1000 unless told otherwise. */
const picture = (width = 2000, height = 1000) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })

describeEachDialect('uploads routes', (ctx) => {
  const upload = (parts: Part[], token?: string) => {
    const { payload, headers } = multipart(parts)
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    })
  }
  const uploadsOnDisk = () => readdirSync(ctx.config.uploadsDir).sort()
  const expectError = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
    expect(res.statusCode).toBe(status)
    expect(ErrorBodySchema.parse(res.json()).message).toBe(message)
  }

  describe('POST /api/upload', () => {
    it('accepts a PNG, answers 201 with /uploads/<random>.webp, and serves it back as a WebP of at most 1024 px', async () => {
      const { token } = await insertUser(ctx.db)
      const png = await picture().png().toBuffer()
      const res = await upload([{ name: 'image', value: png, filename: 'cover.png', contentType: 'image/png' }], token)
      expect(res.statusCode).toBe(201)
      const { imageUrl } = UploadResultSchema.parse(res.json())
      expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/)

      const served = await ctx.app.inject({ method: 'GET', url: imageUrl })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 512 })
    })

    it('accepts a JPEG, applies its EXIF orientation and strips every bit of metadata', async () => {
      const { token } = await insertUser(ctx.db)
      // Orientation 6: the camera was turned, so the 2000×1000 pixels show as a 1000×2000 portrait.
      const jpeg = await picture()
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret-location-42', Artist: 'Somebody' } })
        .withMetadata({ orientation: 6 })
        .toBuffer()
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 1000, orientation: 6 })
      expect(jpeg.includes('secret-location-42')).toBe(true)
      const res = await upload([{ name: 'image', value: jpeg, filename: 'photo.jpg', contentType: 'image/jpeg' }], token)
      expect(res.statusCode).toBe(201)
      const served = await ctx.app.inject({ method: 'GET', url: UploadResultSchema.parse(res.json()).imageUrl })
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 1024 })
      expect(meta.exif).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
      expect(served.rawPayload.includes('secret-location-42')).toBe(false)
    })

    it('keeps a small image its own size', async () => {
      const { token } = await insertUser(ctx.db)
      const gif = await picture(120, 80).gif().toBuffer()
      const res = await upload([{ name: 'image', value: gif, filename: 'small.gif', contentType: 'image/gif' }], token)
      expect(res.statusCode).toBe(201)
      const served = await ctx.app.inject({ method: 'GET', url: UploadResultSchema.parse(res.json()).imageUrl })
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 120, height: 80 })
    })

    it('stores the image without changing the uploader’s profile image', async () => {
      const user = await insertUser(ctx.db, { profileImage: '/uploads/old.webp' })
      const webp = await picture(300, 300).webp().toBuffer()
      const res = await upload([{ name: 'image', value: webp, filename: 'me.webp', contentType: 'image/webp' }], user.token)
      expect(res.statusCode).toBe(201)
      const row = await ctx.db.selectFrom('users').select('profileImage').where('id', '=', user.id).executeTakeFirstOrThrow()
      expect(row.profileImage).toBe('/uploads/old.webp')
    })

    it.each([
      ['an HTML page named avatar.png', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'avatar.png', 'image/png'],
      ['a text file', 'just some words, not a picture', 'notes.txt', 'text/plain'],
      ['an empty file', '', 'empty.png', 'image/png'],
      [
        'an SVG (a script-capable format we do not take)',
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        'icon.svg',
        'image/svg+xml',
      ],
    ])('refuses %s with 400 and writes nothing', async (_what, content, filename, contentType) => {
      const { token } = await insertUser(ctx.db)
      const before = uploadsOnDisk()
      const res = await upload([{ name: 'image', value: content, filename, contentType }], token)
      expectError(res, 400, MESSAGES.onlyImages)
      expect(res.json()).toEqual({ message: MESSAGES.onlyImages, code: 'bad_request' })
      expect(uploadsOnDisk()).toEqual(before)
    })

    it('refuses a truncated PNG with 400', async () => {
      const { token } = await insertUser(ctx.db)
      const png = await picture(400, 400).png().toBuffer()
      const res = await upload([{ name: 'image', value: png.subarray(0, 200), filename: 'cut.png', contentType: 'image/png' }], token)
      expectError(res, 400, MESSAGES.onlyImages)
    })

    it('refuses a decompression bomb (48 megapixels packed into a small PNG) with 400', async () => {
      const { token } = await insertUser(ctx.db)
      const bomb = await picture(8000, 6000).greyscale().png({ compressionLevel: 9 }).toBuffer()
      expect(bomb.length).toBeLessThan(LIMITS.uploadBytesMax)
      const res = await upload([{ name: 'image', value: bomb, filename: 'bomb.png', contentType: 'image/png' }], token)
      expectError(res, 400, MESSAGES.onlyImages)
    })

    it('answers a clean 413 for a file over 5 MB and leaves no file behind', async () => {
      const { token } = await insertUser(ctx.db)
      const before = uploadsOnDisk()
      const big = Buffer.concat([await picture(64, 64).png().toBuffer(), randomBytes(LIMITS.uploadBytesMax)])
      const res = await upload([{ name: 'image', value: big, filename: 'huge.png', contentType: 'image/png' }], token)
      expectError(res, 413, MESSAGES.fileTooLarge)
      expect(res.json().code).toBe('payload_too_large')
      expect(uploadsOnDisk()).toEqual(before)
    })

    it('answers 413 over a real connection too, where the cut can come in the last chunk', async () => {
      const { token } = await insertUser(ctx.db)
      const before = uploadsOnDisk()
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const form = new FormData()
      form.append('image', new Blob([randomBytes(LIMITS.uploadBytesMax + 3 * 1024 * 1024)], { type: 'image/png' }), 'huge.png')
      const res = await fetch(`${base}/api/upload`, { method: 'POST', body: form, headers: bearer(token) })
      expect(res.status).toBe(413)
      expect(await res.json()).toEqual({ message: MESSAGES.fileTooLarge, code: 'payload_too_large' })
      expect(uploadsOnDisk()).toEqual(before)
    })

    it('answers 401 without a token, and with a bad one', async () => {
      const png = await picture(50, 50).png().toBuffer()
      expectError(await upload([{ name: 'image', value: png, filename: 'a.png', contentType: 'image/png' }]), 401, MESSAGES.authRequired)
      expectError(await upload([{ name: 'image', value: png, filename: 'a.png', contentType: 'image/png' }], 'not-a-token'), 401, MESSAGES.authFailed)
    })

    it('answers 400 when no file comes in the field "image"', async () => {
      const { token } = await insertUser(ctx.db)
      const png = await picture(50, 50).png().toBuffer()
      // Only a text field.
      expectError(await upload([{ name: 'caption', value: 'hello' }], token), 400, MESSAGES.noImage)
      // "image" as a text field, not a file.
      expectError(await upload([{ name: 'image', value: 'hello' }], token), 400, MESSAGES.noImage)
      // The file under another name.
      expectError(await upload([{ name: 'avatar', value: png, filename: 'a.png', contentType: 'image/png' }], token), 400, MESSAGES.noImage)
      // An empty multipart body.
      expectError(await upload([], token), 400, MESSAGES.noImage)
    })

    it('answers 400 for a body that is not multipart', async () => {
      const { token } = await insertUser(ctx.db)
      const json = await ctx.app.inject({ method: 'POST', url: '/api/upload', headers: bearer(token), payload: { image: 'data:image/png;base64,AAAA' } })
      expectError(json, 400, MESSAGES.noImage)
      const raw = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...bearer(token), 'content-type': 'image/png' },
        payload: await picture(50, 50).png().toBuffer(),
      })
      expectError(raw, 400, MESSAGES.noImage)
      const noBoundary = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      })
      expectError(noBoundary, 400, MESSAGES.noImage)
      const empty = await ctx.app.inject({ method: 'POST', url: '/api/upload', headers: bearer(token) })
      expectError(empty, 400, MESSAGES.noImage)
    })
  })
})

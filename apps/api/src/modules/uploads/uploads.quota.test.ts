import { randomBytes, randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { ErrorBodySchema, LIMITS } from '@shelfwise/contracts'
import { buildApp } from '#/app.ts'
import { createDb } from '#/db/connect.ts'
import type { Db } from '#/db/portable.ts'
import { createUploadsService } from '#/modules/uploads/uploads.service.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertUser } from '../../../test/support/factories.ts'
import { multipart } from '../../../test/support/multipart.ts'

// Each reader may upload UPLOADS_PER_DAY images in any 24 hours (429) and keep UPLOADS_MB_PER_READER
// of images in all (413), counted in the database, so the quota holds across instances and across
// uploads sent at once. Here: 3 a day and 1 MB.

const DAY_MS = 24 * 60 * 60 * 1000
const png = (width = 120, height = 80) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer()

describeEachDialect(
  'upload quotas',
  (ctx) => {
    let image: Buffer
    let other: { app: FastifyInstance; db: Db }
    const send = (token: string, app: FastifyInstance = ctx.app, value: Buffer = image) => {
      const { payload, headers } = multipart([{ name: 'image', value, filename: 'a.png', contentType: 'image/png' }])
      return app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...bearer(token) } })
    }
    const filesOnDisk = () => readdirSync(ctx.config.uploadsDir).sort()
    const rowsOf = (userId: string) => ctx.db.selectFrom('uploads').selectAll().where('userId', '=', userId).execute()
    const expectRefused = (res: { statusCode: number; json(): unknown; body: string }, status: number, message: string, code: string) => {
      expect(res.statusCode, res.body).toBe(status)
      expect(ErrorBodySchema.parse(res.json())).toEqual({ message, code })
    }
    const TOO_MANY = 'You have uploaded too many images today; try again tomorrow'
    const ROOM_FULL = 'Your images take up all the room you have (1 MB); no more can be stored'

    beforeAll(async () => {
      image = await png()
      // A second instance with the same uploads folder: on PostgreSQL with its own connections; SQLite
      // serves one process (two node:sqlite connections in one thread would wait on each other), so
      // there it shares the first one's.
      const db = ctx.dialect === 'postgres' ? createDb({ url: ctx.config.databaseUrl, poolSize: 2 }) : ctx.db
      other = { db, app: await buildApp({ config: ctx.config, db, jwtSecret: ctx.jwtSecret }) }
    })
    afterAll(async () => {
      await other?.app.close()
      if (other?.db !== ctx.db) await other?.db.destroy()
    })

    it('refuses the 4th upload of a day with 429, a plain message and Retry-After, storing nothing; other readers go on', async () => {
      const reader = await insertUser(ctx.db)
      for (let i = 0; i < 3; i++) expect((await send(reader.token)).statusCode).toBe(201)
      const before = filesOnDisk()
      const res = await send(reader.token)
      expectRefused(res, 429, TOO_MANY, 'rate_limited')
      const retryAfter = Number(res.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(DAY_MS / 1000 - 120)
      expect(retryAfter).toBeLessThanOrEqual(DAY_MS / 1000)
      expect(filesOnDisk()).toEqual(before)
      expect(await rowsOf(reader.id)).toHaveLength(3)
      // On the other instance too.
      expectRefused(await send(reader.token, other.app), 429, TOO_MANY, 'rate_limited')
      const someoneElse = await insertUser(ctx.db)
      expect((await send(someoneElse.token)).statusCode).toBe(201)
    })

    it('counts the last 24 hours: an upload of yesterday no longer counts, and Retry-After says when the next one may go', async () => {
      const reader = await insertUser(ctx.db)
      for (let i = 0; i < 3; i++) expect((await send(reader.token)).statusCode).toBe(201)
      const [first, second] = (await rowsOf(reader.id)).map((r) => r.name)
      await ctx.db
        .updateTable('uploads')
        .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000).toISOString() })
        .where('name', '=', first!)
        .execute()
      await ctx.db
        .updateTable('uploads')
        .set({ createdAt: new Date(Date.now() - DAY_MS + 3_600_000).toISOString() })
        .where('name', '=', second!)
        .execute()
      expect((await send(reader.token)).statusCode).toBe(201)
      const res = await send(reader.token)
      expectRefused(res, 429, TOO_MANY, 'rate_limited')
      // The oldest upload of the last day leaves it in an hour.
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500)
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600)
    })

    it('still counts uploads whose files were removed the same day', async () => {
      const reader = await insertUser(ctx.db)
      for (let i = 0; i < 3; i++) expect((await send(reader.token)).statusCode).toBe(201)
      // Never used: removed once the grace time (an hour) has passed.
      const removed = await createUploadsService({ db: ctx.db, config: ctx.config }).sweep(new Date(Date.now() + 2 * 3_600_000))
      expect(removed).toEqual(expect.arrayContaining((await rowsOf(reader.id)).map((r) => r.name)))
      expectRefused(await send(reader.token), 429, TOO_MANY, 'rate_limited')
    })

    it('refuses with 413 an image that would take the reader past their room, and one when it is full; removed images free it', async () => {
      const reader = await insertUser(ctx.db)
      const kept = { name: `${randomUUID()}.webp`, userId: reader.id, createdAt: new Date(Date.now() - 2 * DAY_MS).toISOString() }
      // Images kept from earlier days: 1 MB less 10 bytes, less than any picture.
      await ctx.db
        .insertInto('uploads')
        .values({ ...kept, bytes: 1024 * 1024 - 10 })
        .execute()
      const before = filesOnDisk()
      expectRefused(await send(reader.token), 413, ROOM_FULL, 'payload_too_large')
      expect(filesOnDisk()).toEqual(before)
      expect(await rowsOf(reader.id)).toHaveLength(1)
      // Exactly full: refused before the image is even decoded.
      await ctx.db
        .updateTable('uploads')
        .set({ bytes: 1024 * 1024 })
        .where('name', '=', kept.name)
        .execute()
      expectRefused(await send(reader.token), 413, ROOM_FULL, 'payload_too_large')
      // Once that image is removed, its room is free again.
      await ctx.db.updateTable('uploads').set({ removedAt: new Date().toISOString() }).where('name', '=', kept.name).execute()
      expect((await send(reader.token)).statusCode).toBe(201)
    })

    it('holds across instances for uploads sent at once: never more than the day allows', async () => {
      const reader = await insertUser(ctx.db)
      const before = filesOnDisk().length
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(reader.token, i % 2 ? other.app : ctx.app)))
      // They take turns: exactly the day's three are stored, whichever instance each went to.
      const stored = answers.filter((r) => r.statusCode === 201).length
      expect(stored).toBe(3)
      for (const r of answers) if (r.statusCode !== 201) expectRefused(r, 429, TOO_MANY, 'rate_limited')
      expect(filesOnDisk().length - before).toBe(stored)
      expect(await rowsOf(reader.id)).toHaveLength(stored)
    })

    it('answers 413 in plain words for a file over 5 MB', async () => {
      const reader = await insertUser(ctx.db)
      const big = Buffer.concat([image, randomBytes(LIMITS.uploadBytesMax)])
      expectRefused(await send(reader.token, ctx.app, big), 413, 'The image is too large: at most 5 MB', 'payload_too_large')
      expect(await rowsOf(reader.id)).toHaveLength(0)
    })
  },
  { UPLOADS_PER_DAY: '3', UPLOADS_MB_PER_READER: '1' },
)

import { randomUUID } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '@shelfwise/contracts'
import { createDb } from '#/db/connect.ts'
import { createUploadsService } from '#/modules/uploads/uploads.service.ts'
import { createTestContext, describeEachDialect, testDialects } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'
import { plainPng, uploadImage } from '../../../test/support/uploads.ts'

// Images nobody shows any more are removed from UPLOADS_DIR once UPLOADS_GRACE (an hour here) has
// passed: a replaced avatar, an upload never used. Never one that something still shows (another
// reader's avatar, a cover pointing at /uploads/…), never one twice when several instances sweep one
// folder at once, never a file the upload service did not record.

const HOUR_MS = 3_600_000
const later = (ms: number) => new Date(Date.now() + ms)

describeEachDialect(
  'removing images nobody shows',
  (ctx) => {
    let image: Buffer
    const sweeper = () => createUploadsService({ db: ctx.db, config: ctx.config })
    const onDisk = (name: string) => existsSync(join(ctx.config.uploadsDir, name))
    const served = async (name: string) => (await ctx.app.inject({ url: `/uploads/${name}` })).statusCode
    const upload = async (token: string) => (await uploadImage(ctx.app, token, image, 'me.png')).replace('/uploads/', '')
    const setAvatar = async (token: string, profileImage: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/profile/update', headers: bearer(token), payload: { profileImage } })

    beforeAll(async () => {
      image = await plainPng(64, 64, { r: 10, g: 120, b: 90 })
    })

    it('removes a replaced avatar once the grace time has passed, not before, and keeps the new one', async () => {
      const reader = await insertUser(ctx.db)
      const old = await upload(reader.token)
      expect((await setAvatar(reader.token, `/uploads/${old}`)).statusCode).toBe(200)
      const current = await upload(reader.token)
      expect((await setAvatar(reader.token, `/uploads/${current}`)).statusCode).toBe(200)

      expect(await sweeper().sweep(later(HOUR_MS / 2))).not.toContain(old)
      expect(onDisk(old)).toBe(true)

      const removed = await sweeper().sweep(later(2 * HOUR_MS))
      expect(removed).toContain(old)
      expect(removed).not.toContain(current)
      expect(onDisk(old)).toBe(false)
      expect(await served(old)).toBe(404)
      expect(await served(current)).toBe(200)
    })

    it('removes an upload never used once the grace time has passed, not before', async () => {
      const reader = await insertUser(ctx.db)
      const unused = await upload(reader.token)
      expect(await sweeper().sweep(later(HOUR_MS / 2))).not.toContain(unused)
      expect(onDisk(unused)).toBe(true)
      expect(await sweeper().sweep(later(2 * HOUR_MS))).toContain(unused)
      expect(onDisk(unused)).toBe(false)
    })

    it('never removes an image something still shows: another reader’s avatar in any form, a cover, however it was saved', async () => {
      const owner = await insertUser(ctx.db)
      const [shared, bare, url, cover, coverDirect, viaApi] = [
        await upload(owner.token),
        await upload(owner.token),
        await upload(owner.token),
        await upload(owner.token),
        await upload(owner.token),
        await upload(owner.token),
      ]
      // The owner shows `shared`, then replaces it; another reader shows it too (saved without the API).
      expect((await setAvatar(owner.token, `/uploads/${shared}`)).statusCode).toBe(200)
      expect((await setAvatar(owner.token, '')).statusCode).toBe(200)
      await insertUser(ctx.db, { profileImage: `/uploads/${shared}` })
      await insertUser(ctx.db, { profileImage: bare })
      await insertUser(ctx.db, { profileImage: `https://shelf.example/uploads/${url}?v=2` })
      const author = await insertUser(ctx.db)
      const book = await ctx.app.inject({
        method: 'POST',
        url: '/api/books',
        headers: bearer(author.token),
        payload: { title: 'Covered', author: 'Someone', role: 'none', coverImage: `https://shelf.example/uploads/${cover}` },
      })
      expect(book.statusCode, book.body).toBe(201)
      await insertBook(ctx.db, { coverImage: `http://cdn.example/uploads/${coverDirect}` })
      // Another reader takes the last one as their avatar through the API.
      const other = await insertUser(ctx.db)
      expect((await setAvatar(other.token, `/uploads/${viaApi}`)).statusCode).toBe(200)

      const all = [shared, bare, url, cover, coverDirect, viaApi]
      for (const at of [2 * HOUR_MS, 30 * HOUR_MS]) {
        const removed = await sweeper().sweep(later(at))
        for (const name of all) {
          expect(removed, name).not.toContain(name)
          expect(onDisk(name), name).toBe(true)
        }
      }
    })

    it('keeps an avatar its reader took back before the sweep, and removes the one they let go of', async () => {
      const reader = await insertUser(ctx.db)
      const first = await upload(reader.token)
      const second = await upload(reader.token)
      for (const name of [first, second, first]) expect((await setAvatar(reader.token, `/uploads/${name}`)).statusCode).toBe(200)
      const removed = await sweeper().sweep(later(2 * HOUR_MS))
      expect(removed).toContain(second)
      expect(removed).not.toContain(first)
      expect(await served(first)).toBe(200)
    })

    it('refuses, naming the field, to show an image whose file has been removed, and changes nothing', async () => {
      const reader = await insertUser(ctx.db, { profileImage: '/uploads/keep.webp' })
      const gone = await upload(reader.token)
      expect(await sweeper().sweep(later(2 * HOUR_MS))).toContain(gone)
      const avatar = await setAvatar(reader.token, `/uploads/${gone}`)
      expect(avatar.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(avatar.json())).toEqual({ message: 'profileImage: this image has been removed; upload it again', code: 'bad_request' })
      const row = await ctx.db.selectFrom('users').select('profileImage').where('id', '=', reader.id).executeTakeFirstOrThrow()
      expect(row.profileImage).toBe('/uploads/keep.webp')
      const book = await ctx.app.inject({
        method: 'POST',
        url: '/api/books',
        headers: bearer(reader.token),
        payload: { title: 'Lost cover', author: 'Someone', role: 'none', coverImage: `https://shelf.example/uploads/${gone}` },
      })
      expect(book.statusCode).toBe(400)
      expect(book.json()).toEqual({ message: 'coverImage: this image has been removed; upload it again', code: 'bad_request' })
      expect(await ctx.db.selectFrom('books').select('id').where('title', '=', 'Lost cover').execute()).toEqual([])
    })

    it('removes each file once when several instances sweep one folder at once', async () => {
      const reader = await insertUser(ctx.db)
      const names: string[] = []
      for (let i = 0; i < 6; i++) names.push(await upload(reader.token))
      const dbs = [0, 1, 2].map(() => createDb({ url: ctx.config.databaseUrl, poolSize: 2 }))
      try {
        const at = later(2 * HOUR_MS)
        const results = await Promise.all(dbs.map((db) => createUploadsService({ db, config: ctx.config }).sweep(at)))
        const all = results.flat()
        expect(all.length).toBe(new Set(all).size)
        expect(all).toEqual(expect.arrayContaining(names))
        for (const name of names) expect(onDisk(name)).toBe(false)
      } finally {
        await Promise.all(dbs.map((db) => db.destroy()))
      }
    })

    it('leaves alone a file it has no record of', async () => {
      const stray = `${randomUUID()}.webp`
      writeFileSync(join(ctx.config.uploadsDir, stray), 'made before uploads were recorded')
      await sweeper().sweep(later(48 * HOUR_MS))
      expect(onDisk(stray)).toBe(true)
    })

    it('forgets a removed upload a day after its removal', async () => {
      const reader = await insertUser(ctx.db)
      const name = await upload(reader.token)
      expect(await sweeper().sweep(later(2 * HOUR_MS))).toContain(name)
      const rowOf = () => ctx.db.selectFrom('uploads').select('name').where('name', '=', name).executeTakeFirst()
      expect(await rowOf()).toBeDefined()
      await sweeper().sweep(later(27 * HOUR_MS))
      expect(await rowOf()).toBeUndefined()
    })
  },
  { UPLOADS_GRACE: '3600' },
)

describe.each(testDialects())('the sweep on its own [%s]', (dialect) => {
  it('runs by itself every UPLOADS_SWEEP_INTERVAL seconds', async () => {
    const ctx = await createTestContext(dialect, { UPLOADS_SWEEP_INTERVAL: '1', UPLOADS_GRACE: '1' })
    try {
      const reader = await insertUser(ctx.db)
      const png = await plainPng(8, 8, { r: 1, g: 2, b: 3 })
      const name = (await uploadImage(ctx.app, reader.token, png)).replace('/uploads/', '')
      const file = join(ctx.config.uploadsDir, name)
      const deadline = Date.now() + 15_000
      while (existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
      expect(existsSync(file)).toBe(false)
    } finally {
      await ctx.close()
    }
  })
})

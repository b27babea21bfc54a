import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { loadConfig } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import type { Db } from '#/db/portable.ts'
import { buildApp } from '#/app.ts'
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../support/context.ts'
import { bearer, insertUser } from '../support/factories.ts'
import { multipart, smallPng } from './support.ts'
import { THEME_SCRIPT } from '@shelfwise/contracts'

// Security headers on every answer (pages, API, files, errors and 404s), HSTS only over TLS, and
// uploaded files served only as the images they are.

// Scripts: the app's own files, and inline only the colour-scheme script of index.html's head, by its hash.
const THEME_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`
const CSP =
  `default-src 'self';base-uri 'self';script-src 'self' ${THEME_HASH};script-src-attr 'none';style-src 'self' 'unsafe-inline';` +
  "img-src 'self' data: blob: https:;font-src 'self' data:;connect-src 'self';object-src 'none';frame-ancestors 'none';form-action 'self'"

const expectHardened = (res: LightMyRequestResponse, what: string) => {
  expect(res.headers['content-security-policy'], what).toBe(CSP)
  expect(res.headers['x-content-type-options'], what).toBe('nosniff')
  expect(res.headers['x-frame-options'], what).toBe('DENY')
  expect(res.headers['referrer-policy'], what).toBe('no-referrer')
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin')
  expect(res.headers['permissions-policy'], what).toBe('camera=(), microphone=(), geolocation=(), payment=()')
  expect(res.headers['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined()
}

describe('security headers', () => {
  let app: FastifyInstance
  let db: Db
  let dir: string
  let token: string
  const web = mkdtempSync(join(tmpdir(), 'shelfwise-web-'))
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Shelfwise</title><div id="root"></div>')

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shelfwise-headers-'))
    const config = loadConfig({
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: web,
      RATE_LIMIT_AUTH_PER_IP: '1000',
      CORS_ORIGINS: 'https://x.example',
    })
    db = createDb({ url: config.databaseUrl })
    await migrateToLatest(db)
    app = await buildApp({ config, db, jwtSecret: TEST_JWT_SECRET })
    // A route that fails unexpectedly, to see a 500 carry the headers too.
    app.get('/api/test-only/boom', async () => {
      throw new Error('boom at /secret/path.ts:12:3')
    })
    await app.ready()
    token = (await insertUser(db)).token
  })
  afterAll(async () => {
    await app.close()
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
    rmSync(web, { recursive: true, force: true })
  })

  it.each([
    ['an API answer', { url: '/api/books' }, 200],
    ['a page of the web app', { url: '/browse' }, 200],
    ['an unknown API path', { url: '/api/nope' }, 404],
    ['a missing upload', { url: '/uploads/missing.webp' }, 404],
    ['a validation error', { method: 'GET', url: '/api/books?limit=0' }, 400],
    ['a body that is not JSON', { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"a":' }, 400],
    ['a body of another type', { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' }, 415],
    [
      'a body past 1 MB',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      },
      413,
    ],
    ['a missing token', { url: '/api/users/me' }, 401],
    ['a bad token', { url: '/api/users/me', headers: bearer('a.b.c') }, 401],
    ['a malformed URL', { url: '/api/books/%E0%A4%A' }, 400],
    ['a path part past the length limit', { url: `/api/books/${'a'.repeat(600)}` }, 414],
    ['a CORS preflight', { method: 'OPTIONS', url: '/api/books', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } }, 204],
    ['an unexpected error', { url: '/api/test-only/boom' }, 500],
  ] as const)('are on %s', async (what, req, status) => {
    const res = await app.inject(req as InjectOptions)
    expect(res.statusCode, res.body).toBe(status)
    expectHardened(res, what)
    if (status === 500) expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal' })
    if (status >= 400 && status !== 404) expect(Object.keys(res.json()).sort()).toEqual(expect.arrayContaining(['code', 'message']))
  })

  it('are on a signed-in answer and on an uploaded image', async () => {
    expectHardened(await app.inject({ url: '/api/users/me', headers: bearer(token) }), 'signed in')
    const { payload, headers } = multipart([{ name: 'image', value: await smallPng(), filename: 'a.png', contentType: 'image/png' }])
    const up = await app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...bearer(token) } })
    expect(up.statusCode).toBe(201)
    const image = await app.inject({ url: up.json().imageUrl, headers: { accept: 'text/html' } })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    // An image opened on its own can run nothing.
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    // A client on another origin may show it (an <img> there would be blocked by same-origin); everything else stays same-origin.
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect((await app.inject({ url: '/api/users/me', headers: bearer(token) })).headers['cross-origin-resource-policy']).toBe('same-origin')
    expect((await app.inject({ url: '/uploads/missing.webp' })).headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('never serves an upload as anything but a WebP image: other files in the folder are not served at all', async () => {
    const uploads = join(dir, 'uploads')
    writeFileSync(join(uploads, 'x.html'), '<script>alert(1)</script>')
    writeFileSync(join(uploads, 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    writeFileSync(join(uploads, 'x.webp.html'), '<script>alert(1)</script>')
    writeFileSync(join(uploads, '.x.webp.part'), 'partial')
    writeFileSync(join(uploads, 'page.webp'), '<html><script>alert(1)</script></html>')
    for (const url of [
      '/uploads/x.html',
      '/uploads/x.svg',
      '/uploads/x.webp.html',
      '/uploads/.x.webp.part',
      '/uploads/x.html%00.webp',
      '/uploads/X.HTML',
      '/uploads/x.webp/../x.html',
      '/uploads//x.html',
    ]) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(res.headers['content-type'] ?? '', url).not.toMatch(/html|svg/)
      expect(res.body, url).not.toContain('<script>')
    }
    // Even HTML bytes under a .webp name are declared an image and never sniffed into a page.
    const disguised = await app.inject({ url: '/uploads/page.webp' })
    expect(disguised.headers['content-type']).toBe('image/webp')
    expect(disguised.headers['x-content-type-options']).toBe('nosniff')
    expect(disguised.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
  })

  it('serves the API reference at /api/docs with no inline script', async () => {
    const page = await app.inject({ url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toMatch(/\bsrc=/)
      expect(inline!.trim()).toBe('')
    }
    expect((await app.inject({ url: '/api/docs/json' })).statusCode).toBe(200)
  })
})

describe('HSTS', () => {
  let trusting: TestContext & { close(): Promise<void> }
  let direct: TestContext & { close(): Promise<void> }
  beforeAll(async () => {
    trusting = await createTestContext('sqlite', { TRUST_PROXY: 'true' })
    direct = await createTestContext('sqlite')
  })
  afterAll(async () => {
    await trusting.close()
    await direct.close()
  })

  it('is sent when a trusted proxy says the request came over TLS, on errors too', async () => {
    for (const url of ['/api/books', '/api/nope']) {
      const res = await trusting.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } })
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    }
    expect((await trusting.app.inject({ url: '/api/books', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined()
  })

  it('is not sent on the word of a client when no proxy is trusted', async () => {
    const res = await direct.app.inject({ url: '/api/books', headers: { 'x-forwarded-proto': 'https' } })
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })
})

// The built web app must run under the CSP: Vite's output loads its scripts by src; the one inline
// script is the theme's (decision 0038), byte for byte the text whose hash the policy allows.
const builtIndex = join(import.meta.dirname, '../../../web/dist/index.html')
describe.skipIf(!existsSync(builtIndex))('the built web app', () => {
  it('has no inline script but the allowed theme script, and no inline event handler, in index.html', () => {
    const html = readFileSync(builtIndex, 'utf8')
    const all = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    // A JSON data block (the boot script's list of files) is never run by a browser; every other script is.
    const scripts = all.filter(([, attrs]) => !/\btype="application\/json"/.test(attrs!))
    const inline = scripts.filter(([, attrs]) => !/\bsrc=/.test(attrs!))
    expect(inline.map(([, , text]) => text)).toEqual([THEME_SCRIPT])
    // The hash of what the browser will run is the one the policy carries (checked above).
    expect(`'sha256-${createHash('sha256').update(inline[0]![2]!).digest('base64')}'`).toBe(THEME_HASH)
    for (const [, attrs, text] of scripts.filter((s) => !inline.includes(s))) {
      expect(attrs).toMatch(/\bsrc="\/assets\//)
      expect(text!.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i)
    expect(html).not.toMatch(/javascript:/i)
  })
})

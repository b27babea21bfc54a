import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './support/context.ts'

const web = mkdtempSync(join(tmpdir(), 'shelfwise-web-'))
mkdirSync(join(web, 'assets'))
writeFileSync(join(web, 'index.html'), '<!doctype html><title>Shelfwise</title><div id="root"></div>')
writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1)')

describe('the app around the API', () => {
  let ctx: TestContext & { close(): Promise<void> }
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { CORS_ORIGINS: 'https://reader.example', WEB_DIST: web })
  })
  afterAll(() => ctx.close())

  it('answers an unknown /api path with a JSON 404, never the web page', async () => {
    for (const url of ['/api/nope', '/api/books/x/y/z', '/api']) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' })
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nope' })
    expect(post.statusCode).toBe(404)
  })

  it('answers index.html for any page path, so deep links reach the client router', async () => {
    for (const url of ['/', '/browse', '/books/123', '/some/unknown/page']) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('serves hashed assets as immutable', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('never serves a file outside the uploads folder', async () => {
    writeFileSync(join(ctx.config.dataDir, 'secret'), 'TOP-SECRET-SIGNING-KEY')
    for (const url of ['/uploads/../secret', '/uploads/%2e%2e/secret', '/uploads/..%2fsecret', '/uploads/nothing-here.webp']) {
      const res = await ctx.app.inject({ url })
      expect(res.body).not.toContain('TOP-SECRET-SIGNING-KEY')
      if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/text\/html/)
    }
    expect((await ctx.app.inject({ url: '/uploads/nothing-here.webp' })).statusCode).toBe(404)
  })

  it('lets an allowed origin call the API, preflight with Authorization and Content-Type included', async () => {
    const pre = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/books',
      headers: { origin: 'https://reader.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    })
    expect(pre.statusCode).toBe(204)
    expect(pre.headers['access-control-allow-origin']).toBe('https://reader.example')
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization')
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type')
    const get = await ctx.app.inject({ url: '/api/books', headers: { origin: 'https://reader.example' } })
    expect(get.headers['access-control-allow-origin']).toBe('https://reader.example')
  })

  it('gives no CORS grant to an origin that is not listed', async () => {
    const res = await ctx.app.inject({ url: '/api/books', headers: { origin: 'https://evil.example' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('publishes an OpenAPI document with every call of the spec, and a browsable page', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(doc.openapi).toMatch(/^3\./)
    const expected: [string, string][] = [
      ['get', '/api/books'],
      ['get', '/api/books/search'],
      ['post', '/api/books'],
      ['get', '/api/books/{id}'],
      ['get', '/api/reviews/book/{bookId}'],
      ['post', '/api/reviews/book/{bookId}'],
      ['put', '/api/reviews/{id}'],
      ['delete', '/api/reviews/{id}'],
      ['get', '/api/reviews/recent'],
      ['get', '/api/reviews/popular-week'],
      ['get', '/api/users/profile/{id}'],
      ['put', '/api/users/profile/update'],
      ['put', '/api/users/password'],
      ['get', '/api/users/reviews/{id}'],
      ['get', '/api/users/listed-books'],
      ['get', '/api/users/listed-books/{id}'],
      ['get', '/api/users/created-books'],
      ['get', '/api/users/created-books/{id}'],
      ['post', '/api/auth/login'],
      ['post', '/api/auth/register'],
      ['post', '/api/auth/logout'],
      ['get', '/api/users/follower-count/{id}'],
      ['get', '/api/users/following-count/{id}'],
      ['get', '/api/users/recently-read'],
      ['get', '/api/users/recently-read/{id}'],
      ['post', '/api/upload'],
      ['get', '/api/users/profile-image/{id}'],
      ['get', '/api/users/wishlist'],
      ['put', '/api/users/addtowishlist/{bookId}'],
      ['put', '/api/users/addto-recently-read/{bookId}'],
      ['get', '/api/users/bio/{id}'],
      ['get', '/api/users/search'],
      ['put', '/api/users/follow/{userId}'],
      ['get', '/api/users/followed-users-books'],
      ['get', '/api/users/by-username/{username}'],
      ['get', '/api/users/{id}/stats'],
      ['get', '/api/users/followers/{id}'],
      ['get', '/api/users/following/{id}'],
    ]
    const missing = expected.filter(([m, p]) => !doc.paths[p]?.[m]).map(([m, p]) => `${m.toUpperCase()} ${p}`)
    expect(missing).toEqual([])
    const page = await ctx.app.inject({ url: '/api/docs' })
    expect([200, 302]).toContain(page.statusCode)
  })

  it('documents the library’s orders and search: their values, where books without the key go, and their cursors', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get: { description: string; parameters: { name: string; in: string; schema: { enum?: string[]; maxLength?: number } }[] } }>
    }
    const library = doc.paths['/api/users/{id}/library']!.get
    const param = (name: string) => library.parameters.find((p) => p.in === 'query' && p.name === name)?.schema
    expect(param('sort')?.enum).toEqual(['finished', 'added', 'rating', 'title', 'author'])
    expect(param('order')?.enum).toEqual(['asc', 'desc'])
    expect(param('q')?.maxLength).toBe(100)
    expect(library.description).toContain('come last in both orders')
    expect(library.description).toContain('A cursor is good only for the sort, order and q it was made under')
  })
})

describe('bad input anywhere', () => {
  let ctx: TestContext & { close(): Promise<void> }
  beforeAll(async () => {
    ctx = await createTestContext('sqlite')
  })
  afterAll(() => ctx.close())

  it('answers a missing or non-object JSON body with 400 "The request body must be a JSON object"', async () => {
    for (const payload of [undefined, '[]', '"text"', 'null']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message: 'The request body must be a JSON object', code: 'validation_failed' })
    }
  })

  it('answers a body of an unsupported type with 415', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    expect(res.statusCode).toBe(415)
    expect(res.json().code).toBe('unsupported_media_type')
  })
})

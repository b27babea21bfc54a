import { describe, expect, it } from 'vitest'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf } from '../../../test/support/calls.ts'
import { insertBook, insertRead, insertReview, insertUser } from '../../../test/support/factories.ts'
import { escapeXml } from '#/modules/feeds/feeds.atom.ts'
import { FEED_SIZE } from '#/modules/feeds/feeds.service.ts'

const ABSENT_ID = '01900000-0000-7000-8000-000000000000'
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000)
/** The texts of an element in document order. */
const texts = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`, 'g'))].map((m) => m[1])
const entries = (xml: string) => xml.split('<entry>').slice(1)

describe('escapeXml', () => {
  it('escapes markup and drops what XML 1.0 cannot carry', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;')
    expect(escapeXml('bell\u0007 tab\t line\n nul\u0000 lone\uD800 pair😀 \uFFFE')).toBe('bell tab\t line\n nul lone pair😀 ')
    expect(escapeXml(']]>')).toBe(']]&gt;')
  })
})

describeEachDialect('feeds routes', (ctx) => {
  const call = callerOf(ctx)

  it('serves a reader’s reviews as Atom, newest first, everything escaped', async () => {
    const reader = await insertUser(ctx.db, { name: 'Ada <Lovelace> & co' })
    const older = await insertBook(ctx.db, { title: 'Old & <grey>' })
    const newer = await insertBook(ctx.db, { title: 'שלום עולם 📚' })
    await insertReview(ctx.db, { userId: reader.id, bookId: older.id, rating: 3, comment: 'first </content><script>x</script>', createdAt: minutesAgo(10) })
    await insertReview(ctx.db, { userId: reader.id, bookId: newer.id, rating: 5, comment: 'second', createdAt: minutesAgo(1) })
    const res = await call('GET', `/api/users/${reader.id}/reviews.atom`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    const xml = res.body
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(true)
    expect(xml).not.toContain('<script>')
    expect(xml).toContain('first &lt;/content&gt;&lt;script&gt;x&lt;/script&gt;')
    expect(texts(xml, 'title')[0]).toBe(`Ada &lt;Lovelace&gt; &amp; co (@${reader.username}) — reviews on Shelfwise`)
    const list = entries(xml)
    expect(list).toHaveLength(2)
    expect(list[0]).toMatch(new RegExp(`<link rel="alternate" type="text/html" href="http://localhost(:80)?/books/${newer.id}"/>`))
    expect(list[0]).toContain('שלום עולם 📚')
    expect(list[1]).toContain('Old &amp; &lt;grey&gt;')
    // The feed's updated is its newest entry's.
    expect(texts(xml, 'updated')[0]).toBe(texts(list[0]!, 'updated')[0])
  })

  it('answers 304 for a current ETag or Last-Modified, and 200 again once a review is added', async () => {
    const reader = await insertUser(ctx.db)
    await insertReview(ctx.db, { userId: reader.id, createdAt: minutesAgo(5) })
    const url = `/api/users/${reader.id}/reviews.atom`
    const first = await call('GET', url)
    const etag = String(first.headers.etag)
    const lastModified = String(first.headers['last-modified'])
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(new Date(lastModified).toUTCString()).toBe(lastModified)
    const byTag = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(byTag.statusCode).toBe(304)
    expect(byTag.body).toBe('')
    const byDate = await ctx.app.inject({ method: 'GET', url, headers: { 'if-modified-since': lastModified } })
    expect(byDate.statusCode).toBe(304)
    await insertReview(ctx.db, { userId: reader.id })
    const changed = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(entries(changed.body)).toHaveLength(2)
  })

  it(`keeps the newest ${FEED_SIZE} reads of a reader’s finished books`, async () => {
    const reader = await insertUser(ctx.db, { name: 'Reader' })
    for (let i = 0; i < FEED_SIZE + 2; i++) await insertRead(ctx.db, reader.id, (await insertBook(ctx.db, { title: `Book ${i}` })).id, minutesAgo(100 - i))
    const res = await call('GET', `/api/users/${reader.id}/reads.atom`)
    expect(res.statusCode).toBe(200)
    const list = entries(res.body)
    expect(list).toHaveLength(FEED_SIZE)
    expect(texts(list[0]!, 'title')[0]).toMatch(new RegExp(`^Finished Book ${FEED_SIZE + 1} by `))
    expect(texts(list.at(-1)!, 'title')[0]).toMatch(/^Finished Book 2 by /)
  })

  it('serves a book’s reviews, withholding a spoiler’s text', async () => {
    const book = await insertBook(ctx.db, { title: 'Twisty' })
    const a = await insertUser(ctx.db)
    const b = await insertUser(ctx.db)
    await insertReview(ctx.db, { bookId: book.id, userId: a.id, comment: 'the butler did it', createdAt: minutesAgo(3) })
    await ctx.db.updateTable('reviews').set({ spoiler: 1 }).where('userId', '=', a.id).execute()
    await insertReview(ctx.db, { bookId: book.id, userId: b.id, comment: 'lovely', createdAt: minutesAgo(1) })
    const res = await call('GET', `/api/books/${book.id}/reviews.atom`)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('butler')
    expect(res.body).toContain('This review contains spoilers')
    expect(texts(res.body, 'title')[0]).toMatch(/^Reviews of Twisty by /)
    expect(entries(res.body).map((e) => texts(e, 'name')[0])).toEqual([b.username, a.username])
  })

  it('answers an empty feed for a reader with nothing yet, and 404 for absent readers and books', async () => {
    const reader = await insertUser(ctx.db)
    const empty = await call('GET', `/api/users/${reader.id}/reads.atom`)
    expect(empty.statusCode).toBe(200)
    expect(entries(empty.body)).toHaveLength(0)
    for (const url of [`/api/users/${ABSENT_ID}/reviews.atom`, `/api/users/${ABSENT_ID}/reads.atom`, `/api/books/${ABSENT_ID}/reviews.atom`]) {
      const res = await call('GET', url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ code: 'not_found' })
    }
    expect((await call('GET', '/api/users/not-an-id/reviews.atom')).statusCode).toBe(400)
  })
})

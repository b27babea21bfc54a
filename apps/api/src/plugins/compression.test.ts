import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BookListSchema } from '@shelfwise/contracts'
import { createAnswerStore } from '#/plugins/compression.ts'
import { describeEachDialect } from '../../test/support/context.ts'
import { buildBook } from '../../test/support/factories.ts'

// Large answers are compressed once and the bytes reused while the answer stays the same; a client
// must always get exactly the answer's current text, whatever encoding it accepts.

const decode: Record<string, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }

describeEachDialect('compressed answers', (ctx) => {
  const get = (url: string, encoding?: string) => ctx.app.inject({ method: 'GET', url, ...(encoding ? { headers: { 'accept-encoding': encoding } } : {}) })
  const addBooks = async (n: number, title: string) => {
    const books = Array.from({ length: n }, (_, i) => buildBook({ title: `${title} ${i}`, description: `A long enough description of ${title} number ${i}.` }))
    await ctx.db
      .insertInto('books')
      .values(books.map(({ genres: _, ...b }) => ({ ...b, updatedAt: b.createdAt })))
      .execute()
  }

  it.each(['br', 'gzip', 'deflate'])(
    'send a large answer in %s that decodes to the current text, request after request and after a change',
    async (encoding) => {
      await addBooks(60, `Cinder ${encoding}`)
      const url = '/api/books?limit=100'
      const headersOf = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'date'))
      let firstHeaders: Record<string, unknown> | undefined
      for (let round = 0; round < 3; round++) {
        if (round === 2) await addBooks(1, `Newest ${encoding}`)
        const plain = await get(url)
        const packed = await get(url, encoding)
        expect(packed.headers['content-encoding']).toBe(encoding)
        expect(packed.headers.vary).toMatch(/accept-encoding/i)
        expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length)
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length)
        expect(decode[encoding]!(packed.rawPayload).toString()).toBe(plain.body)
        // The second answer reuses the first one's bytes: the same headers, in the same order.
        if (round === 0) firstHeaders = headersOf(packed.headers)
        if (round === 1) {
          expect(Object.keys(headersOf(packed.headers))).toEqual(Object.keys(firstHeaders!))
          expect(headersOf(packed.headers)).toEqual(firstHeaders)
        }
        if (round === 2) expect(BookListSchema.parse(JSON.parse(plain.body))[0]!.title).toBe(`Newest ${encoding} 0`)
      }
    },
  )

  it('send a small answer as it is', async () => {
    const res = await get('/api/health', 'br')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toEqual({ ok: true })
  })
})

describe('the store of compressed answers', () => {
  const entry = (text: string) => ({ text, encoding: 'br', bytes: Buffer.alloc(100, text[0]) })

  it('answers a kept entry only for exactly the same text', () => {
    const store = createAnswerStore()
    const text = 'a'.repeat(10_000)
    store.keep('br\n/api/x', entry(text))
    expect(store.find('br\n/api/x', 'a'.repeat(10_000))?.bytes).toEqual(Buffer.alloc(100, 'a'))
    expect(store.find('br\n/api/x', `${'a'.repeat(9_999)}b`)).toBeUndefined()
    expect(store.find('gzip\n/api/x', text)).toBeUndefined()
  })

  it('keeps at most its size, forgetting the oldest first', () => {
    const store = createAnswerStore(25_000)
    for (const c of 'abc') store.keep(`k${c}`, entry(c.repeat(10_000)))
    expect(store.find('ka', 'a'.repeat(10_000))).toBeUndefined()
    expect(store.find('kb', 'b'.repeat(10_000))).toBeDefined()
    expect(store.find('kc', 'c'.repeat(10_000))).toBeDefined()
  })
})

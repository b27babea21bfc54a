import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { negotiateEncoding, ReadyJson } from '#/ready-json.ts'

describe('negotiateEncoding', () => {
  it('prefers br, then gzip, then deflate among equally welcome encodings', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding('deflate, gzip')).toBe('gzip')
    expect(negotiateEncoding('deflate')).toBe('deflate')
    expect(negotiateEncoding('*')).toBe('br')
  })

  it('follows q-values, and x-gzip means gzip', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, *;q=0.1')).toBe('gzip')
    expect(negotiateEncoding('x-gzip')).toBe('gzip')
    expect(negotiateEncoding('GZIP; Q=1')).toBe('gzip')
  })

  it('answers none for no header, identity, unknown encodings or only q=0', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined()
    expect(negotiateEncoding('')).toBeUndefined()
    expect(negotiateEncoding('identity')).toBeUndefined()
    expect(negotiateEncoding('zstd, compress')).toBeUndefined()
    expect(negotiateEncoding('br;q=0, gzip;q=0, deflate;q=0')).toBeUndefined()
    expect(negotiateEncoding('*;q=0')).toBeUndefined()
    expect(negotiateEncoding('gzip;q=nonsense')).toBeUndefined()
  })
})

describe('ReadyJson', () => {
  it('keeps each compressed form, which decodes to the text', () => {
    const text = JSON.stringify({ ids: Array.from({ length: 500 }, (_, i) => `id-${i}`) })
    const ready = new ReadyJson(text, true)
    const br = ready.encoded('br')
    expect(ready.encoded('br')).toBe(br)
    expect(brotliDecompressSync(br).toString()).toBe(text)
    expect(gunzipSync(ready.encoded('gzip')).toString()).toBe(text)
    expect(inflateSync(ready.encoded('deflate')).toString()).toBe(text)
    expect(ready.size).toBe(text.length + br.length + ready.encoded('gzip').length + ready.encoded('deflate').length)
  })
})

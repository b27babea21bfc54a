import { beforeAll, expect, it } from 'vitest'
import { BookListSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook } from '../../../test/support/factories.ts'

// Letters that PostgreSQL's unaccent turns into punctuation: 'ʻ' (the ʻokina) and 'ʼ' into an
// apostrophe, 'ŉ' into "'n", 'ː' into a colon, '¼' into "1/4", '⑴' into "(1)". They once reached
// the tsquery parser unquoted (a 500); a search must never fail on them, and should find the book.

describeEachDialect('books search with letters that unaccent turns into punctuation', (ctx) => {
  const ids: Record<string, string> = {}
  const search = async (query: string, type = 'all') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/books/search?${new URLSearchParams({ query, type })}` })
    expect(res.statusCode, `${query} → ${res.body}`).toBe(200)
    return BookListSchema.parse(res.json()).map((b) => b._id)
  }

  beforeAll(async () => {
    ids.hawaii = (await insertBook(ctx.db, { title: 'Hawaiʻi Nights', author: 'Keola Kamakau', description: 'Surf on Oʻahu.' })).id
    ids.afrikaans = (await insertBook(ctx.db, { title: 'ŉ Ander Somer', author: 'Marlise Joubert', description: 'Verse.' })).id
    ids.ipa = (await insertBook(ctx.db, { title: 'Vowels Held Long', author: 'Baːrbara Lengthmark', description: 'Phonetics.' })).id
  })

  it.each([
    'Hawaiʻi',
    'hawaiʻ',
    'ʻi',
    'ŉ',
    'ŉ ander',
    'ː',
    'aː',
    'ːː::',
    'ʹʺʻʼʽˈˋˆ',
    'Hawaiʼi',
    "x'ʻ'y",
    '¼',
    '⅟',
    '⑴ ⒈ 🄁',
    'ŉ\\',
    '\\ʻ',
    "'':* ʻ",
    'ʻ:*A',
    'ʻ & ʻ | !ʻ',
    'ʻ<->ʻ',
    'ʻ(ʻ)ʻ',
    '"ʻ"',
    'ʻ'.repeat(64),
    'ŉ'.repeat(100),
    'e\u0301ʻ',
  ])('never fails on %j', async (query) => {
    for (const type of ['all', 'title', 'author']) await search(query, type)
  })

  it('finds words written with such letters', async () => {
    expect(await search('Hawaiʻi')).toContain(ids.hawaii)
    expect(await search('Hawaiʻi nights', 'title')).toEqual([ids.hawaii])
    expect(await search('Oʻahu')).toContain(ids.hawaii)
    expect(await search('ŉ ander')).toContain(ids.afrikaans)
    expect(await search('Baːrbara', 'author')).toEqual([ids.ipa])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, testDialects } from '../../../test/support/context.ts'
import { insertBook } from '../../../test/support/factories.ts'
import { importLookupsFinding, importQueriesOf, listImportCandidates, listImportCandidatesByQueries } from '#/modules/books/books.duplicates.repository.ts'
import { authorQueryWords, titleKeys } from '#/modules/books/books.import-match.ts'

// An import's batch on PostgreSQL builds its rows' title lookups once, their words quoted by the
// database in one statement and the rest assembled here (decision 0075), then sends them again for
// every book the batch makes. A row must find exactly what its own lookup (listImportCandidates,
// the query built whole in the statement) finds, for words unaccent changes or that hold quotes,
// backslashes or colons.

const rows = [
  { title: 'Les Misérables', author: 'Victor Hugo' },
  { title: "Hawai'i Nights", author: 'Kaʻiulani Kanahele' },
  { title: 'Back\\slash Tales', author: "O'Brien Flann" },
  { title: 'Ŀlibre de les Bèsties', author: 'Ramon Llull' },
  { title: 'Straße der Ölmühle', author: '' },
]

describe.skipIf(!testDialects().includes('postgres'))('import title lookups built once [postgres]', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>
  beforeAll(async () => {
    ctx = await createTestContext('postgres')
  })
  afterAll(async () => {
    await ctx?.close()
  })
  const lookupOf = (row: { title: string; author: string }) => ({ title: titleKeys(row.title).mainText, authorWords: authorQueryWords(row.author) })

  it('find what each row’s own lookup finds, and a book made later is found by the rows it would be', async () => {
    const tag = Math.random().toString(36).slice(2, 8)
    const books = await Promise.all(rows.map((r) => insertBook(ctx.db, { title: `${r.title} ${tag}`, author: r.author || 'Anon Ymous', isbn: null })))
    const asked = rows.map((r) => lookupOf({ title: `${r.title} ${tag}`, author: r.author }))
    const queries = await importQueriesOf(ctx.db, asked)
    const together = await listImportCandidatesByQueries(ctx.db, queries)
    for (const [i, lookup] of asked.entries()) {
      const alone = await listImportCandidates(ctx.db, lookup.title, lookup.authorWords)
      expect(together[i]!.map((c) => c.id).sort(), rows[i]!.title).toEqual(alone.map((c) => c.id).sort())
    }
    // Every row finds its own book; a title without words looks nothing up.
    for (const [i, book] of books.entries()) expect(together[i]!.map((c) => c.id)).toContain(book!.id)
    expect(await importQueriesOf(ctx.db, [lookupOf({ title: ': — :', author: 'Nobody Atall' })])).toEqual([null])

    // A book made after the lookups: tried on them, it is found by the rows whose condition it meets.
    const made = await insertBook(ctx.db, { title: `Les Miserables ${tag}`, author: 'Victor Hugo', isbn: null })
    const pending = queries.map((q, k) => ({ k, q: q! }))
    const finding = await importLookupsFinding(ctx.db, pending, made.id)
    expect(finding.rows).toEqual([0])
    expect(finding.book).toMatchObject({ id: made.id })
  })
})

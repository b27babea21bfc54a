import { describe, expect, it } from 'vitest'
import { sql, type CompiledQuery } from 'kysely'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook } from '../../../test/support/factories.ts'
import { queryPlan } from '../../../test/support/query-plan.ts'
import { buildBooksPageQuery, listBooksPage, type BookKeyset, type BookSort } from '#/modules/books/books.list.repository.ts'
import { buildCountBooksQuery, countBooks, setBookHidden, shownSearchDocs } from '#/modules/books/books.repository.ts'
import { buildNameCountQuery, buildNamePageQuery } from '#/modules/books/books.by-name.repository.ts'

// The catalogue's lists leave the moderators' hidden books out (decision 0058) and stay single
// ranges of their indexes: each order's index, the count's and the name keys' are partial indexes of
// the books shown (migration 2026_12_20_0100), so a page never steps over hidden books and needs no
// sort, and the counts are read off an index alone. With sequential scans, bitmaps and sorts priced
// out, a plan on a small table shows whether the index alone serves the query, as it must at 100k books.

const ORDERS: { sort: BookSort; index: string; after: BookKeyset }[] = [
  { sort: 'recent', index: 'books_created_at_idx', after: ['2030-01-01T00:00:00.000Z', 'ffffffff'] },
  { sort: 'published', index: 'books_published_key_idx', after: ['2030-01-01', 'ffffffff'] },
  { sort: 'rating', index: 'books_weighted_rating_idx', after: [5, 1000, 'ffffffff'] },
  { sort: 'title', index: 'books_title_lower_idx', after: ['a', '0'] },
]

describeEachDialect('books: hidden books and the catalogue’s plans', (ctx) => {
  const planOf = (compiled: CompiledQuery) => queryPlan(ctx.db, ctx.dialect, compiled, ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
  const noScan = /SCAN b\b(?! USING)|Seq Scan on books/
  // A sort of the page itself (a book's genres are ordered inside their own subquery, apart).
  const noSort = /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY|(^|->\s+)Sort\b/m
  // The index is partial: hidden books are not in it, so no row of it is read and thrown away.
  const partial = async (index: string) => {
    const { rows } =
      ctx.dialect === 'postgres'
        ? await sql<{ def: string }>`select indexdef as def from pg_indexes where indexname = ${index}`.execute(ctx.db)
        : await sql<{ def: string }>`select sql as def from sqlite_master where name = ${index}`.execute(ctx.db)
    return rows[0]?.def ?? ''
  }

  describe.each(ORDERS)('the $sort order', ({ sort, index, after }) => {
    it(`walks its partial index ${index} in order for a first and a later page, and leaves hidden books out`, async () => {
      const books = await Promise.all(Array.from({ length: 12 }, (_, i) => insertBook(ctx.db, { title: `Plan ${sort} ${i}` })))
      await setBookHidden(ctx.db, books[3]!.id, true)
      await sql`analyze`.execute(ctx.db)
      for (const page of [buildBooksPageQuery(ctx.db, sort, undefined, 25), buildBooksPageQuery(ctx.db, sort, after, 25)]) {
        const plan = await planOf(page.compile())
        expect(plan).toMatch(new RegExp(index))
        expect(plan).not.toMatch(noSort)
        expect(plan).not.toMatch(noScan)
        expect(plan).not.toMatch(/Filter: .*hidden/)
      }
      expect(await partial(index)).toMatch(/where \(?hidden = 0\)?$/i)
      const shown = (await listBooksPage(ctx.db, { sort, limit: 1000 })).books.map((b) => b._id)
      expect(shown).not.toContain(books[3]!.id)
      expect(shown).toContain(books[4]!.id)
    })
  })

  it('counts the books shown off a partial index alone', async () => {
    const [a] = await Promise.all([insertBook(ctx.db), insertBook(ctx.db)])
    const before = await countBooks(ctx.db)
    await setBookHidden(ctx.db, a.id, true)
    expect(await countBooks(ctx.db)).toBe(before - 1)
    await setBookHidden(ctx.db, a.id, false)
    expect(await countBooks(ctx.db)).toBe(before)
    await sql`analyze`.execute(ctx.db)
    const plan = await planOf(buildCountBooksQuery(ctx.db).compile())
    expect(plan).toMatch(ctx.dialect === 'postgres' ? /Index Only Scan using books_\w+_idx/ : /COVERING INDEX books_\w+_idx/)
    expect(plan).not.toMatch(noScan)
  })

  it.each(['author', 'publisher'] as const)('reads a %s page and count off the partial name-key index alone', async (field) => {
    const [, hidden] = await Promise.all([
      insertBook(ctx.db, { title: 'Shown', [field]: `Planned Name ${field}` }),
      insertBook(ctx.db, { title: 'Hidden', [field]: `Planned Name ${field}` }),
    ])
    await setBookHidden(ctx.db, hidden.id, true)
    await sql`analyze`.execute(ctx.db)
    const index = `books_${field}_key_idx`
    const page = buildNamePageQuery(ctx.db, { field, name: `planned name ${field}`, limit: 24 })
    expect((await page.execute()).map((r) => r.titleKey)).toEqual(['shown'])
    const pagePlan = await planOf(page.compile())
    expect(pagePlan).toMatch(new RegExp(index))
    expect(pagePlan).not.toMatch(noSort)
    expect(pagePlan).not.toMatch(/Filter: .*hidden/)
    expect(await partial(index)).toMatch(/where \(?hidden = 0\)?$/i)
    const count = buildNameCountQuery(ctx.db, field, `Planned Name ${field}`)
    expect(Number((await count.executeTakeFirstOrThrow()).n)).toBe(1)
    expect(await planOf(count.compile())).toMatch(
      ctx.dialect === 'postgres' ? new RegExp(`Index Only Scan using ${index}`) : new RegExp(`COVERING INDEX ${index}`),
    )
  })

  it('SQLite: search leaves hidden books’ rows out by the hidden books’ own partial index, never by reading every match’s book', async () => {
    if (ctx.dialect !== 'sqlite') return
    const hidden = await insertBook(ctx.db, { title: 'Wombat Ledger' })
    const shown = await insertBook(ctx.db, { title: 'Wombat Diary' })
    await setBookHidden(ctx.db, hidden.id, true)
    await sql`analyze`.execute(ctx.db)
    const count = sql<{
      n: number
    }>`select count(*) as n from books_fts where books_fts match ${'{title} : "wombat"'} and ${shownSearchDocs('books_fts', 'rowid')}`
    expect(Number((await count.execute(ctx.db)).rows[0]!.n)).toBe(1)
    const plan = await planOf(count.compile(ctx.db))
    expect(plan).toMatch(/books_hidden_idx/)
    expect(plan).not.toMatch(/SCAN hb\b(?! USING)|SCAN books\b(?! USING)/)
    expect(shown.id).toBeTruthy()
  })
})

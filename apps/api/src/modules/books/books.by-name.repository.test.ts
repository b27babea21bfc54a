import { describe, expect, it } from 'vitest'
import type { CompiledQuery } from 'kysely'
import { sql } from 'kysely'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook } from '../../../test/support/factories.ts'
import { queryPlan } from '../../../test/support/query-plan.ts'
import { buildNameCountQuery, buildNamePageQuery, countBooksByName, listBooksByNamePage, type NameField } from '#/modules/books/books.by-name.repository.ts'

describeEachDialect('books.by-name.repository', (ctx) => {
  // On a handful of rows PostgreSQL would rather sort a bitmap scan's rows: with that priced out,
  // the plan shows whether the index alone can give the rows in order, as it must at 100k books.
  const planOf = (compiled: CompiledQuery) => queryPlan(ctx.db, ctx.dialect, compiled, ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])

  describe.each(['author', 'publisher'] as NameField[])('by %s', (field) => {
    it('folds case and the accents of Latin letters (ø, ł, ß and æ too) on both sides', async () => {
      const stored = `Ångström-Łødż Æsir Straße ${field}`
      const book = await insertBook(ctx.db, { title: 'Folded', [field]: stored })
      for (const asked of [stored, `angstrom-lodz aesir strasse ${field}`, `ANGSTROM-LODZ AESIR STRASSE ${field.toUpperCase()}`]) {
        const { books } = await listBooksByNamePage(ctx.db, { field, name: asked, limit: 5 })
        expect(
          books.map((b) => b._id),
          asked,
        ).toEqual([book.id])
        expect(await countBooksByName(ctx.db, field, asked)).toBe(1)
      }
    })

    it('reads one range of the name-key index for a page and for the count, never the whole catalogue', async () => {
      await Promise.all(Array.from({ length: 40 }, (_, i) => insertBook(ctx.db, { title: `Filler ${i}`, [field]: `Filler Name ${i % 7}` })))
      await sql`analyze`.execute(ctx.db)
      const index = `books_${field}_key_idx`
      const page = await planOf(buildNamePageQuery(ctx.db, { field, name: 'Filler Name 3', limit: 24, after: ['filler 1', '0'] }).compile())
      expect(page).toMatch(new RegExp(index))
      // Served in the index's order: no sort step.
      expect(page).not.toMatch(/TEMP B-TREE|Sort\b/)
      expect(page).not.toMatch(/SCAN b\b|Seq Scan on books/)
      const count = await planOf(buildNameCountQuery(ctx.db, field, 'Filler Name 3').compile())
      expect(count).toMatch(new RegExp(index))
      expect(count).not.toMatch(/SCAN b\b|Seq Scan on books/)
      // From the index alone, without visiting the name's rows in the table.
      expect(count).toMatch(ctx.dialect === 'postgres' ? new RegExp(`Index Only Scan using ${index}`) : new RegExp(`COVERING INDEX ${index}`))
    })
  })
})

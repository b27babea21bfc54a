import { expect, it } from 'vitest'
import { sql, type CompiledQuery } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'
import { queryPlan } from '../../../test/support/query-plan.ts'
import { buildBookEditsPageQuery } from '#/modules/books/books.history.repository.ts'

// A book's history is read a page at a time along its own index, however many edits the catalogue
// holds; an import's ISBN is found through a small index of its own (decision 0023).

describeEachDialect('books.history.repository', (ctx) => {
  // With sequential scans, bitmaps and sorts priced out, the plan shows whether the index alone serves the query.
  const planOf = (compiled: CompiledQuery) => queryPlan(ctx.db, ctx.dialect, compiled, ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])

  it('reads a page of one book’s history from book_edits_book_idx in its order, without a sort or a scan of every edit', async () => {
    const editor = await insertUser(ctx.db)
    const books = await Promise.all(Array.from({ length: 8 }, () => insertBook(ctx.db)))
    const at = new Date().toISOString()
    await ctx.db
      .insertInto('bookEdits')
      .values(
        books.flatMap((b) =>
          Array.from({ length: 5 }, (_, i) => ({
            id: uuidv7(),
            bookId: b.id,
            userId: editor.id,
            field: 'description',
            oldValue: `${i}`,
            newValue: `${i + 1}`,
            editedAt: at,
          })),
        ),
      )
      .execute()
    await sql`analyze`.execute(ctx.db)
    const plan = await planOf(buildBookEditsPageQuery(ctx.db, books[3]!.id, { limit: 2, after: uuidv7() }).compile())
    expect(plan).toMatch(/book_edits_book_idx/)
    expect(plan).not.toMatch(/TEMP B-TREE|Sort\b/)
    expect(plan).not.toMatch(/SCAN e\b|Seq Scan on book_edits/)
  })

  it('finds the books carrying an ISBN without holding it through books_unclaimed_isbn_idx', async () => {
    await insertBook(ctx.db, { isbn: '9780306406157' })
    await sql`analyze`.execute(ctx.db)
    const query = ctx.db.selectFrom('books').select('id').where('unclaimedIsbn', '=', '9780306406157').orderBy('id').limit(5)
    // Sorting the few books found is fine here: the index narrows them first.
    const plan = await queryPlan(ctx.db, ctx.dialect, query.compile())
    expect(plan).toMatch(/books_unclaimed_isbn_idx/)
    expect(plan).not.toMatch(/SCAN books\b(?! USING)|Seq Scan on books/)
  })
})

import { expect, it } from 'vitest'
import { sql } from 'kysely'
import { describeEachDialect } from '../../test/support/context.ts'
import { insertBook, insertReview } from '../../test/support/factories.ts'
import { fillSearchKeys, rebuildPostgresSearch, rebuildSqliteSearch } from '#/db/search-rebuild.ts'

// The benchmark's generator loads books with the search triggers off and builds the index with these
// functions: a search must then find what it finds in a catalogue the triggers indexed book by book.

/** Words, facet tokens and an ISBN: each finds some of the books below and not the others. */
const QUERIES = ['dune', 'herbert', 'desert', 'exupery', 'prince', 'xlfrench', 'xcfiction', 'xgsciencefiction', 'xgnonfiction', '9780441172719']

describeEachDialect('the search index built in one pass', (ctx) => {
  it('finds what the triggers indexed, book by book', async () => {
    const db = ctx.db
    const dune = await insertBook(db, {
      title: 'Dune Messiah',
      author: 'Frank Herbert',
      description: 'Twelve years on the desert planet.',
      isbn: '978-0-441-17271-9',
      category: 'Fiction',
      genres: ['Science Fiction'],
    })
    const prince = await insertBook(db, {
      title: 'Le Petit Prince',
      author: 'Antoine de Saint-Exupéry',
      description: 'A pilot stranded in the Sahara.',
      language: 'French',
      category: 'Classic',
      genres: ['Non-Fiction', 'Children'],
    })
    await insertReview(db, { bookId: dune.id, rating: 5 })
    const ids = new Set([dune.id, prince.id])

    /** Per query, the ids of the books above it finds; SQLite also each search row's copied keys. */
    const found = async () => {
      const answers: Record<string, string[]> = {}
      for (const q of QUERIES) {
        const { rows } =
          ctx.dialect === 'postgres'
            ? await sql<{ id: string }>`select id from books where search_vector @@ to_tsquery('simple', ${q}) order by id`.execute(db)
            : await sql<{ id: string }>`select d.book_id as id from books_fts f join book_search_docs d on d.doc_id = f.rowid
                where books_fts match ${q} order by d.book_id`.execute(db)
        answers[q] = rows.map((r) => r.id).filter((id) => ids.has(id))
      }
      if (ctx.dialect === 'sqlite') {
        const { rows } = await sql`select book_id, title, author, isbn, average_rating, total_reviews, page_count, published_date
          from book_search_docs order by book_id`.execute(db)
        answers.keys = rows.map((r) => JSON.stringify(r))
      } else {
        const terms = sql<{ term: string }>`select term from book_search_terms where term in ('dune', 'exupery', 'xgsciencefiction') order by term`
        const { rows } = await terms.execute(db)
        answers.terms = rows.map((r) => r.term)
      }
      return answers
    }

    const byTriggers = await found()
    expect(byTriggers.dune).toEqual([dune.id])
    expect(byTriggers.xgnonfiction).toEqual([prince.id])
    expect(byTriggers['9780441172719']).toEqual([dune.id])

    if (ctx.dialect === 'postgres') {
      await sql`update books set search_vector = ''::tsvector`.execute(db)
      await sql`delete from book_search_terms`.execute(db)
      await rebuildPostgresSearch(db)
    } else {
      await sql`delete from books_fts`.execute(db)
      await rebuildSqliteSearch(db)
      // As the generator finds them, with the keys trigger off: empty.
      const emptyKeys = sql`update book_search_docs
        set title = '', author = '', isbn = null, average_rating = 0, total_reviews = 0, page_count = null, published_date = null`
      await emptyKeys.execute(db)
      await fillSearchKeys(db)
    }
    expect(await found()).toEqual(byTriggers)
  })
})

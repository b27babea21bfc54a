import { expect, it } from 'vitest'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '#/db/portable.ts'
import type { BookMergeDoors } from '#/book-merge.ts'
import { createBookMergeDoors } from '#/book-merge-doors.ts'
import { runModeratorCommand } from '#/db/moderators.ts'
import { createTestContext, describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertImport, insertReview, insertUser, signUp } from '../../../test/support/factories.ts'
import { liveSchema, type TableShape } from '../../../test/support/live-schema.ts'

// Doors for merging duplicates (decision 0030): every table of the live schema with a column naming a
// book (or an edition) is covered by one module's door, and a merge leaves no row naming the absorbed
// book but its edition row under the survivor; a revert gives every table back its rows.
//
// What names a book (read from each database's own catalogue): the `books` row itself; a column with
// a foreign key to `books` or `editions`, or named `book_id` / `…_book_id` / `edition_id` /
// `…_edition_id` (read_throughs names its book through its entry's composite key).

/** Tables naming books that no door moves, each with why. */
const KEPT_BY_TRIGGERS: Record<string, string> = {
  // SQLite's search index: the books table's own triggers add and remove a book's row.
  book_search_docs: 'the search index, kept by the triggers of books and book_genres',
}

const BOOK_NAME = /(^|_)book_id$/
const EDITION_NAME = /(^|_)edition_id$/

interface BookTable {
  /** Columns holding a book's id (`id` for the books row). */
  bookColumns: string[]
  /** Columns holding an edition's id. */
  editionColumns: string[]
}

function bookTables(schema: Map<string, TableShape>): Map<string, BookTable> {
  const found = new Map<string, BookTable>()
  for (const [name, t] of schema) {
    const keyed = (parent: string) => new Set(t.foreignKeys.filter((k) => k.parent === parent && k.columns.length === 1).map((k) => k.columns[0]!))
    const [toBooks, toEditions] = [keyed('books'), keyed('editions')]
    const bookColumns = name === 'books' ? ['id'] : t.columns.filter((c) => toBooks.has(c.name) || BOOK_NAME.test(c.name)).map((c) => c.name)
    const editionColumns = t.columns.filter((c) => toEditions.has(c.name) || EDITION_NAME.test(c.name)).map((c) => c.name)
    if (bookColumns.length || editionColumns.length) found.set(name, { bookColumns, editionColumns })
  }
  return found
}

const snake = (table: string) => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** The doors as the app wires them (the services they call are not reached by these checks). */
const registered = () => createBookMergeDoors({ books: { ratings: { move: async () => true } }, reading: { markLogChanged: async () => {} } })

function coverage(found: Map<string, BookTable>, doors: BookMergeDoors) {
  const declared = new Map<string, string[]>()
  for (const door of [doors.catalogue, ...doors.doors]) {
    for (const table of Object.keys(door.tables)) declared.set(snake(table), [...(declared.get(snake(table)) ?? []), door.module])
  }
  return {
    withoutDoor: [...found.keys()].filter((t) => !declared.has(t) && !(t in KEPT_BY_TRIGGERS)).sort(),
    namingNoBook: [...declared.keys()].filter((t) => !found.has(t)).sort(),
    declaredTwice: [...declared].filter(([, by]) => by.length > 1).map(([t]) => t),
  }
}

/** How many rows of each table name a book through a book column. */
async function census(db: Db, found: Map<string, BookTable>, bookId: string) {
  const counts: Record<string, number> = {}
  for (const [table, t] of [...found].sort(([a], [b]) => a.localeCompare(b))) {
    if (!t.bookColumns.length || table in KEPT_BY_TRIGGERS) continue
    const naming = sql.join(
      t.bookColumns.map((c) => sql`${sql.id(c)} = ${bookId}`),
      sql` or `,
    )
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.id(table)} where ${naming}`.execute(db)
    counts[table] = Number(rows[0]!.n)
  }
  return counts
}

describeEachDialect('merges: doors for every table naming a book', (ctx) => {
  it('finds every table naming a book or an edition in the live schema, by key and by name', async () => {
    const found = bookTables(await liveSchema(ctx.db))
    expect(found.get('books')).toEqual({ bookColumns: ['id'], editionColumns: [] })
    expect(found.get('reading_entries')).toEqual({ bookColumns: ['book_id'], editionColumns: ['edition_id'] })
    // By name: its key to its book goes through the reader's entry.
    expect(found.get('read_throughs')?.bookColumns).toEqual(['book_id'])
    expect(found.get('import_rows')?.bookColumns).toEqual(['book_id'])
    expect(found.has('progress_updates')).toBe(false)
  })

  it('has a door moving and putting back every such table, each declared once', async () => {
    const found = bookTables(await liveSchema(ctx.db))
    expect(coverage(found, registered())).toEqual({ withoutDoor: [], namingNoBook: [], declaredTwice: [] })
  })

  it('names a table added by a migration without a door, and a door left out', async () => {
    const fresh = await createTestContext(ctx.dialect)
    try {
      await sql`create table scratch_picks (id text primary key, pick text references books (id) on delete cascade)`.execute(fresh.db)
      await sql`create table scratch_notes (note_book_id text, body text)`.execute(fresh.db)
      await sql`create table scratch_plain (id text primary key, title text)`.execute(fresh.db)
      expect(coverage(bookTables(await liveSchema(fresh.db)), registered()).withoutDoor).toEqual(['scratch_notes', 'scratch_picks'])
    } finally {
      await fresh.close()
    }
    const doors = registered()
    const found = bookTables(await liveSchema(ctx.db))
    expect(coverage(found, { ...doors, doors: doors.doors.filter((d) => d.module !== 'bookshelves') }).withoutDoor).toEqual(['shelf_books'])
  })

  it('leaves no row naming the absorbed book after a merge, and gives every table its rows back on a revert', async () => {
    const found = bookTables(await liveSchema(ctx.db))
    const reader = await signUp(ctx.app)
    const other = await signUp(ctx.app)
    const ok = async (method: 'PUT' | 'POST', url: string, token: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
      return res
    }
    const survivor = await insertBook(ctx.db, { genres: ['Fiction'] })
    await insertReview(ctx.db, { bookId: survivor.id, rating: 5 })
    await insertReview(ctx.db, { bookId: survivor.id, rating: 4 })
    const absorbed = await insertBook(ctx.db, { genres: ['Romance', 'Classics'] })
    // A row in every table naming a book, for the absorbed one.
    const othersReview = await insertReview(ctx.db, { bookId: absorbed.id, userId: other.id, rating: 3 })
    // A reader's mute of it, and the notification of a like on a review of it (decisions 0057, 0052).
    await ok('PUT', `/api/books/${absorbed.id}/mute`, reader.token)
    await ok('PUT', `/api/reviews/${othersReview.id}/like`, reader.token)
    await ok('POST', `/api/books/${absorbed.id}/reads`, reader.token, { finishedOn: '2024-02-03' })
    await ok('PUT', `/api/users/addto-recently-read/${absorbed.id}`, other.token)
    await ok('PUT', `/api/users/addtowishlist/${absorbed.id}`, reader.token)
    await ok('PUT', `/api/books/${absorbed.id}/shelves`, reader.token, { names: ['to-keep'] })
    await ok('POST', `/api/books/${absorbed.id}/editions`, reader.token, { format: 'ebook' })
    await ok('POST', `/api/books/${absorbed.id}/discussions`, reader.token, { title: 'On the duplicate', text: 'Moves with it' })
    await ctx.db
      .insertInto('bookEdits')
      .values({
        id: uuidv7(),
        bookId: absorbed.id,
        userId: reader.id,
        field: 'description',
        oldValue: 'old',
        newValue: 'new',
        editedAt: new Date().toISOString(),
      })
      .execute()
    const importId = await insertImport(ctx.db, reader.id, { rows: [{ line: 2, outcome: 'imported' }] })
    await ctx.db.updateTable('importRows').set({ bookId: absorbed.id }).where('importId', '=', importId).execute()
    // A device's identifier a reader bound to it (decision 0047): a finish, as the other reader's read is.
    const filed = await ok('PUT', '/api/me/progress', other.token, { book: { asin: 'B0MERGE001' }, finished: true })
    await ok('POST', `/api/me/sync-inbox/${filed.json().inboxId}/bind`, other.token, { bookId: absorbed.id })

    const before = { absorbed: await census(ctx.db, found, absorbed.id), survivor: await census(ctx.db, found, survivor.id) }
    const empty = Object.entries(before.absorbed).filter(([, n]) => n === 0)
    expect(empty, 'tables the scene leaves empty: give the absorbed book a row there').toEqual([])

    const mod = await insertUser(ctx.db)
    await runModeratorCommand(ctx.db, { action: 'add', email: mod.email })
    const proposal = await ok('POST', '/api/merge-proposals', reader.token, { kind: 'work', ids: [absorbed.id, survivor.id] })
    const applied = await ok('POST', `/api/merge-proposals/${proposal.json()._id}/apply`, mod.token)
    expect(applied.json().merge.absorbedId).toBe(absorbed.id)

    const merged = await census(ctx.db, found, absorbed.id)
    expect(Object.entries(merged).filter(([, n]) => n > 0)).toEqual([])
    // Only the absorbed work's edition row under the survivor keeps its id.
    expect(await ctx.db.selectFrom('editions').select('bookId').where('id', '=', absorbed.id).executeTakeFirst()).toEqual({ bookId: survivor.id })

    await ok('POST', `/api/merges/${applied.json().merge._id}/revert`, mod.token)
    expect({ absorbed: await census(ctx.db, found, absorbed.id), survivor: await census(ctx.db, found, survivor.id) }).toEqual(before)
    expect(await ctx.db.selectFrom('editions').select('id').where('id', '=', absorbed.id).executeTakeFirst()).toBeUndefined()
  })
})

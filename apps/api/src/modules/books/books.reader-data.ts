import type { Db } from '#/db/portable.ts'
import { pagesAlong, type ExportSections, type PageReader, type ReaderDataDoor } from '#/reader-data.ts'
import { listBookEditsByUserPage } from '#/modules/books/books.history.repository.ts'

// The books module's door to a reader's data (decisions 0019 and 0023). Books and their histories
// are the catalogue's, shared by every reader: the export names the books the reader listed or is
// credited on and carries the corrections they made; closing the account clears the reader from
// them and the rows stay (others review, shelve and read those books).

/** Edits carry their old and new values (a description each): at most this many a page. */
const EDITS_PAGE = 500

/** The columns of `books` that name a reader: `listed` (they put the book in) and `credited` (linked as author or publisher). */
const LINKS = { listed: ['createdByUserId', 'listedByUserId'], credited: ['authorUserId', 'publisherUserId'] } as const

/** A page of the ids of the books the reader is linked on in one way, by id. */
const bookIdPages = (db: Db, userId: string, kind: keyof typeof LINKS): PageReader<string> => {
  const [a, b] = LINKS[kind]
  return pagesAlong(
    () =>
      db
        .selectFrom('books')
        .select('id')
        .where((eb) => eb.or([eb(a, '=', userId), eb(b, '=', userId)])),
    'id',
    (r) => r.id,
  )
}

/** The books the reader listed or is credited on, and the corrections they made to books. */
export const booksDoor: ReaderDataDoor<{ sections: Pick<ExportSections, 'booksListed' | 'booksCredited' | 'bookEdits' | 'editionsAdded'> }> = {
  module: 'books',
  tables: {
    books: { exported: { in: ['booksListed', 'booksCredited'] }, removed: 'unlinked' },
    // The history stays without the editor (decision 0023); its values are the book's.
    bookEdits: { exported: { in: ['bookEdits'] }, removed: 'unlinked' },
    // The editions a reader added stay in the catalogue without them, as the books they listed (decision 0027).
    editions: { exported: { in: ['editionsAdded'] }, removed: 'unlinked' },
  },

  exportFor: (db, userId) => ({
    sections: {
      booksListed: { pages: bookIdPages(db, userId, 'listed') },
      booksCredited: { pages: bookIdPages(db, userId, 'credited') },
      // Along editions_created_by_idx (created_by_user_id, id).
      editionsAdded: {
        pages: pagesAlong(
          () => db.selectFrom('editions').select('id').where('createdByUserId', '=', userId),
          'id',
          (r) => r.id,
        ),
      },
      // Oldest first along book_edits_user_idx.
      bookEdits: {
        async pages(after, limit) {
          const page = await listBookEditsByUserPage(db, userId, { limit: Math.min(limit, EDITS_PAGE), after })
          return { items: page.edits, ...(page.next ? { next: page.next } : {}) }
        },
      },
    },
  }),

  // What the foreign keys' ON DELETE SET NULL would do when the user row goes, done by the door
  // itself. Nobody may correct or delete such a book afterwards (it has no adder), as for the seeded
  // catalogue (decision 0017).
  async removeFor(trx, userId) {
    for (const column of [...LINKS.listed, ...LINKS.credited]) {
      await trx
        .updateTable('books')
        .set({ [column]: null })
        .where(column, '=', userId)
        .execute()
    }
    // The books their imports made (decision 0032) are among those they listed; along books_imported_by_idx.
    await trx.updateTable('books').set({ importedByUserId: null }).where('importedByUserId', '=', userId).execute()
    await trx.updateTable('bookEdits').set({ userId: null }).where('userId', '=', userId).execute()
    await trx.updateTable('editions').set({ createdByUserId: null }).where('createdByUserId', '=', userId).execute()
  },
}

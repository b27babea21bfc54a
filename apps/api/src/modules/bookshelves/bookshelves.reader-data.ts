import { sql, type SqlBool } from 'kysely'
import { toIso } from '#/db/portable.ts'
import { pagesAlong, type ExportSections, type LibraryParts, type ReaderDataDoor } from '#/reader-data.ts'

// The bookshelves module's door to a reader's data (decision 0019, 0028): their shelves and the
// books on them. The export gives the shelves and the placements as two lists, each read in bounded
// pages along an index (one shelf may hold a whole library); the placements come shelf by shelf in
// each shelf's order, so a reader of the file finds a shelf's books together.

/** The reader's shelves, and every book on one with its position there. */
export const bookshelvesDoor: ReaderDataDoor<{ sections: Pick<ExportSections, 'shelves'>; library: Pick<LibraryParts, 'shelves'> }> = {
  module: 'bookshelves',
  tables: {
    shelves: { exported: { in: ['shelves'] }, removed: 'deleted' },
    shelfBooks: { exported: { in: ['shelves'] }, removed: 'deleted' },
  },

  exportFor: (db, userId) => ({
    library: {
      shelves: {
        // The Goodreads CSV's Bookshelves (decision 0031): one page's books (at most a page of the
        // export), along the reader's placements per book; at most 50 shelves each.
        async ofBooks(bookIds) {
          const byBook = new Map<string, { name: string; position: number }[]>()
          if (!bookIds.length) return byBook
          const rows = await db
            .selectFrom('shelfBooks')
            .innerJoin('shelves', 'shelves.id', 'shelfBooks.shelfId')
            .select(['shelfBooks.bookId', 'shelves.name', 'shelves.nameKey', 'shelfBooks.position'])
            .where('shelfBooks.userId', '=', userId)
            .where('shelfBooks.bookId', 'in', bookIds)
            .execute()
          rows.sort((a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0))
          for (const r of rows) {
            const list = byBook.get(r.bookId) ?? []
            list.push({ name: r.name, position: Number(r.position) })
            byBook.set(r.bookId, list)
          }
          return byBook
        },
      },
    },
    sections: {
      shelves: {
        shelves: {
          // Along the primary key, after a shelf id (ids are time-ordered: oldest shelf first).
          pages: pagesAlong(
            () => db.selectFrom('shelves').select(['id', 'name', 'isPublic', 'createdAt']).where('userId', '=', userId),
            'id',
            (r) => ({ _id: r.id, name: r.name, public: Number(r.isPublic) === 1, createdAt: toIso(r.createdAt) }),
          ),
        },
        placements: {
          // Along (user_id, shelf_id, position, book_id), after the last placement given.
          async pages(after, limit) {
            let q = db.selectFrom('shelfBooks').select(['shelfId', 'bookId', 'position', 'addedAt']).where('userId', '=', userId)
            if (after !== undefined) {
              const [shelfId = '', position = '0', bookId = ''] = after.split(' ')
              q = q.where(sql<SqlBool>`(shelf_id, position, book_id) > (${shelfId}, ${Number(position)}, ${bookId})`)
            }
            const rows = await q.orderBy('shelfId').orderBy('position').orderBy('bookId').limit(limit).execute()
            const last = rows.at(-1)
            return {
              items: rows.map((r) => ({ shelfId: r.shelfId, bookId: r.bookId, position: Number(r.position), addedAt: toIso(r.addedAt) })),
              ...(rows.length === limit && last ? { next: `${last.shelfId} ${Number(last.position)} ${last.bookId}` } : {}),
            }
          },
        },
      },
    },
  }),

  async removeFor(trx, userId) {
    await trx.deleteFrom('shelfBooks').where('userId', '=', userId).execute()
    await trx.deleteFrom('shelves').where('userId', '=', userId).execute()
  },
}

import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. What a Goodreads export says that we had nowhere to keep (issue 21, point 6,
// decision 0031), each where it belongs:
// - books (a work and its shown edition) and editions: `binding`, the edition's binding as its
//   source wrote it ("Mass Market Paperback", "Kindle Edition"; `format` stays the four formats),
//   and `additional_authors`, the edition's other contributors (a translator, an illustrator, a
//   narrator) as Goodreads lists them, comma-joined;
// - editions: `title` and `author`, the edition's own title and credit when they are not the work's
//   ("Frankenstein: The 1818 Text" by Mary Wollstonecraft Shelley, an edition of "Frankenstein" by
//   Mary Shelley); null: the work's;
// - books: `original_year`, the year the work was first published (a work's, not an edition's);
// - reviews: `spoiler`, the reader's flag on their review (0 or 1);
// - reading_entries: `status_position`, the book's place on the reader's status shelf (Goodreads's
//   "to-read (#3)"), and `status_position_of`, the status it was kept for: a book moved to another
//   status no longer has that place, without every status change having to clear it.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  for (const table of ['books', 'editions']) {
    await db.schema.alterTable(table).addColumn('binding', 'text').execute()
    await db.schema.alterTable(table).addColumn('additional_authors', 'text').execute()
  }
  await db.schema.alterTable('editions').addColumn('title', 'text').execute()
  await db.schema.alterTable('editions').addColumn('author', 'text').execute()
  await db.schema.alterTable('books').addColumn('original_year', 'integer').execute()
  await db.schema
    .alterTable('reviews')
    .addColumn('spoiler', 'integer', (c) => c.notNull().defaultTo(0).check(sql`spoiler in (0, 1)`))
    .execute()
  await db.schema.alterTable('reading_entries').addColumn('status_position', 'integer').execute()
  await db.schema.alterTable('reading_entries').addColumn('status_position_of', 'text').execute()
}

import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. An import's file moves out of its job's row into a table of its own, as bytes
// (gzip-compressed by the app) in parts of up to a megabyte (issue 19, the hostile import). SQLite writes a row whole, so
// with up to 10 MB of text in the job's row every lease renewal and count update rewrote the whole
// file (up to 115 ms each, the server waiting), and writing or reading the text was one statement of
// 60–170 ms. Parts are written and read one statement each, with the server's other work between.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('import_files')
    .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('bytes', t.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_files_pkey', ['import_id', 'part'])
    .execute()
  // A file not yet read when this runs (a job queued or under way) moves as it is, uncompressed, in one part.
  const asBytes = t.dialect === 'postgres' ? sql`convert_to(file_text, 'UTF8')` : sql`cast(file_text as blob)`
  await sql`insert into import_files (import_id, part, bytes) select id, 0, ${asBytes} from imports where file_text is not null`.execute(db)
  await db.schema.alterTable('imports').dropColumn('file_text').execute()
}

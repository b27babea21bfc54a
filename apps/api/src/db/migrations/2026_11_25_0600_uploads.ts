import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Every stored upload gets a row: who uploaded it, its size and when, so a
// reader's quota holds across instances; and whether a profile or a book shows it, so an image
// nobody shows any more (a replaced avatar, an upload never used) can be removed from the folder.
// A removed upload keeps its row for a day, so it still counts toward that day's uploads.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.createTable('uploads')
    // The file's name in the uploads folder: <uuid>.webp.
    .addColumn('name', 'text', (c) => c.primaryKey())
    // No foreign key: the file must not vanish from under a book cover when its uploader goes.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    // Last time a profile or a book was made (or found) to show it.
    .addColumn('referenced_at', t.timestamp)
    // When a profile stopped showing it (its avatar was replaced); cleared by a new reference.
    .addColumn('released_at', t.timestamp)
    // When the file was removed from the folder.
    .addColumn('removed_at', t.timestamp)
    .execute()
  // A reader's uploads of the last day, and the bytes they keep.
  await db.schema.createIndex('uploads_user_created_idx').on('uploads').columns(['user_id', 'created_at']).execute()
  // What a sweep looks at: uploads never shown, oldest first; uploads let go of, oldest first; rows of removed files.
  await db.schema.createIndex('uploads_unused_idx').on('uploads').column('created_at')
    .where(sql.raw<SqlBool>('removed_at is null and referenced_at is null and released_at is null')).execute()
  await db.schema.createIndex('uploads_released_idx').on('uploads').column('released_at')
    .where(sql.raw<SqlBool>('removed_at is null and released_at is not null')).execute()
  await db.schema.createIndex('uploads_removed_idx').on('uploads').column('removed_at')
    .where(sql.raw<SqlBool>('removed_at is not null')).execute()

  // Is an upload still shown somewhere? Its usual form, '/uploads/<name>' as a profile image, is
  // looked up exactly; the rare others (a bare '<name>' profile image, an absolute URL to it as a
  // profile image or a cover) are few rows scanned through small partial indexes.
  await db.schema.createIndex('users_profile_upload_idx').on('users').column('profile_image')
    .where(sql.raw<SqlBool>(`profile_image like '/uploads/%'`)).execute()
  await db.schema.createIndex('users_profile_upload_other_idx').on('users').column('id')
    .where(sql.raw<SqlBool>(`profile_image not like '/uploads/%' and profile_image like '%.webp%'`)).execute()
  await db.schema.createIndex('books_cover_upload_idx').on('books').column('id')
    .where(sql.raw<SqlBool>(`cover_image like '%/uploads/%.webp%'`)).execute()
}

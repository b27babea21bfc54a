import { sql, type Kysely, type SqlBool } from 'kysely'

// Frozen once merged. A read an import brought is marked `imported` (0 or 1, decision 0067): it is
// the reader's history, not news, so the followed feed leaves it out, as it leaves out imported
// reviews. Its start showed at the moment of the import ("started reading" for every book of a
// library, on top of each follower's feed) and its stop likewise. A read the reader then changes in
// the app (finishes it, stops it) is theirs again and shows.
// The started reads' feed index keeps only reads made here, so a follower's page never walks a
// library's imported reads. Reads imported before this migration are found by their import: a read
// made for a book of one of the reader's imported rows while that import ran.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('read_throughs')
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0).check(sql`imported in (0, 1)`))
    .execute()
  await sql`
    update read_throughs set imported = 1
    where exists (
      select 1 from import_rows ir join imports i on i.id = ir.import_id
      where i.user_id = read_throughs.user_id and ir.book_id = read_throughs.book_id
        and read_throughs.created_at >= i.created_at and read_throughs.created_at <= coalesce(i.finished_at, i.updated_at)
    )`.execute(db)
  await db.schema.dropIndex('read_throughs_user_started_idx').execute()
  await db.schema
    .createIndex('read_throughs_user_started_idx')
    .on('read_throughs')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .where(sql<SqlBool>`started_on is not null and removed_at is null and imported = 0`)
    .execute()
}

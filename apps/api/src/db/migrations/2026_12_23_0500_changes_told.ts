import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The database tells every instance what changed (decision 0064): triggers call
// pg_notify('shelfwise_changes', topic) in the writer's transaction whenever the data behind a kept
// value changes, so whichever code path or process writes, the signal follows its COMMIT (and never
// a rollback). The topics, and what each one's kept value is made of:
//   catalogue               the newest book's id and the count of corrections (books.repository findCatalogueVersion)
//   discussions:<book id>   the count of a book's threads the moderators have not hidden
// Only data that changes far less often than it is read: a NOTIFY takes a lock at COMMIT that
// serialises every notifying transaction of the cluster, so the frequent writes (reviews, a reader's
// log) tell nothing (decision 0064, "Not chosen"). On SQLite `pg_notify` is a function our driver
// gives every connection it opens (db/sqlite-dialect.ts).

const CHANNEL = 'shelfwise_changes'

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const tell = (topic: string) => sql.raw(`select pg_notify('${CHANNEL}', ${topic});`)
  const run = (text: ReturnType<typeof sql>) => text.execute(db)
  await run(sql`create trigger books_changes_ai after insert on books begin ${tell(`'catalogue'`)} end`)
  await run(sql`create trigger books_changes_ad after delete on books begin ${tell(`'catalogue'`)} end`)
  await run(sql`create trigger catalogue_edits_changes_au after update on catalogue_edits begin ${tell(`'catalogue'`)} end`)
  await run(sql`create trigger discussions_changes_ai after insert on discussions begin ${tell(`'discussions:' || new.book_id`)} end`)
  await run(sql`create trigger discussions_changes_ad after delete on discussions begin ${tell(`'discussions:' || old.book_id`)} end`)
  await run(sql`create trigger discussions_changes_au after update of book_id on discussions begin
    ${tell(`'discussions:' || old.book_id`)} ${tell(`'discussions:' || new.book_id`)} end`)
  const threadOf = (row: 'new' | 'old') =>
    sql.raw(`select pg_notify('${CHANNEL}', 'discussions:' || d.book_id) from discussions d where ${row}.target_type = 'discussion' and d.id = ${row}.target_id;`)
  await run(sql`create trigger hidden_items_changes_ai after insert on hidden_items begin ${threadOf('new')} end`)
  await run(sql`create trigger hidden_items_changes_ad after delete on hidden_items begin ${threadOf('old')} end`)
  await run(sql`create trigger hidden_items_changes_au after update on hidden_items begin ${threadOf('old')} ${threadOf('new')} end`)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // Every instance's listener hears the shared channel; the writing backend alone listens on a channel
  // named after its pid, and PostgreSQL hands a session its own signals before its COMMIT's answer,
  // so the instance that wrote knows before its write resolves (db/connect.ts).
  await sql`create or replace function shelfwise_tell(topic text) returns void language plpgsql as $$
    begin
      perform pg_notify('${sql.raw(CHANNEL)}', topic);
      perform pg_notify('shelfwise_self_' || pg_backend_pid(), topic);
    end $$`.execute(db)
  // Statement-level where the topic names no row: one call however many rows a statement writes.
  await sql`create or replace function shelfwise_tell_topic() returns trigger language plpgsql as $$
    begin
      perform shelfwise_tell(tg_argv[0]);
      return null;
    end $$`.execute(db)
  for (const [name, table, topic, ops] of [
    ['books_changes', 'books', 'catalogue', 'insert or delete'],
    ['catalogue_edits_changes', 'catalogue_edits', 'catalogue', 'update'],
  ] as const) {
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(ops)} on ${sql.table(table)}
      for each statement execute function shelfwise_tell_topic(${sql.lit(topic)})`.execute(db)
  }
  // Per row where the topic names one: PostgreSQL sends identical signals of one transaction once.
  await sql`create or replace function shelfwise_tell_threads() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform shelfwise_tell('discussions:' || old.book_id);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform shelfwise_tell('discussions:' || new.book_id);
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger discussions_changes after insert or delete or update of book_id on discussions
    for each row execute function shelfwise_tell_threads()`.execute(db)
  await sql`create or replace function shelfwise_tell_hidden_threads() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.target_type = 'discussion' then
        perform shelfwise_tell('discussions:' || d.book_id) from discussions d where d.id = old.target_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.target_type = 'discussion' then
        perform shelfwise_tell('discussions:' || d.book_id) from discussions d where d.id = new.target_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger hidden_items_changes after insert or delete or update on hidden_items
    for each row execute function shelfwise_tell_hidden_threads()`.execute(db)
}

import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A reader's notification list answers its total (X-Total-Count) on every page;
// counting it read every listed group's index entry (5,001 for the most notified bench reader: 0.25
// to 0.4 ms on SQLite, 2 to 3 ms of server time on PostgreSQL, the most of the list's cost). The
// total is kept instead (decision 0052, "Reading the list"):
// - notification_counts: per reader, `listed`, their groups with a reader in them (`actor_count > 0`,
//   what the list shows). Kept by the database itself (triggers), so every writer of notifications
//   (notify, the withdrawals, the reader-data and book-merge doors, the bench loader) keeps it right
//   without knowing it exists. A reader without a row has none.
// - notification_actors_recent_idx holds the actor too: a group's most recent readers are read from
//   the index alone, in order (created_at desc, actor_id), with no sort per group.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('notification_counts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`insert into notification_counts (user_id, listed)
    select user_id, count(*) from notifications where actor_count > 0 group by user_id`.execute(db)

  await db.schema.dropIndex('notification_actors_recent_idx').execute()
  await db.schema.createIndex('notification_actors_recent_idx').on('notification_actors').columns(['notification_id', 'created_at desc', 'actor_id']).execute()

  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  // A row's trigger moves its reader's count by one when the row starts or stops being listed.
  const plusOne = (ref: 'new' | 'old') =>
    sql.raw(`insert into notification_counts (user_id, listed) select ${ref}.user_id, 1 where ${ref}.actor_count > 0
      on conflict (user_id) do update set listed = listed + 1`)
  const minusOne = (ref: 'new' | 'old') =>
    sql.raw(`update notification_counts set listed = listed - 1 where user_id = ${ref}.user_id and ${ref}.actor_count > 0`)
  await sql`create trigger notification_counts_ai after insert on notifications when new.actor_count > 0 begin
    ${plusOne('new')};
  end`.execute(db)
  await sql`create trigger notification_counts_au after update of actor_count, user_id on notifications
    when (old.actor_count > 0) <> (new.actor_count > 0) or old.user_id <> new.user_id begin
    ${minusOne('old')};
    ${plusOne('new')};
  end`.execute(db)
  await sql`create trigger notification_counts_ad after delete on notifications when old.actor_count > 0 begin
    ${minusOne('old')};
  end`.execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // Once per statement, from its transition tables: a fan-out's update of 200 groups moves each
  // reader's count once. The rows are locked in the order of their readers' ids, so two statements
  // moving the counts of the same readers wait for each other instead of deadlocking. A count that
  // goes down only ever updates (a reader being deleted must not get a row back).
  await sql`create function notification_counts_move(reader text, n integer) returns void language plpgsql as $$
    begin
      if n > 0 then
        insert into notification_counts (user_id, listed) values (reader, n)
          on conflict (user_id) do update set listed = notification_counts.listed + excluded.listed;
      else
        update notification_counts set listed = listed + n where user_id = reader;
      end if;
    end $$`.execute(db)
  // Each branch names only the transition tables its event has.
  await sql`create function notification_counts_keep() returns trigger language plpgsql as $$
    declare
      moved record;
    begin
      if tg_op = 'INSERT' then
        for moved in select user_id, count(*)::integer as n from new_rows where actor_count > 0 group by user_id order by user_id loop
          perform notification_counts_move(moved.user_id, moved.n);
        end loop;
      elsif tg_op = 'DELETE' then
        for moved in select user_id, -count(*)::integer as n from old_rows where actor_count > 0 group by user_id order by user_id loop
          perform notification_counts_move(moved.user_id, moved.n);
        end loop;
      else
        for moved in
          select user_id, sum(n)::integer as n from (
            select user_id, 1 as n from new_rows where actor_count > 0
            union all
            select user_id, -1 from old_rows where actor_count > 0
          ) d group by user_id having sum(n) <> 0 order by user_id
        loop
          perform notification_counts_move(moved.user_id, moved.n);
        end loop;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger notification_counts_ai after insert on notifications referencing new table as new_rows
    for each statement execute function notification_counts_keep()`.execute(db)
  await sql`create trigger notification_counts_au after update on notifications referencing old table as old_rows new table as new_rows
    for each statement execute function notification_counts_keep()`.execute(db)
  await sql`create trigger notification_counts_ad after delete on notifications referencing old table as old_rows
    for each statement execute function notification_counts_keep()`.execute(db)
}

import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Every reading, review and progress write asks which webhooks its reader has
// (the outbox, decision 0048); the answer is kept per reader until this tells it changed (decision
// 0064, "Webhooks"):
//   hooks-of:<user id>   a reader's hook added, changed (disabled after a day of failures, enabled) or removed
// Hooks change far less often than their readers write, so the lock a NOTIFY takes at COMMIT costs
// nothing a reader waits for.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const tell = (row: 'new' | 'old') => sql.raw(`select pg_notify('shelfwise_changes', 'hooks-of:' || ${row}.user_id);`)
  await sql`create trigger webhooks_changes_ai after insert on webhooks begin ${tell('new')} end`.execute(db)
  await sql`create trigger webhooks_changes_au after update on webhooks begin ${tell('old')} ${tell('new')} end`.execute(db)
  await sql`create trigger webhooks_changes_ad after delete on webhooks begin ${tell('old')} end`.execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // shelfwise_tell (migration 2026_12_23_0500) sends to every instance and to the writing session's own channel.
  await sql`create or replace function shelfwise_tell_hooks() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform shelfwise_tell('hooks-of:' || old.user_id);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform shelfwise_tell('hooks-of:' || new.user_id);
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger webhooks_changes after insert or update or delete on webhooks
    for each row execute function shelfwise_tell_hooks()`.execute(db)
}

import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Every request made with a personal access token looked its hash up; the row is
// now kept per token until this tells it changed (decision 0064; decision 0045's "refused at once"
// holds through the channel, as a sign-in's revocation does):
//   pat:<token hash>   a token revoked (deleted, also with its reader's account) or its reader, scopes or expiry changed
// A token's last use, written once a minute, tells nothing.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const tell = sql.raw(`select pg_notify('shelfwise_changes', 'pat:' || old.token_hash);`)
  await sql`create trigger personal_tokens_changes_au after update of token_hash, user_id, scopes, expires_at on personal_tokens begin ${tell} end`.execute(db)
  await sql`create trigger personal_tokens_changes_ad after delete on personal_tokens begin ${tell} end`.execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // shelfwise_tell (migration 2026_12_23_0500) sends to every instance and to the writing session's own channel.
  await sql`create or replace function shelfwise_tell_personal_token() returns trigger language plpgsql as $$
    begin
      perform shelfwise_tell('pat:' || old.token_hash);
      return null;
    end $$`.execute(db)
  await sql`create trigger personal_tokens_changes after update of token_hash, user_id, scopes, expires_at or delete on personal_tokens
    for each row execute function shelfwise_tell_personal_token()`.execute(db)
}

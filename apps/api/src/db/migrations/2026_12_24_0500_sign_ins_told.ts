import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. What a sign-in token's check reads is told like the catalogue (decision 0064,
// "Sign-ins"): the check of every signed-in request keeps, per token, its reader's token version and
// whether it was revoked or kept, until one of these tells it changed:
//   token:<jti>           a token logged out (revoked_tokens) or kept at a version by the password change it made (kept_tokens)
//   tokens-of:<user id>   a reader's token version moved (a password change) or the reader is gone
// These writes are rare (a logout, a password change, an account closed), so the lock a NOTIFY takes at
// COMMIT costs nothing a reader waits for. Expired rows swept away tell nothing: their tokens are refused
// by their own expiry before any check reads them.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const tell = (topic: string) => sql.raw(`select pg_notify('shelfwise_changes', ${topic});`)
  const run = (text: ReturnType<typeof sql>) => text.execute(db)
  await run(sql`create trigger revoked_tokens_changes_ai after insert on revoked_tokens begin ${tell(`'token:' || new.jti`)} end`)
  await run(sql`create trigger kept_tokens_changes_ai after insert on kept_tokens begin ${tell(`'token:' || new.jti`)} end`)
  await run(sql`create trigger kept_tokens_changes_au after update on kept_tokens begin ${tell(`'token:' || old.jti`)} ${tell(`'token:' || new.jti`)} end`)
  await run(sql`create trigger kept_tokens_changes_ad after delete on kept_tokens begin ${tell(`'token:' || old.jti`)} end`)
  await run(sql`create trigger users_tokens_changes_au after update of token_version on users
    when old.token_version is not new.token_version begin ${tell(`'tokens-of:' || new.id`)} end`)
  await run(sql`create trigger users_tokens_changes_ad after delete on users begin ${tell(`'tokens-of:' || old.id`)} end`)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // shelfwise_tell (migration 2026_12_23_0500) sends to every instance and to the writing session's own channel.
  await sql`create or replace function shelfwise_tell_token() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform shelfwise_tell('token:' || old.jti);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform shelfwise_tell('token:' || new.jti);
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger revoked_tokens_changes after insert on revoked_tokens
    for each row execute function shelfwise_tell_token()`.execute(db)
  await sql`create trigger kept_tokens_changes after insert or update or delete on kept_tokens
    for each row execute function shelfwise_tell_token()`.execute(db)
  await sql`create or replace function shelfwise_tell_reader_tokens() returns trigger language plpgsql as $$
    begin
      perform shelfwise_tell('tokens-of:' || old.id);
      return null;
    end $$`.execute(db)
  await sql`create trigger users_tokens_changes after update of token_version on users
    for each row when (old.token_version is distinct from new.token_version) execute function shelfwise_tell_reader_tokens()`.execute(db)
  await sql`create trigger users_tokens_gone after delete on users
    for each row execute function shelfwise_tell_reader_tokens()`.execute(db)
}

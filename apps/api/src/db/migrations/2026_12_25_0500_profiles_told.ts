import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A new review (and what else answers with its writer) shows the reader as others
// see them: their username and picture (none while the moderators hide the profile). That part is
// kept per reader until this tells it changed (decision 0064; issue 26, a round trip less a review):
//   profile-of:<user id>   a reader's username, picture or hiding changed, or the account is gone
// Only those columns tell: the frequent writes to a reader's row (their log's version) say nothing.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const tell = (row: 'new' | 'old') => sql.raw(`select pg_notify('shelfwise_changes', 'profile-of:' || ${row}.id);`)
  await sql`create trigger users_profile_changes_au after update of username, profile_image, profile_hidden on users begin ${tell('old')} end`.execute(db)
  await sql`create trigger users_profile_changes_ad after delete on users begin ${tell('old')} end`.execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // shelfwise_tell (migration 2026_12_23_0500) sends to every instance and to the writing session's own channel.
  await sql`create or replace function shelfwise_tell_profile() returns trigger language plpgsql as $$
    begin
      perform shelfwise_tell('profile-of:' || old.id);
      return null;
    end $$`.execute(db)
  await sql`create trigger users_profile_changes after update of username, profile_image, profile_hidden or delete on users
    for each row execute function shelfwise_tell_profile()`.execute(db)
}

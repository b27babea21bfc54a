import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A version number on every user that changes whenever what the API answers
// about the user, or shows the user of their own doing, could change: a follow of or by the user
// added, removed or changed, one of the user's shown fields edited, or a review of theirs written,
// re-rated or deleted (their followed-users feed shows books with their counts). It is read in the
// same point read as the profile (or the feed's reader), so a per-instance cache keyed by it (the
// follower and following id lists, the ready answer; the followed-users feed) shows the user's own
// writes at once, on whichever instance they were made. Kept by triggers, so every writer (the API,
// the seed, the test factories, a cascade from a deleted account) keeps it without knowing it exists.
// Its value means nothing in itself: only that it changed.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('users').addColumn('profile_version', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

/** The user columns a profile shows (e-mail to its owner only). */
const SHOWN = ['name', 'username', 'email', 'user_type', 'bio', 'profile_image', 'created_at']
/** The review columns a book's counts follow (an edited comment changes no count). */
const REVIEW_SHOWN = ['rating', 'book_id', 'user_id']

async function upSqlite(db: Kysely<any>): Promise<void> {
  const bump = (ids: string) => `update users set profile_version = profile_version + 1 where id in (${ids});`
  await sql.raw(`create trigger follows_profile_version_ai after insert on follows begin ${bump('new.follower_id, new.followee_id')} end`).execute(db)
  await sql.raw(`create trigger follows_profile_version_ad after delete on follows begin ${bump('old.follower_id, old.followee_id')} end`).execute(db)
  await sql.raw(`create trigger follows_profile_version_au after update on follows begin
    ${bump('old.follower_id, old.followee_id, new.follower_id, new.followee_id')} end`).execute(db)
  // profile_version is not among the watched columns, so the trigger's own update does not fire it again.
  await sql.raw(`create trigger users_profile_version_au after update of ${SHOWN.join(', ')} on users begin ${bump('new.id')} end`).execute(db)
  await sql.raw(`create trigger reviews_profile_version_ai after insert on reviews begin ${bump('new.user_id')} end`).execute(db)
  await sql.raw(`create trigger reviews_profile_version_ad after delete on reviews begin ${bump('old.user_id')} end`).execute(db)
  await sql.raw(`create trigger reviews_profile_version_au after update of ${REVIEW_SHOWN.join(', ')} on reviews begin ${bump('old.user_id, new.user_id')} end`).execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // One UPDATE of both users per follow row; `id in (…)` locks them in index order, so two toggles of
  // the same pair in opposite directions never wait on each other crosswise.
  await sql`create or replace function follows_profile_version() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update users set profile_version = profile_version + 1 where id in (new.follower_id, new.followee_id);
      elsif tg_op = 'DELETE' then
        update users set profile_version = profile_version + 1 where id in (old.follower_id, old.followee_id);
      else
        update users set profile_version = profile_version + 1
          where id in (old.follower_id, old.followee_id, new.follower_id, new.followee_id);
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger follows_profile_version after insert or update or delete on follows
    for each row execute function follows_profile_version()`.execute(db)
  await sql`create or replace function users_profile_version() returns trigger language plpgsql as $$
    begin
      new.profile_version := old.profile_version + 1;
      return new;
    end $$`.execute(db)
  await sql.raw(`create trigger users_profile_version before update of ${SHOWN.join(', ')} on users
    for each row execute function users_profile_version()`).execute(db)
  // A review locks its writer's row after the review row (as the follows do); books are locked only
  // after users by every writer, so the two kinds of transaction never wait on each other crosswise.
  await sql`create or replace function reviews_profile_version() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update users set profile_version = profile_version + 1 where id = new.user_id;
      elsif tg_op = 'DELETE' then
        update users set profile_version = profile_version + 1 where id = old.user_id;
      else
        update users set profile_version = profile_version + 1 where id in (old.user_id, new.user_id);
      end if;
      return null;
    end $$`.execute(db)
  await sql.raw(`create trigger reviews_profile_version after insert or delete or update of ${REVIEW_SHOWN.join(', ')} on reviews
    for each row execute function reviews_profile_version()`).execute(db)
}

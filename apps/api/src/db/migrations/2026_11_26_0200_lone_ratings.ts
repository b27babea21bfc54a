import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A rating without a review counts in the book's average (issue 13, decision
// 0018). Each book keeps the count and sum of its lone ratings (reading_entries.rating) beside those
// of its reviews; the average is over both, (rating_sum + lone_rating_sum) / (total_reviews +
// lone_ratings), and stays exact because every change moves it by one relative UPDATE. Triggers keep
// the lone counters, so every writer (the API, the seed, a cascade from a deleted account or book)
// keeps them without knowing they exist. A review supersedes the reader's lone rating: writing one
// clears it (the review's rating is the reader's rating from then on).
// Top Rated's confidence weight still counts reviews only (its index is unchanged): a lone rating
// moves a book's average, not how much that average is trusted.

const deltaAverage = (countDelta: string, sumDelta: string) =>
  `case when total_reviews + lone_ratings + ${countDelta} > 0
     then (rating_sum + lone_rating_sum + ${sumDelta}) * 1.0 / (total_reviews + lone_ratings + ${countDelta}) else 0 end`

/** One relative UPDATE of a book's lone-rating counters and average (SET reads the row as it was). */
const moveLone = (bookId: string, countDelta: string, sumDelta: string) =>
  `update books set lone_ratings = lone_ratings + ${countDelta}, lone_rating_sum = lone_rating_sum + ${sumDelta},
     average_rating = ${deltaAverage(countDelta, sumDelta)} where id = ${bookId};`

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('books').addColumn('lone_ratings', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('books').addColumn('lone_rating_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql.raw(`create trigger reading_entries_lone_rating_ai after insert on reading_entries when new.rating is not null begin
    ${moveLone('new.book_id', '1', 'new.rating')} end`).execute(db)
  await sql.raw(`create trigger reading_entries_lone_rating_ad after delete on reading_entries when old.rating is not null begin
    ${moveLone('old.book_id', '-1', '-old.rating')} end`).execute(db)
  await sql.raw(`create trigger reading_entries_lone_rating_au after update of rating on reading_entries when old.rating is not new.rating begin
    ${moveLone('new.book_id', '((new.rating is not null) - (old.rating is not null))', '(coalesce(new.rating, 0) - coalesce(old.rating, 0))')} end`).execute(db)
  await sql.raw(`create trigger reviews_supersede_lone_rating after insert on reviews begin
    update reading_entries set rating = null where user_id = new.user_id and book_id = new.book_id and rating is not null; end`).execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function reading_entries_lone_rating() returns trigger language plpgsql as $$
    declare dc integer := 0; ds integer := 0; book text;
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.rating is not null then dc := dc - 1; ds := ds - old.rating; book := old.book_id; end if;
      if tg_op in ('UPDATE', 'INSERT') and new.rating is not null then dc := dc + 1; ds := ds + new.rating; book := new.book_id; end if;
      if dc <> 0 or ds <> 0 then
        update books set lone_ratings = lone_ratings + dc, lone_rating_sum = lone_rating_sum + ds,
          average_rating = case when total_reviews + lone_ratings + dc > 0
            then (rating_sum + lone_rating_sum + ds) * 1.0 / (total_reviews + lone_ratings + dc) else 0 end
          where id = book;
      end if;
      return null;
    end $$`).execute(db)
  await sql`create trigger reading_entries_lone_rating after insert or update of rating or delete on reading_entries
    for each row execute function reading_entries_lone_rating()`.execute(db)
  await sql`create or replace function reviews_supersede_lone_rating() returns trigger language plpgsql as $$
    begin
      update reading_entries set rating = null where user_id = new.user_id and book_id = new.book_id and rating is not null;
      return null;
    end $$`.execute(db)
  await sql`create trigger reviews_supersede_lone_rating after insert on reviews
    for each row execute function reviews_supersede_lone_rating()`.execute(db)
}

import { describe, expect, it } from 'vitest'
import { isReadOnlyStatement } from '#/db/statement-kind.ts'

// Decision 0063: only a statement that reads and changes nothing may go to a read replica; a write
// sent there would fail the reader's request ("cannot execute … in a read-only transaction").

describe('which statements a read replica may answer', () => {
  it.each([
    'select "id", "title" from "books" where "id" = $1',
    '  SELECT 1',
    '(select 1) union (select 2)',
    'with "r" as (select * from "reviews" where "book_id" = $1) select count(*) from "r"',
    'values (1), (2)',
    'table "books"',
    // Words that would mean a write appear only inside literals, quoted names and comments here.
    `select 'insert into x; delete' as "note" from "books"`,
    `select "update", "for share" from "t" -- delete everything\n where 1 = 1`,
    'select /* update /* nested */ lock */ 1',
    `select $$ pg_notify('x', 'y') $$, E'it\\'s update' from "t"`,
    'select 1;',
    'select "updated_at" from "books" order by "updated_at" desc',
  ])('reads: %s', (sql) => {
    expect(isReadOnlyStatement(sql)).toBe(true)
  })

  it.each([
    'insert into "books" ("id") values ($1)',
    'update "books" set "title" = $1',
    'delete from "books"',
    'begin',
    'commit',
    'set local statement_timeout = 1000',
    // Locking reads need the primary.
    'select * from "imports" where "state" = $1 for update skip locked',
    'select * from "imports" for no key update',
    'select * from "imports" for share',
    'select * from "imports" for key share',
    // A data-modifying CTE.
    'with "gone" as (delete from "sessions" returning *) select count(*) from "gone"',
    // Functions that write, or that refuse to run on a standby.
    `select pg_notify('feed', $1)`,
    `select nextval('seq')`,
    'select pg_advisory_xact_lock($1)',
    'select pg_try_advisory_lock(1)',
    `select set_config('x', 'y', false)`,
    'select pg_current_wal_lsn()',
    'select notification_counts_move($1, 1)',
    // A new table.
    'select * into "copy" from "books"',
    // Two statements: the second could be anything.
    'select 1; delete from "books"',
    'explain analyze delete from "books"',
    // An open quote: not a statement we can judge.
    `select 'unfinished`,
    '',
  ])('writes or needs the primary: %s', (sql) => {
    expect(isReadOnlyStatement(sql)).toBe(false)
  })
})

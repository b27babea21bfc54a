import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A book the moderators hid (decision 0058, "Hidden books"): `hidden` is kept by
// their decision, in its transaction, so no list has to ask hidden_items. Browse, search, the author
// and publisher pages and the facets leave such a book out; its page still opens, marked.
//
// The catalogue's ordered reads stay single ranges of an index: each index they walk is rebuilt as a
// partial index over the books shown (`where hidden = 0`), and the queries spell the same literal
// term, so both planners take it (a bound parameter would not let them prove the predicate). Counts
// stay index-only, and a page never steps over hidden books. Only the catalogue's lists read these
// indexes. Each name-key index is rebuilt with the expression it was made with (2026_11_25_0200),
// which db/name-keys.ts spells today. A tiny partial index of the hidden books lets search leave
// them out of what the search index yields without touching the books of every match.
// Books hidden before this migration are marked here.

const ORDER_INDEXES: [name: string, columns: string][] = [
  ['books_created_at_idx', '(created_at desc, id desc)'],
  ['books_published_key_idx', `(coalesce(published_date, '') desc, id desc)`],
  ['books_weighted_rating_idx', '(((average_rating * total_reviews + 17.5) / (total_reviews + 5)) desc, total_reviews desc, id desc)'],
  ['books_title_lower_idx', '(lower(title), id)'],
  ['books_popularity_idx', '(total_reviews desc, id desc)'],
]

/** Letters that are not a base letter plus marks (2026_11_25_0200's own copy). */
const SPECIAL_FOLDS: [string, string][] = [
  ['Æ', 'ae'], ['æ', 'ae'], ['Ø', 'o'], ['ø', 'o'], ['Œ', 'oe'], ['œ', 'oe'], ['Đ', 'd'], ['đ', 'd'],
  ['Ł', 'l'], ['ł', 'l'], ['ß', 'ss'], ['ı', 'i'],
]

function sqliteNameKey(expr: string): string {
  let key = `lower(${expr})`
  for (let cp = 0xc0; cp <= 0x24f; cp++) {
    const ch = String.fromCodePoint(cp)
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    if (base !== ch && /^[a-z]$/.test(base)) key = `replace(${key}, '${ch}', '${base}')`
  }
  for (const [from, to] of SPECIAL_FOLDS) key = `replace(${key}, '${from}', '${to}')`
  return key
}

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update books set hidden = 1 where id in (select target_id from hidden_items where target_type = 'book')`.execute(db)
  for (const [name, columns] of ORDER_INDEXES) {
    await sql.raw(`drop index ${name}`).execute(db)
    await sql.raw(`create index ${name} on books ${columns} where hidden = 0`).execute(db)
  }
  for (const column of ['author', 'publisher']) {
    const index =
      t.dialect === 'postgres'
        ? `((lower(shelfwise_unaccent(${column}))), lower(title), id) include (${column}, title)`
        : // SQLite counts a name's books off an index on expressions alone only when it holds every
          // column the query names: `hidden` too, though the index's predicate already fixes it.
          `((${sqliteNameKey(column)}), lower(title), id, hidden)`
    await sql.raw(`drop index books_${column}_key_idx`).execute(db)
    await sql.raw(`create index books_${column}_key_idx on books ${index} where hidden = 0`).execute(db)
  }
  await sql`create index books_hidden_idx on books (id) where hidden = 1`.execute(db)
  // A moderators' decision moves the catalogue's version: kept lists are made again.
  await sql`update catalogue_edits set edits = edits + 1 where id = 1`.execute(db)
}

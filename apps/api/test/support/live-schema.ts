import { sql } from 'kysely'
import { dialectOf, type Db } from '#/db/portable.ts'

// Every table of a test database as its own catalogue describes it (SQLite: sqlite_master and
// pragmas; PostgreSQL: information_schema and pg_constraint), never as our schema file says: for the
// tests that prove a door covers every table naming a reader or a book.

export interface ForeignKey {
  columns: string[]
  parent: string
  parentColumns: string[]
}

export interface TableShape {
  columns: { name: string; notNull: boolean }[]
  foreignKeys: ForeignKey[]
}

export async function liveSchema(db: Db): Promise<Map<string, TableShape>> {
  const tables = new Map<string, TableShape>()
  const table = (name: string) => tables.get(name) ?? tables.set(name, { columns: [], foreignKeys: [] }).get(name)!
  if (dialectOf(db) === 'sqlite') {
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(db)
    for (const { name } of names.rows) {
      const t = table(name)
      const columns = await sql<{ name: string; nn: number }>`select name, "notnull" as nn from pragma_table_info(${name})`.execute(db)
      t.columns = columns.rows.map((c) => ({ name: c.name, notNull: Number(c.nn) === 1 }))
      const keys = await sql<{ id: number; parent: string; col: string; ref: string | null }>`
        select id, "table" as parent, "from" as col, "to" as ref from pragma_foreign_key_list(${name}) order by id, seq`.execute(db)
      for (const k of Map.groupBy(keys.rows, (k) => k.id).values()) {
        t.foreignKeys.push({ columns: k.map((c) => c.col), parent: k[0]!.parent, parentColumns: k.map((c) => c.ref ?? 'id') })
      }
    }
  } else {
    const columns = await sql<{ tbl: string; col: string; nullable: string }>`
      select c.table_name as tbl, c.column_name as col, c.is_nullable as nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(db)
    for (const c of columns.rows) table(c.tbl).columns.push({ name: c.col, notNull: c.nullable === 'NO' })
    const keys = await sql<{ fk: string; tbl: string; parent: string; col: string; ref: string }>`
      select con.conname as fk, cl.relname as tbl, pcl.relname as parent, a.attname as col, pa.attname as ref
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_class pcl on pcl.oid = con.confrelid
      cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(attnum, refnum, ord)
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
      join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = k.refnum
      where con.contype = 'f' and n.nspname = current_schema()
      order by con.conname, k.ord`.execute(db)
    for (const k of Map.groupBy(keys.rows, (k) => `${k.tbl}.${k.fk}`).values()) {
      table(k[0]!.tbl).foreignKeys.push({ columns: k.map((c) => c.col), parent: k[0]!.parent, parentColumns: k.map((c) => c.ref) })
    }
  }
  return tables
}

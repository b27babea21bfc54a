import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import type { Db, DialectName } from '#/db/portable.ts'

// Shared by the attack suites: the route list (from the OpenAPI document and from the router
// itself), what a response must never carry, and a fingerprint of every table.

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  /** As the OpenAPI document writes it: /api/books/{id}. */
  path: string
  /** "GET /api/books/{id}": the key the suites use. */
  key: string
  pathParams: string[]
  queryParams: string[]
  /** Property names of a JSON body, when the route takes one. */
  bodyProps: string[]
  isMultipart: boolean
  needsToken: boolean
  /** What a personal token needs for the route (decision 0046): a scope, or `session` for the web app's sign-in only. */
  scope?: string
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
  security?: unknown[]
  'x-scope'?: string
}

/** Every operation the published OpenAPI document lists. */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const doc = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, OpenApiOperation>> }
  const routes: ApiRoute[] = []
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as ApiRoute['method']
      const params = op.parameters ?? []
      const json = op.requestBody?.content?.['application/json']?.schema
      routes.push({
        method,
        path,
        key: `${method} ${path}`,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.keys(json?.properties ?? {}),
        isMultipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
        needsToken: Boolean(op.security?.length),
        ...(op['x-scope'] ? { scope: op['x-scope'] } : {}),
      })
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key))
}

/**
 * Every "METHOD /api/…" route the router holds (HEAD and OPTIONS aside), read from Fastify's own
 * route tree, so a route hidden from the OpenAPI document cannot hide from the suites either.
 */
export function routerRoutes(app: FastifyInstance): string[] {
  const out: string[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!m) continue
    const depth = m[1]!.length / 4
    const full = (stack[depth - 1] ?? '') + m[2]
    stack[depth] = full
    stack.length = depth + 1
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS' || !full.startsWith('/api/')) continue
      out.push(`${method} ${full.replace(/:(\w+)/g, '{$1}')}`)
    }
  }
  return [...new Set(out)].sort()
}

const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g
const PERSONAL_TOKEN = /swp_[A-Za-z0-9_-]{43}/g

/** Bearer tokens a body carries: sessions' and personal access tokens. */
export const tokensIn = (body: string): string[] => [...(body.match(JWT) ?? []), ...(body.match(PERSONAL_TOKEN) ?? [])]

/** What no body may ever carry, whoever asks: a password hash, a token version, internals. */
const NEVER = [
  { what: 'a password hash', re: /\$argon2|password_?hash/i },
  { what: 'a token version', re: /token_?version/i },
  { what: 'a token hash', re: /token_?hash/i },
  { what: 'a stack trace', re: /\n\s+at\s|\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|\bat (?:file|node):/ },
  { what: 'a file path', re: /\/(?:work|home|root|usr|tmp|var|srv|opt)\/[\w.-]|node_modules|\.ts:\d+|[A-Z]:\\[\w]/ },
  {
    what: 'SQL or a database error',
    re: /sqlite|SQLITE_|syntax error|constraint failed|violates|duplicate key|relation "|column "|near "|kysely|\bselect\b[^"]{0,40}\bfrom\b|\binsert into\b|\bpg_\w|ECONNREFUSED|unique index/i,
  },
] as const

/**
 * The problems of one body: `echoed` are the strings the request itself sent, which a validation
 * message may repeat back and which are taken out before looking.
 */
export function leaksIn(body: string, echoed: string[] = []): string[] {
  let text = body
  for (const s of echoed.filter((e) => e.length >= 3).sort((a, b) => b.length - a.length)) {
    for (const form of [s, JSON.stringify(s).slice(1, -1)]) text = text.split(form).join('')
  }
  return NEVER.filter((n) => n.re.test(text)).map((n) => n.what)
}

/** Every string inside a value (keys included), to tell what a body may echo. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value))
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out)
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k)
      stringsIn(v, out)
    }
  }
  return out
}

/** The application's tables (migrations' own bookkeeping aside), read from the database itself. */
export async function tableNames(db: Db, dialect: DialectName): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? (await sql<{ name: string; sql: null }>`select tablename as name, null as sql from pg_tables where schemaname = current_schema()`.execute(db)).rows
      : (await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db))
          .rows
  // A full-text index's own storage tables follow from its virtual table, which is read instead.
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name)
  const isShadow = (n: string) => virtual.some((v) => n.startsWith(`${v}_`) && !virtual.includes(n))
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('kysely_') && !isShadow(n))
    .sort()
}

/** Per table, its row count and a hash of its whole content: any write at all changes it. */
export async function fingerprint(db: Db, dialect: DialectName, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  if (dialect === 'postgres') {
    // One round trip for every table: the server hashes each table's rows in a stable order.
    const parts = tables.map(
      (t) => sql`(select count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${sql.id(t)} x) as ${sql.id(t)}`,
    )
    const row = (await sql<Record<string, string>>`select ${sql.join(parts)}`.execute(db)).rows[0]!
    Object.assign(out, row)
  } else {
    for (const t of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.id(t)}`.execute(db)).rows
      const text = rows
        .map((r) => JSON.stringify(r, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v)))
        .sort()
        .join('|')
      out[t] = `${rows.length}:${createHash('md5').update(text).digest('hex')}`
    }
  }
  return out
}

/**
 * A mark that moves whenever a table may have been written, read in one cheap query, so that a suite
 * takes the whole fingerprint only when it moved. On SQLite: the file's `data_version` as the read
 * connection sees it, which moves on every commit of the write connection. On PostgreSQL: a sequence
 * that a statement trigger on every table advances (a sequence is outside transactions, so a write
 * rolled back moves it too: a false alarm costs a fingerprint, never a missed write).
 * Read the mark before the fingerprint it stands for.
 */
export async function writeMark(db: Db, dialect: DialectName, tables: string[]): Promise<() => Promise<string>> {
  if (dialect === 'sqlite') {
    // Raw SQL that starts with SELECT goes to the read connection (db/sqlite-dialect.ts).
    return async () => String((await sql<{ v: number }>`select data_version as v from pragma_data_version()`.execute(db)).rows[0]?.v)
  }
  await sql`create sequence if not exists test_write_mark`.execute(db)
  await sql`create or replace function test_write_mark() returns trigger language plpgsql as $$ begin perform nextval('test_write_mark'); return null; end $$`.execute(
    db,
  )
  for (const t of tables) {
    await sql`drop trigger if exists test_write_mark on ${sql.id(t)}`.execute(db)
    await sql`create trigger test_write_mark after insert or update or delete or truncate on ${sql.id(t)} for each statement execute function test_write_mark()`.execute(
      db,
    )
  }
  return async () => {
    const row = (await sql<{ mark: string }>`select last_value::text || ':' || is_called::text as mark from test_write_mark`.execute(db)).rows[0]!
    return row.mark
  }
}

/** Which tables differ between two fingerprints. */
export const changedTables = (a: Record<string, string>, b: Record<string, string>) => Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t])

export { multipart } from '../support/multipart.ts'

let png: Promise<Buffer> | undefined
/** A real 8×8 PNG, made once. */
export const smallPng = () =>
  (png ??= sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .png()
    .toBuffer())

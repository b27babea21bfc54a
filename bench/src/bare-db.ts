// The second ceiling (issue 26): a bare node:http server that answers `GET /api/books/<id>` with that
// book's row read from the same database the API uses — through `pg` (a pool as big as the API's
// default, 10) on PostgreSQL, through node:sqlite (read-only, one statement prepared once) on SQLite —
// as JSON, and nothing else: no routing, validation, authentication, memo, headers or compression.
// Book by id's requests/s against this one say what the stack costs above the database round trip.
//
// With `--writes N` it is the same ceiling for a write: every POST or PUT is one transaction of N
// statements, begin and commit among them (as `npm run bench -- --round-trips` counts a call's), one
// of them an insert into a table of its own (made at start, dropped at exit), the others `select 1`:
// what N round trips and a durable commit cost on this machine, whatever the statements say.
// `node bare-db.ts <postgres url | sqlite file> [--writes N]` prints its port once listening.
import { createServer, type ServerResponse } from 'node:http'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'

const target = process.argv[2]!
const writeStatements = process.argv[3] === '--writes' ? Number(process.argv[4]) : undefined
if (writeStatements !== undefined && !(writeStatements >= 3)) throw new Error('--writes N: N counts begin, the insert and commit, so at least 3')
const BOOK_PATH = /^\/api\/books\/([0-9a-f-]{36})$/
const SCRATCH = 'bench_ceiling_writes'
const isPostgres = /^postgres(ql)?:\/\//i.test(target)

interface Database {
  read: (id: string) => Promise<unknown>
  write: () => Promise<void>
  close: () => Promise<void>
}

async function open(): Promise<Database> {
  const selects = Math.max(0, (writeStatements ?? 3) - 3)
  if (isPostgres) {
    const pool = new pg.Pool({ connectionString: target, max: 10 })
    if (writeStatements !== undefined)
      await pool.query(`create table if not exists ${SCRATCH} (id bigserial primary key, at timestamptz not null default now())`)
    return {
      read: async (id) => (await pool.query({ name: 'book', text: 'select * from books where id = $1', values: [id] })).rows[0],
      write: async () => {
        const client = await pool.connect()
        try {
          await client.query('begin')
          await client.query({ name: 'scratch', text: `insert into ${SCRATCH} default values returning id` })
          for (let i = 0; i < selects; i++) await client.query({ name: 'one', text: 'select 1' })
          await client.query('commit')
        } finally {
          client.release()
        }
      },
      close: async () => {
        if (writeStatements !== undefined) await pool.query(`drop table if exists ${SCRATCH}`)
        await pool.end()
      },
    }
  }
  const db = new DatabaseSync(target, { readOnly: writeStatements === undefined })
  const statement = db.prepare('select * from books where id = ?')
  if (writeStatements !== undefined) db.exec(`create table if not exists ${SCRATCH} (id integer primary key, at text not null default (datetime('now')))`)
  const insert = writeStatements !== undefined ? db.prepare(`insert into ${SCRATCH} default values returning id`) : undefined
  const one = db.prepare('select 1')
  return {
    read: async (id) => statement.get(id),
    write: async () => {
      db.exec('begin immediate')
      insert!.get()
      for (let i = 0; i < selects; i++) one.get()
      db.exec('commit')
    },
    close: async () => {
      if (writeStatements !== undefined) db.exec(`drop table if exists ${SCRATCH}`)
      db.close()
    },
  }
}

const database = await open()
const read = database.read

const answer = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body ?? { message: 'Book not found' })
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

const server = createServer((req, res) => {
  req.resume()
  if (writeStatements !== undefined && req.method !== 'GET') {
    database.write().then(
      () => answer(res, 201, {}),
      () => answer(res, 500, { message: 'write failed' }),
    )
    return
  }
  const id = BOOK_PATH.exec(req.url ?? '')?.[1]
  if (!id) return answer(res, 404, undefined)
  read(id).then(
    (row) => answer(res, row ? 200 : 404, row),
    () => answer(res, 500, { message: 'read failed' }),
  )
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => {
  server.close(() => void database.close().finally(() => process.exit(0)))
  server.closeAllConnections()
})

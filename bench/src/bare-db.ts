// The second ceiling (issue 26): a bare node:http server that answers `GET /api/books/<id>` with that
// book's row read from the same database the API uses — through `pg` (a pool as big as the API's
// default, 10) on PostgreSQL, through node:sqlite (read-only, one statement prepared once) on SQLite —
// as JSON, and nothing else: no routing, validation, authentication, memo, headers or compression.
// Book by id's requests/s against this one say what the stack costs above the database round trip.
// `node bare-db.ts <postgres url | sqlite file>` prints its port once listening.
import { createServer, type ServerResponse } from 'node:http'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'

const target = process.argv[2]!
const BOOK_PATH = /^\/api\/books\/([0-9a-f-]{36})$/

function reader(): (id: string) => Promise<unknown> {
  if (/^postgres(ql)?:\/\//i.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 })
    return async (id) => (await pool.query({ name: 'book', text: 'select * from books where id = $1', values: [id] })).rows[0]
  }
  const db = new DatabaseSync(target, { readOnly: true })
  const statement = db.prepare('select * from books where id = ?')
  return async (id) => statement.get(id)
}

const read = reader()
const answer = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body ?? { message: 'Book not found' })
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

const server = createServer((req, res) => {
  req.resume()
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
process.on('SIGTERM', () => server.close(() => process.exit(0)))

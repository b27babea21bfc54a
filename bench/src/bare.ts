// The ceiling: a bare node:http server answering the recorded bytes of one API call (same status,
// headers and body) to every request. `node bare.ts <sample.json>` prints its port once listening.
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

export interface Sample {
  status: number
  headers: Record<string, string>
  /** The body exactly as the API sent it (compressed when it was), base64. */
  body: string
}

const sample = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Sample
const body = Buffer.from(sample.body, 'base64')
const headers = { ...sample.headers, 'content-length': String(body.length) }

const server = createServer((req, res) => {
  // Read the request body (a write's JSON) before answering, as the API does.
  req.resume()
  req.on('end', () => {
    res.writeHead(sample.status, headers)
    res.end(body)
  })
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))

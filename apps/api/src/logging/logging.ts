import type { FastifyInstance, FastifyServerOptions } from 'fastify'

// What the server prints. In a terminal, one readable line per event ('12:04:31 INFO  Server
// listening at http://…'); otherwise (a file, a pipe, a log collector) or with LOG_FORMAT=json, JSON
// lines as pino writes them. Requests are logged one line each after their answer, at debug (so
// `npm start` shows only what matters), a slow one at warn; failed ones are logged by the error
// handler with their error.

export type LogFormat = 'pretty' | 'json'

/** The format to use: the setting's, or pretty in a terminal and JSON anywhere else. */
export const logFormatOf = (setting: 'auto' | LogFormat, isTerminal: boolean): LogFormat => (setting === 'auto' ? (isTerminal ? 'pretty' : 'json') : setting)

/** A request taking longer than this is logged at warn whatever the level. */
const SLOW_REQUEST_MS = 1000

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }
// pino's own fields, and the ones the line shows by themselves.
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v'])

const valueText = (v: unknown): string => {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v)
  return JSON.stringify(v)
}

/**
 * One JSON log record as a readable line: the time (HH:MM:SS), the level, the message, then the
 * other fields as key=value; an error's stack on the lines after.
 */
export function prettyLine(json: string): string {
  let rec: Record<string, unknown>
  try {
    rec = JSON.parse(json) as Record<string, unknown>
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`
  }
  const time = typeof rec.time === 'number' ? new Date(rec.time).toISOString().slice(11, 19) : ''
  const level = (LEVELS[Number(rec.level)] ?? String(rec.level)).padEnd(5)
  const fields = Object.entries(rec)
    .filter(([k, v]) => !SHOWN_APART.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${valueText(v)}`)
  const err = rec.err as { stack?: string; message?: string } | undefined
  const head = [time, level, String(rec.msg ?? ''), ...fields].filter(Boolean).join(' ')
  return `${head}\n${err?.stack ? `${err.stack.replace(/^/gm, '    ')}\n` : err?.message ? `    ${err.message}\n` : ''}`
}

/** The logger options for Fastify: the level, and in the pretty format a stream writing readable lines. */
export function loggerOptions(level: string, format: LogFormat, out: { write(text: string): unknown } = process.stdout): FastifyServerOptions['logger'] {
  if (format === 'json') return out === process.stdout ? { level } : { level, stream: out }
  return { level, stream: { write: (line: string) => out.write(prettyLine(line)) } }
}

/** One line per answered request, after the answer: at debug, or at warn when it took SLOW_REQUEST_MS or more. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const ms = Math.round(reply.elapsedTime)
    const line = { method: req.method, url: req.url, status: reply.statusCode, ms }
    if (ms >= SLOW_REQUEST_MS) req.log.warn(line, 'slow request')
    else req.log.debug(line, 'request')
    done()
  })
}

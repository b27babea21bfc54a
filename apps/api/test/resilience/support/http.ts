// A client that never throws: a refused or cut connection is status 0, so load loops record it like any answer.

export interface Answer<T = any> {
  status: number
  body: T
  /** When the request was sent and answered, in ms since the epoch (performance clock). */
  sentAt: number
  answeredAt: number
  /** Why there was no HTTP answer (status 0). */
  error?: string
}

export interface CallOptions {
  token?: string
  json?: unknown
  body?: RequestInit['body']
  headers?: Record<string, string>
  timeoutMs?: number
}

export const now = () => performance.timeOrigin + performance.now()

export async function call<T = any>(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let body = opts.body
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.json)
  }
  const sentAt = now()
  try {
    const res = await fetch(base + path, { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, sentAt, answeredAt: now() }
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } }
    return { status: 0, body: undefined as T, sentAt, answeredAt: now(), error: e.cause?.code ?? e.cause?.message ?? e.message }
  }
}

export const is2xx = (a: Answer) => a.status >= 200 && a.status < 300

/** Like `call`, but throws unless the answer is 2xx: for setup steps that must work. */
export async function must<T = any>(base: string, method: string, path: string, opts: CallOptions = {}): Promise<T> {
  const a = await call<T>(base, method, path, opts)
  if (!is2xx(a)) throw new Error(`${method} ${path} answered ${a.status} ${a.error ?? JSON.stringify(a.body)}`)
  return a.body
}

/** Resolves once `cond()` holds; throws after `timeoutMs`. */
export async function waitUntil(cond: () => boolean, timeoutMs: number, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

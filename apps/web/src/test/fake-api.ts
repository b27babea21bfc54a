import { vi } from 'vitest'

export interface FakeResponse {
  status?: number
  body?: unknown
  headers?: Record<string, string>
  /** Never answers (to see loading states). */
  pending?: boolean
  /** Fails like a dropped connection. */
  networkError?: boolean
}

export interface FakeRequest {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  headers: Record<string, string>
}

export type Handler = FakeResponse | ((req: FakeRequest) => FakeResponse)

/**
 * Fakes the API at the fetch level. Keys are 'METHOD /path' (the path after /api, without the query);
 * unknown calls answer 404 {message: 'Not found'}.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const path = url.pathname.replace(/^\/api/, '')
    let body: unknown = init.body
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body)
      } catch {
        body = init.body
      }
    }
    const req: FakeRequest = { method, path, query: url.searchParams, body, headers: (init.headers ?? {}) as Record<string, string> }
    calls.push(req)
    const handler = routes[`${method} ${path}`]
    const res: FakeResponse =
      handler === undefined ? { status: 404, body: { message: 'Not found', code: 'not_found' } } : typeof handler === 'function' ? handler(req) : handler
    if (res.pending) return new Promise<Response>(() => undefined)
    if (res.networkError) throw new TypeError('Failed to fetch')
    const status = res.status ?? 200
    return new Response(status === 204 || res.body === undefined ? null : JSON.stringify(res.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...res.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    /** The calls made to one 'METHOD /path'. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  }
}

export const serverError = (message = 'Something went wrong on our side. Please try again.'): FakeResponse => ({
  status: 500,
  body: { message, code: 'internal' },
})
/** A 400 as the server refuses a body: its message and every refused field (path: message), in order. */
export const validationFailed = (message: string, issues: Record<string, string> = {}): FakeResponse => ({
  status: 400,
  body: { message, code: 'validation_failed', issues: Object.entries(issues).map(([path, msg]) => ({ path, message: msg })) },
})
export const failWithoutMessage: FakeResponse = { status: 500, body: {} }
export const notFound = (message = 'Not found'): FakeResponse => ({ status: 404, body: { message, code: 'not_found' } })

/**
 * A paged list call as the server answers it: `limit` rows after `cursor` (here the index of the next
 * row), X-Total-Count of the whole list, and Link rel="next" while rows remain. Without `limit`, all.
 */
export function pagedAnswer(items: unknown[]): (req: FakeRequest) => FakeResponse {
  return (req) => {
    const start = Number(req.query.get('cursor') ?? 0)
    const limit = req.query.has('limit') ? Number(req.query.get('limit')) : items.length
    const end = Math.min(items.length, start + limit)
    const headers: Record<string, string> = { 'X-Total-Count': String(items.length) }
    if (end < items.length) headers.Link = `</api${req.path}?limit=${limit}&cursor=${end}>; rel="next"`
    return { body: items.slice(start, end), headers }
  }
}

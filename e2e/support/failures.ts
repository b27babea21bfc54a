import type { Page, Route } from 'playwright-core'

// Forcing the API to fail, from the browser: the app's request is answered by the test instead.

/** Matches an API call by method and path (a RegExp on the pathname after /api, or an exact string). */
export type CallMatch = { method?: string; path: string | RegExp; query?: Record<string, string | null> }

const matches = (m: CallMatch) => (route: Route) => {
  const req = route.request()
  const url = new URL(req.url())
  if (!url.pathname.startsWith('/api/')) return false
  if (m.method && req.method() !== m.method) return false
  const path = url.pathname.slice(4)
  if (typeof m.path === 'string' ? path !== m.path : !m.path.test(path)) return false
  for (const [k, v] of Object.entries(m.query ?? {})) {
    if (v === null ? url.searchParams.has(k) : url.searchParams.get(k) !== v) return false
  }
  return true
}

export type Failure =
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'network' }
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }

/** 500 with no message (the client's fallback shows), 500 with the server's own message, 404, a dropped connection. */
export const HTTP_500: Failure = { kind: 'status', status: 500 }
export const http500 = (message: string): Failure => ({ kind: 'status', status: 500, message })
export const HTTP_404: Failure = { kind: 'status', status: 404, message: 'Not found' }
export const NETWORK_DOWN: Failure = { kind: 'network' }
export const answer = (body: unknown, status = 200, headers?: Record<string, string>): Failure => ({ kind: 'json', status, body, headers })

async function fulfil(route: Route, f: Failure) {
  if (f.kind === 'network') return route.abort('connectionrefused')
  if (f.kind === 'json') {
    return route.fulfill({ status: f.status ?? 200, contentType: 'application/json', headers: f.headers, body: JSON.stringify(f.body) })
  }
  const body = f.message === undefined ? '' : JSON.stringify({ message: f.message, code: 'internal' })
  return route.fulfill({ status: f.status, contentType: f.message === undefined ? 'text/plain' : 'application/json', body })
}

/**
 * Answers every matching call with the failure (or only the first `times` of them). Resolves to a
 * function that counts the matching calls seen so far.
 */
export async function failCall(page: Page, match: CallMatch, failure: Failure, times = Infinity): Promise<() => number> {
  let seen = 0
  const test = matches(match)
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      if (!test(route)) return route.fallback()
      seen++
      if (seen > times) return route.fallback()
      return fulfil(route, failure)
    },
  )
  return () => seen
}

/**
 * Holds matching calls until `release()`: the busy labels and spinners stay on screen meanwhile.
 * `requests` lists what the app sent, for checking payloads.
 */
export async function holdCall(page: Page, match: CallMatch) {
  let release!: () => void
  const gate = new Promise<void>((r) => {
    release = r
  })
  const requests: { url: URL; body: unknown }[] = []
  const test = matches(match)
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      if (!test(route)) return route.fallback()
      const req = route.request()
      let body: unknown = req.postData()
      try {
        body = req.postDataJSON()
      } catch {
        /* not JSON */
      }
      requests.push({ url: new URL(req.url()), body })
      await gate
      return route.fallback()
    },
  )
  return { release, requests, count: () => requests.length }
}

/** Records the API calls the page makes (method, URL, Authorization header, JSON body). */
export function recordCalls(page: Page) {
  const calls: { method: string; url: URL; auth: string | undefined; body: unknown }[] = []
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (!url.pathname.startsWith('/api/')) return
    let body: unknown = req.postData()
    try {
      body = req.postDataJSON()
    } catch {
      /* not JSON */
    }
    calls.push({ method: req.method(), url, auth: req.headers().authorization, body })
  })
  return calls
}

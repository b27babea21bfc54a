import type { z } from 'zod'
import { bearerToken, clearSession } from '#/lib/session.ts'
import { dropEarlyAnswers, takeEarlyAnswer } from '#/lib/early-answers.ts'

import { checkAnswer, warmChecks, type SchemaPick } from '#/lib/checks/checker.ts'

export { loadContracts, type SchemaPick } from '#/lib/checks/checker.ts'

const API_BASE = '/api'
export const FALLBACK_ERROR = 'An error occurred'
const NETWORK_ERROR = 'An unexpected error occurred'

/** One problem of a refused request, by field ('title', 'genre.1'): the server's `issues`. */
export interface FieldIssue {
  path: string
  message: string
}

/** A failed call: the server's message (or the spec's fallbacks), its status and error code. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** True when the message is the server's own words. */
  readonly fromServer: boolean
  /** Every field the server refused (validation_failed answers), not only the first one in `message`. */
  readonly issues: FieldIssue[]
  constructor(message: string, status: number, code: string, fromServer: boolean, issues: FieldIssue[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fromServer = fromServer
    this.issues = issues
  }
}

const issuesOf = (json: unknown): FieldIssue[] => {
  const list = json && typeof json === 'object' ? (json as { issues?: unknown }).issues : undefined
  return Array.isArray(list) ? list.filter((i): i is FieldIssue => !!i && typeof i.path === 'string' && typeof i.message === 'string') : []
}

/** What a screen shows for a failure: the server's message when it sent one, else the screen's fallback. */
export const errorMessage = (err: unknown, fallback: string): string => (err instanceof ApiError && err.fromServer ? err.message : fallback)

type Query = Record<string, string | number | boolean | undefined | null>

export interface RequestOptions {
  query?: Query
  body?: unknown
  signal?: AbortSignal
  /** The answer is a file (an export): its bytes come back as a Blob, unparsed. */
  file?: boolean
}

export interface ApiResponse<T> {
  data: T
  headers: Headers
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  }
  const qs = params.toString()
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`
}

async function send<S extends z.ZodType>(
  method: string,
  path: string,
  pick: SchemaPick<S> | undefined,
  opts: RequestOptions = {},
): Promise<ApiResponse<z.output<S>>> {
  // The schemas load (in their worker) while the request is in flight.
  if (pick) warmChecks()
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = bearerToken()
  if (token) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) body = opts.body
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }

  const url = buildUrl(path, opts.query)
  if (method !== 'GET') dropEarlyAnswers()
  // The first screen's requests were made by the boot script while this code loaded (src/boot.ts).
  const early = method === 'GET' ? takeEarlyAnswer(url, token) : undefined
  let res: Response
  try {
    res = (early && (await early.catch(() => undefined))) || (await fetch(url, { method, headers, body, signal: opts.signal }))
  } catch (err) {
    if ((err as { name?: string })?.name === 'AbortError') throw err
    throw new ApiError(NETWORK_ERROR, 0, 'network', false)
  }

  if (opts.file && res.ok) return { data: (await res.blob()) as never, headers: res.headers }
  const text = await res.text().catch(() => '')

  if (!res.ok) {
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    const serverMessage =
      json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string' ? (json as { message: string }).message : undefined
    const code = json && typeof json === 'object' && typeof (json as { code?: unknown }).code === 'string' ? (json as { code: string }).code : 'http_error'
    // A signed-in call refused as unauthenticated means the session is over (revoked or expired).
    if (res.status === 401 && token) {
      console.warn('Session ended by the server; logging out.')
      clearSession()
    }
    throw new ApiError(serverMessage ?? FALLBACK_ERROR, res.status, code, serverMessage !== undefined, issuesOf(json))
  }

  if (!pick) return { data: undefined as never, headers: res.headers }
  const checked = await checkAnswer(pick, text)
  if (!checked.ok) {
    console.error(`Unexpected response from ${method} ${path}`, checked.error)
    throw new ApiError(NETWORK_ERROR, res.status, 'invalid_response', false)
  }
  return { data: checked.data as never, headers: res.headers }
}

/** The one API client (CONVENTIONS 17): bearer header, contract parsing, ApiError on failure. */
export const api = {
  get: async <S extends z.ZodType>(path: string, schema: SchemaPick<S>, opts?: RequestOptions) => (await send('GET', path, schema, opts)).data,
  getWithHeaders: <S extends z.ZodType>(path: string, schema: SchemaPick<S>, opts?: RequestOptions) => send('GET', path, schema, opts),
  post: async <S extends z.ZodType>(path: string, schema: SchemaPick<S>, body?: unknown) => (await send('POST', path, schema, { body })).data,
  put: async <S extends z.ZodType>(path: string, schema: SchemaPick<S>, body?: unknown) => (await send('PUT', path, schema, { body })).data,
  /** A DELETE: nothing back, or (given a schema) the changed resource, as DELETE /books/{id}/credit answers; `body` as DELETE /users/me asks. */
  delete: async <S extends z.ZodType>(path: string, schema?: SchemaPick<S>, body?: unknown) => (await send('DELETE', path, schema, { body })).data,
  /** A file the server makes for the reader (an export), with the bearer header; a refusal throws as any call. */
  file: (path: string, query?: Query) => send('GET', path, undefined, { query, file: true }) as Promise<ApiResponse<Blob>>,
  postNoContent: async (path: string, body?: unknown) => {
    await send('POST', path, undefined, { body })
  },
}

export interface Page<T> {
  items: T[]
  total: number | undefined
  nextCursor: string | undefined
}

/** Reads a paged answer: the array, X-Total-Count and the cursor of `Link: <…>; rel="next"`. */
export function toPage<T>(items: T[], headers: Headers): Page<T> {
  const totalRaw = headers.get('X-Total-Count')
  const total = totalRaw !== null && totalRaw !== '' && Number.isFinite(Number(totalRaw)) ? Number(totalRaw) : undefined
  return { items, total, nextCursor: nextCursorFromLink(headers.get('Link')) }
}

export function nextCursorFromLink(link: string | null): string | undefined {
  if (!link) return undefined
  for (const part of link.split(',')) {
    const m = /<([^>]*)>\s*;\s*rel="?next"?/i.exec(part)
    if (m?.[1]) {
      const url = new URL(m[1], 'http://x')
      return url.searchParams.get('cursor') ?? undefined
    }
  }
  return undefined
}

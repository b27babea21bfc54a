import { createHmac, randomBytes } from 'node:crypto'
import { myServer } from './my-server.ts'

// Direct calls to the running API, for arranging data a journey does not itself test.

export interface TestUser {
  _id: string
  name: string
  username: string
  email: string
  password: string
  token: string
  /** The user object exactly as the API answered it (what the app keeps under 'user'). */
  user: Record<string, unknown> & { _id: string }
}

export interface BookSummary {
  _id: string
  title: string
  author: string
  author_username: string | null
  publisher: string
  publisher_username: string | null
  description: string
  coverImage: string
  averageRating: number
  totalReviews: number
  /** Every rating the average is over: reviews' and those given without a review (decision 0018). */
  ratingsCount?: number
  publishedDate: string | null
  language: string
  edition: string
  pageCount: number | null
  amazonLink: string
  isbn: string
  genre: string[]
  category: string
  createdAt: string
}

export interface ApiReview {
  _id: string
  rating: number
  comment: string
  createdAt: string
  user: { _id: string; username: string; profileImage: string }
  book: { _id: string; title: string; coverImage?: string; author?: string }
}

export interface ApiStats {
  followers: number
  following: number
  reviews: number
  readBooks: number
  recentlyReadCount: number
  listedBooks: number
  createdBooks: number
  wishlistCount: number | null
}

export interface ApiPerson {
  _id: string
  username: string
  name: string
  profileImage: string
  createdAt: string
  isFollowing: boolean
}

/** The demo sign-in; its password is the one the suite's server made at its first start (no default exists). */
export const DEMO = {
  email: 'demo@shelfwise.example',
  get password(): string {
    return myServer().demoPassword
  },
} as const

let counter = 0
/** A name no other test (or earlier run on the same database) has used: 3–30 safe characters. */
export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`.slice(0, 30)

async function call<T>(baseURL: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

export const apiGet = <T>(baseURL: string, path: string, token?: string) => call<T>(baseURL, 'GET', path, undefined, token)
export const apiPut = <T>(baseURL: string, path: string, token?: string, body?: unknown) => call<T>(baseURL, 'PUT', path, body, token)
export const apiPost = <T>(baseURL: string, path: string, body: unknown, token?: string) => call<T>(baseURL, 'POST', path, body, token)
export const apiDelete = <T>(baseURL: string, path: string, token?: string) => call<T>(baseURL, 'DELETE', path, undefined, token)

/** GET with the response headers too (X-Total-Count, Link). */
export async function apiGetWithHeaders<T>(baseURL: string, path: string, token?: string): Promise<{ data: T; headers: Headers }> {
  const res = await fetch(`${baseURL}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!res.ok) throw new Error(`GET /api${path} answered ${res.status}: ${await res.text()}`)
  return { data: (await res.json()) as T, headers: res.headers }
}

interface AuthResult {
  token: string
  user: Record<string, unknown> & { _id: string; name: string; username: string; email?: string }
}

/** Registers a fresh Reader through the API. */
export async function registerUser(baseURL: string, opts: { name?: string; userType?: 'Reader' | 'Author' | 'Seller' } = {}): Promise<TestUser> {
  const username = unique('e2e')
  const password = `pw-${randomBytes(6).toString('hex')}`
  const email = `${username}@e2e.example`
  const name = opts.name ?? `E2E ${username.slice(4)}`
  const res = await call<AuthResult>(baseURL, 'POST', '/auth/register', { name, username, email, password, userType: opts.userType ?? 'Reader' })
  return { _id: res.user._id, name, username, email, password, token: res.token, user: res.user }
}

export async function loginUser(baseURL: string, email: string, password: string): Promise<TestUser> {
  const res = await call<AuthResult>(baseURL, 'POST', '/auth/login', { email, password })
  return { _id: res.user._id, name: res.user.name, username: res.user.username, email, password, token: res.token, user: res.user }
}

export const listBooks = (baseURL: string) => apiGet<BookSummary[]>(baseURL, '/books')

/** An HS256 token like the server's, signed with its secret, whose `exp` (seconds) is already past. */
export function expiredToken(secret: string, userId: string): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, ver: 0, jti: randomBytes(8).toString('hex'), iat: now - 7200, exp: now - 3600 })}`
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}

/** Writes a review through the API (for arranging data). */
export const postReview = (baseURL: string, reader: Pick<TestUser, 'token'>, bookId: string, rating: number, comment: string) =>
  apiPost<ApiReview>(baseURL, `/reviews/book/${bookId}`, { rating, comment }, reader.token)

/** Follow toggle through the API. */
export const toggleFollow = (baseURL: string, reader: Pick<TestUser, 'token'>, userId: string) =>
  apiPut<{ isFollowing: boolean; followerCount: number; followingCount: number }>(baseURL, `/users/follow/${userId}`, reader.token)

/** Adds a book through the API, as `reader`, in the given role. */
export async function postBook(baseURL: string, reader: TestUser, overrides: Record<string, unknown> = {}): Promise<BookSummary> {
  const title = `The ${unique('Api')} Almanac`
  return apiPost<BookSummary>(
    baseURL,
    '/books',
    {
      title,
      author: reader.name,
      author_username: reader.username,
      role: 'author',
      description: `${title}: written through the API for the browser suite. `.repeat(4),
      coverImage: '',
      publisher: 'E2E Press',
      publishedDate: '2021-03-09',
      language: 'English',
      edition: 'First',
      pageCount: 222,
      amazonLink: 'https://www.amazon.com/dp/e2e-api',
      isbn: '',
      genre: ['Fantasy'],
      category: 'Fiction',
      ...overrides,
    },
    reader.token,
  )
}

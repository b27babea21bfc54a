import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { call, is2xx, must, type Answer } from './http.ts'
import { createRandom } from '#/db/seed/random.ts'

// A write load of several concurrent clients (sign-ups, reviews, wishlist and recently-read toggles,
// follows) that keeps a ledger of every write the server acknowledged, and checks the ledger later.

export interface Reader {
  id: string
  username: string
  email: string
  password: string
  token: string
}

export type Kind = 'account' | 'book' | 'review' | 'wishlist' | 'read' | 'follow'
const KINDS: Kind[] = ['account', 'book', 'review', 'wishlist', 'read', 'follow']

interface Item {
  kind: Kind
  /** The state the last 2xx answer left: 'present', 'on'/'off', 'rating:4'/'absent'. */
  state: string
  /** What the database may hold: the acknowledged state, plus the intent of an attempt that got no clear answer. */
  possible: Set<string>
  /** An attempt got no clear answer (cut connection, 5xx): the item is not touched again, so it stays checkable. */
  unsure: boolean
  /** How many of its writes were acknowledged. */
  acks: number
  reviewId?: string
  /** For checks: whose item it is and about what. */
  userId: string
  targetId: string
}

export interface AnswerRecord {
  op: string
  status: number
  code?: string
  message?: string
  sentAt: number
  answeredAt: number
  error?: string
}

export class Ledger {
  readonly items = new Map<string, Item>()
  readonly acknowledged: Record<Kind, number> = { account: 0, book: 0, review: 0, wishlist: 0, read: 0, follow: 0 }
  readonly answers: AnswerRecord[] = []
  /** Writes sent and not yet answered. */
  inFlight = 0
  unanswered = 0
  refused = 0

  get totalAcknowledged() {
    return KINDS.reduce((n, k) => n + this.acknowledged[k], 0)
  }

  record(op: string, a: Answer) {
    const body = a.body as { code?: string; message?: string } | undefined
    this.answers.push({ op, status: a.status, code: body?.code, message: body?.message, sentAt: a.sentAt, answeredAt: a.answeredAt, error: a.error })
  }

  item(key: string, init: Omit<Item, 'possible' | 'unsure' | 'acks'>): Item {
    let it = this.items.get(key)
    if (!it) {
      it = { ...init, possible: new Set([init.state]), unsure: false, acks: 0 }
      this.items.set(key, it)
    }
    return it
  }

  /** Sends one write and books its outcome: acknowledged, refused (4xx, nothing written) or unsure. */
  async write(it: Item, op: string, intended: string, send: () => Promise<Answer>, stateOf: (a: Answer) => string): Promise<Answer> {
    this.inFlight++
    const a = await send().finally(() => this.inFlight--)
    this.record(op, a)
    if (is2xx(a)) {
      it.state = stateOf(a)
      it.possible = new Set([it.state])
      it.acks++
      this.acknowledged[it.kind]++
    } else if (a.status === 0 || a.status >= 500) {
      it.possible.add(intended)
      it.unsure = true
      this.unanswered++
    } else {
      this.refused++
    }
    return a
  }

  summary() {
    return { acknowledged: this.totalAcknowledged, byKind: { ...this.acknowledged }, unanswered: this.unanswered, refused: this.refused }
  }
}

const PASSWORD = 'resilient-reader-7'
const runTag = randomBytes(3).toString('hex')
let counter = 0

/** Signs up one reader through the ledger: the answer, and the reader once acknowledged. */
async function signUp(base: string, ledger: Ledger): Promise<{ answer: Answer; reader?: Reader }> {
  const n = ++counter
  const username = `r${runTag}${n}`
  const email = `${username}@resilience.example`
  const it = ledger.item(`account:${email}`, { kind: 'account', state: 'absent', userId: '', targetId: email })
  const a = await ledger.write(
    it,
    'sign-up',
    'present',
    () => call(base, 'POST', '/api/auth/register', { json: { name: `Reader ${n}`, username, email, password: PASSWORD, userType: 'Reader' } }),
    () => 'present',
  )
  if (!is2xx(a)) return { answer: a }
  const reader = { id: a.body.user._id as string, username, email, password: PASSWORD, token: a.body.token as string }
  it.userId = reader.id
  return { answer: a, reader }
}

/** Lists a book through the ledger (setup), answering its id. */
async function addBook(base: string, ledger: Ledger, owner: Reader, title: string): Promise<string> {
  const book = await must(base, 'POST', '/api/books', {
    token: owner.token,
    json: { title, author: 'Resilience Test', description: 'A book for the write load.' },
  })
  const it = ledger.item(`book:${book._id}`, { kind: 'book', state: 'present', userId: owner.id, targetId: book._id })
  it.acks++
  ledger.acknowledged.book++
  return book._id as string
}

export interface Community {
  readers: Reader[]
  books: string[]
}

/** The data a load needs: a few readers and books, made through the API and booked in the ledger. */
export async function setUpCommunity(base: string, ledger: Ledger, { readers = 8, books = 10 } = {}): Promise<Community> {
  const people: Reader[] = []
  for (let i = 0; i < readers; i++) {
    const { answer, reader } = await signUp(base, ledger)
    if (!reader) throw new Error(`setup sign-up answered ${answer.status} ${JSON.stringify(answer.body)}`)
    people.push(reader)
  }
  const ids: string[] = []
  for (let i = 0; i < books; i++) ids.push(await addBook(base, ledger, people[i % people.length]!, `Durable Book ${runTag}-${i + 1}`))
  return { readers: people, books: ids }
}

export interface LoadOptions {
  /** The API's base URL, asked before each request (a cluster test may rotate it). */
  base: () => string
  ledger: Ledger
  community: Community
  clients?: number
  seed?: number
  /** Checked before each request; the load ends once it is true. */
  stopped: () => boolean
  /** Pause after an answer that was not 2xx, so an outage is not a busy loop. */
  backoffMs?: number
}

/**
 * Runs `clients` concurrent loops until `stopped()`. Each loop owns its readers (its share of the
 * community plus the ones it signs up), so no two loops race on one item and every answered state is exact.
 */
export async function runWriteLoad(o: LoadOptions): Promise<void> {
  const clients = o.clients ?? 6
  const { ledger, community } = o
  // Grows as sign-ups are acknowledged: follow targets, and every reader checkLedger reads back.
  const everyone = community.readers
  const loops = Array.from({ length: clients }, async (_, c) => {
    // Seeded, so a failing run can be replayed.
    const r = createRandom((o.seed ?? 1) * 1000 + c)
    const mine = community.readers.filter((_, i) => i % clients === c)
    while (!o.stopped()) {
      const roll = r.next()
      let a: Answer | undefined
      if (roll < 0.08 || mine.length === 0) {
        const { answer, reader } = await signUp(o.base(), ledger)
        if (reader) {
          mine.push(reader)
          everyone.push(reader)
        }
        a = answer
      } else {
        const me = r.pick(mine)
        const bookId = r.pick(community.books)
        if (roll < 0.3) a = await review(o.base(), ledger, me, bookId, r.int(1, 5))
        else if (roll < 0.5) a = await toggleShelf(o.base(), ledger, me, bookId, 'wishlist')
        else if (roll < 0.68) a = await toggleShelf(o.base(), ledger, me, bookId, 'read')
        else if (roll < 0.88) {
          const other = r.pick(everyone)
          if (other.id !== me.id) a = await follow(o.base(), ledger, me, other)
        } else {
          const res = await call(o.base(), 'GET', `/api/books/${bookId}`)
          ledger.record('read book', res)
          a = res
        }
      }
      if (a && !is2xx(a) && o.backoffMs) await new Promise((res) => setTimeout(res, o.backoffMs))
    }
  })
  await Promise.all(loops)
}

async function review(base: string, ledger: Ledger, me: Reader, bookId: string, rating: number): Promise<Answer | undefined> {
  const it = ledger.item(`review:${me.id}:${bookId}`, { kind: 'review', state: 'absent', userId: me.id, targetId: bookId })
  if (it.unsure) return undefined
  const comment = `Rated ${rating} at ${new Date().toISOString()}`
  if (it.state === 'absent') {
    const a = await ledger.write(
      it,
      'review create',
      `rating:${rating}`,
      () => call(base, 'POST', `/api/reviews/book/${bookId}`, { token: me.token, json: { rating, comment } }),
      (ans) => `rating:${ans.body.rating}`,
    )
    if (is2xx(a)) it.reviewId = a.body._id
    return a
  }
  return ledger.write(
    it,
    'review update',
    `rating:${rating}`,
    () => call(base, 'PUT', `/api/reviews/${it.reviewId}`, { token: me.token, json: { rating, comment } }),
    (ans) => `rating:${ans.body.rating}`,
  )
}

async function toggleShelf(base: string, ledger: Ledger, me: Reader, bookId: string, shelf: 'wishlist' | 'read'): Promise<Answer | undefined> {
  const it = ledger.item(`${shelf}:${me.id}:${bookId}`, { kind: shelf, state: 'off', userId: me.id, targetId: bookId })
  if (it.unsure) return undefined
  const path = shelf === 'wishlist' ? `/api/users/addtowishlist/${bookId}` : `/api/users/addto-recently-read/${bookId}`
  return ledger.write(
    it,
    `${shelf} toggle`,
    it.state === 'on' ? 'off' : 'on',
    () => call(base, 'PUT', path, { token: me.token }),
    (ans) => ((shelf === 'wishlist' ? ans.body.inWishlist : ans.body.inRecentlyRead) ? 'on' : 'off'),
  )
}

async function follow(base: string, ledger: Ledger, me: Reader, other: Reader): Promise<Answer | undefined> {
  const it = ledger.item(`follow:${me.id}:${other.id}`, { kind: 'follow', state: 'off', userId: me.id, targetId: other.id })
  if (it.unsure) return undefined
  return ledger.write(
    it,
    'follow toggle',
    it.state === 'on' ? 'off' : 'on',
    () => call(base, 'PUT', `/api/users/follow/${other.id}`, { token: me.token }),
    (ans) => (ans.body.isFollowing ? 'on' : 'off'),
  )
}

export interface LedgerCheck {
  /** Items whose acknowledged state was checked (acknowledged at least once, or set up). */
  checked: number
  /** Acknowledged writes whose item was found in the state its last answer left. */
  found: number
  mismatches: string[]
}

/** Every write the ledger acknowledged is found through the API in the state its answer left (checkLedger). */
export async function expectNoneLost(base: string, ledger: Ledger, readers: Reader[]): Promise<LedgerCheck> {
  const check = await checkLedger(base, ledger, readers)
  expect(check.mismatches).toEqual([])
  expect(check.found).toBe(ledger.totalAcknowledged)
  return check
}

/**
 * Reads everything back through the API and checks each item is in a state the ledger allows: every
 * sign-up answered 201 has its profile and its token still opens the session (and a few sign in with
 * their password), every listed book is there, and every answered review, toggle and follow left the
 * state its answer said.
 */
export async function checkLedger(base: string, ledger: Ledger, readers: Reader[]): Promise<LedgerCheck> {
  const mismatches: string[] = []
  const actual = new Map<string, string>()
  const byEmail = new Map(readers.map((r) => [r.email, r]))
  let signIns = 0
  for (const [key, it] of ledger.items) {
    if (it.kind !== 'account') continue
    const email = it.targetId
    const username = email.split('@')[0]!
    const a = await call(base, 'GET', `/api/users/by-username/${username}`)
    if (a.status !== 200 && a.status !== 404) mismatches.push(`profile of ${username} answered ${a.status}`)
    actual.set(key, a.status === 200 ? 'present' : 'absent')
    const reader = byEmail.get(email)
    if (a.status !== 200 || !reader) continue
    // The token from sign-up still opens the session, so the secret and the token version survived too.
    const me = await call(base, 'GET', '/api/users/me', { token: reader.token })
    if (me.status !== 200) mismatches.push(`the sign-up token of ${username} answered ${me.status}`)
    // A few full sign-ins prove the password hash was written whole (more would meet the sign-in limit).
    if (signIns < 3) {
      signIns++
      const login = await call(base, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } })
      if (login.status !== 200) mismatches.push(`sign-in of ${email} answered ${login.status}`)
    }
  }
  for (const r of readers) {
    const wish = await must<{ _id: string }[]>(base, 'GET', '/api/users/wishlist', { token: r.token })
    const reads = await must<{ _id: string }[]>(base, 'GET', `/api/users/recently-read/${r.id}`)
    const profile = await must<{ following: string[] }>(base, 'GET', `/api/users/profile/${r.id}`)
    const reviews = await must<{ book: { _id: string }; rating: number }[]>(base, 'GET', `/api/users/reviews/${r.id}`)
    for (const b of wish) actual.set(`wishlist:${r.id}:${b._id}`, 'on')
    for (const b of reads) actual.set(`read:${r.id}:${b._id}`, 'on')
    for (const f of profile.following) actual.set(`follow:${r.id}:${f}`, 'on')
    for (const rv of reviews) actual.set(`review:${r.id}:${rv.book._id}`, `rating:${rv.rating}`)
  }
  for (const [key, it] of ledger.items) {
    if (it.kind !== 'book') continue
    const a = await call(base, 'GET', `/api/books/${it.targetId}`)
    actual.set(key, a.status === 200 ? 'present' : 'absent')
  }
  let checked = 0
  let found = 0
  for (const [key, it] of ledger.items) {
    const value = actual.get(key) ?? (['review', 'account', 'book'].includes(it.kind) ? 'absent' : 'off')
    if (it.possible.has(value)) {
      if (it.acks > 0) {
        checked++
        found += it.acks
      }
    } else {
      mismatches.push(`${key}: the server answered ${it.state}${it.unsure ? ` (or maybe ${[...it.possible].join('/')})` : ''}, found ${value}`)
    }
  }
  return { checked, found, mismatches }
}

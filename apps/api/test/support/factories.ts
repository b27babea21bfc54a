import { v7 as uuidv7 } from 'uuid'
import type { FastifyInstance } from 'fastify'
import type { Db } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'
import { hashPassword } from '#/security/passwords.ts'
import { createTokens } from '#/security/tokens.ts'
import { readFinishedAt } from '#/db/reading-log-rows.ts'
import { moveBookRatings } from '#/modules/books/books.ratings.repository.ts'
import { TEST_JWT_SECRET, type TestContext } from './context.ts'

// Factories in pairs: buildX makes an object, insertX stores it (creating missing parents).
// Each call makes unique names, so tests never collide on their own data.

export const TEST_PASSWORD = 'correct-horse-battery'
let passwordHash: Promise<string> | undefined
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD))

let seq = 0
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`
const iso = (d: Date | string | undefined) => (d ? new Date(d).toISOString() : new Date().toISOString())

export interface UserOverrides {
  id?: string
  name?: string
  username?: string
  email?: string
  userType?: 'Reader' | 'Author' | 'Seller'
  bio?: string
  profileImage?: string
  createdAt?: Date | string
}

function buildUser(o: UserOverrides = {}) {
  const u = o.username ?? `reader_${unique()}`
  return {
    id: o.id ?? uuidv7(),
    name: o.name ?? `Reader ${u}`,
    username: u,
    email: (o.email ?? `${u}@example.test`).toLowerCase(),
    userType: o.userType ?? 'Reader',
    bio: o.bio ?? '',
    profileImage: o.profileImage ?? '',
    createdAt: iso(o.createdAt),
  }
}

/** A stored user whose password is TEST_PASSWORD, with a valid bearer token. */
export async function insertUser(db: Db, o: UserOverrides = {}) {
  const u = buildUser(o)
  await db
    .insertInto('users')
    .values({ ...u, passwordHash: await testHash(), updatedAt: u.createdAt })
    .execute()
  return { ...u, token: tokenFor(u.id) }
}

/** A reader whose account is a month old: past the tighter limits on a new account's comments and posts. */
export const insertReader = (ctx: Pick<TestContext, 'db'>) => insertUser(ctx.db, { createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) })

/** Readers inserted side by side, one for each name and in the order named, `make` giving each its overrides. */
export async function insertReaders<const N extends readonly string[]>(db: Db, names: N, make: (name: N[number]) => UserOverrides) {
  const readers = await Promise.all(names.map((name) => insertUser(db, make(name))))
  return readers as { -readonly [K in keyof N]: Awaited<ReturnType<typeof insertUser>> }
}

/**
 * Private shelves of one reader, one for each name (its key the name in lower case), all made at `at`;
 * inserted a hundred at a time, so a suite can fill a reader up to the limit. Answers the rows.
 */
export async function insertShelves(db: Db, userId: string, names: string[], at: string) {
  const rows = names.map((name) => ({ id: uuidv7(), userId, name, nameKey: name.toLowerCase(), isPublic: 0, createdAt: at, updatedAt: at }))
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('shelves')
      .values(rows.slice(i, i + 100))
      .execute()
  return rows
}

/** How many rows a table holds now. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export const tokenFor = (userId: string, tokenVersion = 0) => createTokens(TEST_JWT_SECRET).sign(userId, tokenVersion)
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export interface BookOverrides {
  id?: string
  title?: string
  author?: string
  authorUserId?: string | null
  publisher?: string
  publisherUserId?: string | null
  listedByUserId?: string | null
  createdByUserId?: string | null
  description?: string
  coverImage?: string
  publishedDate?: string | null
  language?: string
  edition?: string
  pageCount?: number | null
  amazonLink?: string
  isbn?: string | null
  category?: string
  genres?: string[]
  createdAt?: Date | string
}

export function buildBook(o: BookOverrides = {}) {
  const n = unique()
  return {
    id: o.id ?? uuidv7(),
    title: o.title ?? `Book ${n}`,
    author: o.author ?? `Author ${n}`,
    authorUserId: o.authorUserId ?? null,
    publisher: o.publisher ?? 'Test Press',
    publisherUserId: o.publisherUserId ?? null,
    listedByUserId: o.listedByUserId ?? null,
    createdByUserId: o.createdByUserId ?? null,
    description: o.description ?? `A test book (${n}).`,
    coverImage: o.coverImage ?? '',
    publishedDate: o.publishedDate === undefined ? '2001-05-17' : o.publishedDate,
    language: o.language ?? 'English',
    edition: o.edition ?? 'First',
    pageCount: o.pageCount === undefined ? 320 : o.pageCount,
    amazonLink: o.amazonLink ?? '',
    isbn: o.isbn ?? null,
    category: o.category ?? 'Classic',
    genres: o.genres ?? ['Fiction'],
    createdAt: iso(o.createdAt),
  }
}

export async function insertBook(db: Db, o: BookOverrides = {}) {
  const { genres, ...b } = buildBook(o)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('books')
      .values({ ...b, updatedAt: b.createdAt })
      .execute()
    if (genres.length)
      await trx
        .insertInto('bookGenres')
        .values(genres.map((genre) => ({ bookId: b.id, genre })))
        .execute()
  })
  return { ...b, genres }
}

/** A stored review (creating its book and reader when not given); the book's average follows. */
export async function insertReview(db: Db, o: { bookId?: string; userId?: string; rating?: number; comment?: string; createdAt?: Date | string } = {}) {
  const bookId = o.bookId ?? (await insertBook(db)).id
  const userId = o.userId ?? (await insertUser(db)).id
  const createdAt = iso(o.createdAt)
  const review = { id: uuidv7(), bookId, userId, rating: o.rating ?? 4, comment: o.comment ?? `Review ${unique()}`, createdAt, updatedAt: createdAt }
  await db.insertInto('reviews').values(review).execute()
  // Through the rating ledger, as the reviews service counts a review.
  await moveBookRatings(db, bookId, { reviews: 1, reviewStars: review.rating })
  return review
}

export async function insertFollow(db: Db, followerId: string, followeeId: string, createdAt?: Date | string) {
  await db
    .insertInto('follows')
    .values({ followerId, followeeId, createdAt: iso(createdAt) })
    .execute()
}

/** A book on a reader's wishlist, as the reading log keeps it: status Want to Read (a read of it stays), and its wishlist row. */
export async function insertWish(db: Db, userId: string, bookId: string, addedAt?: Date | string) {
  const at = iso(addedAt)
  await db
    .insertInto('readingEntries')
    .values({ userId, bookId, status: 'want', rating: null, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.columns(['userId', 'bookId']).doUpdateSet({ status: 'want' }))
    .execute()
  await db.insertInto('wishlist').values({ userId, bookId, addedAt: at }).execute()
}

/** A book a reader read, as the reading log keeps it: status Read, one read finished that day, and its reads row. */
export async function insertRead(db: Db, userId: string, bookId: string, readAt?: Date | string) {
  const at = iso(readAt)
  // A book also wished for keeps Want to Read (a read before, wanted again): both lists show it.
  await db
    .insertInto('readingEntries')
    .values({ userId, bookId, status: 'read', rating: null, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.columns(['userId', 'bookId']).doNothing())
    .execute()
  await db
    .insertInto('readThroughs')
    .values(readFinishedAt(userId, bookId, at))
    .execute()
  await db.insertInto('reads').values({ userId, bookId, readAt: at }).execute()
}

/** Signs up through the API, as a client would; answers the token and user. */
export async function signUp(app: FastifyInstance, o: { name?: string; username?: string; email?: string; password?: string; userType?: string } = {}) {
  const u = o.username ?? `reader_${unique()}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: o.name ?? `Reader ${u}`,
      username: u,
      email: o.email ?? `${u}@example.test`,
      password: o.password ?? TEST_PASSWORD,
      userType: o.userType ?? 'Reader',
    },
  })
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const body = res.json() as { token: string; user: { _id: string; username: string; email: string } }
  return { token: body.token, user: body.user, id: body.user._id }
}

/** Changes a reader's password through the API, from TEST_PASSWORD; answers the response. */
export const changePassword = (app: FastifyInstance, token: string, newPassword: string) =>
  app.inject({ method: 'PUT', url: '/api/users/password', headers: bearer(token), payload: { currentPassword: TEST_PASSWORD, newPassword } })

/** How many accounts the database holds (to show a refused sign-up created nobody). */
export const countUsers = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

export interface ImportOverrides {
  id?: string
  status?: 'queued' | 'running' | 'done' | 'failed'
  fileName?: string
  /** The file still to be read (a job an instance left mid-way); none once its rows are stored. */
  fileText?: string | null
  header?: string[]
  total?: number
  leaseUntil?: string | null
  at?: string
  /** Rows already stored, with their fate. */
  rows?: { line: number; outcome: string; title?: string; author?: string; fields?: string[]; message?: string | null }[]
}

/** A reader's import as the job leaves it (finished, with the rows given, unless told otherwise); its id. */
export async function insertImport(db: Db, userId: string, o: ImportOverrides = {}): Promise<string> {
  const id = o.id ?? uuidv7()
  const at = o.at ?? new Date().toISOString()
  const rows = o.rows ?? []
  await db
    .insertInto('imports')
    .values({
      id,
      userId,
      source: 'goodreads',
      status: o.status ?? 'done',
      fileName: o.fileName ?? 'library.csv',
      header: JSON.stringify(o.header ?? ['Title', 'Author']),
      total: o.total ?? rows.length,
      message: null,
      leaseUntil: o.leaseUntil ?? null,
      createdAt: at,
      updatedAt: at,
      finishedAt: (o.status ?? 'done') === 'done' ? at : null,
    })
    .execute()
  if (o.fileText)
    await db
      .insertInto('importFiles')
      .values({ importId: id, part: 0, bytes: Buffer.from(o.fileText) })
      .execute()
  if (rows.length)
    await db
      .insertInto('importRows')
      .values(
        rows.map((r) => ({
          importId: id,
          line: r.line,
          title: r.title ?? 'T',
          author: r.author ?? 'A',
          data: null,
          fields: JSON.stringify(r.fields ?? [r.title ?? 'T', r.author ?? 'A']),
          outcome: r.outcome,
          bookId: null,
          message: r.message ?? null,
        })),
      )
      .execute()
  // A row's message is its one note (decision 0029): a row that failed could not be read, any other was noted.
  const noted = rows.filter((r) => r.message)
  if (noted.length)
    await db
      .insertInto('importRowNotes')
      .values(noted.map((r) => ({ importId: id, line: r.line, position: 0, kind: r.outcome === 'failed' ? 'unreadable' : 'other', message: r.message! })))
      .execute()
  return id
}

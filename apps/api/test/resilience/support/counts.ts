import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import { expect } from 'vitest'
import { must } from './http.ts'

// Derived counts against the rows they summarise: the books' review count, rating sum and average
// against the reviews table, and the follow counts the API answers against the follows table.

export type Query = (sql: string) => Promise<Record<string, unknown>[]>

interface BookRow {
  totalReviews: number
  ratingSum: number
  averageRating: number
  /** Counted from the reviews table. */
  reviewRows: number
  ratingRows: number
}

export interface RowCounts {
  books: Map<string, BookRow>
  followers: Map<string, number>
  following: Map<string, number>
  users: number
  reviews: number
}

/** Reads the counts straight from the tables (the same SQL on SQLite and PostgreSQL). */
export async function readRowCounts(query: Query): Promise<RowCounts> {
  const books = new Map<string, BookRow>()
  const bookRows = await query(`
    select b.id, b.total_reviews, b.rating_sum, b.average_rating,
           (select count(*) from reviews r where r.book_id = b.id) as review_rows,
           (select coalesce(sum(r.rating), 0) from reviews r where r.book_id = b.id) as rating_rows
    from books b`)
  for (const r of bookRows) {
    books.set(String(r.id), {
      totalReviews: Number(r.total_reviews),
      ratingSum: Number(r.rating_sum),
      averageRating: Number(r.average_rating),
      reviewRows: Number(r.review_rows),
      ratingRows: Number(r.rating_rows),
    })
  }
  const tally = async (column: string) =>
    new Map((await query(`select ${column} as id, count(*) as n from follows group by ${column}`)).map((r) => [String(r.id), Number(r.n)]))
  const one = async (sql: string) => Number(Object.values((await query(sql))[0] ?? { n: 0 })[0])
  return {
    books,
    followers: await tally('followee_id'),
    following: await tally('follower_id'),
    users: await one('select count(*) as n from users'),
    reviews: await one('select count(*) as n from reviews'),
  }
}

/** Every book whose stored count, sum or average disagrees with its review rows. */
export function bookDrift(rows: RowCounts): string[] {
  const out: string[] = []
  for (const [id, b] of rows.books) {
    const average = b.reviewRows ? b.ratingRows / b.reviewRows : 0
    if (b.totalReviews !== b.reviewRows || b.ratingSum !== b.ratingRows || Math.abs(b.averageRating - average) > 1e-9) {
      out.push(
        `book ${id}: stored ${b.totalReviews} reviews / sum ${b.ratingSum} / average ${b.averageRating}, rows ${b.reviewRows} / ${b.ratingRows} / ${average}`,
      )
    }
  }
  return out
}

export interface ApiCounts {
  books: Map<string, { totalReviews: number; averageRating: number }>
  followers: Map<string, number>
  following: Map<string, number>
}

/** What the API answers for the given books and readers. */
export async function readApiCounts(base: string, bookIds: string[], userIds: string[]): Promise<ApiCounts> {
  const books = new Map<string, { totalReviews: number; averageRating: number }>()
  for (const id of bookIds) {
    const b = await must(base, 'GET', `/api/books/${id}`)
    books.set(id, { totalReviews: b.totalReviews, averageRating: b.averageRating })
  }
  const followers = new Map<string, number>()
  const following = new Map<string, number>()
  for (const id of userIds) {
    followers.set(id, (await must(base, 'GET', `/api/users/follower-count/${id}`)).count)
    following.set(id, (await must(base, 'GET', `/api/users/following-count/${id}`)).count)
  }
  return { books, followers, following }
}

/** Every count the API answered that is not what the rows say. */
function apiDrift(api: ApiCounts, rows: RowCounts): string[] {
  const out: string[] = []
  for (const [id, b] of api.books) {
    const r = rows.books.get(id)
    const average = r && r.reviewRows ? r.ratingRows / r.reviewRows : 0
    // The API rounds the average to two decimals.
    if (!r || b.totalReviews !== r.reviewRows || Math.abs(b.averageRating - Math.round(average * 100) / 100) > 1e-9) {
      out.push(`book ${id}: the API says ${b.totalReviews} reviews averaging ${b.averageRating}, rows ${r?.reviewRows} averaging ${average}`)
    }
  }
  for (const [id, n] of api.followers)
    if (n !== (rows.followers.get(id) ?? 0)) out.push(`user ${id}: the API says ${n} followers, rows ${rows.followers.get(id) ?? 0}`)
  for (const [id, n] of api.following)
    if (n !== (rows.following.get(id) ?? 0)) out.push(`user ${id}: the API says ${n} followed, rows ${rows.following.get(id) ?? 0}`)
  return out
}

/** The rows agree with themselves (each book's counters with its reviews) and with what the API answered. */
export function expectCountsAgree(rows: RowCounts, api: ApiCounts) {
  expect(bookDrift(rows)).toEqual([])
  expect(apiDrift(api, rows)).toEqual([])
}

/** expectCountsAgree on the rows of the PostgreSQL database at `url`. */
export async function expectPgCountsAgree(url: string, api: ApiCounts) {
  const conn = await openPg(url)
  try {
    expectCountsAgree(await readRowCounts(conn.query), api)
  } finally {
    await conn.close()
  }
}

/** A SQLite file opened read-only (the server must be stopped), with its integrity check. */
export function openSqliteReadOnly(file: string) {
  const db = new DatabaseSync(file, { readOnly: true })
  return {
    query: (async (sql: string) => db.prepare(sql).all() as Record<string, unknown>[]) as Query,
    integrity: () => (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check),
    close: () => db.close(),
  }
}

/** A PostgreSQL connection for reading rows. */
export async function openPg(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return {
    query: (async (sql: string) => (await client.query(sql)).rows) as Query,
    close: () => client.end(),
  }
}

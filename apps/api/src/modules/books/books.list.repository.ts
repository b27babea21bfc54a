import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { Book, BookListQuery } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'
import { precompile } from '#/db/precompiled.ts'
import { cutPage, rowsToRead } from '#/paging.ts'
import { selectWholeBooks, shownBooks, wholeBook } from '#/modules/books/books.repository.ts'
import { RATING_PRIOR_MEAN, RATING_PRIOR_REVIEWS } from '#/modules/books/books.ranking.ts'

// The catalogue in a chosen order (recent, published, Top Rated, title), with keyset paging: the
// grid's pages, and the whole catalogue walked a page at a time.

export type BookSort = BookListQuery['sort']
/** The sort key of the last book of a page: the order's columns, then the id. */
export type BookKeyset = (string | number | null)[]

export interface BookListRequest {
  sort: BookSort
  /** At most this many books (the whole catalogue is walked a page at a time, see the service). */
  limit: number
  after?: BookKeyset | undefined
}

/**
 * The confidence-weighted average a book ranks by in Top Rated, (C·m + Σ ratings) / (C + n), spelled
 * exactly as migration 2026_11_25_0100 indexes it so both databases walk that index. The rating a
 * book shows stays its plain average.
 */
export const weightedRating = (alias: 'b' | 'd') =>
  sql.raw(
    `((${alias}.average_rating * ${alias}.total_reviews + ${RATING_PRIOR_REVIEWS * RATING_PRIOR_MEAN}) / (${alias}.total_reviews + ${RATING_PRIOR_REVIEWS}))`,
  )

// Every order ends in the id, so it is total and a keyset never skips or repeats a book.
// Raw SQL over `b` because the title order is an expression (lower(title)) and the keys must compare
// exactly as the database orders them.
const ORDERS: Record<BookSort, { orderBy: RawBuilder<unknown>; after: (k: BookKeyset) => RawBuilder<SqlBool> }> = {
  recent: {
    orderBy: sql`b.created_at desc, b.id desc`,
    after: ([at, id]) => sql<SqlBool>`(b.created_at, b.id) < (${at}, ${id})`,
  },
  published: {
    // A book without a date has the key '', which sorts after every date in descending order.
    orderBy: sql`coalesce(b.published_date, '') desc, b.id desc`,
    after: ([date, id]) => sql<SqlBool>`(coalesce(b.published_date, ''), b.id) < (${date}, ${id})`,
  },
  rating: {
    // Confidence-weighted (decision 0009), as books_weighted_rating_idx spells it.
    orderBy: sql`${weightedRating('b')} desc, b.total_reviews desc, b.id desc`,
    after: ([score, count, id]) => sql<SqlBool>`(${weightedRating('b')}, b.total_reviews, b.id) < (${score}, ${count}, ${id})`,
  },
  title: {
    orderBy: sql`lower(b.title), b.id`,
    after: ([title, id]) => sql<SqlBool>`(lower(b.title), b.id) > (${title}, ${id})`,
  },
}

/** How many values a keyset of each order has. */
export const KEYSET_ARITY: Record<BookSort, number> = { recent: 2, published: 2, rating: 3, title: 2 }

/** One page's statement in an order: built apart to check its plan. */
export const buildBooksPageQuery = (db: Db, sort: BookSort, after: BookKeyset | undefined, limit: number) => {
  let query = selectWholeBooks(db)
    .select(sql<string>`lower(b.title)`.as('titleKey'))
    .select(sql<number>`${weightedRating('b')}`.as('weightedRating'))
    // The books shown only (decision 0058): each order walks its partial index (migration 2026_12_20_0100).
    .where(shownBooks())
    .orderBy(ORDERS[sort].orderBy)
  if (after) query = query.where(ORDERS[sort].after(after))
  return query.limit(limit)
}

// The grid's pages are the hottest list: each order's first and later pages are built once (db/precompiled.ts).
const firstPages = new Map(
  (Object.keys(ORDERS) as BookSort[]).map((sort) => [sort, precompile(1, (db, limit: number) => buildBooksPageQuery(db, sort, undefined, limit))]),
)
const laterPages = new Map(
  (Object.keys(ORDERS) as BookSort[]).map((sort) => [
    sort,
    precompile(KEYSET_ARITY[sort] + 1, (db, limit: number, ...after: BookKeyset) => buildBooksPageQuery(db, sort, after, limit)),
  ]),
)

/** One page of the catalogue in the given order, and the keyset of its last book when more follow. */
export async function listBooksPage(db: Db, req: BookListRequest): Promise<{ books: Book[]; next?: BookKeyset }> {
  const take = rowsToRead(req.limit)!
  const rows = req.after ? await laterPages.get(req.sort)!.all(db, take, ...req.after) : await firstPages.get(req.sort)!.all(db, take)
  const keyOf: Record<BookSort, (last: (typeof rows)[number]) => BookKeyset> = {
    recent: (last) => [toIso(last.createdAt), last.id],
    published: (last) => [last.publishedDate ?? '', last.id],
    rating: (last) => [Number(last.weightedRating), Number(last.totalReviews), last.id],
    title: (last) => [last.titleKey, last.id],
  }
  const cut = cutPage(rows, req.limit, keyOf[req.sort])
  const books = cut.rows.map(wholeBook)
  return cut.next ? { books, next: cut.next } : { books }
}

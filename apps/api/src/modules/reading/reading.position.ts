import type { Db } from '#/db/portable.ts'

// How far a reader is into a book, for spoilers that depend on it (issue 23, point 4, decision
// 0043): finished when a finished read is kept (the book is on Recently Read) or the status is Read;
// else the furthest page and percent of their kept reads (an open read's progress, or where a
// stopped one ended).

export interface ReaderProgress {
  finished: boolean
  page: number | null
  percent: number | null
  /** The edition the reader reads (null: the work's shown one), for its page count. */
  editionId: string | null
}

/** The reader's progress on a book (its work's id); nothing read when they never logged it. */
export async function findReaderProgress(db: Db, userId: string, bookId: string): Promise<ReaderProgress> {
  const [entry, read, furthest] = await Promise.all([
    db.selectFrom('readingEntries').select(['status', 'editionId']).where('userId', '=', userId).where('bookId', '=', bookId).executeTakeFirst(),
    db.selectFrom('reads').select('bookId').where('userId', '=', userId).where('bookId', '=', bookId).executeTakeFirst(),
    db
      .selectFrom('readThroughs')
      .select((eb) => [eb.fn.max('progressPage').as('page'), eb.fn.max('progressPercent').as('percent')])
      .where('userId', '=', userId)
      .where('bookId', '=', bookId)
      .where('removedAt', 'is', null)
      .executeTakeFirst(),
  ])
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    finished: read !== undefined || entry?.status === 'read',
    page: num(furthest?.page),
    percent: num(furthest?.percent),
    editionId: entry?.editionId ?? null,
  }
}

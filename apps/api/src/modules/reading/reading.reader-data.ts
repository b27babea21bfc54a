import type { ProgressUnit, ReadingStatus } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'
import type { LibraryParts, LogPart, ReaderDataDoor } from '#/reader-data.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import { ownedOf, readsInOrder } from '#/modules/reading/reading.repository.ts'

// The reading module's door to a reader's data (decision 0019): the reading log (entries, reads and
// their progress) in the export's library, and the spec's wishlist and reads lists kept from it.

type Read = LogPart['reads'][number]

const num = (v: number | null) => (v === null ? null : Number(v))

/** Every read of some of the reader's books, removed ones too, oldest first (by start, else end, else when logged), each with its progress. */
async function readsOf(db: Db, userId: string, bookIds: string[]): Promise<Map<string, Read[]>> {
  const reads = await readsInOrder(db, userId)
    .select(['id', 'bookId', 'startedOn', 'finishedOn', 'stoppedOn', 'outcome', 'progressPage', 'progressPercent', 'progressMinutes', 'removedAt'])
    .where('bookId', 'in', bookIds)
    .execute()
  const progress = reads.length
    ? await db
        .selectFrom('progressUpdates')
        .select(['readId', 'page', 'percent', 'minutes', 'createdAt'])
        .where(
          'readId',
          'in',
          reads.map((r) => r.id),
        )
        .orderBy('readId')
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    : []
  const progressByRead = Map.groupBy(progress, (p) => p.readId)
  const byBook = new Map<string, Read[]>()
  for (const r of reads) {
    const read: Read = {
      startedOn: r.startedOn,
      finishedOn: r.finishedOn,
      stoppedOn: r.stoppedOn,
      outcome: r.outcome as Read['outcome'],
      progress: { page: num(r.progressPage), percent: num(r.progressPercent), minutes: num(r.progressMinutes) },
      removed: r.removedAt !== null,
      progressUpdates: (progressByRead.get(r.id) ?? []).map((p) => ({
        page: num(p.page),
        percent: num(p.percent),
        minutes: num(p.minutes),
        at: toIso(p.createdAt),
      })),
    }
    const list = byBook.get(r.bookId)
    if (list) list.push(read)
    else byBook.set(r.bookId, [read])
  }
  return byBook
}

/**
 * The reading log: entries, reads and progress (the library), and the wishlist and reads lists kept
 * from it; removed after the lone ratings leave their books' counters through the books service's
 * rating ledger.
 */
export const createReadingDoor = (books: {
  ratings: Pick<BooksService['ratings'], 'takeOutLoneRatingsOf'>
}): ReaderDataDoor<{ library: Pick<LibraryParts, 'log'> }> => ({
  module: 'reading',
  tables: {
    readingEntries: { exported: { in: ['library'] }, removed: 'deleted' },
    readThroughs: { exported: { in: ['library'] }, removed: 'deleted' },
    progressUpdates: { exported: { in: ['library'] }, removed: 'deleted' },
    // Projections the reading service rewrites from the entries and reads (decision 0018).
    wishlist: { exported: { in: ['library'] }, removed: 'deleted' },
    reads: { exported: { in: ['library'] }, removed: 'deleted' },
  },

  exportFor: (db, userId) => ({
    library: {
      log: {
        // Along the primary key (user_id, book_id), after a book id.
        async pages(after, limit) {
          let q = db
            .selectFrom('readingEntries')
            .select([
              'bookId',
              'status',
              'rating',
              'editionId',
              'ownedFormat',
              'ownedCopies',
              'privateNotes',
              'statusPosition',
              'statusPositionOf',
              'progressUnit',
              'visibility',
              'createdAt',
            ])
            .where('userId', '=', userId)
          if (after !== undefined) q = q.where('bookId', '>', after)
          const entries = await q.orderBy('bookId').limit(limit).execute()
          const reads = entries.length
            ? await readsOf(
                db,
                userId,
                entries.map((e) => e.bookId),
              )
            : new Map<string, Read[]>()
          return {
            items: entries.map((e): LogPart => ({
              bookId: e.bookId,
              status: e.status as ReadingStatus | null,
              rating: num(e.rating),
              reads: reads.get(e.bookId) ?? [],
              addedAt: toIso(e.createdAt),
              editionId: e.editionId,
              owned: ownedOf(e),
              privateNotes: e.privateNotes,
              // A place kept for another status is not the book's place now (decision 0031).
              statusPosition: e.statusPosition !== null && e.statusPositionOf === e.status ? e.statusPosition : null,
              progressUnit: e.progressUnit as ProgressUnit | null,
              visibility: e.visibility,
            })),
            ...(entries.length === limit ? { next: entries.at(-1)!.bookId } : {}),
          }
        },
        async loggedAmong(bookIds) {
          if (!bookIds.length) return new Set()
          const rows = await db.selectFrom('readingEntries').select('bookId').where('userId', '=', userId).where('bookId', 'in', bookIds).execute()
          return new Set(rows.map((r) => r.bookId))
        },
      },
    },
  }),

  async removeFor(trx, userId) {
    await books.ratings.takeOutLoneRatingsOf(trx, userId)
    await trx
      .deleteFrom('progressUpdates')
      .where('readId', 'in', (eb) => eb.selectFrom('readThroughs').select('id').where('userId', '=', userId))
      .execute()
    await trx.deleteFrom('readThroughs').where('userId', '=', userId).execute()
    await trx.deleteFrom('readingEntries').where('userId', '=', userId).execute()
    await trx.deleteFrom('wishlist').where('userId', '=', userId).execute()
    await trx.deleteFrom('reads').where('userId', '=', userId).execute()
  },
})

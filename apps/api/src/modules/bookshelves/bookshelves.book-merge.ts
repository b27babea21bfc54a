import { toIso, type Db } from '#/db/portable.ts'
import { chunked, stillThere, type BookMergeDoor } from '#/book-merge.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'

// The bookshelves module's door for merging duplicates (decision 0030): a reader's placements of the
// absorbed work go to the survivor, each keeping its position and moment. A shelf holding both keeps
// the survivor's placement; the other is kept in the merge, so a revert puts it back. Every reader
// whose shelves change has their log marked changed (their library's pages show shelves).

interface Placement {
  shelfId: string
  userId: string
  bookId: string
  position: number
  addedAt: string
}

interface ShelvesMoved {
  /** Shelves whose placement of the absorbed work now places the survivor. */
  moved: string[]
  /** Placements of the absorbed work on shelves that held the survivor too, as they were. */
  folded: Placement[]
}

const toPlacement = (r: { shelfId: string; userId: string; bookId: string; position: number; addedAt: string | Date }): Placement => ({
  shelfId: r.shelfId,
  userId: r.userId,
  bookId: r.bookId,
  position: Number(r.position),
  addedAt: toIso(r.addedAt),
})

async function markReaders(trx: Db, reading: Pick<ReadingService, 'markLogChanged'>, userIds: Iterable<string>) {
  for (const userId of [...new Set(userIds)].sort()) await reading.markLogChanged(trx, userId)
}

export const createBookshelvesMergeDoor = (reading: Pick<ReadingService, 'markLogChanged'>): BookMergeDoor<ShelvesMoved> => ({
  module: 'bookshelves',
  tables: { shelfBooks: 'work: moved to the survivor; a shelf holding both keeps the survivor’s placement, the other kept for a revert' },

  async readers(trx, step, moved) {
    if (step.kind !== 'work') return []
    if (!moved) return (await trx.selectFrom('shelfBooks').select('userId').where('bookId', '=', step.absorbed).execute()).map((r) => r.userId)
    const out = moved.folded.map((p) => p.userId)
    for (const some of chunked(moved.moved)) {
      const rows = await trx.selectFrom('shelfBooks').select('userId').where('shelfId', 'in', some).where('bookId', '=', step.survivor).execute()
      out.push(...rows.map((r) => r.userId))
    }
    return out
  },

  async move(trx, step) {
    if (step.kind !== 'work') return { moved: [], folded: [] }
    const { absorbed, survivor } = step
    const rows = (
      await trx
        .selectFrom('shelfBooks')
        .select(['shelfId', 'userId', 'bookId', 'position', 'addedAt'])
        .where('bookId', '=', absorbed)
        .orderBy('shelfId')
        .execute()
    ).map(toPlacement)
    if (!rows.length) return { moved: [], folded: [] }
    await markReaders(
      trx,
      reading,
      rows.map((r) => r.userId),
    )
    const both = new Set<string>()
    for (const shelves of chunked(rows.map((r) => r.shelfId))) {
      const held = await trx.selectFrom('shelfBooks').select('shelfId').where('bookId', '=', survivor).where('shelfId', 'in', shelves).execute()
      for (const h of held) both.add(h.shelfId)
    }
    const folded = rows.filter((r) => both.has(r.shelfId))
    for (const shelves of chunked(folded.map((r) => r.shelfId))) {
      await trx.deleteFrom('shelfBooks').where('bookId', '=', absorbed).where('shelfId', 'in', shelves).execute()
    }
    await trx.updateTable('shelfBooks').set({ bookId: survivor }).where('bookId', '=', absorbed).execute()
    return { moved: rows.filter((r) => !both.has(r.shelfId)).map((r) => r.shelfId), folded }
  },

  async putBack(trx, step, { moved, folded }) {
    if (step.kind !== 'work') return
    const { absorbed, survivor } = step
    const readers = new Set(folded.map((p) => p.userId))
    for (const shelves of chunked(moved)) {
      const here = await trx.selectFrom('shelfBooks').select('userId').where('bookId', '=', survivor).where('shelfId', 'in', shelves).execute()
      for (const h of here) readers.add(h.userId)
    }
    await markReaders(trx, reading, readers)
    for (const shelves of chunked(moved)) {
      await trx.updateTable('shelfBooks').set({ bookId: absorbed }).where('bookId', '=', survivor).where('shelfId', 'in', shelves).execute()
    }
    // A placement comes back on its shelf while the shelf is there (a shelf deleted since took its placements with it).
    for (const rows of chunked(folded)) {
      const back = await stillThere(trx, 'shelves', rows, (r) => r.shelfId)
      if (back.length)
        await trx
          .insertInto('shelfBooks')
          .values(back)
          .onConflict((oc) => oc.columns(['shelfId', 'bookId']).doNothing())
          .execute()
    }
  },
})

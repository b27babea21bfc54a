import { chunked, type BookMergeDoor } from '#/book-merge.ts'

// The safety module's door for merging duplicates (decision 0030): a reader who muted the absorbed
// book keeps it muted as the survivor; one who had muted both keeps the survivor's mute, and the
// absorbed one's comes back on a revert.

interface MutesMoved {
  /** Readers whose mute moved to the survivor. */
  moved: string[]
  /** Mutes of the absorbed book folded into the survivor's (the reader had both), as they were. */
  folded: { userId: string; createdAt: string }[]
}

export const safetyMergeDoor: BookMergeDoor<MutesMoved> = {
  module: 'safety',
  tables: { bookMutes: 'a reader’s mute of the absorbed book becomes their mute of the survivor' },

  // A mute is no reader's log: no version is written.
  readers: async () => [],

  async move(trx, step) {
    const rows = await trx.selectFrom('bookMutes').select(['userId', 'createdAt']).where('bookId', '=', step.absorbed).orderBy('userId').execute()
    if (!rows.length) return { moved: [], folded: [] }
    // Readers who muted the survivor too, a bounded IN list at a time.
    const both = new Set<string>()
    for (const some of chunked(rows.map((r) => r.userId))) {
      for (const r of await trx.selectFrom('bookMutes').select('userId').where('bookId', '=', step.survivor).where('userId', 'in', some).execute())
        both.add(r.userId)
    }
    const folded = rows
      .filter((r) => both.has(r.userId))
      .map((r) => ({ userId: r.userId, createdAt: String(r.createdAt instanceof Date ? r.createdAt.toISOString() : r.createdAt) }))
    const moved = rows.filter((r) => !both.has(r.userId)).map((r) => r.userId)
    for (const some of chunked(folded.map((f) => f.userId)))
      await trx.deleteFrom('bookMutes').where('bookId', '=', step.absorbed).where('userId', 'in', some).execute()
    for (const some of chunked(moved))
      await trx.updateTable('bookMutes').set({ bookId: step.survivor }).where('bookId', '=', step.absorbed).where('userId', 'in', some).execute()
    return { moved, folded }
  },

  async putBack(trx, step, { moved, folded }) {
    for (const some of chunked(moved))
      await trx.updateTable('bookMutes').set({ bookId: step.absorbed }).where('bookId', '=', step.survivor).where('userId', 'in', some).execute()
    if (folded.length)
      await trx
        .insertInto('bookMutes')
        .values(folded.map((f) => ({ userId: f.userId, bookId: step.absorbed, createdAt: f.createdAt })))
        .onConflict((oc) => oc.doNothing())
        .execute()
  },
}

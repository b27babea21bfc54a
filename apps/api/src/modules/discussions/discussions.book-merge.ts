import { chunked, type BookMergeDoor } from '#/book-merge.ts'

// The discussions module's door for merging duplicates (decision 0030): a work's threads move with it
// to the surviving work, and back when the merge is reverted. Threads belong to works, so an edition
// merge moves nothing.

interface DiscussionsMoved {
  /** The threads that were on the absorbed work. */
  ids: string[]
}

export const discussionsMergeDoor: BookMergeDoor<DiscussionsMoved> = {
  module: 'discussions',
  tables: { discussions: 'work: the absorbed work’s discussions move to the survivor' },

  // Threads are no reader's log: no reader's row or version is written.
  readers: async () => [],

  async move(trx, step) {
    if (step.kind !== 'work') return { ids: [] }
    const rows = await trx.selectFrom('discussions').select('id').where('bookId', '=', step.absorbed).orderBy('id').execute()
    if (rows.length) await trx.updateTable('discussions').set({ bookId: step.survivor }).where('bookId', '=', step.absorbed).execute()
    return { ids: rows.map((r) => r.id) }
  },

  async putBack(trx, step, { ids }) {
    if (step.kind !== 'work') return
    for (const some of chunked(ids)) {
      await trx.updateTable('discussions').set({ bookId: step.absorbed }).where('id', 'in', some).where('bookId', '=', step.survivor).execute()
    }
  },
}

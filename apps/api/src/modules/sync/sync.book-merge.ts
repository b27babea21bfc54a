import { chunked, type BookMergeDoor } from '#/book-merge.ts'

// The sync module's door for merging duplicates (decision 0030): an identifier a reader bound to the
// absorbed work is bound to the survivor, so their device's next sync lands on the book that stays.

interface SyncMoved {
  /** The inbox rows bound to the absorbed work. */
  ids: string[]
}

export const syncMergeDoor: BookMergeDoor<SyncMoved> = {
  module: 'sync',
  tables: { syncInbox: 'work: identifiers bound to the absorbed work are bound to the survivor' },

  // A binding is no reading-log row: no reader's row or version is written.
  readers: async () => [],

  async move(trx, step) {
    if (step.kind !== 'work') return { ids: [] }
    const rows = await trx.selectFrom('syncInbox').select('id').where('bookId', '=', step.absorbed).orderBy('id').execute()
    if (rows.length) await trx.updateTable('syncInbox').set({ bookId: step.survivor }).where('bookId', '=', step.absorbed).execute()
    return { ids: rows.map((r) => r.id) }
  },

  async putBack(trx, step, { ids }) {
    if (step.kind !== 'work') return
    for (const some of chunked(ids)) {
      await trx.updateTable('syncInbox').set({ bookId: step.absorbed }).where('id', 'in', some).where('bookId', '=', step.survivor).execute()
    }
  },
}

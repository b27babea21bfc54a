import { chunked, type BookMergeDoor } from '#/book-merge.ts'

// The notifications module's door for merging duplicates (decision 0030): a notification names the
// book it is about for its link and title; one about the absorbed book leads to the survivor, and
// back on a revert.

interface NotificationsMoved {
  /** The notifications that named the absorbed book. */
  ids: string[]
}

export const notificationsMergeDoor: BookMergeDoor<NotificationsMoved> = {
  module: 'notifications',
  tables: { notifications: 'the book a notification is about: the absorbed book’s lead to the survivor' },

  // A notification is no reader's log: no version is written.
  readers: async () => [],

  async move(trx, step) {
    const rows = await trx.selectFrom('notifications').select('id').where('bookId', '=', step.absorbed).orderBy('id').execute()
    if (rows.length) await trx.updateTable('notifications').set({ bookId: step.survivor }).where('bookId', '=', step.absorbed).execute()
    return { ids: rows.map((r) => r.id) }
  },

  async putBack(trx, step, { ids }) {
    for (const some of chunked(ids)) {
      await trx.updateTable('notifications').set({ bookId: step.absorbed }).where('id', 'in', some).where('bookId', '=', step.survivor).execute()
    }
  },
}

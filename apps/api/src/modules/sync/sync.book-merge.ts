import { moveBookIds, type BookMergeDoor, type IdsMoved } from '#/book-merge.ts'

// The sync module's door for merging duplicates (decision 0030): an identifier a reader bound to the
// absorbed work is bound to the survivor, so their device's next sync lands on the book that stays.

export const syncMergeDoor: BookMergeDoor<IdsMoved> = {
  module: 'sync',
  tables: { syncInbox: 'work: identifiers bound to the absorbed work are bound to the survivor' },

  // A binding is no reading-log row: no reader's row or version is written.
  readers: async () => [],

  ...moveBookIds('syncInbox', { worksOnly: true }),
}

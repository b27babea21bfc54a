import { moveBookIds, type BookMergeDoor, type IdsMoved } from '#/book-merge.ts'

// The notifications module's door for merging duplicates (decision 0030): a notification names the
// book it is about for its link and title; one about the absorbed book leads to the survivor, and
// back on a revert.

export const notificationsMergeDoor: BookMergeDoor<IdsMoved> = {
  module: 'notifications',
  tables: { notifications: 'the book a notification is about: the absorbed book’s lead to the survivor' },

  // A notification is no reader's log: no version is written.
  readers: async () => [],

  ...moveBookIds('notifications', { worksOnly: false }),
}

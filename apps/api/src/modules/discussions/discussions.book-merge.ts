import { moveBookIds, type BookMergeDoor, type IdsMoved } from '#/book-merge.ts'

// The discussions module's door for merging duplicates (decision 0030): a work's threads move with it
// to the surviving work, and back when the merge is reverted. Threads belong to works, so an edition
// merge moves nothing.

export const discussionsMergeDoor: BookMergeDoor<IdsMoved> = {
  module: 'discussions',
  tables: { discussions: 'work: the absorbed work’s discussions move to the survivor' },

  // Threads are no reader's log: no reader's row or version is written.
  readers: async () => [],

  ...moveBookIds('discussions', { worksOnly: true }),
}

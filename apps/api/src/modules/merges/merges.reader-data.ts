import type { ReaderDataDoor } from '#/reader-data.ts'

// The merges module's door to a reader's data (decision 0019): the proposals they made and the merges
// they applied or reverted. These are the catalogue's record, public on the proposals list as a book's
// history is: they stay when the account closes, without the reader's name.

export const mergesDoor: ReaderDataDoor = {
  module: 'merges',
  tables: {
    mergeProposals: {
      exported: { leftOut: 'proposals to merge books: the catalogue’s public record, not the reader’s library' },
      removed: 'unlinked',
    },
    bookMerges: { exported: { leftOut: 'merges applied or reverted: the catalogue’s public record' }, removed: 'unlinked' },
  },
  exportFor: () => ({}),
  async removeFor(trx, userId) {
    await trx.updateTable('mergeProposals').set({ proposedByUserId: null }).where('proposedByUserId', '=', userId).execute()
    await trx.updateTable('bookMerges').set({ appliedByUserId: null }).where('appliedByUserId', '=', userId).execute()
    await trx.updateTable('bookMerges').set({ revertedByUserId: null }).where('revertedByUserId', '=', userId).execute()
  },
}

import type { ReaderDataDoor } from '#/reader-data.ts'

// The feed module's door to a reader's data (decision 0060): the reader's inbox is a copy of others'
// activity (kept where it was written, and exported there by its writers), and the outbox's work names
// readers as actors and as followers. All of it goes with the account, as owner and as actor.
export const feedDoor: ReaderDataDoor = {
  module: 'feed',
  tables: {
    feedItems: { exported: { leftOut: 'a copy of the followed readers’ activity, kept where they wrote it' }, removed: 'deleted' },
    feedOwners: { exported: { leftOut: 'a mark that the reader’s feed inbox was built' }, removed: 'deleted' },
    feedOutbox: { exported: { leftOut: 'feed work waiting for the background worker' }, removed: 'deleted' },
  },
  exportFor: () => ({}),
  async removeFor(trx, userId) {
    await trx.deleteFrom('feedItems').where('ownerId', '=', userId).execute()
    await trx.deleteFrom('feedItems').where('actorId', '=', userId).execute()
    await trx.deleteFrom('feedOwners').where('ownerId', '=', userId).execute()
    await trx.deleteFrom('feedOutbox').where('subjectId', '=', userId).execute()
  },
}

import type { ExportSections, ReaderDataDoor } from '#/reader-data.ts'
import { findSyncSettings } from '#/modules/sync/sync.repository.ts'

// The sync module's door to a reader's data (decision 0019): their sync settings, their devices'
// inbox and the answers kept for idempotency keys.

export const syncDoor: ReaderDataDoor<{ sections: Pick<ExportSections, 'syncSettings'> }> = {
  module: 'sync',
  tables: {
    syncSettings: { exported: { in: ['syncSettings'] }, removed: 'deleted' },
    syncInbox: {
      exported: { leftOut: 'device bookkeeping: identifiers a device sent and the last position, already in the reading log once bound' },
      removed: 'deleted',
    },
    kosyncProgress: { exported: { leftOut: 'KOReader’s own position strings, handed back to it; the reading log keeps the progress' }, removed: 'deleted' },
    syncRequests: { exported: { leftOut: 'answers kept a day so a device can retry safely' }, removed: 'deleted' },
  },
  exportFor: (db, userId) => ({ sections: { syncSettings: { value: () => findSyncSettings(db, userId) } } }),
  async removeFor(trx, userId) {
    await trx.deleteFrom('syncInbox').where('userId', '=', userId).execute()
    await trx.deleteFrom('syncRequests').where('userId', '=', userId).execute()
    await trx.deleteFrom('kosyncProgress').where('userId', '=', userId).execute()
    await trx.deleteFrom('syncSettings').where('userId', '=', userId).execute()
  },
}

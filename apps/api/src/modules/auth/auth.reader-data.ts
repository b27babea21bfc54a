import type { ReaderDataDoor } from '#/reader-data.ts'

// The auth module's door to a reader's data (decision 0019): the sessions kept for them.

/** The sessions kept working across a password change (decision 0003). */
export const sessionsDoor: ReaderDataDoor = {
  module: 'auth',
  tables: {
    keptTokens: { exported: { leftOut: 'session credentials: a way into the account, not something the reader wrote or chose' }, removed: 'deleted' },
  },
  exportFor: () => ({}),
  async removeFor(trx, userId) {
    await trx.deleteFrom('keptTokens').where('userId', '=', userId).execute()
  },
}

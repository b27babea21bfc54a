import { toIso } from '#/db/portable.ts'
import { pagesAlong, type ExportSections, type ReaderDataDoor } from '#/reader-data.ts'
import { scopesOf } from '#/modules/tokens/tokens.repository.ts'

// The tokens module's door to a reader's data (decision 0019): their personal access tokens. The
// export names them (name, scopes, dates) and never carries a secret: only a hash is kept.

export const tokensDoor: ReaderDataDoor<{ sections: Pick<ExportSections, 'personalTokens'> }> = {
  module: 'tokens',
  tables: {
    personalTokens: { exported: { in: ['personalTokens'] }, removed: 'deleted' },
    deviceCodes: { exported: { leftOut: 'a device’s link request, used up or gone within minutes' }, removed: 'deleted' },
    devices: { exported: { leftOut: 'device sign-ins: a way into the reading log, named on the Developers page' }, removed: 'deleted' },
  },

  exportFor: (db, userId) => ({
    sections: {
      personalTokens: {
        // Along the index (user_id, id), oldest first.
        pages: pagesAlong(
          () => db.selectFrom('personalTokens').select(['id', 'name', 'scopes', 'createdAt', 'expiresAt', 'lastUsedAt']).where('userId', '=', userId),
          'id',
          (r) => ({
            name: r.name,
            scopes: scopesOf(r.scopes),
            createdAt: toIso(r.createdAt),
            expiresAt: toIso(r.expiresAt),
            lastUsedAt: r.lastUsedAt === null ? null : toIso(r.lastUsedAt),
          }),
        ),
      },
    },
  }),

  async removeFor(trx, userId) {
    await trx.deleteFrom('personalTokens').where('userId', '=', userId).execute()
    await trx.deleteFrom('devices').where('userId', '=', userId).execute()
    await trx.deleteFrom('deviceCodes').where('userId', '=', userId).execute()
  },
}

import type { Db } from '#/db/portable.ts'
import type { ReaderDataDoor } from '#/reader-data.ts'

// The imports module's door to a reader's data (decision 0020): their import jobs, with their files
// and rows, and the day's allowances. What an import brought in is the reader's library, exported
// there; the jobs themselves are working records, removed with the account.

const importsOf = (db: Db, userId: string) => db.selectFrom('imports').select('id').where('userId', '=', userId)

/** The reader's imports and their daily allowances. */
export const importsDoor: ReaderDataDoor = {
  module: 'imports',
  tables: {
    imports: { exported: { leftOut: 'import jobs: what they brought in is in the library' }, removed: 'deleted' },
    importRows: { exported: { leftOut: 'an import’s report, line by line: what the rows brought in is in the library' }, removed: 'deleted' },
    importRowNotes: { exported: { leftOut: 'what an import noted of its rows: part of its report' }, removed: 'deleted' },
    importFiles: { exported: { leftOut: 'the file the reader sent, kept only until its rows are read' }, removed: 'deleted' },
    importAllowances: { exported: { leftOut: 'a daily count that limits imports' }, removed: 'deleted' },
  },
  exportFor: () => ({}),
  async removeFor(trx, userId) {
    await trx.deleteFrom('importRowNotes').where('importId', 'in', importsOf(trx, userId)).execute()
    await trx.deleteFrom('importRows').where('importId', 'in', importsOf(trx, userId)).execute()
    await trx.deleteFrom('importFiles').where('importId', 'in', importsOf(trx, userId)).execute()
    await trx.deleteFrom('imports').where('userId', '=', userId).execute()
    await trx.deleteFrom('importAllowances').where('userId', '=', userId).execute()
  },
}

import { chunked, type BookMergeDoor } from '#/book-merge.ts'

// The imports module's door for merging duplicates (decision 0030): an import's row filed under the
// absorbed work is filed under the survivor, so its report links the book that stays. The ids a
// waiting row lists as candidates are left as they are: an absorbed work's id keeps answering with
// the survivor (books.workOf), so choosing it files the row there.

interface ImportsMoved {
  /** The rows filed under the absorbed work: [import id, line]. */
  rows: [string, number][]
}

export const importsMergeDoor: BookMergeDoor<ImportsMoved> = {
  module: 'imports',
  tables: { importRows: 'work: rows filed under the absorbed work are filed under the survivor' },

  async move(trx, step) {
    if (step.kind !== 'work') return { rows: [] }
    const rows = await trx
      .selectFrom('importRows')
      .select(['importId', 'line'])
      .where('bookId', '=', step.absorbed)
      .orderBy('importId')
      .orderBy('line')
      .execute()
    if (rows.length) await trx.updateTable('importRows').set({ bookId: step.survivor }).where('bookId', '=', step.absorbed).execute()
    return { rows: rows.map((r): [string, number] => [r.importId, Number(r.line)]) }
  },

  async putBack(trx, step, { rows }) {
    if (step.kind !== 'work') return
    for (const [importId, lines] of Map.groupBy(rows, ([id]) => id)) {
      for (const some of chunked(lines.map(([, line]) => line))) {
        await trx
          .updateTable('importRows')
          .set({ bookId: step.absorbed })
          .where('importId', '=', importId)
          .where('line', 'in', some)
          .where('bookId', '=', step.survivor)
          .execute()
      }
    }
  },
}

import type { Db } from '#/db/portable.ts'
import { chunked, type BookMergeDoor, type ImportMergeHints } from '#/book-merge.ts'
import { rowsWithOutcome } from '#/modules/imports/imports.rows.repository.ts'

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

  // An import's rows are filed, not a reader's log: no reader's row or version is written.
  readers: async () => [],

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

/**
 * The rows of an import that finished that may name duplicates, for the merges an import suggests
 * (decision 0030). Read once per import: the waiting rows are at most the file's rows, and the books
 * made at most the day's allowance for imports.
 */
export async function importMergeHints(db: Db, importId: string, userId: string): Promise<ImportMergeHints> {
  const waiting = await rowsWithOutcome(db, importId, 'needs_review').select('candidates').execute()
  const created = await db
    .selectFrom('importRows as r')
    .innerJoin('importRowNotes as n', (j) => j.onRef('n.importId', '=', 'r.importId').onRef('n.line', '=', 'r.line'))
    .select('r.bookId')
    .where('r.importId', '=', importId)
    .where('n.kind', '=', 'book_created')
    .where('r.bookId', 'is not', null)
    .orderBy('r.line')
    .execute()
  return {
    userId,
    waiting: waiting.map((r) => JSON.parse(r.candidates) as string[]).filter((ids) => ids.length >= 2),
    created: [...new Set(created.map((r) => r.bookId!))],
  }
}

import type { ExportSections, ReaderDataDoor } from '#/reader-data.ts'

// The stats module's door to a reader's data (decision 0019): their reading goals.

const num = (v: number | null) => (v === null ? null : Number(v))

/** The reader's goals, a year each, oldest year first. */
export const goalsDoor: ReaderDataDoor<{ sections: Pick<ExportSections, 'goals'> }> = {
  module: 'stats',
  tables: { readingGoals: { exported: { in: ['goals'] }, removed: 'deleted' } },

  exportFor: (db, userId) => ({
    sections: {
      goals: {
        // Along the primary key (user_id, year), after a year.
        async pages(after, limit) {
          let q = db.selectFrom('readingGoals').select(['year', 'books', 'pages']).where('userId', '=', userId)
          if (after !== undefined) q = q.where('year', '>', Number(after))
          const rows = await q.orderBy('year').limit(limit).execute()
          return {
            items: rows.map((r) => ({ year: Number(r.year), books: num(r.books), pages: num(r.pages) })),
            ...(rows.length === limit ? { next: String(rows.at(-1)!.year) } : {}),
          }
        },
      },
    },
  }),

  async removeFor(trx, userId) {
    await trx.deleteFrom('readingGoals').where('userId', '=', userId).execute()
  },
}

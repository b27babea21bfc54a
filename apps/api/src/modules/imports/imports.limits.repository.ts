import { toIso, type Db } from '#/db/portable.ts'

// What imports may add and keep per reader (migration 2026_11_27_0100, issue 19): the quota on what
// they keep, the day's allowances of books made and reviews posted, and imports whose time is up.

/**
 * What the reader's imports keep (those not finished, or finished since `since`): their files' bytes,
 * how many there are, and when the oldest finished one did.
 */
export async function findKeptUsage(db: Db, userId: string, since: string): Promise<{ bytes: number; imports: number; oldestFinishedAt: string | null }> {
  const row = await db
    .selectFrom('imports')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('fileBytes'), eb.lit(0)).as('bytes'),
      eb.fn.countAll<number>().as('imports'),
      eb.fn.min('finishedAt').as('oldestFinishedAt'),
    ])
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('finishedAt', 'is', null), eb('finishedAt', '>=', since)]))
    .executeTakeFirstOrThrow()
  return {
    bytes: Number(row.bytes),
    imports: Number(row.imports),
    oldestFinishedAt: row.oldestFinishedAt === null ? null : toIso(row.oldestFinishedAt as string | Date),
  }
}

// ---- What imports may add in a day (issue 19) ---------------------------------------------------

export type AllowanceKind = 'books' | 'reviews'

/**
 * Counts one more book made or review posted by the reader's imports on `day`, if fewer than `cap`
 * were: one statement, so imports on several instances never pass the cap together. True when counted.
 */
export async function takeAllowance(db: Db, userId: string, day: string, kind: AllowanceKind, cap: number): Promise<boolean> {
  if (cap <= 0) return false
  const row = await db
    .insertInto('importAllowances')
    .values({ userId, day, books: kind === 'books' ? 1 : 0, reviews: kind === 'reviews' ? 1 : 0 })
    .onConflict((oc) =>
      oc
        .columns(['userId', 'day'])
        .doUpdateSet((eb) => ({ [kind]: eb(eb.ref(`importAllowances.${kind}`), '+', 1) }))
        .where(`importAllowances.${kind}`, '<', cap),
    )
    .returning(kind)
    .executeTakeFirst()
  return row !== undefined
}

/** What the reader's imports have added and posted on `day` (none: zero of each). */
export async function findAllowances(db: Db, userId: string, day: string): Promise<{ books: number; reviews: number }> {
  const row = await db.selectFrom('importAllowances').select(['books', 'reviews']).where('userId', '=', userId).where('day', '=', day).executeTakeFirst()
  return { books: Number(row?.books ?? 0), reviews: Number(row?.reviews ?? 0) }
}

/** Gives back one counted by takeAllowance (the book or review was not made after all). */
export async function giveBackAllowance(db: Db, userId: string, day: string, kind: AllowanceKind): Promise<void> {
  await db
    .updateTable('importAllowances')
    .set((eb) => ({ [kind]: eb(eb.ref(kind), '-', 1) }))
    .where('userId', '=', userId)
    .where('day', '=', day)
    .where(kind, '>', 0)
    .execute()
}

// ---- Imports whose time is up (issue 19) --------------------------------------------------------

/** Imports that finished before `before`, oldest first. */
export async function listExpiredImports(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('imports').select('id').where('finishedAt', '<', before).orderBy('finishedAt').limit(limit).execute()
  return rows.map((r) => r.id)
}

/** Deletes up to `limit` of an import's rows; answers how many went. */
export async function deleteImportRows(db: Db, importId: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('importRows')
    .where('importId', '=', importId)
    .where('line', 'in', (eb) => eb.selectFrom('importRows').select('line').where('importId', '=', importId).orderBy('line').limit(limit))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes an import (its last rows with it). */
export async function deleteImport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('imports').where('id', '=', id).execute()
}

/** Forgets the days before `day`: their counts limit nothing any more. */
export async function deleteAllowancesBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('importAllowances').where('day', '<', day).execute()
}

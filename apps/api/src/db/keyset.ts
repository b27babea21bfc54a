import type { SelectQueryBuilder, StringReference } from 'kysely'

// A list read a page at a time along an index on two columns: an order (a time, a thread) and an id
// that breaks its ties. The page after a key starts right after the key's row, whatever was written
// since, where an offset would skip or repeat rows.

/**
 * The rows of `qb` after the key `after` (its values of `first` and `tie`) in `order` on both columns,
 * at most `limit` of them (all when undefined). The key is spelled as a range on the first column with
 * the tie beside it (descending: first <= x and (first < x or tie < y)), so an index range serves it.
 */
export function pageAfter<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  [first, tie]: readonly [StringReference<DB, TB>, StringReference<DB, TB>],
  order: 'asc' | 'desc',
  after: readonly [unknown, unknown] | undefined,
  limit: number | undefined,
): SelectQueryBuilder<DB, TB, O> {
  // Built untyped (the columns are checked above); the key's values by the callers' own key types.
  let q = qb as SelectQueryBuilder<any, any, O>
  const [a, t] = [first as string, tie as string]
  if (after) {
    const [from, past] = order === 'desc' ? (['<=', '<'] as const) : (['>=', '>'] as const)
    q = q.where(a, from, after[0]).where((eb) => eb.or([eb(a, past, after[0]), eb(t, past, after[1])]))
  }
  q = q.orderBy(a, order).orderBy(t, order)
  return (limit === undefined ? q : q.limit(limit)) as SelectQueryBuilder<DB, TB, O>
}

/**
 * A short list of a reader's own rows (tokens, devices, the sync inbox) read newest first along its
 * time-ordered ids: at most `limit` rows, those older than `afterId` when it is given.
 */
export function newestById<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  afterId: string | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  // Built untyped: every table read this way has an `id` column.
  let q = qb as SelectQueryBuilder<any, any, O>
  if (afterId) q = q.where('id', '<', afterId)
  return q.orderBy('id', 'desc').limit(limit) as SelectQueryBuilder<DB, TB, O>
}

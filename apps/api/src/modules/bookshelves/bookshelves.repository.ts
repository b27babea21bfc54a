import { shownEntry, type ReadingScope } from '#/modules/reading/reading.service.ts'
import { sql } from 'kysely'
import { rowCount, toIso, type Db } from '#/db/portable.ts'

// A reader's own shelves and the books on them (decision 0028). Lists bound into SQL here are a
// book's shelves or the names of one request, both capped by SHELF_LIMITS.perBook.

export interface ShelfRow {
  id: string
  userId: string
  name: string
  nameKey: string
  isPublic: boolean
}

export interface ShelfWithCount {
  id: string
  name: string
  isPublic: boolean
  count: number
}

export interface PlacementRow {
  shelfId: string
  name: string
  nameKey: string
  isPublic: boolean
  position: number
  addedAt: string
}

const SHELF_COLUMNS = ['id', 'userId', 'name', 'nameKey', 'isPublic'] as const
const toShelf = (r: { id: string; userId: string; name: string; nameKey: string; isPublic: number }): ShelfRow => ({
  id: r.id,
  userId: r.userId,
  name: r.name,
  nameKey: r.nameKey,
  isPublic: Number(r.isPublic) === 1,
})

/**
 * A reader's shelves by name, each with how many books are on it. `forOwner` false: the public
 * shelves only, each counting the books others see there (not those on Want to Read, nor those
 * without a status), as the reader's library shows them.
 */
export async function listShelves(db: Db, scope: ReadingScope): Promise<ShelfWithCount[]> {
  const userId = scope.ownerId
  const forOwner = scope.audience === 'owner'
  const shelves = db
    .selectFrom('shelves as s')
    .leftJoin('shelfBooks as sb', (j) => j.onRef('sb.shelfId', '=', 's.id').onRef('sb.userId', '=', 's.userId'))
    .where('s.userId', '=', userId)
    .groupBy(['s.id', 's.name', 's.isPublic', 's.nameKey'])
    .orderBy('s.nameKey')
  const rows = forOwner
    ? await shelves.select((eb) => ['s.id', 's.name', 's.isPublic', eb.fn.count<number>('sb.bookId').as('n')]).execute()
    : await shelves
        .leftJoin('readingEntries as e', (j) =>
          j
            .onRef('e.userId', '=', 'sb.userId')
            .onRef('e.bookId', '=', 'sb.bookId')
            .on('e.status', 'is not', null)
            .on('e.status', '<>', 'want')
            // Counting only the books the viewer may see (decision 0055).
            .on(shownEntry(scope, 'e.visibility')),
        )
        .where('s.isPublic', '=', 1)
        .select((eb) => ['s.id', 's.name', 's.isPublic', eb.fn.count<number>('e.bookId').as('n')])
        .execute()
  return rows.map((r) => ({ id: r.id, name: r.name, isPublic: Number(r.isPublic) === 1, count: Number(r.n) }))
}

export async function findShelf(db: Db, id: string): Promise<ShelfRow | undefined> {
  const row = await db.selectFrom('shelves').select(SHELF_COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toShelf(row)
}

/** A reader's shelves with these name keys (at most SHELF_LIMITS.perBook of them). */
export async function findShelvesByKeys(db: Db, userId: string, keys: string[]): Promise<ShelfRow[]> {
  if (!keys.length) return []
  const rows = await db.selectFrom('shelves').select(SHELF_COLUMNS).where('userId', '=', userId).where('nameKey', 'in', keys).execute()
  return rows.map(toShelf)
}

export const countShelves = (db: Db, userId: string): Promise<number> => rowCount(db.selectFrom('shelves').where('userId', '=', userId))

/** How many books are on a shelf. */
export const countPlacements = (db: Db, userId: string, shelfId: string): Promise<number> =>
  rowCount(db.selectFrom('shelfBooks').where('userId', '=', userId).where('shelfId', '=', shelfId))

export async function insertShelf(db: Db, s: { id: string; userId: string; name: string; nameKey: string; isPublic: boolean }, at: string): Promise<void> {
  await db
    .insertInto('shelves')
    .values({ ...s, isPublic: s.isPublic ? 1 : 0, createdAt: at, updatedAt: at })
    .execute()
}

export async function updateShelf(db: Db, id: string, change: { name?: string; nameKey?: string; isPublic?: boolean }, at: string): Promise<void> {
  const { isPublic, ...names } = change
  await db
    .updateTable('shelves')
    .set({ ...names, ...(isPublic === undefined ? {} : { isPublic: isPublic ? 1 : 0 }), updatedAt: at })
    .where('id', '=', id)
    .execute()
}

/** Removes a shelf and every placement on it (the books stay in the library). */
export async function deleteShelf(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('shelfBooks').where('userId', '=', userId).where('shelfId', '=', id).execute()
  await db.deleteFrom('shelves').where('id', '=', id).execute()
}

/** The reader's shelves a book is on, by name, with its position on each and when it was put there. */
export async function listPlacementsOfBook(db: Db, userId: string, bookId: string): Promise<PlacementRow[]> {
  const rows = await db
    .selectFrom('shelfBooks as sb')
    .innerJoin('shelves as s', 's.id', 'sb.shelfId')
    .select(['sb.shelfId', 's.name', 's.nameKey', 's.isPublic', 'sb.position', 'sb.addedAt'])
    .where('sb.userId', '=', userId)
    .where('sb.bookId', '=', bookId)
    .orderBy('s.nameKey')
    .execute()
  return rows.map((r) => ({
    shelfId: r.shelfId,
    name: r.name,
    nameKey: r.nameKey,
    isPublic: Number(r.isPublic) === 1,
    position: Number(r.position),
    addedAt: toIso(r.addedAt),
  }))
}

/**
 * Puts a book on a reader's shelf at `position`, or after the shelf's last book when none is given;
 * nothing when it is there already. Answers whether it was put there.
 */
export async function insertPlacement(
  db: Db,
  p: { shelfId: string; userId: string; bookId: string; position?: number | undefined },
  at: string,
): Promise<boolean> {
  const next = sql<number>`(select coalesce(max(position), 0) + 1 from shelf_books where user_id = ${p.userId} and shelf_id = ${p.shelfId})`
  const result = await db
    .insertInto('shelfBooks')
    .values({ shelfId: p.shelfId, userId: p.userId, bookId: p.bookId, position: p.position ?? next, addedAt: at })
    .onConflict((oc) => oc.columns(['shelfId', 'bookId']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Takes a book off some of the reader's shelves (at most SHELF_LIMITS.perBook of them). */
export async function deletePlacements(db: Db, userId: string, bookId: string, shelfIds: string[]): Promise<void> {
  if (!shelfIds.length) return
  await db.deleteFrom('shelfBooks').where('userId', '=', userId).where('bookId', '=', bookId).where('shelfId', 'in', shelfIds).execute()
}

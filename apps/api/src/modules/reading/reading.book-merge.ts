import type { Selectable } from 'kysely'
import { toIso, type Db } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'
import { chunked, type BookMergeDoor } from '#/book-merge.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import { syncProjections } from '#/modules/reading/reading.repository.ts'

// The reading module's door for merging duplicates (decision 0030): reading entries, their reads (and,
// through the reads, their progress), and the spec's wishlist and reads lists kept from them.
//
// A work merge moves each reader's entry of the absorbed work to the survivor. A reader with an entry
// on both gets one: each field from the entry changed last, where it says something, else from the
// other (the copies owned as a pair), added when the first was; the reads of both hang from it. A
// reader whose entry names the absorbed work's shown edition now names it as an edition of the survivor
// (its id is the old work's). A rating given without a review gives way to a review with stars of the
// survivor (decision 0024), as a new review does. Every such entry is kept as it was before and as
// the merge wrote it, so a revert puts back exactly what was, unless the reader changed the entry
// since: then their entry on the survivor stays as they left it, and the absorbed work gets its own
// entry back beside it. Lone ratings move through the books service's rating ledger.
//
// An edition merge points the entries naming the absorbed edition at the survivor.

type EntryRow = Selectable<Database['readingEntries']>
type Entry = { [K in keyof EntryRow]: Exclude<EntryRow[K], Date> }

interface Fold {
  /** The reader's entry of the absorbed work before the merge (none: a reader of the survivor whose lone rating gave way). */
  a: Entry | null
  /** Their entry of the survivor before the merge, if any. */
  b: Entry | null
  /** Their entry of the survivor as the merge wrote it. */
  written: Entry
}

/** A fold as kept with the merge: `written` left out where it is the absorbed entry moved as it was (most readers), to keep the record small. */
type KeptFold = Omit<Fold, 'written'> & { written?: Entry }

/** The absorbed work's entry as moved to the survivor: its shown edition is now an edition of the survivor, under the old work's id. */
const movedAs = (a: Entry, survivor: string, absorbed: string): Entry => ({ ...a, bookId: survivor, editionId: a.editionId ?? absorbed })

interface ReadingMoved {
  entries: KeptFold[]
  /** The absorbed work's reads, now the survivor's. */
  reads: string[]
  /** Those readers' wishlist and reads rows of both books before the merge. */
  wishlist: { userId: string; bookId: string; addedAt: string }[]
  listed: { userId: string; bookId: string; readAt: string }[]
  /** Edition merge: the entries that named the absorbed edition. */
  named: { userId: string; bookId: string }[]
}

const plainEntry = (row: EntryRow): Entry =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? toIso(v) : k === 'rating' || k === 'ownedCopies' ? (v === null ? null : Number(v)) : v]),
  ) as Entry

/** The fields a reader sets; the others are the row's key and its moments. */
const isField = (key: string) => !['userId', 'bookId', 'createdAt', 'updatedAt', 'ownedFormat', 'ownedCopies'].includes(key)

/** One entry of the survivor from a reader's two: the one changed last says each field, the other fills what it leaves empty. */
function fold(a: Entry, b: Entry): Entry {
  const [newer, older] = a.updatedAt > b.updatedAt ? [a, b] : [b, a]
  const out: Record<string, unknown> = { ...newer }
  for (const [key, value] of Object.entries(older)) if (isField(key) && out[key] === null) out[key] = value
  if (newer.ownedCopies === null) Object.assign(out, { ownedFormat: older.ownedFormat, ownedCopies: older.ownedCopies })
  return { ...(out as Entry), bookId: b.bookId, createdAt: a.createdAt < b.createdAt ? a.createdAt : b.createdAt }
}

/** Whether two entries say the same, field by field (their values are text, numbers or null). */
const same = (x: Entry, y: Entry) => {
  const keys = Object.keys(x) as (keyof Entry)[]
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k])
}

/** Lone ratings counted and summed, as the ledger moves them. */
const lone = (entries: (Entry | null | undefined)[]) => {
  const rated = entries.map((e) => e?.rating ?? null).filter((r): r is number => r !== null)
  return { count: rated.length, stars: rated.reduce((s, r) => s + r, 0) }
}

async function moveLone(
  trx: Db,
  books: { ratings: Pick<BooksService['ratings'], 'move'> },
  bookId: string,
  before: (Entry | null | undefined)[],
  after: (Entry | null | undefined)[],
) {
  const [x, y] = [lone(before), lone(after)]
  if (x.count !== y.count || x.stars !== y.stars) await books.ratings.move(trx, bookId, { lone: y.count - x.count, loneStars: y.stars - x.stars })
}

/** Marks these readers' logs changed (users.log_version, decision 0026): their libraries and years show the merge at once, on every instance. */
async function bumpLogs(trx: Db, userIds: string[]) {
  for (const ids of chunked(userIds)) {
    await trx
      .updateTable('users')
      .set((eb) => ({ logVersion: eb('logVersion', '+', 1) }))
      .where('id', 'in', ids)
      .execute()
  }
}

const projections = async (trx: Db, absorbed: string, survivor: string) => {
  const readers = trx.selectFrom('readingEntries').select('userId').where('bookId', '=', absorbed)
  const wishlist = await trx
    .selectFrom('wishlist')
    .select(['userId', 'bookId', 'addedAt'])
    .where((eb) => eb.or([eb('bookId', '=', absorbed), eb.and([eb('bookId', '=', survivor), eb('userId', 'in', readers)])]))
    .execute()
  const listed = await trx
    .selectFrom('reads')
    .select(['userId', 'bookId', 'readAt'])
    .where((eb) => eb.or([eb('bookId', '=', absorbed), eb.and([eb('bookId', '=', survivor), eb('userId', 'in', readers)])]))
    .execute()
  return {
    wishlist: wishlist.map((w) => ({ userId: w.userId, bookId: w.bookId, addedAt: toIso(w.addedAt) })),
    listed: listed.map((r) => ({ userId: r.userId, bookId: r.bookId, readAt: toIso(r.readAt) })),
  }
}

/** Points these readers' entries of a work from one edition to another (null: the work's shown edition). */
async function moveEditionNames(trx: Db, from: string | null, to: string | null, workId: string, readers: string[]) {
  for (const ids of chunked(readers)) {
    await trx
      .updateTable('readingEntries')
      .set({ editionId: to })
      .where('bookId', '=', workId)
      .where('userId', 'in', ids)
      .where('editionId', from === null ? 'is' : '=', from)
      .execute()
  }
}

export const createReadingMergeDoor = (books: { ratings: Pick<BooksService['ratings'], 'move'> }): BookMergeDoor<ReadingMoved> => ({
  module: 'reading',
  tables: {
    readingEntries:
      'work: moved to the survivor; a reader’s two entries become one (the last changed says each field), both kept for a revert; edition: entries naming the absorbed edition name the survivor',
    readThroughs: 'work: the absorbed work’s reads hang from the reader’s entry of the survivor',
    wishlist: 'work: follows the entries (the spec’s list kept from them)',
    reads: 'work: follows the entries and reads (the spec’s list kept from them)',
  },

  async readers(trx, step, moved) {
    if (moved) return [...moved.entries.map((f) => (f.a ?? f.b ?? f.written)!.userId), ...moved.named.map((n) => n.userId)]
    const column = step.kind === 'work' ? 'bookId' : 'editionId'
    return (await trx.selectFrom('readingEntries').select('userId').where(column, '=', step.absorbed).execute()).map((r) => r.userId)
  },

  async move(trx, step) {
    const { absorbed, survivor, at } = step
    const none = { entries: [], reads: [], wishlist: [], listed: [], named: [] }
    if (step.kind === 'edition') {
      const named = await trx.selectFrom('readingEntries').select(['userId', 'bookId']).where('editionId', '=', absorbed).orderBy('userId').execute()
      await bumpLogs(
        trx,
        named.map((n) => n.userId),
      )
      await moveEditionNames(
        trx,
        absorbed,
        survivor === step.workId ? null : survivor,
        step.workId,
        named.map((n) => n.userId),
      )
      return { ...none, named }
    }

    // The readers first, then their entries of both books MERGE_CHUNK readers at a time: no one
    // statement reads them all, and the loop is let go between them.
    const aReaders = (await trx.selectFrom('readingEntries').select('userId').where('bookId', '=', absorbed).orderBy('userId').execute()).map((r) => r.userId)
    await bumpLogs(trx, aReaders)
    const aRows: Entry[] = []
    const bRows: Entry[] = []
    for (const ids of chunked(aReaders)) {
      const rows = await trx
        .selectFrom('readingEntries')
        .selectAll()
        .where('bookId', 'in', [absorbed, survivor])
        .where('userId', 'in', ids)
        .orderBy('userId')
        .execute()
      for (const row of rows) (row.bookId === absorbed ? aRows : bRows).push(plainEntry(row))
    }
    const bOf = new Map(bRows.map((b) => [b.userId, b]))
    const { wishlist, listed } = await projections(trx, absorbed, survivor)

    // The absorbed work's shown edition is now an edition of the survivor, under the old work's id.
    const folds: Fold[] = aRows.map((a) => {
      const moved = movedAs(a, survivor, absorbed)
      const b = bOf.get(a.userId) ?? null
      return { a, b, written: b ? fold(moved, b) : moved }
    })
    for (const rows of chunked(folds.filter((f) => !f.b).map((f) => f.written))) await trx.insertInto('readingEntries').values(rows).execute()
    for (const f of folds.filter((x) => x.b)) {
      const { userId, bookId, ...fields } = f.written
      await trx.updateTable('readingEntries').set(fields).where('userId', '=', userId).where('bookId', '=', bookId).execute()
    }
    const reads = (await trx.selectFrom('readThroughs').select('id').where('bookId', '=', absorbed).orderBy('id').execute()).map((r) => r.id)
    for (const ids of chunked(reads)) await trx.updateTable('readThroughs').set({ bookId: survivor }).where('id', 'in', ids).execute()
    for (const ids of chunked(aReaders)) await trx.deleteFrom('readingEntries').where('bookId', '=', absorbed).where('userId', 'in', ids).execute()

    // The spec's lists: a reader of both keeps one row of each (the absorbed one when the survivor had none), as their entry says; the others' rows move.
    const listedKeys = { wishlist: new Set(wishlist.map((r) => `${r.userId} ${r.bookId}`)), reads: new Set(listed.map((r) => `${r.userId} ${r.bookId}`)) }
    const has = (table: 'wishlist' | 'reads', userId: string, bookId: string) => listedKeys[table].has(`${userId} ${bookId}`)
    for (const f of folds.filter((x) => x.b)) {
      const userId = f.written.userId
      for (const table of ['wishlist', 'reads'] as const) {
        if (!has(table, userId, absorbed)) continue
        if (has(table, userId, survivor)) await trx.deleteFrom(table).where('userId', '=', userId).where('bookId', '=', absorbed).execute()
        else await trx.updateTable(table).set({ bookId: survivor }).where('userId', '=', userId).where('bookId', '=', absorbed).execute()
      }
      await syncProjections(trx, userId, survivor, at)
    }
    for (const ids of chunked(aReaders)) {
      await trx.updateTable('wishlist').set({ bookId: survivor }).where('bookId', '=', absorbed).where('userId', 'in', ids).execute()
      await trx.updateTable('reads').set({ bookId: survivor }).where('bookId', '=', absorbed).where('userId', 'in', ids).execute()
    }
    // Rows of readers without an entry (none, as the lists are kept from the entries): moved all the same.
    await trx.updateTable('wishlist').set({ bookId: survivor }).where('bookId', '=', absorbed).execute()
    await trx.updateTable('reads').set({ bookId: survivor }).where('bookId', '=', absorbed).execute()

    // A review with stars of the survivor (one moved here, or the reader's own) holds the reader's rating: a lone one gives way.
    const superseded = (
      await trx
        .selectFrom('readingEntries as e')
        .selectAll('e')
        .where('e.bookId', '=', survivor)
        .where('e.rating', 'is not', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('reviews as r')
              .select('r.id')
              .whereRef('r.userId', '=', 'e.userId')
              .where('r.bookId', '=', survivor)
              .where('r.rating', 'is not', null),
          ),
        )
        .execute()
    ).map(plainEntry)
    const foldOf = new Map(folds.map((f) => [f.written.userId, f]))
    for (const e of superseded) {
      const f = foldOf.get(e.userId)
      if (f) f.written = { ...f.written, rating: null }
      else folds.push({ a: null, b: e, written: { ...e, rating: null } })
    }
    await bumpLogs(
      trx,
      superseded.filter((e) => !foldOf.has(e.userId)).map((e) => e.userId),
    )
    for (const ids of chunked(superseded.map((e) => e.userId))) {
      await trx.updateTable('readingEntries').set({ rating: null }).where('bookId', '=', survivor).where('userId', 'in', ids).execute()
    }

    await moveLone(trx, books, absorbed, aRows, [])
    await moveLone(
      trx,
      books,
      survivor,
      folds.map((f) => f.b),
      folds.map((f) => f.written),
    )
    const entries = folds.map(({ a, b, written }): KeptFold => (a && !b && same(written, movedAs(a, survivor, absorbed)) ? { a, b } : { a, b, written }))
    return { entries, reads, wishlist, listed, named: [] }
  },

  async putBack(trx, step, moved) {
    const { absorbed, survivor } = step
    if (step.kind === 'edition') {
      const readers = moved.named.map((n) => n.userId)
      await bumpLogs(trx, readers)
      await moveEditionNames(trx, survivor === step.workId ? null : survivor, absorbed, step.workId, readers)
      return
    }

    const folds = moved.entries.map(({ a, b, written }): Fold => ({ a, b, written: written ?? movedAs(a!, survivor, absorbed) }))
    const readers = folds.map((f) => f.written.userId)
    await bumpLogs(trx, readers)
    const current = new Map<string, Entry>()
    for (const ids of chunked(readers)) {
      const rows = await trx.selectFrom('readingEntries').selectAll().where('bookId', '=', survivor).where('userId', 'in', ids).execute()
      for (const row of rows) current.set(row.userId, plainEntry(row))
    }
    // A reader who took the book out of their library since: nothing of theirs comes back.
    const kept = folds.filter((f) => current.has(f.written.userId))
    const untouched = kept.filter((f) => same(current.get(f.written.userId)!, f.written))

    const restoredA = kept.flatMap((f) => (f.a ? [f.a] : []))
    for (const rows of chunked(restoredA)) await trx.insertInto('readingEntries').values(rows).execute()
    for (const ids of chunked(moved.reads))
      await trx.updateTable('readThroughs').set({ bookId: absorbed }).where('id', 'in', ids).where('bookId', '=', survivor).execute()
    for (const f of untouched) {
      if (f.b) {
        const { userId, bookId, ...fields } = f.b
        await trx.updateTable('readingEntries').set(fields).where('userId', '=', userId).where('bookId', '=', bookId).execute()
      }
    }
    for (const ids of chunked(untouched.filter((f) => !f.b).map((f) => f.written.userId))) {
      await trx.deleteFrom('readingEntries').where('bookId', '=', survivor).where('userId', 'in', ids).execute()
    }

    // The spec's lists as they were for those put back exactly; kept from the entries for the others.
    const exact = new Set(untouched.map((f) => f.written.userId))
    const restoredOn = new Set(restoredA.map((a) => a.userId))
    for (const ids of chunked([...exact])) {
      await trx.deleteFrom('wishlist').where('bookId', '=', survivor).where('userId', 'in', ids).execute()
      await trx.deleteFrom('reads').where('bookId', '=', survivor).where('userId', 'in', ids).execute()
    }
    const back = (r: { userId: string; bookId: string }) => (r.bookId === absorbed ? restoredOn.has(r.userId) : exact.has(r.userId))
    for (const rows of chunked(moved.wishlist.filter(back))) {
      await trx
        .insertInto('wishlist')
        .values(rows)
        .onConflict((oc) => oc.columns(['userId', 'bookId']).doNothing())
        .execute()
    }
    for (const rows of chunked(moved.listed.filter(back))) {
      await trx
        .insertInto('reads')
        .values(rows)
        .onConflict((oc) => oc.columns(['userId', 'bookId']).doNothing())
        .execute()
    }
    for (const f of kept.filter((x) => !exact.has(x.written.userId))) await syncProjections(trx, f.written.userId, survivor, step.at)

    await moveLone(trx, books, absorbed, [], restoredA)
    await moveLone(
      trx,
      books,
      survivor,
      untouched.map((f) => current.get(f.written.userId)),
      untouched.map((f) => f.b),
    )
  },
})

import type { Selectable } from 'kysely'
import { BOOK_DETAIL_FIELDS, MERGE_MESSAGES, type MergeKind } from '@shelfwise/contracts'
import { dialectOf, lockedForUpdate, toIso, type Db } from '#/db/portable.ts'
import type { BookEditsTable, BooksTable } from '#/db/schema.ts'
import { conflict } from '#/errors.ts'
import { chunked, type CatalogueMergeDoor, type MergeSide } from '#/book-merge.ts'
import { yieldToLoop } from '#/work-gate.ts'
import { countCatalogueEdit } from '#/modules/books/books.repository.ts'
import { findIsbnHolder, isbn13Of } from '#/modules/books/books.editions.repository.ts'
import { importQueriesOf, listImportCandidates, listImportCandidatesByQueries } from '#/modules/books/books.duplicates.repository.ts'
import { authorQueryWords, authorRelation, titleKeys, titleRelation } from '#/modules/books/books.import-match.ts'

// The books module's door for merging duplicates (decision 0030): the catalogue's own rows.
//
// A work merge: the absorbed work's other editions become the survivor's, and its shown edition
// becomes an edition row of the survivor whose id is the absorbed work's id, so that id keeps
// answering (books.workOf, GET /books/{id}) with the surviving book. Once the other doors have moved
// every row naming it, the absorbed work's row goes (with its genres and history, kept here for a
// revert), and with it its place in search, Browse, Home and the author pages. Its rating counters
// are not copied anywhere: the reviews and reading doors move each rating through the ledger.
//
// An edition merge: the absorbed edition keeps its row (its id keeps answering) with `merged_into`
// naming the survivor, and leaves the work's edition list and count.

/** The books row's own columns, as a revert writes them back (the rating counters start at zero: the ledger moves the ratings back in). */
const BOOK_COLUMNS = [
  'id',
  'title',
  'author',
  'authorUserId',
  'publisher',
  'publisherUserId',
  'listedByUserId',
  'createdByUserId',
  ...BOOK_DETAIL_FIELDS,
  'unclaimedIsbn',
  'category',
  'format',
  'audioSeconds',
  'createdAt',
  'updatedAt',
] as const

type Plain<T> = { [K in keyof T]: Exclude<T[K], Date> }
type BookSnapshot = Plain<Pick<Selectable<BooksTable>, (typeof BOOK_COLUMNS)[number]>>

const EDIT_COLUMNS = ['id', 'bookId', 'userId', 'field', 'oldValue', 'newValue', 'editedAt'] as const
type EditRow = Plain<Pick<Selectable<BookEditsTable>, (typeof EDIT_COLUMNS)[number]>>

interface BooksMoved {
  /** Work merge: the absorbed work's row as it was (its counters aside), its genres, its history, and its other editions (now the survivor's). */
  book?: BookSnapshot
  genres?: string[]
  edits?: EditRow[]
  editions?: string[]
  /** Edition merge: editions merged into the absorbed one before, now naming the survivor. */
  repointed?: string[]
}

/** Timestamps as text, whichever driver read them. */
const plain = <T extends object>(row: T): Plain<T> => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? toIso(v) : v])) as Plain<T>

/** Which of these user ids still have an account. */
async function usersStill(trx: Db, ids: (string | null)[]): Promise<Set<string>> {
  const alive = new Set<string>()
  for (const some of chunked([...new Set(ids.filter((id): id is string => id !== null))])) {
    for (const row of await trx.selectFrom('users').select('id').where('id', 'in', some).execute()) alive.add(row.id)
  }
  return alive
}

const moveEditionCount = (trx: Db, bookId: string, by: number) =>
  trx
    .updateTable('books')
    .set((eb) => ({ editionCount: eb('editionCount', '+', by) }))
    .where('id', '=', bookId)
    .execute()

/**
 * Which of two books stays: for a work merge the one more readers rated (reviews with stars and
 * ratings given without one: fewer rows move, and the card readers know stays), then the older, then
 * the smaller id; for an edition merge the work's shown edition, else the one added first (ids are
 * time-ordered).
 */
function survivorOf(kind: MergeKind, [a, b]: readonly [MergeSide, MergeSide]): 0 | 1 {
  if (kind === 'edition') {
    if (a.shown !== b.shown) return a.shown ? 0 : 1
    return a.id < b.id ? 0 : 1
  }
  if (a.ratings !== b.ratings) return a.ratings > b.ratings ? 0 : 1
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 0 : 1
  return a.id < b.id ? 0 : 1
}

/** The edition row the absorbed work's shown edition becomes: its own edition fields, its ISBN as an ISBN-13. */
async function asEditionRow(trx: Db, book: BookSnapshot, workId: string) {
  const held = book.isbn ? isbn13Of(book.isbn) : null
  const unclaimed = book.unclaimedIsbn ? isbn13Of(book.unclaimedIsbn) : null
  // An old pair of books holding the two forms of one ISBN (decision 0027) cannot both hold it as editions: the second shows it, held by nobody.
  const taken = held ? (await findIsbnHolder(trx, held))?.editionId : undefined
  const holds = held && (taken === undefined || taken === book.id)
  const num = (v: number | null) => (v === null ? null : Number(v))
  return {
    id: book.id,
    bookId: workId,
    isbn: holds ? held : null,
    unclaimedIsbn: holds ? null : (held ?? unclaimed),
    format: book.format,
    pageCount: num(book.pageCount),
    audioSeconds: num(book.audioSeconds),
    language: book.language,
    publisher: book.publisher,
    publishedDate: book.publishedDate,
    edition: book.edition,
    coverImage: book.coverImage,
    createdByUserId: book.createdByUserId,
    createdAt: book.createdAt,
  }
}

/** The edit distance of two words, up to `max` (anything further answers max + 1). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)))
    if (Math.min(...row) > max) return max + 1
    prev = row
  }
  return prev[b.length]!
}

/**
 * Whether two authors are likely one person though the import's rule did not say so: the same by
 * that rule, or the same first word (or its initial) and family names a letter or two apart in
 * spelling, as transliterations are ('Fyodor Dostoevsky', 'Fyodor Dostoyevsky').
 */
function likeAuthors(a: string, b: string): boolean {
  if (authorRelation(a, b) === 'same') return true
  const first = (name: string) => name.trim().split(/\s+/)[0]!.toLowerCase().replace(/\./g, '')
  const [x, y] = [first(a), first(b)]
  if (!(x === y || (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y)))) return false
  const [fa, fb] = [authorQueryWords(a).at(-1), authorQueryWords(b).at(-1)]
  return fa !== undefined && fb !== undefined && fa.length >= 5 && fb.length >= 5 && distance(fa, fb, 2) <= 2
}

/** Works an import suggests merging look at this many books found by title, most relied on first. */
const LIKE_LOOKED_AT = 200

type LikeRow = { id: string; title: string; author: string; totalReviews: number; createdAt: string | Date }

/** The books likeWorks compares, MERGE_CHUNK ids to a statement. */
async function readLike(db: Db, ids: readonly string[]): Promise<LikeRow[]> {
  const rows: LikeRow[] = []
  for (const some of chunked([...new Set(ids)]))
    rows.push(...(await db.selectFrom('books').select(['id', 'title', 'author', 'totalReviews', 'createdAt']).where('id', 'in', some).execute()))
  return rows
}

/** The works among `others` alike to `book` (likeWorks's rule), most relied on first. */
const likeAmong = (book: LikeRow, others: readonly LikeRow[]) => {
  const keys = titleKeys(book.title)
  return others
    .filter((o) => o.id !== book.id && ['same', 'subtitle'].includes(titleRelation(keys, titleKeys(o.title))) && likeAuthors(book.author, o.author))
    .sort((a, b) => b.totalReviews - a.totalReviews || toIso(a.createdAt).localeCompare(toIso(b.createdAt)) || a.id.localeCompare(b.id))
    .map((o) => o.id)
}

/**
 * likeWorks for many works at once, looked for by title among the catalogue: the works read in a
 * statement, their titles looked up together on PostgreSQL (one statement; SQLite one lookup each,
 * in-process), and the books found read together. An import that made 500 books asked this
 * about 1,500 statements, one work at a time.
 */
async function likeWorksOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const books = await readLike(db, ids)
  const lookups = books.map((b) => ({ title: titleKeys(b.title).mainText, authorWords: [] }))
  let found: { id: string }[][] = []
  if (dialectOf(db) === 'postgres') found = await listImportCandidatesByQueries(db, await importQueriesOf(db, lookups))
  else for (const l of lookups) found.push(await listImportCandidates(db, l.title, l.authorWords))
  const seen = new Map(
    (
      await readLike(
        db,
        found.flatMap((f) => f.slice(0, LIKE_LOOKED_AT).map((c) => c.id)),
      )
    ).map((o) => [o.id, o]),
  )
  // Up to LIKE_LOOKED_AT titles compared per work: the loop is let go between works.
  const like = new Map<string, string[]>()
  for (const [i, book] of books.entries()) {
    like.set(
      book.id,
      likeAmong(
        book,
        found[i]!.slice(0, LIKE_LOOKED_AT).flatMap((c) => seen.get(c.id) ?? []),
      ),
    )
    await yieldToLoop()
  }
  return like
}

export const booksMergeDoor: CatalogueMergeDoor<BooksMoved> = {
  module: 'books',
  tables: {
    books: 'work: the absorbed work’s row goes (kept in the merge for a revert); its rating counters move through the ledger with each rating',
    bookGenres: 'work: the absorbed work’s genres go with it (kept for a revert); the survivor keeps its own',
    bookEdits: 'work: the absorbed work’s history goes with it (kept for a revert)',
    editions:
      'work: the absorbed work’s editions become the survivor’s, and its shown edition one of them (its id the old work’s); edition: the absorbed edition is marked merged into the survivor',
  },

  survivorOf,

  async likeWorks(db, id, among) {
    if (among === undefined) return (await likeWorksOf(db, [id])).get(id) ?? []
    const [book] = await readLike(db, [id])
    return book ? likeAmong(book, await readLike(db, among)) : []
  },

  likeWorksOf: (db, ids) => likeWorksOf(db, ids),

  async plan(trx, kind, [first, second], at, lock = true) {
    // Without `lock`, a first look (which would stay) taken before the readers are locked.
    const forUpdate = <Q extends { forUpdate(): Q }>(db: Db, query: Q): Q => (lock ? lockedForUpdate(db, query) : query)
    if (kind === 'work') {
      const rows = await forUpdate(
        trx,
        trx.selectFrom('books').select(['id', 'totalReviews', 'loneRatings', 'createdAt']).where('id', 'in', [first, second]).orderBy('id'),
      ).execute()
      const side = (id: string): MergeSide | undefined => {
        const r = rows.find((row) => row.id === id)
        return r && { id, ratings: Number(r.totalReviews) + Number(r.loneRatings), createdAt: toIso(r.createdAt), shown: false }
      }
      const a = side(first)
      const b = side(second)
      if (!a || !b) throw conflict(MERGE_MESSAGES.bookGone)
      const [survivor, absorbed] = survivorOf('work', [a, b]) === 0 ? [a, b] : [b, a]
      return { kind, survivor: survivor.id, absorbed: absorbed.id, workId: survivor.id, at }
    }
    // Editions: each id an edition row not merged away, or a work's own id (its shown edition), all of one work.
    const editions = await forUpdate(
      trx,
      trx.selectFrom('editions').select(['id', 'bookId', 'mergedInto']).where('id', 'in', [first, second]).orderBy('id'),
    ).execute()
    const workOf = async (id: string): Promise<{ id: string; workId: string; shown: boolean } | undefined> => {
      const e = editions.find((row) => row.id === id)
      if (e) return e.mergedInto === null ? { id, workId: e.bookId, shown: false } : undefined
      const work = await forUpdate(trx, trx.selectFrom('books').select('id').where('id', '=', id)).executeTakeFirst()
      return work && { id, workId: id, shown: true }
    }
    const a = await workOf(first)
    const b = await workOf(second)
    if (!a || !b || a.workId !== b.workId) throw conflict(MERGE_MESSAGES.bookGone)
    // The work's row is locked too: its edition count moves.
    await forUpdate(trx, trx.selectFrom('books').select('id').where('id', '=', a.workId)).executeTakeFirst()
    const sides = [a, b].map((s) => ({ id: s.id, ratings: 0, createdAt: '', shown: s.shown })) as [MergeSide, MergeSide]
    const [survivor, absorbed] = survivorOf('edition', sides) === 0 ? [a, b] : [b, a]
    return { kind, survivor: survivor.id, absorbed: absorbed.id, workId: a.workId, at }
  },

  async planRevert(trx, step) {
    const work = await lockedForUpdate(trx, trx.selectFrom('books').select('id').where('id', '=', step.workId)).executeTakeFirst()
    const alias = await lockedForUpdate(trx, trx.selectFrom('editions').select(['bookId', 'mergedInto']).where('id', '=', step.absorbed)).executeTakeFirst()
    const intact = step.kind === 'work' ? alias?.bookId === step.workId : alias?.mergedInto === step.survivor
    if (!work || !intact) throw conflict(MERGE_MESSAGES.survivorGone)
  },

  async moveFirst(trx, step) {
    if (step.kind === 'edition') {
      const repointed = (await trx.selectFrom('editions').select('id').where('mergedInto', '=', step.absorbed).orderBy('id').execute()).map((r) => r.id)
      if (repointed.length) await trx.updateTable('editions').set({ mergedInto: step.survivor }).where('mergedInto', '=', step.absorbed).execute()
      await trx.updateTable('editions').set({ mergedInto: step.survivor }).where('id', '=', step.absorbed).execute()
      await moveEditionCount(trx, step.workId, -1)
      return { repointed }
    }
    const row = await trx.selectFrom('books').select(BOOK_COLUMNS).where('id', '=', step.absorbed).executeTakeFirstOrThrow()
    const book = plain(row)
    const genres = (await trx.selectFrom('bookGenres').select('genre').where('bookId', '=', step.absorbed).orderBy('genre').execute()).map((g) => g.genre)
    const edits = (await trx.selectFrom('bookEdits').select(EDIT_COLUMNS).where('bookId', '=', step.absorbed).orderBy('id').execute()).map(plain)
    const editions = (await trx.selectFrom('editions').select('id').where('bookId', '=', step.absorbed).orderBy('id').execute()).map((r) => r.id)
    if (editions.length) await trx.updateTable('editions').set({ bookId: step.survivor }).where('bookId', '=', step.absorbed).execute()
    await trx
      .insertInto('editions')
      .values(await asEditionRow(trx, book, step.survivor))
      .execute()
    await moveEditionCount(trx, step.survivor, 1 + editions.length)
    return { book, genres, edits, editions }
  },

  async moveLast(trx, step, first) {
    if (step.kind === 'work') {
      // Each written out, so the search index's triggers run the same way on both databases.
      await trx.deleteFrom('bookGenres').where('bookId', '=', step.absorbed).execute()
      await trx.deleteFrom('bookEdits').where('bookId', '=', step.absorbed).execute()
      await trx.deleteFrom('books').where('id', '=', step.absorbed).execute()
    }
    // Lists, search and every memo of books keyed by the catalogue's version see it at once.
    await countCatalogueEdit(trx)
    return first
  },

  async putBackFirst(trx, step, moved) {
    if (step.kind !== 'work' || !moved.book) return
    const book = moved.book
    const edits = moved.edits ?? []
    // A reader linked to the book (or an editor of it) who closed their account since is unlinked, as closing it would have done (decision 0019).
    const alive = await usersStill(trx, [book.authorUserId, book.publisherUserId, book.listedByUserId, book.createdByUserId, ...edits.map((e) => e.userId)])
    const linked = (id: string | null) => (id !== null && alive.has(id) ? id : null)
    await trx
      .insertInto('books')
      .values({
        ...book,
        authorUserId: linked(book.authorUserId),
        publisherUserId: linked(book.publisherUserId),
        listedByUserId: linked(book.listedByUserId),
        createdByUserId: linked(book.createdByUserId),
        editionCount: 1,
      })
      .execute()
    if (moved.genres?.length)
      await trx
        .insertInto('bookGenres')
        .values(moved.genres.map((genre) => ({ bookId: step.absorbed, genre })))
        .execute()
    for (const rows of chunked(edits))
      await trx
        .insertInto('bookEdits')
        .values(rows.map((e) => ({ ...e, userId: linked(e.userId) })))
        .execute()
  },

  async putBackLast(trx, step, moved) {
    if (step.kind === 'edition') {
      await trx.updateTable('editions').set({ mergedInto: null }).where('id', '=', step.absorbed).execute()
      for (const ids of chunked(moved.repointed ?? []))
        await trx.updateTable('editions').set({ mergedInto: step.absorbed }).where('id', 'in', ids).where('mergedInto', '=', step.survivor).execute()
      await moveEditionCount(trx, step.workId, 1)
    } else {
      let home = 0
      for (const ids of chunked(moved.editions ?? [])) {
        const res = await trx
          .updateTable('editions')
          .set({ bookId: step.absorbed })
          .where('id', 'in', ids)
          .where('bookId', '=', step.survivor)
          .executeTakeFirst()
        home += Number(res.numUpdatedRows)
      }
      // The absorbed work's shown edition is its own row again: entries on the survivor still naming it fall back to the survivor's shown edition.
      await trx.deleteFrom('editions').where('id', '=', step.absorbed).execute()
      await moveEditionCount(trx, step.absorbed, home)
      await moveEditionCount(trx, step.survivor, -(home + 1))
    }
    await countCatalogueEdit(trx)
  },
}

import { logShown } from '#/modules/reading/reading.service.ts'
import { v7 as uuidv7 } from 'uuid'
import {
  cleanShelfName,
  MESSAGES,
  SHELF_LIMITS,
  SHELF_MESSAGES,
  shelfNameKey,
  shelfNameProblem,
  statusNamed,
  type BookShelf,
  type Shelf,
  type ShelfCreate,
  type ShelfUpdate,
} from '@shelfwise/contracts'
import { isForeignKeyViolation, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import {
  countPlacements,
  countShelves,
  deletePlacements,
  deleteShelf,
  findShelf,
  findShelvesByKeys,
  insertPlacement,
  insertShelf,
  listPlacementsOfBook,
  listShelves,
  updateShelf,
  type PlacementRow,
  type ShelfRow,
} from '#/modules/bookshelves/bookshelves.repository.ts'

// A reader's own shelves (issue 21, point 5, decision 0028): names on books, many per book,
// independent of the reading status, each public or private. Every change runs in one transaction
// that first marks the reader's log changed (reading.markLogChanged): their row is locked before any
// shelf row, so two changes by one reader take turns (the limits hold), and the library's pages kept
// under the log's version show a shelf's change at once, on every instance.

export interface BookshelvesDeps {
  db: Db
  books: Pick<BooksService, 'existingWorkOf'>
  users: Pick<UsersService, 'assertExists'>
  reading: Pick<ReadingService, 'markLogChanged' | 'putInLibrary' | 'scopeOf'>
}

/** A shelf name an import or a client gives, as placeOnShelves takes it: the name, and the book's position on that shelf when the file says. */
export type ShelfPlacement = string | { name: string; position?: number | null }

/** What placeOnShelves did: the shelves the book went on, the shelves it made, and each name it could not use, with why. */
export interface Placed {
  placed: string[]
  created: string[]
  refused: { name: string; reason: string }[]
}

interface Named {
  name: string
  key: string
  position?: number
}

/** A name cleaned, or why it cannot be a shelf's (a reading status's name cannot). */
function checkName(raw: string): Named | { problem: string } {
  const name = cleanShelfName(raw)
  const problem = shelfNameProblem(name)
  if (problem) return { problem: SHELF_MESSAGES.badName(name || raw, problem) }
  const status = statusNamed(name)
  if (status) return { problem: SHELF_MESSAGES.reserved(name, status) }
  return { name, key: shelfNameKey(name) }
}

/** A position a file gives, when it is one (a whole number from 1). */
const positionOf = (p: number | null | undefined) => (typeof p === 'number' && Number.isInteger(p) && p >= 1 && p <= 1_000_000_000 ? p : undefined)

const toBookShelf = (p: PlacementRow): BookShelf => ({ _id: p.shelfId, name: p.name, public: p.isPublic, position: p.position, addedAt: p.addedAt })

export const createBookshelvesService = ({ db, books, reading }: BookshelvesDeps) => {
  /** The caller's shelf, locked by their log's mark; 404 for anyone else's, as for one that never was. */
  const ownShelf = async (trx: Db, actor: Actor, id: string): Promise<ShelfRow> => {
    const shelf = await findShelf(trx, id)
    if (!shelf || shelf.userId !== actor.id) throw notFound(SHELF_MESSAGES.notFound)
    return shelf
  }

  const shelfAnswer = async (trx: Db, userId: string, s: { id: string; name: string; isPublic: boolean }): Promise<Shelf> => ({
    _id: s.id,
    name: s.name,
    count: await countPlacements(trx, userId, s.id),
    public: s.isPublic,
  })

  /** A reserved name refused before anything is read, or the name cleaned (the schema already refused bad ones). */
  const nameFor = (raw: string): Named => {
    const checked = checkName(raw)
    if ('problem' in checked) throw badRequest(checked.problem)
    return checked
  }

  /** A shelf's write: a name another shelf of the reader took meanwhile is a 409, not a 500. */
  const writing = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn()
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(SHELF_MESSAGES.taken(name))
      throw err
    }
  }

  /**
   * Puts a book on some of the reader's shelves by name, making the shelves they lack, in the
   * caller's transaction. A step: it marks the reader's log changed first, as every write of theirs
   * does. A name that cannot be a shelf (empty, too long, with a comma, a reading status's), a shelf
   * past the reader's 500 and a book past its 50 shelves are refused with the reason, the rest done.
   * The book is put after a shelf's last book unless a position is given (an export's "#3"); a book
   * already on a shelf stays where it is. A book without a status enters the library as Want to Read.
   * `bookId` is a work's id (an import's match is one); `addedAt` the placements' moment (a file's Date Added).
   */
  async function placeOnShelves(
    trx: Db,
    userId: string,
    bookId: string,
    names: readonly ShelfPlacement[],
    { createPrivate = true, addedAt }: { createPrivate?: boolean; addedAt?: string } = {},
  ): Promise<Placed> {
    await reading.markLogChanged(trx, userId)
    const at = addedAt ?? nowIso()
    const done: Placed = { placed: [], created: [], refused: [] }
    const wanted = new Map<string, Named>()
    for (const given of names) {
      const raw = typeof given === 'string' ? given : given.name
      const checked = checkName(raw)
      if ('problem' in checked) done.refused.push({ name: raw, reason: checked.problem })
      else if (wanted.has(checked.key)) continue
      // More names than a book can have shelves: the rest are refused before any is looked up.
      else if (wanted.size >= SHELF_LIMITS.perBook) done.refused.push({ name: checked.name, reason: SHELF_MESSAGES.tooManyOnBook })
      else {
        const position = typeof given === 'string' ? undefined : positionOf(given.position)
        wanted.set(checked.key, { ...checked, ...(position === undefined ? {} : { position }) })
      }
    }
    if (!wanted.size) return done
    const onBook = new Set((await listPlacementsOfBook(trx, userId, bookId)).map((p) => p.shelfId))
    const existing = new Map((await findShelvesByKeys(trx, userId, [...wanted.keys()])).map((s) => [s.nameKey, s]))
    let shelves: number | undefined
    for (const w of wanted.values()) {
      let shelf = existing.get(w.key)
      if (shelf && onBook.has(shelf.id)) continue
      if (onBook.size >= SHELF_LIMITS.perBook) {
        done.refused.push({ name: w.name, reason: SHELF_MESSAGES.tooManyOnBook })
        continue
      }
      if (!shelf) {
        shelves ??= await countShelves(trx, userId)
        if (shelves >= SHELF_LIMITS.perReader) {
          done.refused.push({ name: w.name, reason: SHELF_MESSAGES.tooManyShelves })
          continue
        }
        shelf = { id: uuidv7(), userId, name: w.name, nameKey: w.key, isPublic: !createPrivate }
        await insertShelf(trx, shelf, at)
        shelves++
        done.created.push(w.name)
      }
      await insertPlacement(trx, { shelfId: shelf.id, userId, bookId, position: w.position }, at)
      onBook.add(shelf.id)
      done.placed.push(shelf.name)
    }
    if (onBook.size) await reading.putInLibrary(trx, userId, bookId)
    return done
  }

  return {
    placeOnShelves,

    /** A reader's shelves by name with their counts: all of them for the reader, the public ones for anyone else; 404 for an unknown reader. */
    async list(userId: string, viewer: Actor | undefined): Promise<Shelf[]> {
      const scope = await reading.scopeOf(userId, viewer?.id)
      // A reader's shelves are their log's, shown where its default is (decision 0055).
      if (!logShown(scope)) return []
      const rows = await listShelves(db, scope)
      return rows.map((r) => ({ _id: r.id, name: r.name, count: r.count, public: r.isPublic }))
    },

    /** Makes a shelf for the caller (private unless asked otherwise); 409 for a name they already use, or past their 500 shelves. */
    async create(actor: Actor, input: ShelfCreate): Promise<Shelf> {
      const { name, key } = nameFor(input.name)
      const isPublic = input.public ?? false
      return writing(name, () =>
        db.transaction().execute(async (trx) => {
          await reading.markLogChanged(trx, actor.id)
          if ((await findShelvesByKeys(trx, actor.id, [key])).length) throw conflict(SHELF_MESSAGES.taken(name))
          if ((await countShelves(trx, actor.id)) >= SHELF_LIMITS.perReader) throw conflict(SHELF_MESSAGES.tooManyShelves)
          const id = uuidv7()
          await insertShelf(trx, { id, userId: actor.id, name, nameKey: key, isPublic }, nowIso())
          return { _id: id, name, count: 0, public: isPublic }
        }),
      )
    },

    /** Renames one of the caller's shelves, or makes it public or private; 404 for anyone else's, 409 for a name another of theirs has. */
    async update(actor: Actor, id: string, input: ShelfUpdate): Promise<Shelf> {
      if (input.name === undefined && input.public === undefined) throw badRequest(SHELF_MESSAGES.nothingToChange)
      const named = input.name === undefined ? undefined : nameFor(input.name)
      return writing(named?.name ?? '', () =>
        db.transaction().execute(async (trx) => {
          await reading.markLogChanged(trx, actor.id)
          const shelf = await ownShelf(trx, actor, id)
          if (named && named.key !== shelf.nameKey && (await findShelvesByKeys(trx, actor.id, [named.key])).length) {
            throw conflict(SHELF_MESSAGES.taken(named.name))
          }
          const change = { ...(named ? { name: named.name, nameKey: named.key } : {}), ...(input.public === undefined ? {} : { isPublic: input.public }) }
          await updateShelf(trx, id, change, nowIso())
          return shelfAnswer(trx, actor.id, { id, name: named?.name ?? shelf.name, isPublic: input.public ?? shelf.isPublic })
        }),
      )
    },

    /** Deletes one of the caller's shelves and takes its books off it; the books stay in the library with their statuses. 404 for anyone else's. */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await reading.markLogChanged(trx, actor.id)
        await ownShelf(trx, actor, id)
        await deleteShelf(trx, actor.id, id)
      })
    },

    /** The caller's shelves a book is on, by name; 404 for an absent book. */
    async ofBook(actor: Actor, bookId: string): Promise<BookShelf[]> {
      const workId = await books.existingWorkOf(bookId)
      return (await listPlacementsOfBook(db, actor.id, workId)).map(toBookShelf)
    },

    /**
     * Sets every shelf of the caller's a book is on, by name: it leaves the others, goes on the named
     * ones (after each one's last book; where it was on those it already was on), and shelves the
     * caller lacks are made, private. Nothing is written when a name is refused. A book without a
     * status enters the library as Want to Read. Answers the book's shelves; 404 for an absent book.
     */
    async setForBook(actor: Actor, bookId: string, names: string[]): Promise<BookShelf[]> {
      const wanted = new Map<string, Named>()
      for (const raw of names) {
        const named = nameFor(raw)
        if (!wanted.has(named.key)) wanted.set(named.key, named)
      }
      const workId = await books.existingWorkOf(bookId)
      try {
        return await writing([...wanted.values()][0]?.name ?? '', () =>
          db.transaction().execute(async (trx) => {
            await reading.markLogChanged(trx, actor.id)
            const existing = new Set((await findShelvesByKeys(trx, actor.id, [...wanted.keys()])).map((s) => s.nameKey))
            const missing = [...wanted.values()].filter((w) => !existing.has(w.key))
            if (missing.length && (await countShelves(trx, actor.id)) + missing.length > SHELF_LIMITS.perReader) {
              throw conflict(SHELF_MESSAGES.tooManyShelves)
            }
            const keep = new Set(wanted.keys())
            const leaving = (await listPlacementsOfBook(trx, actor.id, workId)).filter((p) => !keep.has(p.nameKey))
            await deletePlacements(
              trx,
              actor.id,
              workId,
              leaving.map((p) => p.shelfId),
            )
            if (wanted.size)
              await placeOnShelves(
                trx,
                actor.id,
                workId,
                [...wanted.values()].map((w) => w.name),
              )
            return (await listPlacementsOfBook(trx, actor.id, workId)).map(toBookShelf)
          }),
        )
      } catch (err) {
        // The book was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound(MESSAGES.bookNotFound)
        throw err
      }
    },
  }
}

export type BookshelvesService = ReturnType<typeof createBookshelvesService>

import { v7 as uuidv7 } from 'uuid'
import {
  BOOK_MESSAGES,
  bookAsEdition,
  EDITION_MESSAGES,
  EDITIONS_DEFAULT_LIMIT,
  MESSAGES,
  primaryEditionOf,
  type Book,
  type BookFormat,
  type CreateEditionInput,
  type Edition,
  type EditionListQuery,
} from '@shelfwise/contracts'
import { validIsbn10, validIsbn13 } from '@shelfwise/library-files'
import { isForeignKeyViolation, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import type { UploadClaims } from '#/modules/uploads/uploads.service.ts'
import {
  findEdition,
  findIsbnHolder,
  findLiveEdition,
  findWorkIdOf,
  insertEdition,
  isbn13Of,
  listEditionsPage,
  lockIsbn,
} from '#/modules/books/books.editions.repository.ts'
import { countCatalogueEdit, findBookById, findBookPageCount } from '#/modules/books/books.repository.ts'

// Works and editions (decision 0027): the resolver every call taking a book id goes through, a work
// shown as one of its editions, its editions listed, and an edition added by a reader or an import.

/** What an edition is made of, for attachEdition (an import's new edition, or a reader's). */
interface EditionFields {
  isbn: string | null
  format?: BookFormat | null
  pageCount?: number | null
  audioSeconds?: number | null
  language?: string
  publisher?: string
  publishedDate?: string | null
  edition?: string
  coverImage?: string
  /** Who added it (null: nobody's, as the seeded catalogue). */
  createdByUserId: string | null
  /**
   * The ISBN is shown but held against nobody, as an import's book's (decision 0023): an import
   * attaches its editions so, and the real edition can still be added by hand.
   */
  unclaimed?: boolean
}

export const createEditions = ({ db, uploads }: { db: Db; uploads: UploadClaims }) => {
  /**
   * The work an id names: a work's id is itself, an edition's id its work's. An id that names
   * neither comes back as it is, so the caller's own read answers its 404. One indexed read, every
   * time: a merge (decision 0030) moves editions to another work and a revert moves them back, on
   * any instance, and a memo kept honest across instances would cost the same read.
   */
  const workOf = async (id: string, on?: Db): Promise<string> => (await findWorkIdOf(on ?? db, id)) ?? id

  /**
   * One book as asked for: a work as its shown edition, or, for an edition's id, its work shown as
   * that edition (a merged edition as the one it was merged into). `on`: the caller's transaction.
   */
  const find = async (id: string, on: Db = db): Promise<Book | undefined> => {
    const book = await findBookById(on, id)
    if (book) return book
    const found = await findLiveEdition(on, id)
    if (!found) return undefined
    if ('work' in found) return findBookById(on, found.work)
    const work = await findBookById(on, found.edition.workId)
    return work && bookAsEdition(work, found.edition)
  }

  /**
   * Stores an edition of a work (a step of the caller's transaction): its ISBN, as an ISBN-13, held
   * against every book and edition (409 naming the work that holds it), or shown but held by nobody
   * when `unclaimed`. Answers the new edition's id.
   */
  const attachEdition = async (trx: Db, workId: string, fields: EditionFields): Promise<string> => {
    const isbn = fields.isbn ? isbn13Of(fields.isbn) : null
    if (isbn && !fields.unclaimed) {
      await lockIsbn(trx, isbn)
      const holder = await findIsbnHolder(trx, isbn)
      if (holder) throw conflict(EDITION_MESSAGES.isbnHeld(holder.title, holder.author))
    }
    const id = uuidv7()
    await insertEdition(trx, {
      id,
      bookId: workId,
      isbn: fields.unclaimed ? null : isbn,
      unclaimedIsbn: fields.unclaimed ? isbn : null,
      format: fields.format ?? null,
      pageCount: fields.pageCount ?? null,
      audioSeconds: fields.audioSeconds ?? null,
      language: fields.language ?? '',
      publisher: fields.publisher ?? '',
      publishedDate: fields.publishedDate ?? null,
      edition: fields.edition ?? '',
      coverImage: fields.coverImage ?? '',
      createdByUserId: fields.createdByUserId,
      createdAt: nowIso(),
    })
    // The work's edition count shows in every list of books.
    await countCatalogueEdit(trx)
    return id
  }

  return {
    workOf,

    find,

    /**
     * The page count progress is checked against: the edition's when the reader reads another edition
     * and it says, else the work's (null when unknown); 404 'Book not found' when the work is absent.
     * `on`: the caller's transaction.
     */
    async pageCount(workId: string, editionId?: string | null, on: Db = db): Promise<number | null> {
      const [pages, found] = await Promise.all([findBookPageCount(on, workId), editionId ? findLiveEdition(on, editionId) : undefined])
      if (pages === undefined) throw notFound(MESSAGES.bookNotFound)
      return (found && 'edition' in found ? found.edition.pageCount : null) ?? pages
    },

    /** Whether `editionId` is one of the work's editions other than its shown one. */
    async isEditionOf(workId: string, editionId: string, on?: Db): Promise<boolean> {
      return (await findEdition(on ?? db, editionId))?.workId === workId
    },

    /**
     * One page of a work's editions (`id` a work's or an edition's), its shown edition first; 404 'Book
     * not found'. `on`: the caller's transaction, when it asks from inside one.
     */
    async editions(id: string, query: EditionListQuery, on: Db = db): Promise<Page<Edition>> {
      const workId = await workOf(id, on)
      const work = await findBookById(on, workId)
      if (!work) throw notFound(MESSAGES.bookNotFound)
      const limit = query.limit ?? EDITIONS_DEFAULT_LIMIT
      // The cursor holds the last edition listed: the work's own id when only the primary one was (a page of one).
      const [after] = query.cursor ? decodeKeyset(query.cursor, ['id'] as const) : [undefined]
      const total = work.editionCount ?? 1
      if (after === undefined && limit === 1) return { items: [primaryEditionOf(work)], total, ...(total > 1 ? { nextCursor: encodeCursor([workId]) } : {}) }
      // The first page leads with the primary edition and holds one edition row fewer.
      const { editions, next } = await listEditionsPage(on, workId, {
        limit: after === undefined ? limit - 1 : limit,
        after: after === workId ? undefined : after,
      })
      const items = after === undefined ? [primaryEditionOf(work), ...editions] : editions
      return { items, total, ...(next ? { nextCursor: encodeCursor([next]) } : {}) }
    },

    /**
     * A signed-in reader adds an edition of a work (`id` a work's or an edition's): the ISBN's check
     * digit checked, then held against every book and edition (409 naming the work that holds it).
     * 404 'Book not found' for an absent work.
     */
    async addEdition(actor: Actor, id: string, input: CreateEditionInput): Promise<Edition> {
      if (input.isbn && !(input.isbn.length === 10 ? validIsbn10(input.isbn) : validIsbn13(input.isbn))) throw badRequest(EDITION_MESSAGES.isbnCheckDigit)
      const workId = await workOf(id)
      const editionId = await db
        .transaction()
        .execute(async (trx) => {
          if ((await findWorkIdOf(trx, workId)) !== workId) throw notFound(MESSAGES.bookNotFound)
          const created = await attachEdition(trx, workId, { ...input, isbn: input.isbn || null, createdByUserId: actor.id })
          await uploads.claim(input.coverImage, 'coverImage', trx)
          return created
        })
        .catch((err: unknown) => {
          // The work was deleted meanwhile (the edition's foreign key refused it).
          if (isForeignKeyViolation(err)) throw notFound(MESSAGES.bookNotFound)
          // Only the unique index can still tell (the check above runs under the ISBN's lock).
          if (isUniqueViolation(err)) throw conflict(BOOK_MESSAGES.isbnTaken)
          throw err
        })
      return (await findEdition(db, editionId))!
    },

    attachEdition,
  }
}

import { MESSAGES, type Book } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { TOPICS, type Changes } from '#/changes.ts'
import { notFound } from '#/errors.ts'
import { NO_UPLOAD_CLAIMS, type UploadClaims } from '#/modules/uploads/uploads.service.ts'
import { createCatalogue } from '#/modules/books/books.catalogue.ts'
import {
  addNewReviewRating,
  moveBookRatings,
  moveManyBookRatings,
  takeOutRatingsOf,
  type RatingMove,
  type ReviewedBook,
} from '#/modules/books/books.ratings.repository.ts'
import { findCatalogueVersion, findViewerFlags, listBooksByIds, setBookHidden } from '#/modules/books/books.repository.ts'
import { createEditions } from '#/modules/books/books.editions.ts'
import { createBookSearch } from '#/modules/books/books.search.ts'
import { createDetailsBatch, findExportDetails, keepImportedDetails } from '#/modules/books/books.import-details.ts'
import { findIsbnHolder, findWorkIdOf } from '#/modules/books/books.editions.repository.ts'

// The books module's one door. Its jobs live apart: books.catalogue.ts adds, corrects and removes a
// book (with its history, duplicates and an import's way in); books.search.ts reads the catalogue
// many books at a time (lists, search, facets); the rating ledger is books.ratings.repository.ts.

export { SEARCH_DEFAULT_LIMIT, WALK_PAGE } from '#/modules/books/books.search.ts'
// What an import's batch holds of the catalogue (decision 0070), for the imports module.
export type { IsbnHolders, TitleCandidates } from '#/modules/books/books.catalogue.ts'
export type { DetailsBatch } from '#/modules/books/books.import-details.ts'

export interface BooksDeps {
  db: Db
  /** What changed, told by the database (decision 0064): the catalogue's version is kept until a book is added, corrected or removed. */
  changes?: Changes
  /** Told when a cover shows an upload, so it is never removed. */
  uploads?: UploadClaims
}

export const createBooksService = ({ db, uploads = NO_UPLOAD_CLAIMS, changes }: BooksDeps) => {
  const editions = createEditions({ db, uploads })
  const versions = changes?.kept<string>({ max: 1 })
  const catalogueVersion = (): Promise<string> => (versions ? versions.get(TOPICS.catalogue, () => findCatalogueVersion(db)) : findCatalogueVersion(db))
  const { workOf } = editions

  /** One book (a work, or a work shown as the edition whose id this is); 404 'Book not found' when absent. `on`: the caller's transaction. */
  const get = async (id: string, on?: Db): Promise<Book> => {
    const book = await editions.find(id, on)
    if (!book) throw notFound(MESSAGES.bookNotFound)
    return book
  }

  return {
    get,

    /**
     * The work an id names (decision 0027): a work's id is itself, an edition's its work's; an id
     * naming neither comes back as it is, for the caller's own 404. Every call taking a book id asks
     * this first, so an edition's id is never a 404. In the caller's transaction when given.
     */
    workOf,

    /** workOf for a book that must exist: 404 'Book not found' when the id names neither a work nor an edition. One read. */
    async existingWorkOf(id: string, on?: Db): Promise<string> {
      const workId = await findWorkIdOf(on ?? db, id)
      if (workId === undefined) throw notFound(MESSAGES.bookNotFound)
      return workId
    },

    /** One book as a viewer sees it: a signed-in viewer also learns whether it is on their lists. */
    async getForViewer(id: string, viewerId: string | undefined): Promise<Book> {
      const book = await get(id)
      return viewerId ? { ...book, ...(await findViewerFlags(db, book._id, viewerId)) } : book
    },

    /** Books by id in the given order, for other modules' lists (popular, shelves, feeds). */
    listByIds: (ids: string[]) => listBooksByIds(db, ids),

    /**
     * The moderators hid a book or showed it again (decision 0058), in their decision's transaction:
     * every catalogue list leaves it out (or shows it again) and the catalogue's version moves.
     */
    hiddenChanged: (trx: Db, id: string, hidden: boolean): Promise<void> => setBookHidden(trx, id, hidden),

    /** The catalogue's version: changes whenever a book is added, corrected or removed (for other modules' memos of books). */
    catalogueVersion,

    /**
     * A work's page count for checking a reader's progress: the edition's they read when it says
     * (`editionId`), else the work's; null when unknown; 404 'Book not found' when absent.
     */
    pageCount: editions.pageCount,

    /** Whether `editionId` is one of the work's editions other than its shown one (a reader's "which edition"). */
    isEditionOf: editions.isEditionOf,

    /** One page of a work's editions, its shown one first (`id` a work's or an edition's); 404 'Book not found'. */
    editions: editions.editions,

    /** A reader adds an edition of a work: 201 with it, 409 naming the work holding its ISBN, 404 for an absent work. */
    addEdition: editions.addEdition,

    /**
     * Attaches a new edition to a work, a step of the caller's transaction (an import's row whose ISBN
     * is new but whose work exists): answers its id; 409 naming the holder when its ISBN is held
     * (`unclaimed` shows it held by nobody, as decision 0023 has an import's ISBNs).
     */
    attachEdition: editions.attachEdition,

    /**
     * An imported row's binding, other contributors and original year kept on its edition and work
     * where the catalogue has none (decision 0031), a step of the caller's transaction; answers the
     * ones the catalogue already gives otherwise.
     */
    keepImportedDetails,

    /** The works of a batch of an import's rows, for keepImportedDetails (decision 0070), a step of the batch's transaction. */
    importDetailsBatch: createDetailsBatch,

    /** The Goodreads export's binding, other contributors and original year of some works and editions (decision 0031). */
    exportDetails: (workIds: string[], editionIds: string[]) => findExportDetails(db, workIds, editionIds),

    /**
     * The work and edition holding an ISBN (compact, either form; decision 0027), for a device's
     * progress sync (decision 0047): `editionId` is the work's own id for its shown edition.
     */
    holderOfIsbn: (isbn: string) => findIsbnHolder(db, isbn),

    /**
     * The rating ledger (books.ratings.repository.ts, decision 0024): the one writer of a book's
     * rating counters and average. Reviews and the reading log tell it every change of a rating, in
     * the transaction that makes the change (`trx`).
     */
    ratings: {
      /** Moves a book's counters and average by one change of its ratings; false when the book is absent. */
      move: (trx: Db, bookId: string, change: RatingMove): Promise<boolean> => moveBookRatings(trx, bookId, change),
      /** Moves many books, each by its own change (an import's batch, summed per book); absent books move nothing. */
      moveMany: (trx: Db, moves: ReadonlyMap<string, RatingMove>): Promise<void> => moveManyBookRatings(trx, moves),
      /** A new review's rating in, answering the book part of the Review and its linked author and publisher (one statement); undefined when the book is absent. */
      addReview: (trx: Db, bookId: string, rating: number): Promise<ReviewedBook | undefined> => addNewReviewRating(trx, bookId, rating),
      /** A reader's reviews' ratings out of all their books, before the reviews are deleted. */
      takeOutReviewsOf: (trx: Db, userId: string): Promise<void> => takeOutRatingsOf(trx, userId, 'reviews'),
      /** A reader's lone ratings out of all their books, before their reading log is deleted. */
      takeOutLoneRatingsOf: (trx: Db, userId: string): Promise<void> => takeOutRatingsOf(trx, userId, 'lone'),
    },

    // list, listAll, search, searchAll, listByName, facets: the catalogue many books at a time.
    ...createBookSearch({ db, catalogueVersion }),

    // duplicates, importMatches, createFromImport, create, update, history, importedBy, editsBy, remove, removeCredit.
    ...createCatalogue({ db, uploads, get, workOf }),
  }
}

export type BooksService = ReturnType<typeof createBooksService>

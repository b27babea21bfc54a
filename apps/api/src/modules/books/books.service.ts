import { MESSAGES, type Book, type Review } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { notFound } from '#/errors.ts'
import { NO_UPLOAD_CLAIMS, type UploadClaims } from '#/modules/uploads/uploads.service.ts'
import { createCatalogue } from '#/modules/books/books.catalogue.ts'
import { addNewReviewRating, moveBookRatings, takeOutRatingsOf, type RatingMove } from '#/modules/books/books.ratings.repository.ts'
import { bookExists, findBookById, findBookPageCount, findCatalogueVersion, findViewerFlags, listBooksByIds } from '#/modules/books/books.repository.ts'
import { createBookSearch } from '#/modules/books/books.search.ts'

// The books module's one door. Its jobs live apart: books.catalogue.ts adds, corrects and removes a
// book (with its history, duplicates and an import's way in); books.search.ts reads the catalogue
// many books at a time (lists, search, facets); the rating ledger is books.ratings.repository.ts.

export { SEARCH_DEFAULT_LIMIT, WALK_PAGE } from '#/modules/books/books.search.ts'

export interface BooksDeps {
  db: Db
  /** Told when a cover shows an upload, so it is never removed. */
  uploads?: UploadClaims
}

export const createBooksService = ({ db, uploads = NO_UPLOAD_CLAIMS }: BooksDeps) => {
  const get = async (id: string): Promise<Book> => {
    const book = await findBookById(db, id)
    if (!book) throw notFound(MESSAGES.bookNotFound)
    return book
  }

  return {
    /** One book; 404 'Book not found' when absent. */
    get,

    /** One book as a viewer sees it: a signed-in viewer also learns whether it is on their lists. */
    async getForViewer(id: string, viewerId: string | undefined): Promise<Book> {
      const book = await get(id)
      return viewerId ? { ...book, ...(await findViewerFlags(db, id, viewerId)) } : book
    },

    /** Books by id in the given order, for other modules' lists (popular, shelves, feeds). */
    listByIds: (ids: string[]) => listBooksByIds(db, ids),

    /** The catalogue's version: changes whenever a book is added, corrected or removed (for other modules' memos of books). */
    catalogueVersion: () => findCatalogueVersion(db),

    /** A book's page count (null when unknown), for checking a reader's progress; 404 'Book not found' when absent. */
    async pageCount(id: string): Promise<number | null> {
      const pages = await findBookPageCount(db, id)
      if (pages === undefined) throw notFound(MESSAGES.bookNotFound)
      return pages
    },

    /** 404 'Book not found' unless the book exists. */
    async assertExists(id: string): Promise<void> {
      if (!(await bookExists(db, id))) throw notFound(MESSAGES.bookNotFound)
    },

    /**
     * The rating ledger (books.ratings.repository.ts, decision 0024): the one writer of a book's
     * rating counters and average. Reviews and the reading log tell it every change of a rating, in
     * the transaction that makes the change (`trx`).
     */
    ratings: {
      /** Moves a book's counters and average by one change of its ratings; false when the book is absent. */
      move: (trx: Db, bookId: string, change: RatingMove): Promise<boolean> => moveBookRatings(trx, bookId, change),
      /** A new review's rating in, answering the book part of the Review (one statement); undefined when the book is absent. */
      addReview: (trx: Db, bookId: string, rating: number): Promise<Review['book'] | undefined> => addNewReviewRating(trx, bookId, rating),
      /** A reader's reviews' ratings out of all their books, before the reviews are deleted. */
      takeOutReviewsOf: (trx: Db, userId: string): Promise<void> => takeOutRatingsOf(trx, userId, 'reviews'),
      /** A reader's lone ratings out of all their books, before their reading log is deleted. */
      takeOutLoneRatingsOf: (trx: Db, userId: string): Promise<void> => takeOutRatingsOf(trx, userId, 'lone'),
    },

    // list, listAll, search, searchAll, listByName, facets: the catalogue many books at a time.
    ...createBookSearch({ db }),

    // duplicates, importMatches, createFromImport, create, update, history, editsBy, remove, removeCredit.
    ...createCatalogue({ db, uploads, get }),
  }
}

export type BooksService = ReturnType<typeof createBooksService>

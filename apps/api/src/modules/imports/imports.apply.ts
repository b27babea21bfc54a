import { IMPORT_LIMITS, IMPORT_MESSAGES, LIMITS } from '@shelfwise/contracts'
import { isForeignKeyViolation, type Db } from '#/db/portable.ts'
import { AppError } from '#/errors.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import type { ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
import { giveBackAllowance, takeAllowance } from '#/modules/imports/imports.limits.repository.ts'
import type { StoredRow } from '#/modules/imports/imports.rows.repository.ts'
import { dayOf, failed, writtenOn, type RowResult } from '#/modules/imports/imports.rules.ts'

// Applying one row of an import (decision 0020): its book found by ISBN or by title and author (the
// catalogue decides, books.importMatches), or made within the day's books for imports; then the
// reading log (reading.importEntry) and the review, within the day's reviews. Every step joins the
// caller's transaction when one is given (`on`), as the worker's batches and a reader's resolve do.

/** At most this many candidates are kept for a row to choose from. */
const CANDIDATES_MAX = 10

const isbnsOf = (row: ParsedRow) => [row.isbn13, row.isbn10].filter((i): i is string => i !== null)

export interface RowApplierDeps {
  db: Db
  books: BooksService
  reading: ReadingService
  reviews: ReviewsService
}

export const createRowApplier = ({ db, books, reading, reviews }: RowApplierDeps) => {
  /** Whether the reader already has a review of the book (then an import keeps or rates it, and posts nothing new). */
  const hasReview = async (userId: string, bookId: string) => {
    try {
      // The job acts for the reader who sent the file; `mine` reads only the reader's id.
      await reviews.mine({ id: userId, jti: '', exp: 0 }, bookId)
      return true
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return false
      throw err
    }
  }

  /**
   * Whether the row's review may be posted: 'taken' when it counts against today's reviews, 'free'
   * when the reader already has one of the book (nothing new is posted), 'none' past the day's cap.
   */
  const reviewAllowance = async (userId: string, bookId: string, created: boolean, on: Db): Promise<'taken' | 'free' | 'none'> => {
    if (await takeAllowance(on, userId, dayOf(Date.now()), 'reviews', IMPORT_LIMITS.reviewsPerDay)) return 'taken'
    // Past the cap only (rare), a look outside the caller's transaction: a book this row made has no review.
    return !created && (await hasReview(userId, bookId)) ? 'free' : 'none'
  }

  /** Applies a row to a book: the reading log, then the review; `imported` when it changed anything. */
  const applyToBook = async (userId: string, row: ParsedRow, bookId: string, created: boolean, on?: Db): Promise<RowResult> => {
    const notes: string[] = created ? ['Added to the catalogue from this row'] : []
    const text = row.review?.trim() || null
    const reviewed = text !== null && row.rating !== null
    const allowance = reviewed ? await reviewAllowance(userId, bookId, created, on ?? db) : 'free'
    // A review that waits leaves its rating as the reader's rating meanwhile: posted later, the review takes it over.
    const waits = allowance === 'none'
    const entry = await reading.importEntry(userId, bookId, { status: row.status, reads: row.reads, rating: reviewed && !waits ? null : row.rating }, on)
    notes.push(...entry.notes)
    let changed = entry.changed || created
    if (text !== null && row.rating === null) notes.push('The review was not imported: a review here needs a rating of 1 to 5 stars')
    if (reviewed && waits) notes.push(IMPORT_MESSAGES.reviewWaits(IMPORT_LIMITS.reviewsPerDay))
    else if (reviewed) {
      const comment = text.length > LIMITS.reviewMax ? text.slice(0, LIMITS.reviewMax) : text
      if (comment !== text) notes.push(`The review was cut to ${LIMITS.reviewMax.toLocaleString('en-US')} characters`)
      const done = await reviews.importReview(userId, bookId, row.rating!, comment, on, writtenOn(row))
      if (done !== 'created' && allowance === 'taken') await giveBackAllowance(on ?? db, userId, dayOf(Date.now()), 'reviews')
      if (done === 'created' || done === 'rated') changed = true
      if (done === 'kept') notes.push('You have another review of this book here: yours was kept')
    }
    if (row.status === null && row.shelf) notes.push(`The shelf “${row.shelf}” is not a reading status here: the book’s status was left as it was`)
    if (row.ratingRoundedFrom !== null && row.rating !== null) notes.push(`Rating ${row.ratingRoundedFrom} rounded to ${row.rating}★`)
    // A row whose review waits is not done: it stays in the report, to be looked at again tomorrow.
    return { outcome: waits ? 'failed' : changed ? 'imported' : 'unchanged', bookId, candidates: [], message: notes.length ? notes.join('. ') : null }
  }

  /** Finds the row's book (or makes it) and applies the row; a row with several possible books waits. */
  const applyRow = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
    const match = await books.importMatches({ title: row.title, author: row.author, isbns: isbnsOf(row), userId }, on)
    const only = match.candidates.length === 1 ? match.candidates[0]!._id : undefined
    const bookId = match.byIsbn ?? only
    if (bookId) return applyToBook(userId, row, bookId, false, on)
    if (match.candidates.length > 1) {
      const n = match.candidates.length
      return {
        outcome: 'needs_review',
        bookId: null,
        candidates: match.candidates.slice(0, CANDIDATES_MAX).map((b) => b._id),
        message: `${n.toLocaleString('en-US')} books here have this title and author: choose the one you read`,
      }
    }
    return createAndApply(userId, row, on)
  }

  /** Makes the row's book, within the day's books for imports (past it the row waits, saying so), and applies the row. */
  const createAndApply = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
    const day = dayOf(Date.now())
    // Counted in the caller's transaction, with the book: a batch that rolls back counts nothing.
    if (!(await takeAllowance(on ?? db, userId, day, 'books', IMPORT_LIMITS.booksPerDay))) return failed(IMPORT_MESSAGES.booksWait(IMPORT_LIMITS.booksPerDay))
    let bookId: string
    try {
      bookId = await books.createFromImport(
        userId,
        {
          title: row.title,
          author: row.author,
          isbn: row.isbn13 ?? row.isbn10,
          pages: row.pages,
          year: row.year,
          publisher: row.publisher,
        },
        on,
      )
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        await giveBackAllowance(on ?? db, userId, day, 'books')
        return failed(`The book could not be added: ${err.message}`)
      }
      throw err
    }
    return applyToBook(userId, row, bookId, true, on)
  }

  /** A row's fate, kept: a book deleted meanwhile makes the row fail, not the job. */
  const settle = async (userId: string, row: StoredRow, work: (parsed: ParsedRow) => Promise<RowResult>): Promise<RowResult> => {
    if (row.data === null) return failed(row.message ?? 'This row could not be read')
    try {
      return await work(JSON.parse(row.data) as ParsedRow)
    } catch (err) {
      if (isForeignKeyViolation(err) || (err instanceof AppError && err.status === 404))
        return failed('The book was removed from the catalogue while the row was applied')
      throw err
    }
  }

  return { applyToBook, applyRow, createAndApply, settle }
}

export type RowApplier = ReturnType<typeof createRowApplier>

import { IMPORT_LIMITS, IMPORT_MESSAGES, LIMITS, type Book, type BookFormat, type ImportNote } from '@shelfwise/contracts'
import { isForeignKeyViolation, type Db } from '#/db/portable.ts'
import { AppError } from '#/errors.ts'
import type { BooksService, DetailsBatch, IsbnHolders, TitleCandidates } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import type { BookshelvesService } from '#/modules/bookshelves/bookshelves.service.ts'
import type { ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
import { giveBackAllowance, takeAllowance } from '#/modules/imports/imports.limits.repository.ts'
import type { StoredRow } from '#/modules/imports/imports.rows.repository.ts'
import { dayOf, entryNote, failed, note, NOTE_TEXTS, shelfNote, writtenOn, type RowResult } from '#/modules/imports/imports.rules.ts'

// Applying one row of an import (decisions 0020 and 0029): its book found by ISBN or by title and
// author (the catalogue decides, books.importMatches), or made within the day's books for imports;
// a new ISBN of a work found by title becomes another edition of it; then the reading log
// (reading.importEntry) and the review, within the day's reviews. Every step joins the caller's
// transaction when one is given (`on`), as the worker's batches and a reader's resolve do. Each step
// says what it did in a note of its kind, for the report.

/** At most this many candidates are kept for a row to choose from. */
const CANDIDATES_MAX = 10
/** The editions of a work looked through for the row's ISBN before another is attached. */
const EDITIONS_LOOKED_AT = 100

const isbnsOf = (row: ParsedRow) => [row.isbn13, row.isbn10].filter((i): i is string => i !== null)

export interface RowApplierDeps {
  db: Db
  books: BooksService
  reading: ReadingService
  reviews: ReviewsService
  bookshelves: Pick<BookshelvesService, 'placeOnShelves'>
}

/** The book a row goes to, and how it was found or made (its notes, the edition it names). */
interface Target {
  bookId: string
  created: boolean
  found: ImportNote[]
  editionId: string | null
  namesEdition: boolean
}

/** A batch of the worker's rows (decision 0070): its reading log (ReadingService.importBatch) and its works (BooksService.importDetailsBatch). */
interface RowsBatch {
  log: Awaited<ReturnType<ReadingService['importBatch']>>
  works: DetailsBatch
}

/** The copies a row says the reader owns, in the row's format (decision 0031). */
const ownedOf = (row: ParsedRow) => (row.ownedCopies ? { format: row.format ?? null, copies: row.ownedCopies } : null)

export const createRowApplier = ({ db, books, reading, reviews, bookshelves }: RowApplierDeps) => {
  /**
   * Puts the book on the row's shelves (decision 0031): private when made, at the file's positions,
   * placed on the row's Date Added; a name that cannot be a shelf is left out, with why.
   */
  const shelve = async (userId: string, row: ParsedRow, bookId: string, on?: Db): Promise<{ changed: boolean; notes: ImportNote[] }> => {
    const names = row.shelves ?? []
    if (!names.length) return { changed: false, notes: [] }
    const options = row.addedOn ? { addedAt: `${row.addedOn}T00:00:00.000Z` } : {}
    const place = (trx: Db) => bookshelves.placeOnShelves(trx, userId, bookId, names, options)
    const done = await (on ? place(on) : db.transaction().execute(place))
    const notes = [
      ...(done.placed.length ? [note('shelves_placed', NOTE_TEXTS.shelvesPlaced(done.placed, done.created))] : []),
      ...done.refused.map((r) => note('shelf_left_out', NOTE_TEXTS.shelfLeftOut(r.name, r.reason))),
    ]
    return { changed: done.placed.length > 0, notes }
  }

  /**
   * Whether the row's review may be posted: 'taken' when it counts against today's reviews, 'free'
   * when the reader already has one of the book (nothing new is posted), 'none' past the day's cap.
   */
  const reviewAllowance = async (userId: string, bookId: string, created: boolean, on: Db): Promise<'taken' | 'free' | 'none'> => {
    if (await takeAllowance(on, userId, dayOf(Date.now()), 'reviews', IMPORT_LIMITS.reviewsPerDay)) return 'taken'
    // Past the cap only (rare), and in the caller's transaction: a book this row made has no review.
    return !created && (await reviews.hasReview(userId, bookId, on)) ? 'free' : 'none'
  }

  /**
   * Applies a row to a book: the reading log, then the review; `imported` when it changed anything.
   * `found` are the notes of how the book was found or made. A review without stars is kept
   * without them (decision 0029): it moves no average.
   */
  const applyToBook = async (
    userId: string,
    row: ParsedRow,
    bookId: string,
    created: boolean,
    on?: Db,
    found: ImportNote[] = [],
    /** The edition of the work the row matched or had attached (decision 0031); none: the work's shown one. */
    editionId: string | null = null,
    /** Whether the row names that edition (by its ISBN, or the book was made from it): only then are its binding and contributors the edition's. */
    namesEdition = false,
    /** The worker's batch (decision 0070): its reading log and works; none: the row on its own. */
    batch?: RowsBatch,
  ): Promise<RowResult> => {
    const notes: ImportNote[] = [...found]
    notes.push(...(await keepDetails(row, bookId, editionId, namesEdition, on, batch?.works)))
    const text = row.review?.trim() || null
    const allowance = text !== null ? await reviewAllowance(userId, bookId, created, on ?? db) : 'free'
    // A review that waits leaves its rating as the reader's rating meanwhile: posted later, the review takes it over.
    const waits = allowance === 'none'
    const reviewHoldsRating = text !== null && !waits && row.rating !== null
    const plan = { status: row.status, reads: row.reads, rating: reviewHoldsRating ? null : row.rating }
    const details = {
      addedOn: row.addedOn ?? null,
      privateNotes: row.privateNotes ?? null,
      editionId: editionId === bookId ? null : editionId,
      owned: ownedOf(row),
      statusPosition: row.status && row.statusPosition ? { status: row.status, position: row.statusPosition } : null,
    }
    const entry = await (batch ? batch.log.entry(bookId, plan, details) : reading.importEntry(userId, bookId, plan, on, details))
    notes.push(...entry.notes.map(entryNote))
    // The shelves and the review read the reader's log (a shelved book without a status becomes Want
    // to Read; a review takes the place of a rating given without one): the batch's entries first.
    if (batch && (row.shelves?.length || text !== null)) await batch.log.write()
    const shelved = await shelve(userId, row, bookId, on)
    notes.push(...shelved.notes)
    if (row.binding) notes.push(note('format_left_out', NOTE_TEXTS.formatLeftOut(row.binding)))
    let changed = entry.changed || created || shelved.changed
    if (text !== null && waits) notes.push(note('review_waits', IMPORT_MESSAGES.reviewWaits(IMPORT_LIMITS.reviewsPerDay)))
    else if (text !== null) {
      const comment = text.length > LIMITS.reviewMax ? text.slice(0, LIMITS.reviewMax) : text
      if (comment !== text) notes.push(note('review_cut', NOTE_TEXTS.reviewCut(LIMITS.reviewMax)))
      const done = await reviews.importReview(userId, bookId, row.rating, comment, on, writtenOn(row), row.spoiler ?? false)
      if (done !== 'created' && allowance === 'taken') await giveBackAllowance(on ?? db, userId, dayOf(Date.now()), 'reviews')
      if (done === 'created' || done === 'rated') changed = true
      if (done === 'kept') notes.push(note('review_dropped', NOTE_TEXTS.reviewDropped))
      else if (row.rating === null) notes.push(note('review_unrated', NOTE_TEXTS.reviewUnrated))
    }
    const shelf = shelfNote(row)
    if (shelf) notes.push(shelf)
    if (row.ratingRoundedFrom !== null && row.rating !== null) notes.push(note('rating_rounded', NOTE_TEXTS.ratingRounded(row.ratingRoundedFrom, row.rating)))
    // A row whose review waits is not done: it stays in the report, to be looked at again tomorrow.
    return { outcome: waits ? 'failed' : changed ? 'imported' : 'unchanged', bookId, candidates: [], notes }
  }

  /**
   * The row's edition, when its ISBN is new to the work found by title: attached to the work as
   * another edition, shown with the ISBN but holding it against nobody (as a book an import makes,
   * decision 0023). Nothing when the work already shows that ISBN, itself or among its editions
   * (another reader's import attached it, say).
   */
  const attachEdition = async (
    userId: string,
    row: ParsedRow,
    work: Book,
    on?: Db,
    holders?: IsbnHolders,
  ): Promise<{ note?: ImportNote; editionId: string | null }> => {
    const isbns = isbnsOf(row)
    const isbn = isbns[0]
    if (isbn === undefined || isbns.includes(work.isbn ?? '')) return { editionId: null }
    const shown = await books.editions(work._id, { limit: EDITIONS_LOOKED_AT }, on)
    const held = shown.items.find((e) => isbns.includes(e.isbn))
    // The row's edition is already one of the work's: the reader's entry names it.
    if (held) return { editionId: held.primary ? null : held._id }
    const year = row.year !== null && row.year >= 1 && row.year <= new Date().getUTCFullYear() + 5 ? row.year : null
    const fields = {
      isbn,
      format: row.format ?? null,
      pageCount: row.pages,
      publisher: row.publisher ?? '',
      // The row's year, kept as its first day as a book made from a row keeps it (decision 0020).
      publishedDate: year === null ? null : `${String(year).padStart(4, '0')}-01-01`,
      createdByUserId: userId,
      unclaimed: true,
    }
    try {
      const id = await (on ? books.attachEdition(on, work._id, fields) : db.transaction().execute((trx) => books.attachEdition(trx, work._id, fields)))
      holders?.changed([isbn])
      return { note: note('edition_attached', NOTE_TEXTS.editionAttached(isbn, work)), editionId: id }
    } catch (err) {
      if (err instanceof AppError && err.status < 500)
        return { note: note('edition_to_attach', NOTE_TEXTS.editionToAttach(isbn, work, err.message)), editionId: null }
      throw err
    }
  }

  /**
   * A row found by its ISBN names an edition the catalogue already has, whose format is the
   * catalogue's (shared: an import does not change it). The row's format stays only as its owned
   * copies' format; when it has none and the edition says otherwise, the note says it was not kept.
   */
  const formatKept = async (row: ParsedRow, editionId: string, on?: Db, known?: BookFormat | null): Promise<ImportNote[]> => {
    if (!row.format || row.ownedCopies) return []
    // The ISBN lookup usually knew the edition's format (known); only when it did not is the book read.
    const shown = known !== undefined ? known : ((await books.get(editionId, on)).format ?? null)
    return shown === row.format ? [] : [note('format_left_out', NOTE_TEXTS.formatNotKept(row.format, shown))]
  }

  /**
   * The row's binding as written, other contributors and original year, kept on its edition and
   * work where the catalogue has none (decision 0031); a note names what the catalogue kept instead,
   * and what had no edition to go to (a row found by title without an ISBN names none).
   */
  const keepDetails = async (
    row: ParsedRow,
    bookId: string,
    editionId: string | null,
    namesEdition: boolean,
    on?: Db,
    works?: DetailsBatch,
  ): Promise<ImportNote[]> => {
    const details = {
      title: row.title,
      author: row.author,
      binding: row.bindingText ?? null,
      bindingFormat: row.format ?? null,
      additionalAuthors: row.additionalAuthors ?? null,
      originalYear: row.originalYear ?? null,
    }
    if (details.binding === null && details.additionalAuthors === null && details.originalYear === null) return []
    const keep = (trx: Db) => books.keepImportedDetails(trx, bookId, editionId, namesEdition, details, works)
    const kept = await (on ? keep(on) : db.transaction().execute(keep))
    const unplaced = namesEdition
      ? []
      : (
          [
            ['Binding', details.binding],
            ['Additional Authors', details.additionalAuthors],
          ] as const
        ).filter(([, v]) => v !== null)
    return [
      ...(kept.length ? [note('details_not_kept', NOTE_TEXTS.catalogueKept(kept))] : []),
      ...(unplaced.length ? [note('details_not_kept', NOTE_TEXTS.noEditionFor(unplaced.map(([c, v]) => ({ column: c, file: v! }))))] : []),
    ]
  }

  /**
   * Finds the row's book (or makes it): the book with how it was found, or the row's result when
   * it has none (it waits for its reader, or fails). `holders`: the batch's ISBNs looked up at once.
   */
  const findBook = async (userId: string, row: ParsedRow, on?: Db, holders?: IsbnHolders, titles?: TitleCandidates): Promise<Target | RowResult> => {
    const match = await books.importMatches({ title: row.title, author: row.author, isbns: isbnsOf(row), userId }, on, holders, titles)
    if (match.byIsbn)
      return {
        bookId: match.byIsbn,
        created: false,
        found: await formatKept(row, match.editionId ?? match.byIsbn, on, match.format),
        editionId: match.editionId ?? null,
        namesEdition: true,
      }
    if (match.waits) {
      const n = match.candidates.length
      const message =
        match.waits === 'family_only'
          ? NOTE_TEXTS.familyOnly(row.author)
          : match.waits === 'no_author'
            ? NOTE_TEXTS.noAuthor
            : match.waits === 'subtitle'
              ? NOTE_TEXTS.subtitle(row.title)
              : match.waits === 'similar'
                ? NOTE_TEXTS.similar
                : NOTE_TEXTS.several(n)
      return {
        outcome: 'needs_review',
        bookId: null,
        candidates: match.candidates.slice(0, CANDIDATES_MAX).map((b) => b._id),
        notes: [note('waiting_for_you', message)],
      }
    }
    const work = match.candidates[0]
    if (work) {
      const found = [note('matched_by_title', NOTE_TEXTS.matchedByTitle(work, row))]
      const edition = await attachEdition(userId, row, work, on, holders)
      // The row names its edition when its ISBN is the work's, one of its editions', or the one just attached.
      const named = isbnsOf(row).length > 0 && edition.note?.kind !== 'edition_to_attach'
      return { bookId: work._id, created: false, found: edition.note ? [...found, edition.note] : found, editionId: edition.editionId, namesEdition: named }
    }
    return createBook(userId, row, on, holders, titles)
  }

  /** Applies the row to the book found for it. */
  const applyToTarget = (userId: string, row: ParsedRow, t: Target, on?: Db, batch?: RowsBatch) =>
    applyToBook(userId, row, t.bookId, t.created, on, t.found, t.editionId, t.namesEdition, batch)

  /** Finds the row's book (or makes it) and applies the row; a row the catalogue cannot decide waits for its reader. */
  const applyRow = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
    const found = await findBook(userId, row, on)
    return 'outcome' in found ? found : applyToTarget(userId, row, found, on)
  }

  /** Makes the row's book, within the day's books for imports (past it the row waits, saying so). */
  const createBook = async (userId: string, row: ParsedRow, on?: Db, holders?: IsbnHolders, titles?: TitleCandidates): Promise<Target | RowResult> => {
    const day = dayOf(Date.now())
    // Counted in the caller's transaction, with the book: a batch that rolls back counts nothing.
    if (!(await takeAllowance(on ?? db, userId, day, 'books', IMPORT_LIMITS.booksPerDay)))
      return failed('books_wait', IMPORT_MESSAGES.booksWait(IMPORT_LIMITS.booksPerDay))
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
          format: row.format ?? null,
        },
        on,
      )
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        await giveBackAllowance(on ?? db, userId, day, 'books')
        return failed('not_added', NOTE_TEXTS.notAdded(err.message))
      }
      throw err
    }
    // The book carries the row's ISBN (unclaimed): later rows of the batch look it up again, and find it.
    holders?.changed(isbnsOf(row))
    // ...and later rows looking it up by title find it too.
    await titles?.made(bookId)
    return { bookId, created: true, found: [note('book_created', NOTE_TEXTS.bookCreated)], editionId: null, namesEdition: true }
  }

  /** Makes the row's book, within the day's books for imports (past it the row waits, saying so), and applies the row. */
  const createAndApply = async (userId: string, row: ParsedRow, on?: Db): Promise<RowResult> => {
    const made = await createBook(userId, row, on)
    return 'outcome' in made ? made : applyToTarget(userId, row, made, on)
  }

  /**
   * The worker's batch of rows (decision 0070), in its transaction `trx`, to the same results as
   * settle(applyRow) row after row: first every row's book is found or made, in file order (the
   * batch's ISBNs looked up at once, then the titles of the rows they place nowhere), then the
   * reader's log of those books is read at once and each row applied to its book, in file order;
   * the spec's lists are rewritten last. `breathe` runs after each row of each pass.
   */
  const applyBatch = async (userId: string, rows: readonly StoredRow[], trx: Db, breathe: () => Promise<void>): Promise<RowResult[]> => {
    const parsed = rows.map((r) => (r.data === null ? null : (JSON.parse(r.data) as ParsedRow)))
    const holders = await books.importIsbnHolders(
      userId,
      parsed.flatMap((p) => (p ? isbnsOf(p) : [])),
      trx,
    )
    // The rows their ISBNs do not place (none, or none the catalogue holds) are looked up by title at once.
    const byTitle = parsed.filter((p): p is ParsedRow => {
      const held = p && holders.of(isbnsOf(p))
      return !!held && !held.own.length && !held.any.length
    })
    const titles = await books.importTitleCandidates(byTitle, trx)
    const found: (Target | RowResult)[] = []
    for (const row of rows) {
      found.push(await settle(userId, row, (p) => findBook(userId, p, trx, holders, titles)))
      await breathe()
    }
    const bookIds = found.flatMap((f) => ('outcome' in f ? [] : [f.bookId]))
    const batch = { log: await reading.importBatch(trx, userId, bookIds), works: await books.importDetailsBatch(trx, bookIds) }
    const done: RowResult[] = []
    for (const [i, row] of rows.entries()) {
      const f = found[i]!
      done.push('outcome' in f ? f : await settle(userId, row, (p) => applyToTarget(userId, p, f, trx, batch)))
      await breathe()
    }
    await batch.works.finish()
    await batch.log.finish()
    return done
  }

  /** A row's fate, kept: a book deleted meanwhile makes the row fail, not the job. */
  const settle = async <T>(userId: string, row: StoredRow, work: (parsed: ParsedRow) => Promise<T>): Promise<T | RowResult> => {
    if (row.data === null) return failed('unreadable', row.message ?? 'This row could not be read')
    try {
      return await work(JSON.parse(row.data) as ParsedRow)
    } catch (err) {
      if (isForeignKeyViolation(err) || (err instanceof AppError && err.status === 404)) return failed('book_removed', NOTE_TEXTS.bookRemoved)
      throw err
    }
  }

  return { applyToBook, applyRow, createAndApply, settle, applyBatch }
}

export type RowApplier = ReturnType<typeof createRowApplier>

import { v7 as uuidv7 } from 'uuid'
import {
  bookAsEdition,
  BOOK_HISTORY_DEFAULT_LIMIT,
  BOOK_MESSAGES,
  DUPLICATES_MAX,
  MESSAGES,
  type Book,
  type BookDuplicate,
  type BookFormat,
  type BookDuplicatesQuery,
  type BookEdit,
  type BookHistoryQuery,
  CreateBookInputSchema,
  type CreateBookInput,
  type DuplicateReason,
  IMPORTED_BOOKS_DEFAULT_LIMIT,
  type ImportedBook,
  type ImportedBooksQuery,
} from '@shelfwise/contracts'
import { dialectOf, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound, unauthorized } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import type { UploadClaims } from '#/modules/uploads/uploads.service.ts'
import { findEdition, findIsbnHolder, lockIsbn, type IsbnHolderRow } from '#/modules/books/books.editions.repository.ts'
import {
  listBookIdsByIsbns,
  listImportCandidates,
  importLookupsFinding,
  importQueriesOf,
  listImportCandidatesByQueries,
  IMPORT_CANDIDATES,
  listOwnUnclaimedByIsbns,
  listSameTitleAndAuthor,
  listUnclaimedIsbnHolders,
} from '#/modules/books/books.duplicates.repository.ts'
import {
  countOtherReaders,
  deleteBookWithOwnRows,
  findBookOwnershipForWrite,
  findEditableBookForWrite,
  updateBookLinks,
  updateBookWithGenres,
} from '#/modules/books/books.edit.repository.ts'
import { editRowsOf, fieldsOf, genresOf, identityChanges, snapshotOf } from '#/modules/books/books.fields.ts'
import { countImportedBooks, listImportedBookIdsPage } from '#/modules/books/books.imported.repository.ts'
import { countBookEdits, insertBookEdits, listBookEditsByUserPage, listBookEditsPage } from '#/modules/books/books.history.repository.ts'
import { authorQueryWords, decideByTitle, firstByIsbn, titleKeys, type ImportWaitReason } from '#/modules/books/books.import-match.ts'
import {
  bookExists,
  countCatalogueEdit,
  findUserRefById,
  insertBookWithGenres,
  listBooksByIds,
  listUserRefsByUsernames,
} from '#/modules/books/books.repository.ts'

// The catalogue's books one at a time (decisions 0011, 0020 and 0023): adding, correcting and
// removing a book, its history, the books a new one may repeat, and an imported row's way in (its
// matches, and the book made from it).

/** Edits a reader's export reads per page. */
const EXPORT_EDITS_PAGE = 500

/** Waits for a write of a book; the unique index decides an ISBN, so two racing writes cannot both hold one. */
async function isbnChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BOOK_MESSAGES.isbnTaken)
    throw err
  }
}

/**
 * Refuses an ISBN another book or edition holds (decision 0027: an ISBN names one edition in the
 * whole catalogue, in either of its forms), in the writer's transaction and under the ISBN's lock, so
 * a racing edition cannot take it between this check and the write. `self` may hold it already.
 */
async function checkIsbnFree(trx: Db, isbn: string | null, self?: string): Promise<void> {
  if (!isbn) return
  await lockIsbn(trx, isbn)
  const holder = await findIsbnHolder(trx, isbn)
  if (holder && holder.editionId !== self) throw conflict(BOOK_MESSAGES.isbnTaken)
}

export interface CatalogueDeps {
  db: Db
  /** Told when a cover shows an upload, so it is never removed. */
  uploads: UploadClaims
  /** One book; 404 'Book not found' when absent. */
  get: (id: string) => Promise<Book>
  /** The work an id names (an edition's id its work's; decision 0027). */
  workOf: (id: string, on?: Db) => Promise<string>
}

/** A batch's ISBNs and the books holding them (BooksService.importIsbnHolders). */
export interface IsbnHolders {
  of(isbns: readonly string[]): { own: IsbnHolder[]; any: IsbnHolder[] } | undefined
  changed(isbns: readonly string[]): void
}
type IsbnHolder = IsbnHolderRow

/** A batch's rows looked up by title and author at once (BooksService.importTitleCandidates). */
export interface TitleCandidates {
  /** What listImportCandidates finds for the row now, when the batch looked it up; undefined: the row looks for itself. */
  of(row: { title: string; author: string }): { id: string; title: string; author: string }[] | undefined
  /** A book the batch made: added to the rows it would be found by, as their own lookup would find it from now on. */
  made(bookId: string): Promise<void>
  /**
   * The book a row of the batch was found to be by title, read with the others at the start (one
   * statement rather than one a row); undefined: read it. Only what an import never changes (its id,
   * title, author, ISBN) is read from it, so a book the batch's earlier rows reviewed is still right.
   */
  matched(bookId: string): Book | undefined
}

/** The lookup key of a row by title and author (listImportCandidates's arguments). */
const titleLookupOf = (row: { title: string; author: string }) => ({ title: titleKeys(row.title).mainText, authorWords: authorQueryWords(row.author) })

export const createCatalogue = ({ db, uploads, get, workOf }: CatalogueDeps) => {
  /**
   * The readers a book links to, from the form: named users resolved in any letter case (400 naming
   * an unknown one); the role links the submitter as author or publisher (their Created list) or,
   * with none, as the lister (their Listed list).
   */
  const linksOf = async (actor: Actor, input: CreateBookInput) => {
    const named = [input.author_username, input.publisher_username].filter((u): u is string => !!u)
    const [me, users] = await Promise.all([findUserRefById(db, actor.id), listUserRefsByUsernames(db, named)])
    if (!me) throw unauthorized(MESSAGES.authFailed)
    const resolve = (name: string | null) => {
      if (!name) return null
      const user = users.get(name.toLowerCase())
      if (!user) throw badRequest(MESSAGES.userNamed(name))
      return user.id
    }
    const authorId = resolve(input.author_username)
    const publisherId = resolve(input.publisher_username)
    const isMe = (name: string | null) => name?.toLowerCase() === me.username.toLowerCase()
    const role = input.role ?? (isMe(input.author_username) ? 'author' : isMe(input.publisher_username) ? 'publisher' : 'none')
    return {
      authorUserId: role === 'author' ? me.id : authorId,
      publisherUserId: role === 'publisher' ? me.id : publisherId,
      listedByUserId: role === 'none' ? me.id : null,
    }
  }

  return {
    /**
     * The books a new one may repeat (at most DUPLICATES_MAX): the one with the same ISBN first, then
     * those with the same title and author (letter case, accents and punctuation aside), each with why.
     */
    async duplicates(query: BookDuplicatesQuery): Promise<BookDuplicate[]> {
      const [holder, unclaimed, byName] = await Promise.all([
        query.isbn ? findIsbnHolder(db, query.isbn) : undefined,
        query.isbn ? listUnclaimedIsbnHolders(db, query.isbn, DUPLICATES_MAX) : [],
        query.title && query.author ? listSameTitleAndAuthor(db, query.title, query.author) : [],
      ])
      const reasons = new Map<string, DuplicateReason[]>()
      // The ISBN's holder: a work, or one of its other editions (then the work is shown as that edition).
      if (holder) reasons.set(holder.workId, ['isbn'])
      // Books imports made with this ISBN: possible duplicates of the one holding it, for the merge path.
      for (const id of unclaimed) reasons.set(id, ['isbn_unclaimed'])
      for (const id of byName) reasons.set(id, [...(reasons.get(id) ?? []), 'title_author'])
      const [books, holderEdition] = await Promise.all([
        listBooksByIds(db, [...reasons.keys()]),
        holder && holder.editionId !== holder.workId ? findEdition(db, holder.editionId) : undefined,
      ])
      // The ISBN's book, then books an import made with it, then the most reviewed, then the first added (the one others were copied from).
      const rank = (b: Book) => ['isbn', 'isbn_unclaimed'].indexOf(reasons.get(b._id)![0]!) >>> 0
      books.sort((a, b) => rank(a) - rank(b) || b.totalReviews - a.totalReviews || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
      return books
        .slice(0, DUPLICATES_MAX)
        .map((book) => ({ book: holderEdition?.workId === book._id ? bookAsEdition(book, holderEdition) : book, reasons: reasons.get(book._id)! }))
    },

    /**
     * The catalogue books an imported row may be (decision 0020): the book with one of its ISBNs, else
     * the books whose title and author agree with the row's by the import rule (books.import-match.ts),
     * most reviewed first, with why the row waits when it is not one book (`waits`). Never a book by
     * another author. An ISBN an import's book carries without
     * holding it (decision 0023) is taken only for the reader whose import made that book (`userId`),
     * and for them before the book holding it, where their history already is; for anyone else
     * such a book is found by its title and author alone.
     */
    async importMatches(
      row: { title: string; author: string; isbns: string[]; userId?: string },
      on: Db = db,
      /** The holders of a batch's ISBNs, looked up at once (importIsbnHolders): used for the row's ISBNs when they hold them all. */
      holders?: IsbnHolders,
      /** The batch's rows looked up by title and author at once (importTitleCandidates). */
      titles?: TitleCandidates,
    ): Promise<{ byIsbn: string | undefined; editionId?: string; format?: BookFormat | null; candidates: Book[]; waits?: ImportWaitReason }> {
      const known = holders?.of(row.isbns)
      const own = known ? known.own : row.userId ? await listOwnUnclaimedByIsbns(on, row.userId, row.isbns) : []
      const byIsbn = own.length ? own : known ? known.any : await listBookIdsByIsbns(on, row.isbns)
      if (byIsbn.length) {
        const workId = firstByIsbn(row.isbns, byIsbn)
        // The edition the row's first matching ISBN names, when it is not the work's shown one, and its
        // format when the lookup knew it (`format` left out: unknown, the caller reads it).
        const holder = row.isbns.map((i) => byIsbn.find((b) => b.id === workId && b.isbn === i)).find((b) => b !== undefined)
        const edition = holder?.editionId
        return {
          byIsbn: workId,
          ...(edition ? { editionId: edition } : {}),
          ...(holder?.format !== undefined ? { format: holder.format } : {}),
          candidates: [],
        }
      }
      // By title and author (issue 21): the works the row's main title and names find, decided by
      // books.import-match.ts. In the caller's transaction, as the ISBN lookup: a book an earlier row
      // of the same batch made is found too.
      const lookup = titleLookupOf(row)
      const found = titles?.of(row) ?? (await listImportCandidates(on, lookup.title, lookup.authorWords))
      let decision = decideByTitle(row, found)
      if (decision.kind === 'none') {
        // Before a book is made, the Add Book form's own check (decision 0032): a book with the same
        // title and author words the import's rule did not take ('Austen Jane' for 'Jane Austen') makes
        // the row wait with it, so nothing the form would warn about is added unseen.
        const similar = await listSameTitleAndAuthor(on, row.title, row.author)
        if (!similar.length) return { byIsbn: undefined, candidates: [] }
        decision = { kind: 'wait', reason: 'similar', ids: similar.slice(0, DUPLICATES_MAX) }
      }
      const prefetched = decision.kind === 'match' ? titles?.matched(decision.id) : undefined
      const books = prefetched ? [prefetched] : await listBooksByIds(on, decision.kind === 'match' ? [decision.id] : decision.ids)
      books.sort((a, b) => b.totalReviews - a.totalReviews || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
      return { byIsbn: undefined, candidates: books, ...(decision.kind === 'wait' ? { waits: decision.reason } : {}) }
    },

    /**
     * What importMatches looks up by ISBN, for the ISBNs of a batch of an import's rows at once
     * (decision 0070): four statements for the batch rather than up to four a row. `of` answers
     * for a row's ISBNs, as listOwnUnclaimedByIsbns and listBookIdsByIsbns would, until `changed`
     * says the batch gave one of them to a book or an edition (made, or attached): from then on a
     * row with that ISBN is looked up on its own (undefined), so it finds what the batch made.
     */
    async importIsbnHolders(userId: string, isbns: readonly string[], on: Db = db): Promise<IsbnHolders> {
      const all = [...new Set(isbns)]
      const own = await listOwnUnclaimedByIsbns(on, userId, all)
      const any = await listBookIdsByIsbns(on, all)
      const changed = new Set<string>()
      const asked = new Set(all)
      return {
        of: (wanted) =>
          wanted.every((i) => asked.has(i) && !changed.has(i))
            ? { own: own.filter((h) => wanted.includes(h.isbn)), any: any.filter((h) => wanted.includes(h.isbn)) }
            : undefined,
        changed: (given) => given.forEach((i) => changed.add(i)),
      }
    },

    /**
     * What importMatches looks up by title and author, for the rows of a batch that their ISBNs did
     * not place, at once: on PostgreSQL one statement for the batch rather than one a row (each is a
     * round trip there; SQLite asks in-process, and its rows look for themselves). A book the batch
     * makes is added, by `made`, to the rows whose lookup finds it (one statement trying their
     * conditions on that book), so every row finds what its own lookup would in the batch's transaction. `of` answers the
     * same list for the same title and author.
     */
    async importTitleCandidates(rows: readonly { title: string; author: string }[], on: Db = db): Promise<TitleCandidates> {
      if (dialectOf(on) !== 'postgres') return { of: () => undefined, made: async () => {}, matched: () => undefined }
      const keyOf = (row: { title: string; author: string }) => JSON.stringify(titleLookupOf(row))
      const lookups = new Map(rows.map((row) => [keyOf(row), titleLookupOf(row)]))
      const keys = [...lookups.keys()]
      // The rows still to ask for each lookup: a book made later is tried only on the lookups still to be asked for.
      const toAsk = new Map<string, number>()
      for (const key of rows.map(keyOf)) toAsk.set(key, (toAsk.get(key) ?? 0) + 1)
      const queries = await importQueriesOf(on, [...lookups.values()])
      const found = new Map((await listImportCandidatesByQueries(on, queries)).map((candidates, i) => [keys[i]!, candidates]))
      // The books the rows are found to be now (the rule decides on what the lookup found), read at once.
      const matches = new Set(
        rows.flatMap((row) => {
          const decision = decideByTitle(row, found.get(keyOf(row)) ?? [])
          return decision.kind === 'match' ? [decision.id] : []
        }),
      )
      const matched = new Map((matches.size ? await listBooksByIds(on, [...matches]) : []).map((b) => [b._id, b]))
      return {
        of: (row) => {
          const key = keyOf(row)
          const list = found.get(key)
          if (list) toAsk.set(key, (toAsk.get(key) ?? 1) - 1)
          return list
        },
        matched: (bookId) => matched.get(bookId),
        async made(bookId) {
          const pending = queries.flatMap((q, k) => (q !== null && (toAsk.get(keys[k]!) ?? 0) > 0 ? [{ k, q }] : []))
          if (!pending.length) return
          const finding = await importLookupsFinding(on, pending, bookId)
          for (const i of finding.rows) {
            const list = found.get(keys[i]!)!
            // As the row's own lookup, at most IMPORT_CANDIDATES of the books it finds.
            if (list.length < IMPORT_CANDIDATES) list.push(finding.book!)
          }
        },
      }
    },

    /**
     * Adds a book made from an imported row, listed by the reader who imported it, under the rules of
     * the Add Book form (400 naming the field otherwise). A year alone is kept as the year's first
     * day, the catalogue's dates being days. Its ISBN is shown but held against nobody (decision
     * 0023): a reader adding that book by hand is never refused for it, and the importer claims it
     * by saving the book through the edit form. Answers the new book's id.
     */
    async createFromImport(
      userId: string,
      row: {
        title: string
        author: string
        isbn: string | null
        pages: number | null
        year: number | null
        publisher: string | null
        format?: BookFormat | null
      },
      /** The caller's transaction, when the book is one write of several. */
      on?: Db,
    ): Promise<string> {
      const parsed = CreateBookInputSchema.safeParse({
        title: row.title,
        author: row.author,
        isbn: row.isbn ?? '',
        pageCount: row.pages && row.pages <= 100_000 ? row.pages : null,
        publishedDate: row.year && row.year >= 1 && row.year <= new Date().getUTCFullYear() + 5 ? `${String(row.year).padStart(4, '0')}-01-01` : null,
        publisher: (row.publisher ?? '').slice(0, 200),
        // The reader's edition's format (Goodreads's Binding, decision 0031).
        format: row.format ?? null,
      })
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw badRequest(`${issue.path.join('.') || 'book'}: ${issue.message}`)
      }
      const id = uuidv7()
      const now = nowIso()
      const fields = fieldsOf(parsed.data)
      const book = {
        id,
        ...fields,
        format: parsed.data.format ?? null,
        isbn: null,
        unclaimedIsbn: fields.isbn,
        authorUserId: null,
        publisherUserId: null,
        listedByUserId: userId,
        createdByUserId: userId,
        importedByUserId: userId,
        createdAt: now,
        updatedAt: now,
      }
      await (on ? insertBookWithGenres(on, book, []) : db.transaction().execute((trx) => insertBookWithGenres(trx, book, [])))
      return id
    },

    /**
     * Adds a book for the signed-in submitter. The server sets ids, ratings, counts and timestamps;
     * named users are resolved case-insensitively (400 when unknown); the role decides whose list the
     * book lands on: author/publisher link the submitter as such (their Created list), none makes
     * them the lister (their Listed list). 409 when the ISBN is taken.
     */
    async create(actor: Actor, input: CreateBookInput): Promise<Book> {
      const links = await linksOf(actor, input)
      const id = uuidv7()
      const now = nowIso()
      const book = {
        id,
        ...fieldsOf(input),
        format: input.format ?? null,
        audioSeconds: input.audioSeconds ?? null,
        ...links,
        createdByUserId: actor.id,
        createdAt: now,
        updatedAt: now,
      }
      await isbnChecked(
        db.transaction().execute(async (trx) => {
          await checkIsbnFree(trx, book.isbn)
          await insertBookWithGenres(trx, book, genresOf(input.genre))
          await uploads.claim(book.coverImage, 'coverImage', trx)
        }),
      )
      return get(id)
    },

    /**
     * Corrects a book: only the reader who added it may (404 'Book not found' for anyone else, as
     * for an absent book), with the whole form under the same rules as adding. Ratings, reviews and
     * who added it stay. A cover that is no longer shown is let go of. 409 when the ISBN is another
     * book's; 409 saying what to do instead when the title, author or ISBN would become another
     * book's while other readers rely on it (decision 0023). Every changed field is recorded in the
     * book's history. An ISBN an import left unclaimed is claimed here when no other book holds it.
     */
    async update(actor: Actor, idAsked: string, input: CreateBookInput): Promise<Book> {
      const id = await workOf(idAsked)
      const links = await linksOf(actor, input)
      await isbnChecked(
        db.transaction().execute(async (trx) => {
          // Locked first: a reader shelving or reviewing the book meanwhile lands before the count below, or after the edit.
          const old = await findEditableBookForWrite(trx, id)
          if (!old || old.createdByUserId !== actor.id) throw notFound(MESSAGES.bookNotFound)
          const fields = fieldsOf(input)
          const genres = genresOf(input.genre)
          const shownIsbn = old.isbn ?? old.unclaimedIsbn
          const changed = identityChanges(old, shownIsbn, fields)
          if (changed.length) {
            const others = await countOtherReaders(trx, id, actor.id)
            if (others > 0) throw conflict(BOOK_MESSAGES.identityLocked(others, changed))
          }
          // The form's ISBN is claimed, as adding claims it (409 when another book holds it); an
          // import's ISBN sent back as it was stays unclaimed while another book holds it, so the
          // rest of the edit still goes through.
          let isbn = fields.isbn
          let unclaimedIsbn: string | null = null
          if (isbn !== null && old.isbn === null && isbn === old.unclaimedIsbn) {
            await lockIsbn(trx, isbn)
            const holder = await findIsbnHolder(trx, isbn)
            if (holder !== undefined && holder.editionId !== id) [isbn, unclaimedIsbn] = [null, isbn]
          } else if (changed.includes('isbn')) {
            // A new ISBN only: one kept as it was (or written the other way) is this book's already.
            await checkIsbnFree(trx, isbn, id)
          }
          // The form may leave the shown edition's format and audio length out (the spec's client does): then they stay.
          const edition = {
            format: input.format === undefined ? old.format : input.format,
            audioSeconds: input.audioSeconds === undefined ? old.audioSeconds : input.audioSeconds,
          }
          await updateBookWithGenres(trx, id, { ...fields, ...edition, isbn, unclaimedIsbn, ...links, updatedAt: nowIso() }, genres)
          await uploads.replace(old.coverImage, input.coverImage, 'coverImage', trx)
          const before = snapshotOf({ ...old, isbn: shownIsbn }, old.genres)
          const after = snapshotOf({ ...fields, ...links }, genres)
          await insertBookEdits(trx, editRowsOf(id, actor.id, before, after))
          await countCatalogueEdit(trx)
        }),
      )
      return get(id)
    },

    /** One page of a book's history, newest first (`limit`, default BOOK_HISTORY_DEFAULT_LIMIT); 404 'Book not found' when absent. */
    async history(id: string, query: BookHistoryQuery): Promise<Page<BookEdit>> {
      const limit = query.limit ?? BOOK_HISTORY_DEFAULT_LIMIT
      const after = query.cursor ? decodeKeyset(query.cursor, ['id'] as const)[0] : undefined
      const workId = await workOf(id)
      if (!(await bookExists(db, workId))) throw notFound(MESSAGES.bookNotFound)
      const [{ edits, next }, total] = await Promise.all([listBookEditsPage(db, workId, { limit, after }), countBookEdits(db, workId)])
      return { items: edits, total, ...(next ? { nextCursor: encodeCursor([next]) } : {}) }
    },

    /**
     * The books the reader's imports made (decision 0032), newest first, a page at a time, each with
     * how many other readers rely on it (then its adder can no longer delete it or change what it is).
     * One count per book of the page: bounded by the page's limit.
     */
    async importedBy(userId: string, query: ImportedBooksQuery): Promise<Page<ImportedBook>> {
      const limit = query.limit ?? IMPORTED_BOOKS_DEFAULT_LIMIT
      const before = query.cursor ? decodeKeyset(query.cursor, ['id'] as const)[0] : undefined
      const [{ ids, next }, total] = await Promise.all([listImportedBookIdsPage(db, userId, { limit, before }), countImportedBooks(db, userId)])
      const [books, others] = await Promise.all([listBooksByIds(db, ids), Promise.all(ids.map((id) => countOtherReaders(db, id, userId)))])
      const othersOf = new Map(ids.map((id, i) => [id, others[i]!]))
      const items = books.map((book) => ({ book, otherReaders: othersOf.get(book._id) ?? 0 }))
      return { items, total, ...(next ? { nextCursor: encodeCursor([next]) } : {}) }
    },

    /**
     * The edits a reader made to any book, oldest first, EXPORT_EDITS_PAGE at a time, for their
     * export: pass a page's `next` to read the following one (none after the last).
     */
    editsBy: (userId: string, after?: string): Promise<{ edits: BookEdit[]; next?: string }> =>
      listBookEditsByUserPage(db, userId, { limit: EXPORT_EDITS_PAGE, after }),

    /**
     * Deletes a book its adder no longer wants in the catalogue: 404 for anyone else; 409 saying why
     * when other readers rely on it (reviewed, rated, shelved or logged it: their history is not ours to take). The
     * adder's own review and list entries go with it, in one transaction; its cover is let go of.
     */
    async remove(actor: Actor, idAsked: string): Promise<void> {
      const id = await workOf(idAsked)
      await db.transaction().execute(async (trx) => {
        const owner = await findBookOwnershipForWrite(trx, id)
        if (!owner || owner.createdByUserId !== actor.id) throw notFound(MESSAGES.bookNotFound)
        const others = await countOtherReaders(trx, id, actor.id)
        if (others > 0) throw conflict(BOOK_MESSAGES.inOthersLists(others))
        await deleteBookWithOwnRows(trx, id)
        await uploads.release(owner.coverImage, trx)
        await countCatalogueEdit(trx)
      })
    },

    /**
     * Removes the caller's credit as the book's linked author or publisher (both, when both are
     * theirs); the names printed on the book stay. 404 'You are not credited on this book' when
     * neither link is theirs (or there is no such book). A book the caller added stays theirs to
     * edit: when no credit is left it moves to their Listed books.
     */
    async removeCredit(actor: Actor, idAsked: string): Promise<Book> {
      const id = await workOf(idAsked)
      await db.transaction().execute(async (trx) => {
        const owner = await findBookOwnershipForWrite(trx, id)
        if (!owner || (owner.authorUserId !== actor.id && owner.publisherUserId !== actor.id)) throw notFound(BOOK_MESSAGES.notCredited)
        const authorUserId = owner.authorUserId === actor.id ? null : owner.authorUserId
        const publisherUserId = owner.publisherUserId === actor.id ? null : owner.publisherUserId
        const listedByUserId = owner.createdByUserId === actor.id && !owner.listedByUserId ? actor.id : owner.listedByUserId
        await updateBookLinks(trx, id, { authorUserId, publisherUserId, listedByUserId, updatedAt: nowIso() })
        await insertBookEdits(
          trx,
          editRowsOf(
            id,
            actor.id,
            { author_username: owner.authorUserId, publisher_username: owner.publisherUserId, listed_by_username: owner.listedByUserId },
            { author_username: authorUserId, publisher_username: publisherUserId, listed_by_username: listedByUserId },
          ),
        )
        await countCatalogueEdit(trx)
      })
      return get(id)
    },
  }
}

import { z } from 'zod'
import { BOOK_ROLES, BOOK_SORTS, CATEGORIES, GENRES, LANGUAGES, LIMITS, SEARCH_SORTS, SEARCH_TYPES } from '#/constants.ts'
import {
  HttpUrlOrEmptySchema,
  IdSchema,
  IsoDateTimeSchema,
  multiLineField,
  oneOf,
  PagingQuerySchema,
  singleLineField,
  singleLineText,
  wholeNumber,
} from '#/common.ts'

/** The formats an edition comes in (decision 0027). */
export const BOOK_FORMATS = ['hardcover', 'paperback', 'ebook', 'audiobook'] as const
export type BookFormat = (typeof BOOK_FORMATS)[number]
const formatSchema = oneOf(BOOK_FORMATS)

/** An audiobook's length in seconds: at most 1,000 hours. */
const AUDIO_SECONDS_MAX = 3_600_000

export const BookSchema = z.object({
  /** The work's id: ratings, reviews and reading entries belong to the work (decision 0027). */
  _id: IdSchema,
  title: z.string(),
  author: z.string(),
  author_username: z.string().nullable(),
  publisher: z.string(),
  publisher_username: z.string().nullable(),
  description: z.string(),
  coverImage: z.string(),
  averageRating: z.number(),
  totalReviews: z.int(),
  /** Every rating of the book: its reviews' and those given without a review (all count in averageRating). */
  ratingsCount: z.int(),
  publishedDate: z.string().nullable().describe('YYYY-MM-DD'),
  language: z.string(),
  edition: z.string(),
  pageCount: z.int().nullable(),
  amazonLink: z.string(),
  isbn: z.string(),
  genre: z.array(z.string()),
  category: z.string(),
  listed_by_username: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** The work's id (always `_id`; sent by this server on every book, absent from older servers). */
  workId: IdSchema.optional(),
  /**
   * The edition whose fields (isbn, pageCount, publisher, publishedDate, language, edition,
   * coverImage, format, audioSeconds) this answer shows: the work's id for its shown edition, or the
   * id of another edition when GET /books/{id} was asked for that edition.
   */
  editionId: IdSchema.optional(),
  /** The shown edition's format; null when unknown. */
  format: z.enum(BOOK_FORMATS).nullable().optional(),
  /** The shown edition's length in seconds when it is an audiobook; null when unknown. */
  audioSeconds: z.int().nullable().optional(),
  /** How many editions the work has: 1 + its other editions. */
  editionCount: z.int().optional(),
  /** Only for a signed-in viewer of GET /books/{id}. */
  inWishlist: z.boolean().optional(),
  inRecentlyRead: z.boolean().optional(),
  /** Only for a signed-in viewer of GET /books/{id}: they added the book, so they may correct or delete it. */
  addedByViewer: z.boolean().optional(),
  /** Only for a signed-in viewer of GET /books/{id}: they are its linked author or publisher, a credit they may remove. */
  creditsViewer: z.boolean().optional(),
  /** Only on GET /books/{id}: how many discussions the book has (issue 23, point 3). */
  discussionCount: z.int().optional(),
  /**
   * The moderators hid the book (decision 0058): no list, search or author or publisher page shows it;
   * its page still opens with this mark, and readers' shelves, log and exports keep it.
   */
  removedByModerators: z.literal(true).optional(),
  /** Only on GET /books/{id} of a hidden book, and only to a moderator: the note the moderators hid it with. */
  moderatorsNote: z.string().optional(),
})
export type Book = z.infer<typeof BookSchema>
export const BookListSchema = z.array(BookSchema)

export const BookIdParamsSchema = z.object({ id: IdSchema })
export const BookIdRefParamsSchema = z.object({ bookId: IdSchema })

const commaList = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .string()
    .max(1000, 'is too long')
    .transform((raw, ctx) => {
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      const lower = new Map(values.map((v) => [v.toLowerCase(), v]))
      const out: T[number][] = []
      for (const item of items) {
        const known = lower.get(item.toLowerCase())
        if (!known) {
          ctx.addIssue({ code: 'custom', message: `unknown ${what} "${item}"; expected one of ${values.join(', ')}` })
          return z.NEVER
        }
        out.push(known)
      }
      return out
    })

const optionalInt = (min: number, max: number) => wholeNumber(min, max).optional()

export const BookListQuerySchema = PagingQuerySchema.extend({
  sort: oneOf(BOOK_SORTS).default('recent'),
})
export type BookListQuery = z.infer<typeof BookListQuerySchema>

export const BookSearchQuerySchema = PagingQuerySchema.extend({
  query: z
    .string()
    .max(LIMITS.searchQueryMax, `must be at most ${LIMITS.searchQueryMax} characters`)
    .optional()
    .transform((q) => q?.trim() ?? ''),
  type: oneOf(SEARCH_TYPES).default('all'),
  genres: commaList(GENRES, 'genre').optional(),
  categories: commaList(CATEGORIES, 'category').optional(),
  languages: commaList(LANGUAGES, 'language').optional(),
  minPages: optionalInt(0, 100_000),
  maxPages: optionalInt(0, 100_000),
  minRating: z.coerce.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(5, 'must be at most 5').optional(),
  minYear: optionalInt(0, 9999),
  maxYear: optionalInt(0, 9999),
  sort: oneOf(SEARCH_SORTS)
    .default('relevance')
    .describe(
      'relevance (best match, then rating); rating (confidence-weighted average); published (newest first); popular (most reviews in the last 7 days, then rating)',
    ),
})
export type BookSearchQuery = z.infer<typeof BookSearchQuerySchema>

/** What Browse's filters can offer: the catalogue's publication years and the genres, categories and languages books carry. */
export const BookFacetsSchema = z.object({
  minYear: z.int().nullable().describe("the oldest book's year; null when no book has a date"),
  maxYear: z.int().nullable(),
  categories: z.array(z.string()).describe("the categories (of Browse's and Add Book's lists) at least one book carries"),
  genres: z.array(z.string()).describe("the genres (of the filter's list) at least one book carries, in the list's order"),
  languages: z.array(z.string()).describe("the languages (of the filter's list) at least one book is in, in the list's order"),
})
export type BookFacets = z.infer<typeof BookFacetsSchema>

const isbnSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => v === '' || /^(\d{9}[\dX]|\d{13})$/.test(v), 'must be an ISBN-10 or ISBN-13')

const publishedDateSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null
    const m = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(v)
    const date = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) : undefined
    if (!m || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`) {
      ctx.addIssue({ code: 'custom', message: 'must be a date like 1999-12-31' })
      return z.NEVER
    }
    return `${m[1]}-${m[2]}-${m[3]}`
  })

const genreListSchema = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((g) => g.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(40, 'each genre must be at most 40 characters')).max(LIMITS.genresMax, `must have at most ${LIMITS.genresMax} genres`))
  // Checked for length first, so at most ten short texts are read for invisible characters.
  .transform((gs) => [...new Set(gs.map((g) => singleLineText(g).trim()).filter(Boolean))])

const usernameRef = z
  .string()
  .trim()
  .max(LIMITS.usernameMax + 10, 'is too long')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))

const audioSecondsSchema = wholeNumber(1, AUDIO_SECONDS_MAX)

/** A value a client may leave out or send as null: either way it is kept as null. */
const orNull = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((v) => v ?? null)
/** One-line text of at most `max` characters, '' when left out. */
const optionalLine = (max: number) => singleLineField(max, `must be at most ${max} characters`).max(max, `must be at most ${max} characters`).default('')

// The fields a work shares with each of its editions, under the same rules in the add form and the edition form.
const publisherField = optionalLine(200)
const languageField = optionalLine(40)
const editionField = optionalLine(100)
const publishedDateField = orNull(publishedDateSchema)
const pageCountField = orNull(wholeNumber(1, 100_000))

/** The Add a New Book form. Ratings, counts, owners and timestamps are the server's and are ignored. */
export const CreateBookInputSchema = z.object({
  // One-line fields lose control, reordering and zero-width characters (common.ts); the description keeps its lines.
  title: singleLineField(LIMITS.titleMax, `must be at most ${LIMITS.titleMax} characters`, { error: 'is required' })
    .min(1, 'is required')
    .max(LIMITS.titleMax, `must be at most ${LIMITS.titleMax} characters`),
  author: singleLineField(200, 'must be at most 200 characters', { error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
  author_username: usernameRef,
  description: multiLineField(LIMITS.descriptionMax, `must be at most ${LIMITS.descriptionMax} characters`)
    .max(LIMITS.descriptionMax, `must be at most ${LIMITS.descriptionMax} characters`)
    .default(''),
  coverImage: HttpUrlOrEmptySchema.default(''),
  publisher: publisherField,
  publisher_username: usernameRef,
  publishedDate: publishedDateField,
  language: languageField,
  edition: editionField,
  pageCount: pageCountField,
  amazonLink: HttpUrlOrEmptySchema.default(''),
  isbn: isbnSchema.default(''),
  genre: genreListSchema.default([]),
  // One enum with '' (not a union), so a wrong value gets the message naming the choices.
  category: z.enum(['', ...CATEGORIES], { error: `must be one of ${CATEGORIES.join(', ')}` }).default(''),
  role: oneOf(BOOK_ROLES).optional(),
  /** The shown edition's format (decision 0027). Absent: kept as it is on a correction, none on a new book; null: none. */
  format: formatSchema.nullable().optional(),
  /** The shown edition's length in seconds, for an audiobook. Absent: kept as it is on a correction; null: none. */
  audioSeconds: audioSecondsSchema.nullable().optional(),
})
/** POST /books, and PUT /books/{id} (the reader who added a book corrects it with the whole form again, under the same rules). */
export type CreateBookInput = z.infer<typeof CreateBookInputSchema>

/** How many likely duplicates GET /books/duplicates answers at most. */
export const DUPLICATES_MAX = 5

/**
 * GET /books/duplicates: the books a new one may repeat, by the same ISBN, or the same title and
 * author (letter case, accents and punctuation aside). Send an ISBN, or a title and an author, or all three.
 */
export const BookDuplicatesQuerySchema = z
  .object({
    isbn: z
      .string()
      .trim()
      .max(40, 'is too long')
      .optional()
      .transform((v) => (v ?? '').replace(/[\s-]/g, '').toUpperCase()),
    title: z
      .string()
      .trim()
      .max(LIMITS.titleMax, `must be at most ${LIMITS.titleMax} characters`)
      .optional()
      .transform((v) => v ?? ''),
    author: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .optional()
      .transform((v) => v ?? ''),
  })
  .superRefine((v, ctx) => {
    if (v.isbn === '' && (v.title === '' || v.author === '')) {
      ctx.addIssue({ code: 'custom', path: ['isbn'], message: 'is needed, or else a title and an author' })
    }
  })
export type BookDuplicatesQuery = z.infer<typeof BookDuplicatesQuerySchema>

/**
 * isbn: the book holds this ISBN (adding it again is refused); isbn_unclaimed: a book an import made
 * carries it without holding it (decision 0023), so the new one may still be added; title_author: the
 * same title and author.
 */
export const DUPLICATE_REASONS = ['isbn', 'isbn_unclaimed', 'title_author'] as const
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number]

/** A book already on Shelfwise that the one being added may repeat, and why. */
export const BookDuplicateSchema = z.object({
  book: BookSchema,
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
})
export type BookDuplicate = z.infer<typeof BookDuplicateSchema>
export const BookDuplicateListSchema = z.array(BookDuplicateSchema)

/** Messages of the books calls that the client shows as they are. */
export const BOOK_MESSAGES = {
  isbnTaken: 'A book with this ISBN already exists',
  /** DELETE /books/{id} when other readers have the book on their lists or reviewed it. */
  inOthersLists: (readers: number) =>
    `${readers === 1 ? 'Another reader has' : `${readers} other readers have`} reviewed or shelved ` +
    'this book, so it can no longer be deleted. You can still edit it.',
  /** DELETE /books/{id}/credit when the caller is not its linked author or publisher (or there is no such book). */
  notCredited: 'You are not credited on this book',
  /** PUT /books/{id} changing the title, author or ISBN of a book other readers rely on (decision 0023). */
  identityLocked: (readers: number, fields: readonly IdentityField[]) =>
    `${readers === 1 ? 'Another reader has' : `${readers} other readers have`} reviewed, rated or shelved this book, so its ` +
    `${wordList(fields.map((f) => IDENTITY_FIELD_WORDS[f]))} can no longer be changed beyond small corrections (letter case, accents, ` +
    'spacing, punctuation; an ISBN-10 for its ISBN-13). If you meant a different book, add it as a new book; the other fields you can still edit.',
} as const

/** The fields that say which book a book is: once other readers rely on it, its adder may only correct them (decision 0023). */
export const IDENTITY_FIELDS = ['title', 'author', 'isbn'] as const
export type IdentityField = (typeof IDENTITY_FIELDS)[number]
const IDENTITY_FIELD_WORDS: Record<IdentityField, string> = { title: 'title', author: 'author', isbn: 'ISBN' }
const wordList = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`)

/**
 * A book's descriptive fields, as the add form, the book and the books table spell them: one list for
 * its history's field names, the row an edit reads and the row a merge keeps for its revert.
 */
export const BOOK_DETAIL_FIELDS = ['description', 'coverImage', 'publishedDate', 'language', 'edition', 'pageCount', 'amazonLink', 'isbn'] as const

/** The fields a book's history names, as the add form and the book spell them. */
export const BOOK_EDIT_FIELDS = [
  'title',
  'author',
  'author_username',
  'publisher',
  'publisher_username',
  'listed_by_username',
  ...BOOK_DETAIL_FIELDS,
  'genre',
  'category',
] as const
export type BookEditField = (typeof BOOK_EDIT_FIELDS)[number]

/**
 * One changed field of one edit of a book. Values are text as the book shows them (genres joined
 * with ', ', a page count as digits, linked readers by username); null for none.
 */
export const BookEditSchema = z.object({
  _id: IdSchema,
  bookId: IdSchema,
  field: z.enum(BOOK_EDIT_FIELDS),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  editedBy: z.object({ _id: IdSchema, username: z.string() }).nullable().describe('who made the edit; null once their account is closed'),
  editedAt: IsoDateTimeSchema,
})
export type BookEdit = z.infer<typeof BookEditSchema>
export const BookEditListSchema = z.array(BookEditSchema)

/**
 * GET /me/imported-books (decision 0032): one book the caller's imports made, with how many other
 * readers rely on it (reviewed, rated, shelved or logged it); while none do, its adder may correct
 * or delete it freely.
 */
export const ImportedBookSchema = z.object({ book: BookSchema, otherReaders: z.number().int() })
export type ImportedBook = z.infer<typeof ImportedBookSchema>
export const ImportedBookListSchema = z.array(ImportedBookSchema)
/** GET /me/imported-books: newest first, paged with `limit` (default IMPORTED_BOOKS_DEFAULT_LIMIT) and the Link header's `cursor`. */
export const ImportedBooksQuerySchema = PagingQuerySchema
export type ImportedBooksQuery = z.infer<typeof ImportedBooksQuerySchema>
export const IMPORTED_BOOKS_DEFAULT_LIMIT = 50

/** GET /books/{id}/history: always paged, `limit` (default BOOK_HISTORY_DEFAULT_LIMIT) and the Link header's `cursor`. */
export const BookHistoryQuerySchema = PagingQuerySchema
export type BookHistoryQuery = z.infer<typeof BookHistoryQuerySchema>
export const BOOK_HISTORY_DEFAULT_LIMIT = 50

// ---- Works and editions (decision 0027) ------------------------------------------------------

/**
 * One edition of a work. The work's shown (primary) edition has the work's id and `primary: true`;
 * every other edition has its own id, which GET /books/{id} and every call taking a book id also take.
 */
export const EditionSchema = z.object({
  _id: IdSchema,
  workId: IdSchema,
  /** ISBN-13 for an edition added as an edition ('' when none); the primary edition's as the book shows it. */
  isbn: z.string(),
  format: z.enum(BOOK_FORMATS).nullable(),
  pageCount: z.int().nullable(),
  audioSeconds: z.int().nullable(),
  language: z.string(),
  publisher: z.string(),
  publishedDate: z.string().nullable().describe('YYYY-MM-DD'),
  edition: z.string().describe('the edition note: "Penguin Classics", "2nd edition"…'),
  coverImage: z.string(),
  primary: z.boolean().describe("the work's shown edition (the book's own fields)"),
})
export type Edition = z.infer<typeof EditionSchema>

/** A work's answer shown as one of its other editions: the edition's own fields in place of the primary's. */
export const bookAsEdition = (work: Book, e: Edition): Book => ({
  ...work,
  editionId: e._id,
  isbn: e.isbn,
  pageCount: e.pageCount,
  publisher: e.publisher,
  publishedDate: e.publishedDate,
  language: e.language,
  edition: e.edition,
  coverImage: e.coverImage || work.coverImage,
  format: e.format,
  audioSeconds: e.audioSeconds,
})

/** A work's primary edition, from the work's own fields. */
export const primaryEditionOf = (work: Book): Edition => ({
  _id: work._id,
  workId: work._id,
  isbn: work.isbn,
  format: work.format ?? null,
  pageCount: work.pageCount,
  audioSeconds: work.audioSeconds ?? null,
  language: work.language,
  publisher: work.publisher,
  publishedDate: work.publishedDate,
  edition: work.edition,
  coverImage: work.coverImage,
  primary: true,
})
export const EditionListSchema = z.array(EditionSchema)

/** GET /books/{id}/editions: pages of `limit` (default EDITIONS_DEFAULT_LIMIT) with the Link header's `cursor`. */
export const EditionListQuerySchema = PagingQuerySchema
export type EditionListQuery = z.infer<typeof EditionListQuerySchema>
export const EDITIONS_DEFAULT_LIMIT = 50

/** The formats whose editions may have no ISBN (many e-books and audiobooks are sold without one). */
export const FORMATS_WITHOUT_ISBN: readonly BookFormat[] = ['ebook', 'audiobook']

/** POST /books/{id}/editions: a reader adds an edition of a work. */
export const CreateEditionInputSchema = z
  .object({
    isbn: isbnSchema.default(''),
    format: orNull(formatSchema),
    pageCount: pageCountField,
    audioSeconds: orNull(audioSecondsSchema),
    language: languageField,
    publisher: publisherField,
    publishedDate: publishedDateField,
    edition: editionField,
    coverImage: HttpUrlOrEmptySchema.default(''),
  })
  .superRefine((v, ctx) => {
    if (v.isbn === '' && !(v.format !== null && FORMATS_WITHOUT_ISBN.includes(v.format))) {
      ctx.addIssue({ code: 'custom', path: ['isbn'], message: 'is required, unless the format is ebook or audiobook' })
    }
    if (v.audioSeconds !== null && v.format !== 'audiobook') {
      ctx.addIssue({ code: 'custom', path: ['audioSeconds'], message: 'is for an audiobook: send format audiobook with it' })
    }
  })
export type CreateEditionInput = z.infer<typeof CreateEditionInputSchema>

/** Messages of the editions calls (decision 0027). */
export const EDITION_MESSAGES = {
  /** POST /books/{id}/editions with an ISBN whose check digit is wrong (the form's shape is checked first). */
  isbnCheckDigit: 'ISBN has a wrong check digit: check it against the book',
  /** POST /books/{id}/editions (and an import's new edition) with an ISBN another book or edition holds. */
  isbnHeld: (title: string, author: string) => `This ISBN is already on Shelfwise, as an edition of "${title}" by ${author}`,
} as const

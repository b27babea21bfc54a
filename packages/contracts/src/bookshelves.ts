import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, singleLineText } from '#/common.ts'
import { READING_STATUS_LABELS, type ReadingStatus } from '#/constants.ts'

// A reader's own shelves (issue 21, point 5, decision 0028): names they put on books, many per book,
// independent of the reading status, each public or private ("classics-club", "favourites", "owned").

export const SHELF_LIMITS = {
  /** Characters of a shelf's name (letters as a reader counts them: code points). */
  nameMax: 64,
  /** Shelves one reader may have. */
  perReader: 500,
  /** Shelves of one reader a book may be on. */
  perBook: 50,
} as const

export const SHELF_MESSAGES = {
  notFound: 'Shelf not found',
  taken: (name: string) => `You already have a shelf named “${name}”`,
  reserved: (name: string, status: ReadingStatus) =>
    `“${name}” is the reading status ${READING_STATUS_LABELS[status]}, not a shelf: set it with the book’s reading status`,
  badName: (name: string, problem: string) => `The shelf name “${shortened(name)}” ${problem}`,
  tooManyShelves: `You have ${SHELF_LIMITS.perReader} shelves, the most a reader can have: delete one you no longer use first`,
  tooManyOnBook: `A book can be on at most ${SHELF_LIMITS.perBook} of your shelves`,
  nothingToChange: 'Send a name, public, or both',
} as const

/** A name quoted in a message: a long one is cut, so the message stays readable. */
const shortened = (name: string) => {
  const chars = [...name]
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : name
}

/** A shelf name as kept: invisible characters dropped, line breaks and runs of spaces made one space, trimmed. */
export const cleanShelfName = (raw: string): string => singleLineText(raw).replace(/\s+/g, ' ').trim()

/** What two names are compared by: one reader's shelves are unique in it ('Favourites' and 'favourites' are one shelf). */
export const shelfNameKey = (name: string): string => cleanShelfName(name).normalize('NFC').toLowerCase()

/** Why a cleaned name cannot be a shelf's, as the end of a sentence; undefined when it can. */
export function shelfNameProblem(name: string): string | undefined {
  if (name === '') return 'must not be empty'
  if ([...name].length > SHELF_LIMITS.nameMax) return `must be at most ${SHELF_LIMITS.nameMax} characters`
  // Exports list a book's shelves separated by commas (Goodreads' Bookshelves column).
  if (name.includes(',')) return 'must not contain a comma: exports list shelves separated by commas'
  return undefined
}

// The reading statuses by every name a reader or an export may give them: they are set with the
// reading status, never as shelves (Goodreads' exclusive shelves, StoryGraph's read statuses).
const STATUS_NAMES = new Map<string, ReadingStatus>([
  ['want-to-read', 'want'],
  ['to-read', 'want'],
  ['want', 'want'],
  ['currently-reading', 'reading'],
  ['reading', 'reading'],
  ['read', 'read'],
  ['paused', 'paused'],
  ['did-not-finish', 'dnf'],
  ['dnf', 'dnf'],
])

/** The reading status a name stands for ('To Read', 'currently_reading', 'DNF'), if it names one: such a name is not a shelf. */
export const statusNamed = (name: string): ReadingStatus | undefined => STATUS_NAMES.get(shelfNameKey(name).replace(/[\s_]+/g, '-'))

// A text many times longer than any name is refused before it is cleaned (cleaning reads it through).
const RAW_NAME_MAX = SHELF_LIMITS.nameMax * 16

const RawShelfNameSchema = z.string({ error: 'must be text' }).max(RAW_NAME_MAX, { error: `must be at most ${SHELF_LIMITS.nameMax} characters`, abort: true })

/** A shelf's name as sent: cleaned, then 1 to 64 characters without a comma. A reading status's name is refused by the service, which names it. */
export const ShelfNameSchema = RawShelfNameSchema.overwrite(cleanShelfName).superRefine((name, ctx) => {
  const problem = shelfNameProblem(name)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** A reader's shelf: `count` is how many of its books the viewer can see (others do not see books on Want to Read). */
export const ShelfSchema = z.object({ _id: IdSchema, name: z.string(), count: z.int(), public: z.boolean() })
export type Shelf = z.infer<typeof ShelfSchema>
export const ShelfListSchema = z.array(ShelfSchema)

/** POST /api/me/shelves. */
export const ShelfCreateSchema = z
  .object({
    name: ShelfNameSchema,
    /** Whether others see the shelf; a new shelf is private unless this says otherwise. */
    public: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
export type ShelfCreate = z.infer<typeof ShelfCreateSchema>

/** PUT /api/me/shelves/{id}: a new name, public or private, or both. */
export const ShelfUpdateSchema = z
  .object({
    name: ShelfNameSchema.optional(),
    public: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
export type ShelfUpdate = z.infer<typeof ShelfUpdateSchema>

export const ShelfIdParamsSchema = z.object({ id: IdSchema })

/** PUT /api/books/{id}/shelves: every shelf the book is on for the caller, by name; missing ones are made, private. */
export const BookShelvesInputSchema = z
  .object({
    names: z
      .array(RawShelfNameSchema, { error: 'must be a list of shelf names' })
      .max(SHELF_LIMITS.perBook, `must list at most ${SHELF_LIMITS.perBook} shelves: a book can be on at most ${SHELF_LIMITS.perBook} of yours`),
  })
  .strict()
export type BookShelvesInput = z.infer<typeof BookShelvesInputSchema>

/** One of the caller's shelves a book is on: where it stands on that shelf (1 first) and since when. */
export const BookShelfSchema = z.object({ _id: IdSchema, name: z.string(), public: z.boolean(), position: z.int(), addedAt: IsoDateTimeSchema })
export type BookShelf = z.infer<typeof BookShelfSchema>
export const BookShelfListSchema = z.array(BookShelfSchema)

/** `?shelf=NAME` of a reader's library: a shelf's name in any letter case. */
export const ShelfFilterSchema = RawShelfNameSchema.min(1, 'must not be empty')

/** The JSON export's shelves: each shelf, and every placement of a book on one (its shelf, its position there, when it was put there). */
export const ExportShelvesSchema = z.object({
  shelves: z.array(z.object({ _id: IdSchema, name: z.string(), public: z.boolean(), createdAt: IsoDateTimeSchema })),
  /** Ordered by shelf, then position: a shelf's books in its order. */
  placements: z.array(z.object({ shelfId: IdSchema, bookId: IdSchema, position: z.int(), addedAt: IsoDateTimeSchema })),
})

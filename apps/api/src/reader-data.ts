import type { AccountExport, ExportLibraryEntry } from '@shelfwise/contracts'
import type { SelectQueryBuilder } from 'kysely'
import type { Db } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'

// Doors to a reader's data (issue 20, decision 0019). Every module that keeps rows naming a reader
// offers a door: what of them the JSON export carries, and their removal inside the transaction that
// closes the account. The account module composes the doors and names no other module's table;
// account.reader-data.test.ts reads each database's live schema and fails for a table naming readers
// that no door declares. The doors are listed in reader-data-doors.ts.

/** Where a page of a list left off: made and read by the door alone. */
export type Cursor = string

/**
 * A list read along one unique column, ascending (an id, time-ordered for most): the rows `query` makes
 * after the cursor, each made an item by `item`; when the page is full the cursor is its last row's value.
 * `ref` names the column in the query when the row's name for it is not enough (a joined table's
 * column: `blocks.blockedId`, read into the row as the `id` it equals).
 */
export function pagesAlong<Row extends Record<string, unknown>, T>(
  query: () => SelectQueryBuilder<any, any, Row>,
  column: keyof Row & string,
  item: (row: Row) => T,
  ref: string = column,
): PageReader<T> {
  return async (after, limit) => {
    // Untyped: the column is checked against the row above.
    let q: SelectQueryBuilder<any, any, Row> = query()
    const key = ref
    if (after !== undefined) q = q.where(key, '>', after)
    const rows = await q.orderBy(key).limit(limit).execute()
    const last = rows.at(-1)
    return { items: rows.map(item), ...(rows.length === limit && last ? { next: String(last[column]) } : {}) }
  }
}

/** The cursor of a page read newest first along (time, id): the page's last row's time and id. */
export const timeIdCursor = (at: string, id: unknown): Cursor => JSON.stringify([at, id])
/** The time and id a timeIdCursor holds (none from the start). */
export const timeIdKey = (after: Cursor | undefined): [string, string] | undefined =>
  after === undefined ? undefined : (JSON.parse(after) as [string, string])

/** One bounded page of a reader's list, after `after` (from the start when undefined); `next` only when more may follow. */
export type PageReader<T> = (after: Cursor | undefined, limit: number) => Promise<{ items: T[]; next?: Cursor }>

/** A section of the JSON export (`exportedAt` is the export's own moment, not anyone's data). */
type ExportSection = Exclude<keyof AccountExport, 'exportedAt'>

/** The sections a single door fills whole; `library` is put together from LibraryParts. */
export type DoorSection = Exclude<ExportSection, 'library'>

/**
 * How a door gives a section, following its contract (AccountExportSchema): a list page by page,
 * an object of lists each page by page, anything else read once (undefined when the account is gone).
 */
type SectionPart<T> = T extends readonly (infer I)[]
  ? { pages: PageReader<I> }
  : T extends Record<string, readonly unknown[]>
    ? { [K in keyof T]: SectionPart<T[K]> }
    : { value: () => Promise<T | undefined> }

export type ExportSections = { [K in DoorSection]: SectionPart<AccountExport[K]> }

/** What the reading log holds of one of the reader's books. */
export interface LogPart {
  bookId: string
  status: ExportLibraryEntry['status']
  /** The rating given without a review. */
  rating: number | null
  reads: ExportLibraryEntry['reads']
  /** When the book came into the log. */
  addedAt: string
  /** The edition the reader reads (null: the work's shown one) and the copies they own (decision 0027). */
  editionId: string | null
  owned: NonNullable<ExportLibraryEntry['owned']> | null
  /** The reader's private notes (decision 0031). */
  privateNotes: string | null
  /** The book's place on its status shelf, as a Goodreads file gave it (decision 0031); null when none is kept for its status. */
  statusPosition: number | null
  /** The unit the reader reports the book's progress in (decision 0039); null when not chosen. */
  progressUnit: NonNullable<ExportLibraryEntry['progressUnit']> | null
  /** Who sees the book (decision 0055); null for the default. */
  visibility: NonNullable<ExportLibraryEntry['visibility']> | null
}

/** The reader's review of one book. */
export interface ReviewPart {
  bookId: string
  review: NonNullable<ExportLibraryEntry['review']>
}

/** The parts of each library entry, each given by the door of the module that holds it. */
export interface LibraryParts {
  /** The logged books along the log's key; which of some books are logged. */
  log: { pages: PageReader<LogPart>; loggedAmong(bookIds: string[]): Promise<Set<string>> }
  /** The reviews, newest first; the reviews of some books. */
  reviews: { pages: PageReader<ReviewPart>; ofBooks(bookIds: string[]): Promise<ReviewPart[]> }
  /** The reader's shelves of some books, each book's in its shelves' name order with its positions (decision 0031). */
  shelves: { ofBooks(bookIds: string[]): Promise<Map<string, { name: string; position: number }[]>> }
}

/** What a door gives the JSON export: whole sections, parts of the library entries, or nothing. */
interface ReaderExport {
  sections?: Partial<ExportSections>
  library?: Partial<LibraryParts>
}

/** How a door covers one of its tables. */
export interface TableCover {
  /** The export's sections that carry the rows, or why the export leaves them out. */
  exported: { in: readonly ExportSection[] } | { leftOut: string }
  /**
   * What closing the account does to the rows: `deleted`; `unlinked`: shared catalogue data, the row
   * stays and the reader's columns are cleared; `released`: kept until the uploads sweep removes them.
   */
  removed: 'deleted' | 'unlinked' | 'released'
}

/** A module's door to a reader's data: both ways are required. */
export interface ReaderDataDoor<E extends ReaderExport = ReaderExport> {
  /** The module, for messages. */
  module: string
  /** The tables of the reader's rows this door exports and removes. */
  tables: { readonly [T in keyof Database]?: TableCover }
  /** The reader's data for the JSON export, read when asked for, page by page. */
  exportFor(db: Db, userId: string): E
  /** Removes (or unlinks, or releases) the reader's rows in the caller's transaction. */
  removeFor(trx: Db, userId: string): Promise<void>
}

/** The door of the account row itself: locked before any door removes, removed after all of them. */
export interface AccountDoor<E extends ReaderExport = ReaderExport> extends ReaderDataDoor<E> {
  /** Locks the reader's row until the transaction ends; false when the account is already gone. */
  lockFor(trx: Db, userId: string): Promise<boolean>
}

/** Every door to a reader's data. */
export interface ReaderData {
  account: AccountDoor
  /** The other doors, in the order they remove: users' rows before books' rows, as every writer locks them. */
  doors: readonly ReaderDataDoor[]
}

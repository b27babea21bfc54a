import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import type { MergeKind } from '@shelfwise/contracts'
import { dialectOf, type Db } from '#/db/portable.ts'
import { yieldToLoop } from '#/work-gate.ts'
import type { Database } from '#/db/schema.ts'

// Doors for merging duplicates (issue 21, point 7, decision 0030), as the doors to a reader's data
// are for closing an account (reader-data.ts). Every module that keeps rows naming a book (or an
// edition) offers a door: "move this book's rows to that book in this transaction, answering what
// moved" and "put back what moved". The merges module composes the doors and names no other module's
// table; book-merge-doors.ts lists them, and merges.coverage.test.ts reads each database's live
// schema and fails for a table naming books that no door declares.

/** One merge as every door sees it. */
export interface MergeStep {
  kind: MergeKind
  /** What stays: a work (kind work), or an edition's id, or the work's own id for its shown edition (kind edition). */
  survivor: string
  /** What goes: a work (kind work) or an edition (kind edition); its id keeps answering with the survivor. */
  absorbed: string
  /** The surviving work: the survivor itself for a work merge, the editions' work for an edition merge. */
  workId: string
  /** The merge's moment (the revert's, when putting back). */
  at: string
}

/**
 * What a door moved, as it will need it to put it back: plain JSON (ids per table, and the rows a
 * merge folded into others as they were), kept with the merge.
 */
export type Moved = object

/** How one module keeps its rows naming books right through a merge. */
export interface BookMergeDoor<M extends Moved = Moved> {
  /** The module, for messages and as the key of what it moved. */
  module: string
  /** The tables with a column naming a book or an edition that this door covers, each with what a merge does to its rows. */
  tables: { readonly [T in keyof Database]?: string }
  /**
   * The readers whose rows (or whose account's versions) this door will write: for an apply
   * (`moved` absent) those with rows naming the absorbed book, for a revert those `moved` names.
   * The merge locks them before the books, as every reader's own write does (PostgreSQL).
   */
  readers(trx: Db, step: MergeStep, moved?: M): Promise<string[]>
  /** Moves the absorbed book's rows to the survivor in the caller's transaction, answering what moved. */
  move(trx: Db, step: MergeStep): Promise<M>
  /** Puts back what `move` moved, in the caller's transaction: what readers wrote on the survivor since stays there. */
  putBack(trx: Db, step: MergeStep, moved: M): Promise<void>
}

/** Two books as a merge compares them, to choose which stays. */
export interface MergeSide {
  id: string
  /** Its ratings: reviews with stars and ratings given without a review. */
  ratings: number
  createdAt: string
  /** Kind edition: this is the work's shown edition (the work's own id). */
  shown: boolean
}

/**
 * The books module's door: the catalogue's own rows (the books themselves, their genres, history and
 * editions). It settles which book stays and locks both before any door moves, and it runs on both
 * sides of the others: the absorbed work's shown edition must exist as an edition before reading
 * entries can name it, and the absorbed book's row goes only once nothing names it.
 */
export interface CatalogueMergeDoor<M extends Moved = Moved> {
  module: 'books'
  tables: { readonly [T in keyof Database]?: string }
  /** Which of two sides stays (its index), by the rule of decision 0030. */
  survivorOf(kind: MergeKind, sides: readonly [MergeSide, MergeSide]): 0 | 1
  /**
   * The works (ids, most relied on first) that are likely the same as this one though no import
   * rule took them as one: the same title once notes in brackets or a subtitle are set aside, and
   * the same author or one spelled a letter or two apart. Looked for by title among the catalogue,
   * or only `among` these ids when given. For the merges an import suggests (decision 0030).
   */
  likeWorks(db: Db, id: string, among?: readonly string[]): Promise<string[]>
  /** likeWorks for many works at once (each looked for by title among the catalogue), by work id: an import's books made. */
  likeWorksOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>>
  /**
   * The merge of two proposed ids, both locked until the transaction ends; 409 (MERGE_MESSAGES.bookGone)
   * when either is no longer what was proposed (a work merged away or deleted, an edition merged).
   */
  plan(trx: Db, kind: MergeKind, ids: readonly [string, string], at: string, lock?: boolean): Promise<MergeStep>
  /** Checks a merge can be put back and locks what it touches; 409 (MERGE_MESSAGES.survivorGone) when the survivor is gone. */
  planRevert(trx: Db, step: MergeStep): Promise<void>
  /** Before the other doors move: what must exist for them (the absorbed work as an edition of the survivor). */
  moveFirst(trx: Db, step: MergeStep): Promise<M>
  /** After them: the absorbed book's own rows go; answers the whole record. */
  moveLast(trx: Db, step: MergeStep, first: M): Promise<M>
  /** Before the other doors put back: the absorbed book is a book again. */
  putBackFirst(trx: Db, step: MergeStep, moved: M): Promise<void>
  /** After them: its editions go home, and its edition row under the survivor goes. */
  putBackLast(trx: Db, step: MergeStep, moved: M): Promise<void>
}

/** What an import that finished may have left duplicated (the imports module answers it, the merges module suggests from it): the candidates of each row waiting with two or more, and the books it made. */
export interface ImportMergeHints {
  userId: string
  /** Each waiting row's candidate works, most relied on first (only rows with two or more). */
  waiting: string[][]
  /** The books the import made (rows noted `book_created`), in the file's order. */
  created: string[]
}

/** Every door a merge composes. */
export interface BookMergeDoors {
  catalogue: CatalogueMergeDoor
  /** The other doors, in the order they move (their put-backs run in the reverse order). */
  doors: readonly BookMergeDoor[]
}

/** Ids bound into SQL in bounded lists: a merge of a book with many rows runs a statement per this many. */
const MERGE_CHUNK = 500

/** A list cut into lists of at most MERGE_CHUNK. */
export function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += MERGE_CHUNK) out.push(items.slice(i, i + MERGE_CHUNK))
  return out
}

/** What a door moved of a table whose rows name a book and nothing else of it: their ids. */
export interface IdsMoved {
  /** The rows that named the absorbed book. */
  ids: string[]
}

/**
 * A door's move and put-back for a table whose rows name a book by `book_id` and hold nothing a merge
 * folds: the absorbed book's rows move to the survivor, and back by id on a revert. With `worksOnly`
 * the rows name works, so an edition merge moves nothing.
 */
export function moveBookIds(
  table: 'discussions' | 'notifications' | 'syncInbox',
  { worksOnly }: { worksOnly: boolean },
): Pick<BookMergeDoor<IdsMoved>, 'move' | 'putBack'> {
  return {
    async move(trx, step) {
      if (worksOnly && step.kind !== 'work') return { ids: [] }
      const rows = await trx.selectFrom(table).select('id').where('bookId', '=', step.absorbed).orderBy('id').execute()
      if (rows.length) await trx.updateTable(table).set({ bookId: step.survivor }).where('bookId', '=', step.absorbed).execute()
      return { ids: rows.map((r) => r.id) }
    },

    async putBack(trx, step, { ids }) {
      if (worksOnly && step.kind !== 'work') return
      for (const some of chunked(ids)) {
        await trx.updateTable(table).set({ bookId: step.absorbed }).where('id', 'in', some).where('bookId', '=', step.survivor).execute()
      }
    },
  }
}

/** Those of `rows` whose `key` still names a row of `table`: a shelf or an account deleted since took its rows with it. */
export async function stillThere<T>(trx: Db, table: 'shelves' | 'users', rows: readonly T[], key: (row: T) => string): Promise<T[]> {
  const there = await trx.selectFrom(table).select('id').where('id', 'in', rows.map(key)).execute()
  const ids = new Set(there.map((r) => r.id))
  return rows.filter((r) => ids.has(key(r)))
}

/**
 * Locks readers' rows (`users`) in id order until the transaction ends, on PostgreSQL (SQLite's
 * writes take turns). A merge takes them before the books: every reader's write locks its reader
 * first and its book after (reading.repository.ts `bumpLogVersion`), so a merge that locked the
 * books first and the readers after would cross a reader's write, and PostgreSQL would abort one.
 */
export async function lockReaders(trx: Db, ids: readonly string[]): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return
  for (const some of chunked([...new Set(ids)].sort())) {
    await trx.selectFrom('users').select('id').where('id', 'in', some).orderBy('id').forUpdate().execute()
  }
}

/** How long a merge's statements may run back to back before it lets the event loop answer others. */
const HOLD_MS = 20

/**
 * Lets the event loop go between a merge's statements once they have held it HOLD_MS. node:sqlite
 * runs each statement on the one JS thread (and PostgreSQL's answers are parsed there), so a merge
 * of a book with 10,000 readers, its statements chained in promise callbacks, would hold the loop for
 * seconds: health checks and reads waited behind it. Inside the transaction this is safe: on SQLite
 * the transaction keeps the one write connection (other writes wait in its queue) and reads run on
 * the reader connection; on PostgreSQL the transaction keeps its own connection.
 */
class LetTheLoopGo implements KyselyPlugin {
  private since = performance.now()

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (performance.now() - this.since >= HOLD_MS) {
      await yieldToLoop()
      this.since = performance.now()
    }
    return args.result
  }
}

/** The merge's transaction, letting the event loop go every HOLD_MS of statements (for every door given it). */
export const lettingTheLoopGo = <T extends Db>(trx: T): T => trx.withPlugin(new LetTheLoopGo()) as T

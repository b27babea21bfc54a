import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportCorrectable,
  type ImportJob,
  type ImportOutcome,
  type ImportRow,
  type ImportRowResolve,
  type ImportRowsQuery,
} from '@shelfwise/contracts'
import { csvLine } from '@shelfwise/library-files'
import { dialectOf, isForeignKeyViolation, nowIso, type Db } from '#/db/portable.ts'
import { AppError, badRequest, conflict, notFound } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { createWorkGate, yieldToLoop } from '#/work-gate.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import { detectFormat, type ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
import type { RowApplier } from '#/modules/imports/imports.apply.ts'
import { findAllowances } from '#/modules/imports/imports.limits.repository.ts'
import { findImportHeader, lockReader, moveCount } from '#/modules/imports/imports.repository.ts'
import {
  countRows,
  findRow,
  listNotesOf,
  listRows,
  SETTLED_OUTCOMES,
  updateRow,
  type RowChange,
  type StoredRow,
} from '#/modules/imports/imports.rows.repository.ts'
import {
  candidateOf,
  correctableOf,
  correctedCells,
  correctedRow,
  CSV_FIRST_PAGE,
  dayOf,
  failed,
  keptCellsOf,
  nextCsvPage,
  NOTE_TEXTS,
  rowActions,
  SLICE_MS,
  type RowResult,
} from '#/modules/imports/imports.rules.ts'

// What an import made of each row, for its reader (decision 0020): the rows a page at a time, the rows
// that did not import as a CSV file to fix and send again, and a row settled by hand.

const ROWS_DEFAULT_LIMIT = 100
/** What a correction may change of a row whose cells are no longer kept (it was read, then waited). */
const UNCELLED: ImportCorrectable[] = ['title', 'author', 'isbn']

/** The row's book left the catalogue while the row was applied. */
class BookGone extends Error {}

export interface ImportsReportDeps {
  db: Db
  books: BooksService
  apply: RowApplier
  /** The reader's import; 404 when it is absent or someone else's. */
  ownJob: (actor: Actor, id: string) => Promise<ImportJob>
}

export const createImportsReport = ({ db, books, apply, ownJob }: ImportsReportDeps) => {
  const { applyRow, applyToBook, createAndApply } = apply

  // Pages of the CSV of rows take turns, as the catalogue's costly reads do (decision 0015).
  const gate = createWorkGate({ concurrency: dialectOf(db) === 'postgres' ? 2 : 1 })

  /** The file's format and columns, from the header it was read with (`on`: the caller's transaction, if any). */
  const formatOf = async (job: ImportJob, on: Db = db) => {
    const found = detectFormat(await findImportHeader(on, job._id), job.source)
    return found.ok ? found : undefined
  }

  /** Rows as the report shows them: with their candidates, their notes, and what the reader can do with each now. */
  const toRows = async (userId: string, job: ImportJob, rows: StoredRow[]): Promise<ImportRow[]> => {
    const ids = [...new Set(rows.flatMap((r) => r.candidates))]
    const open = rows.some((r) => r.outcome === 'needs_review' || r.outcome === 'failed')
    const [found, notes, format, allowances] = await Promise.all([
      ids.length ? books.listByIds(ids) : [],
      listNotesOf(
        db,
        job._id,
        rows.map((r) => r.line),
      ),
      open ? formatOf(job) : undefined,
      open ? findAllowances(db, userId, dayOf(Date.now())) : undefined,
    ])
    const byId = new Map(found.map((b) => [b._id, candidateOf(b)]))
    const today = { books: (allowances?.books ?? 0) < IMPORT_LIMITS.booksPerDay, reviews: (allowances?.reviews ?? 0) < IMPORT_LIMITS.reviewsPerDay }
    const correctable = format ? correctableOf(format.format, format.columns) : []
    return rows.map((r) => {
      const rowNotes = notes.get(r.line) ?? []
      const actions = rowActions(
        r,
        rowNotes.map((n) => n.kind),
        today,
      )
      const hasCells = r.fields !== '[]'
      return {
        line: r.line,
        title: r.title,
        author: r.author,
        outcome: r.outcome,
        bookId: r.bookId,
        candidates: r.candidates.flatMap((id) => byId.get(id) ?? []),
        message: r.message,
        notes: rowNotes,
        actions,
        correctable: !actions.includes('retry') ? [] : hasCells ? correctable : UNCELLED,
      }
    })
  }

  /** What resolving `row` as `input` makes of it, in the caller's transaction; a book gone meanwhile throws BookGone. */
  const resolution = async (userId: string, job: ImportJob, row: StoredRow, input: ImportRowResolve, trx: Db): Promise<RowChange> => {
    if (input.action === 'skip')
      return { outcome: 'skipped', bookId: null, candidates: row.candidates, notes: (await listNotesOf(trx, job._id, [row.line])).get(row.line) ?? [] }
    const strictly = async (work: () => Promise<RowResult>) => {
      try {
        return await work()
      } catch (err) {
        if (isForeignKeyViolation(err) || (err instanceof AppError && err.status === 404)) throw new BookGone()
        throw err
      }
    }
    const cells = JSON.parse(row.fields) as string[]
    if (input.action === 'retry' && cells.length) {
      // Corrected in place, the row's cells read again by the export's own rules: a row that could not be read too.
      const format = await formatOf(job, trx)
      if (!format) throw badRequest('This row could not be read: download the rows that did not import, correct it there and import that file')
      const corrected = correctedCells(format.format, format.columns, row.line, cells, input)
      return {
        ...(await strictly(() => applyRow(userId, corrected.row, trx))),
        title: corrected.row.title,
        author: corrected.row.author,
        data: JSON.stringify(corrected.row),
        fields: JSON.stringify(corrected.cells),
      }
    }
    if (row.data === null) throw badRequest('This row could not be read: download the rows that did not import, correct it there and import that file')
    const parsed = JSON.parse(row.data) as ParsedRow
    if (input.action === 'choose') {
      if (!row.candidates.includes(input.bookId)) throw badRequest(IMPORT_MESSAGES.notACandidate)
      return strictly(() => applyToBook(userId, parsed, input.bookId, false, trx))
    }
    if (input.action === 'create') return strictly(() => createAndApply(userId, parsed, trx))
    const corrected = correctedRow(parsed, input)
    return { ...(await strictly(() => applyRow(userId, corrected, trx))), title: corrected.title, author: corrected.author, data: JSON.stringify(corrected) }
  }

  return {
    /** A page of a job's rows, in file order, of the outcomes asked for and with the kind of note asked for. */
    async rows(actor: Actor, id: string, q: ImportRowsQuery): Promise<Page<ImportRow>> {
      const job = await ownJob(actor, id)
      const after = q.cursor === undefined ? 0 : decodeKeyset(q.cursor, ['count'] as const)[0]
      const limit = q.limit ?? ROWS_DEFAULT_LIMIT
      const [page, total] = await Promise.all([listRows(db, id, q.outcome, after, limit + 1, q.note), countRows(db, id, q.outcome, q.note)])
      const items = await toRows(actor.id, job, page.slice(0, limit))
      return { items, total, ...(page.length > limit ? { nextCursor: encodeCursor([items.at(-1)!.line]) } : {}) }
    },

    /**
     * The rows of the outcomes asked for (by default those that did not import) as a CSV file with
     * the file's own header, so the reader can fix them in a spreadsheet and import them again. The
     * lines come page by page (CSV_PAGE rows along the rows' key, each page in its turn), as the
     * download reads them; a settled row, whose cells were dropped, gives its title and author.
     * 404 (before any line) for an import that is not the reader's.
     */
    async rowsCsv(actor: Actor, id: string, outcomes: ImportOutcome[] | undefined): Promise<{ name: string; lines: AsyncGenerator<string> }> {
      const job = await ownJob(actor, id)
      const header = await findImportHeader(db, id)
      const wanted = outcomes?.length ? outcomes : (['needs_review', 'failed'] as ImportOutcome[])
      const cellsOf = keptCellsOf(header)
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(header)
        // Pages are sized by what they weigh, not only by rows: 500 rows of 65,536-character cells
        // would be read, parsed and written in one turn of the loop. The first page is small; one heavier than
        // CSV_PAGE_CHARS makes the next one smaller; a light one lets it grow back.
        for (let after = 0, size = CSV_FIRST_PAGE; ;) {
          const asked = size
          const page = await gate.run(() => listRows(db, id, wanted, after, asked))
          // Written a row at a time, the event loop served between slices (a row of 65,536 doubled quotes is 130 KB of CSV).
          let text = ''
          let chars = 0
          let sliceStart = performance.now()
          for (const row of page) {
            text += csvLine(cellsOf(row))
            if (performance.now() - sliceStart < SLICE_MS) continue
            chars += text.length
            yield text
            text = ''
            await yieldToLoop()
            sliceStart = performance.now()
          }
          chars += text.length
          if (text) yield text
          if (page.length < asked) return
          after = page.at(-1)!.line
          size = nextCsvPage(asked, chars)
        }
      }
      return { name: `${job.fileName.replace(/\.csv$/i, '')}-not-imported.csv`, lines: lines() }
    },

    /**
     * Settles a row that waits or failed: a candidate chosen, the book made from the row, the row
     * corrected and looked at again, or left out. Once: the row is read and changed in one
     * transaction with the reader locked, and changed only from the outcome it was read with, so
     * resolves sent at once take turns and a settled row answers 409 (as it does while the job runs).
     */
    async resolve(actor: Actor, id: string, line: number, input: ImportRowResolve): Promise<ImportRow> {
      const job = await ownJob(actor, id)
      if (job.status === 'queued' || job.status === 'running') throw conflict(IMPORT_MESSAGES.stillRunning)
      const settleOnce = (change: (row: StoredRow, trx: Db) => Promise<RowChange>) =>
        db.transaction().execute(async (trx) => {
          await lockReader(trx, actor.id)
          const row = await findRow(trx, id, line)
          if (!row) throw notFound(IMPORT_MESSAGES.rowNotFound)
          if (SETTLED_OUTCOMES.includes(row.outcome)) throw conflict(IMPORT_MESSAGES.rowSettled(row.outcome))
          const next = await change(row, trx)
          if (!(await updateRow(trx, id, line, row.outcome, next))) throw conflict(IMPORT_MESSAGES.rowSettled(next.outcome))
          if (next.outcome !== row.outcome) await moveCount(trx, id, row.outcome, next.outcome, nowIso())
        })
      try {
        await settleOnce((row, trx) => resolution(actor.id, job, row, input, trx))
      } catch (err) {
        if (!(err instanceof BookGone)) throw err
        // What the row did went with the transaction (on PostgreSQL the refused statement ended it): it fails, in one of its own.
        await settleOnce(async () => failed('book_removed', NOTE_TEXTS.bookRemoved))
      }
      return (await toRows(actor.id, job, [(await findRow(db, id, line))!]))[0]!
    },
  }
}

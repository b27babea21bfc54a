import { sql } from 'kysely'
import type { Db } from '#/db/portable.ts'

// What an imported row says of its book beyond what the catalogue's forms ask (issue 21, point 6,
// decision 0031), kept where it belongs: an edition's binding as written and its other contributors
// on that edition (the books row for a work's shown edition, else its editions row), the year the
// work was first published on the work. The catalogue is shared: a value is filled only where the
// catalogue has none, and a different one already there is kept, the caller telling the reader.

/** The file's details of a row's book; null where the file gives none. */
export interface ImportedDetails {
  /** The row's title and author, kept on an edition of the work as its own when they are not the work's. */
  title: string
  author: string
  /** The Binding as written, and the format it names here (null: none of the four). */
  binding: string | null
  bindingFormat: string | null
  additionalAuthors: string | null
  originalYear: number | null
}

/** A detail the catalogue already gives otherwise, kept: the file's column, the catalogue's value and the file's. */
export interface DetailKept {
  column: 'Binding' | 'Additional Authors' | 'Original Publication Year'
  catalogue: string
  file: string
}

/** The same text, compared as a reader would: case and runs of spaces aside. */
const same = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * Fills the row's details in on its book (a step of the caller's transaction): on the edition the
 * row names by ISBN (`editionId`, or the work's shown one when null) when `namesEdition`, and the
 * original year on the work whenever it was found. A binding is kept only on an edition of the
 * format it names, so the two never disagree. Answers the details the catalogue kept instead.
 */
export async function keepImportedDetails(
  trx: Db,
  workId: string,
  editionId: string | null,
  namesEdition: boolean,
  d: ImportedDetails,
  /** The import's batch (decision 0070): its works read at once, their first years written at its end. */
  batch?: DetailsBatch,
): Promise<DetailKept[]> {
  const kept: DetailKept[] = []
  const work = batch ? await batch.work(workId) : await findWork(trx, workId)
  if (!work) return kept
  if (d.originalYear !== null) {
    if (work.originalYear === null) {
      if (batch) batch.fillYear(workId, d.originalYear)
      else await trx.updateTable('books').set({ originalYear: d.originalYear }).where('id', '=', workId).where('originalYear', 'is', null).execute()
    } else if (work.originalYear !== d.originalYear)
      kept.push({ column: 'Original Publication Year', catalogue: String(work.originalYear), file: String(d.originalYear) })
  }
  if (!namesEdition) return kept
  const onEdition = editionId !== null && editionId !== workId
  const edition = onEdition
    ? await trx.selectFrom('editions').select(['binding', 'additionalAuthors', 'format', 'title', 'author']).where('id', '=', editionId).executeTakeFirst()
    : work
  if (!edition) return kept
  const fill: { binding?: string; additionalAuthors?: string; title?: string; author?: string } = {}
  // An edition's own title and credit ("Frankenstein: The 1818 Text"), when the row's are not the
  // work's; the work's shown edition has the work's by definition, and a label once given stays.
  if (onEdition && 'title' in edition && edition.title === null && edition.author === null && (work.title !== d.title || work.author !== d.author))
    Object.assign(fill, { title: d.title, author: d.author })
  if (d.binding !== null) {
    if (edition.binding === null && (edition.format ?? null) === d.bindingFormat) fill.binding = d.binding
    else if (edition.binding !== null && !same(edition.binding, d.binding)) kept.push({ column: 'Binding', catalogue: edition.binding, file: d.binding })
  }
  if (d.additionalAuthors !== null) {
    if (edition.additionalAuthors === null) fill.additionalAuthors = d.additionalAuthors
    else if (!same(edition.additionalAuthors, d.additionalAuthors))
      kept.push({ column: 'Additional Authors', catalogue: edition.additionalAuthors, file: d.additionalAuthors })
  }
  if (Object.keys(fill).length) {
    if (onEdition) await trx.updateTable('editions').set(fill).where('id', '=', editionId).execute()
    else if (batch) batch.fill(workId, fill)
    else {
      await trx.updateTable('books').set(fill).where('id', '=', workId).execute()
      Object.assign(work, fill)
    }
  }
  return kept
}

const WORK_COLUMNS = ['title', 'author', 'binding', 'additionalAuthors', 'originalYear', 'format'] as const
type Work = { title: string; author: string; binding: string | null; additionalAuthors: string | null; originalYear: number | null; format: string | null }

const findWork = (db: Db, workId: string): Promise<Work | undefined> => db.selectFrom('books').select(WORK_COLUMNS).where('id', '=', workId).executeTakeFirst()

/** The works of an import's batch, as keepImportedDetails reads and fills them (createDetailsBatch). */
export interface DetailsBatch {
  work(id: string): Promise<Work | undefined>
  fillYear(id: string, year: number): void
  /** A work's shown edition's binding and other contributors, filled in where it had none. */
  fill(id: string, values: { binding?: string; additionalAuthors?: string }): void
  /** Writes what the batch filled in: one statement, its last step. */
  finish(): Promise<void>
}

/**
 * The works of a batch of an import's rows (decision 0070), read in one statement: keepImportedDetails
 * reads them here and sees what earlier rows of the batch filled in, and the first years it fills in
 * are written at the batch's end, in one statement, still only where the catalogue has none. A
 * work not among `workIds` is read on its own.
 */
export async function createDetailsBatch(trx: Db, workIds: readonly string[]): Promise<DetailsBatch> {
  const ids = [...new Set(workIds)]
  const rows = ids.length
    ? await trx
        .selectFrom('books')
        .select(['id', ...WORK_COLUMNS])
        .where('id', 'in', ids)
        .execute()
    : []
  const works = new Map<string, Work | undefined>(rows.map(({ id, ...w }) => [id, w]))
  const years = new Map<string, number>()
  const fills = new Map<string, { binding?: string; additionalAuthors?: string }>()
  return {
    async work(id) {
      if (!works.has(id)) works.set(id, await findWork(trx, id))
      return works.get(id)
    },
    fillYear(id, year) {
      years.set(id, year)
      const work = works.get(id)
      if (work) work.originalYear = year
    },
    fill(id, values) {
      fills.set(id, { ...fills.get(id), ...values })
      const work = works.get(id)
      if (work) Object.assign(work, values)
    },
    async finish() {
      const ids = [...new Set([...years.keys(), ...fills.keys()])]
      if (!ids.length) return
      /** The column's new value for the books the batch filled it on, else the value it has. */
      const filled = (column: 'binding' | 'additional_authors', of: (f: { binding?: string; additionalAuthors?: string }) => string | undefined) => {
        const given = [...fills].flatMap(([id, f]) => (of(f) === undefined ? [] : [sql`when ${id} then ${of(f)}`]))
        return sql<string | null>`${given.length ? sql`case id ${sql.join(given, sql` `)} else ${sql.ref(column)} end` : sql.ref(column)}`
      }
      const byYear = [...years].map(([id, year]) => sql`when ${id} then cast(${year} as integer)`)
      // One new version of each book's row for all the batch filled in on it; the year only where the catalogue has none.
      await trx
        .updateTable('books')
        .set({
          originalYear: sql<number | null>`${byYear.length ? sql`coalesce(original_year, case id ${sql.join(byYear, sql` `)} end)` : sql.ref('original_year')}`,
          binding: filled('binding', (f) => f.binding),
          additionalAuthors: filled('additional_authors', (f) => f.additionalAuthors),
        })
        .where('id', 'in', ids)
        .execute()
    },
  }
}

/** A book's details for the Goodreads export: its binding as written and other contributors, and its work's first year. */
export interface ExportDetails {
  /** An edition's own title and credit; null: the work's. */
  title: string | null
  author: string | null
  binding: string | null
  additionalAuthors: string | null
  originalYear: number | null
}

/**
 * The export's details of some works and of the editions their readers name (a page of a library:
 * two reads along primary keys). Keyed by the work's id, and by the edition's id for editions.
 */
export async function findExportDetails(db: Db, workIds: string[], editionIds: string[]): Promise<Map<string, ExportDetails>> {
  const found = new Map<string, ExportDetails>()
  if (workIds.length) {
    const works = await db.selectFrom('books').select(['id', 'binding', 'additionalAuthors', 'originalYear']).where('id', 'in', workIds).execute()
    for (const w of works)
      found.set(w.id, { title: null, author: null, binding: w.binding, additionalAuthors: w.additionalAuthors, originalYear: w.originalYear })
  }
  if (editionIds.length) {
    const editions = await db
      .selectFrom('editions')
      .select(['id', 'bookId', 'title', 'author', 'binding', 'additionalAuthors'])
      .where('id', 'in', editionIds)
      .execute()
    for (const e of editions)
      found.set(e.id, {
        title: e.title,
        author: e.author,
        binding: e.binding,
        additionalAuthors: e.additionalAuthors,
        originalYear: found.get(e.bookId)?.originalYear ?? null,
      })
  }
  return found
}

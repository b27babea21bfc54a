// A Goodreads "Export Library" file (the current 24 columns) of a reader moving in, made from the
// catalogue of the database the bench serves (issue 14): `npm run bench` builds it in memory for the
// import scenario; `node bench/src/goodreads.ts [--db <file> | DATABASE_URL=…] [--rows 5000] [--out <file>]`
// writes the same file for a look or a hand-made import.
//
// Deterministic for a given database (fixed seed; books taken in id order). The mix, by rows:
// - ~55 % a catalogue book by ISBN, as Goodreads writes them: ISBN13 `="978…"` with ISBN `="…"` (its
//   ISBN-10), or only one of the two;
// - ~30 % a catalogue book without ISBN (`=""`, as e-books export), found by title and author: some
//   with a series note (' (… Chronicles, #2)'), some with the author's first name as an initial
//   ('J. Smith' for 'John Smith', which the importer's name rule accepts). Only titles that are one
//   book's alone in the catalogue are used, so each row has exactly one candidate;
// - ~10 % books not in the catalogue (new titles, some with a 979 ISBN-13): the import creates them.
//   Titles already in the catalogue (books an earlier run created included) are never used, so every
//   run creates that many books again;
// - ~5 % odd rows: to-read with Read Count 0, read without Date Read, Read Count 0 on a read book,
//   re-reads (Read Count 2–3), reviews with `<br/>` and entities, a review without a rating, unrated
//   reads, a re-read in progress, the reader's own exclusive shelf 'did-not-finish'.
// The other rows are read (with Date Read and most with a rating, some with a review), to-read, or
// currently-reading. No book comes twice unless the catalogue has fewer books than the file needs.
import { writeFileSync } from 'node:fs'
import { sql } from 'kysely'
import { csvQuoted, GOODREADS_EXPORT_COLUMNS, withIsbn10Check, withIsbn13Check } from '@shelfwise/library-files'
import { describeTarget, flags, resolveTarget, wholeNumber, type Target } from './target.ts'
import * as W from './words.ts'
import { createDb, createRandom, type Random } from '../../apps/api/src/public.ts'

const SEED = 0x600d_4ead

/**
 * The username prefix of the readers the bench signs up (importers, hostile importers, the year storm's
 * writer): books they created are not picked as catalogue books.
 */
export const IMPORTER_PREFIX = 'importer-'

/** Goodreads's "Export Library" columns, as the current export writes them (the API's export uses the same list). */
const GOODREADS_COLUMNS = GOODREADS_EXPORT_COLUMNS
type Column = (typeof GOODREADS_COLUMNS)[number]
type Row = Partial<Record<Column, string>>

export interface CatalogueBook {
  id: string
  title: string
  author: string
  isbn: string | null
  pages: number | null
  published: string | null
  publisher: string
  average: number
  /** False for books an earlier bench import created: they are not the catalogue's. */
  pickable: boolean
}

/** A catalogue book as read from the database: no publisher or average yet is null; `imported` is 0/1 on SQLite. */
type StoredBook = Omit<CatalogueBook, 'publisher' | 'average' | 'pickable'> & { publisher: string | null; average: number | null; imported: number | boolean }

export interface GoodreadsFile {
  csv: string
  rows: number
  /** Rows by kind, as planned. */
  mix: { byIsbn: number; byTitle: number; seriesNotes: number; initials: number; newBooks: number; odd: number; repeatedBooks: number }
}

// ---- matching keys, as strict as the importer's ---------------------------------------------------

/** Accents folded, lower case, apostrophes dropped, words only: the key two titles must share to match. */
const wordsKey = (text: string) =>
  (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/['’ʼ]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(' ')
const SERIES_NOTE = /\s*\([^()]*#\s*\d[\d.,–-]*\)\s*$/u
export const titleKey = (title: string) => wordsKey(title.replace(SERIES_NOTE, '') || title)

/** 'J. Smith' for 'John Smith': only for a plain two-word name, where the initial cannot mean anyone else. */
const withInitial = (author: string): string | null => {
  const m = /^(\p{Lu})\p{Ll}+ (\p{Lu}\p{L}+)$/u.exec(author)
  return m ? `${m[1]}. ${m[2]}` : null
}

/** 'Smith, John' (Goodreads's Author l-f). */
const lastFirst = (author: string) => {
  const parts = author.trim().split(/\s+/)
  return parts.length < 2 ? author : `${parts.at(-1)}, ${parts.slice(0, -1).join(' ')}`
}

// ---- ISBNs ------------------------------------------------------------------------------------

/** The ISBN-10 of a 978 ISBN-13. */
const isbn10Of = (isbn13: string): string | null => (/^978\d{10}$/.test(isbn13) ? withIsbn10Check(isbn13.slice(3, 12)) : null)
/** Goodreads writes ISBNs as a formula so spreadsheets keep the leading zeros: `="0441013597"`, or `=""`. */
const formula = (isbn: string | null) => `="${isbn ?? ''}"`

// ---- the file ---------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0')
const FIRST_DAY = Date.UTC(2012, 0, 1)
const LAST_DAY = Date.UTC(2025, 9, 31)
const DAY = 86_400_000
const day = (ms: number) => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`
}

const csvLine = (cells: readonly string[]) => `${cells.map(csvQuoted).join(',')}\n`

/** A review as Goodreads exports it: HTML line breaks, entities, now and then emphasis. */
function reviewText(rng: Random, rating: number, breaks: boolean): string {
  const opener = rng.pick(W.REVIEW_OPENERS[Math.max(1, rating)]!)
  const details = rng.sample(W.REVIEW_DETAILS, rng.chance(0.5) ? 2 : 1)
  if (!breaks) return [opener, ...details].join(' ')
  const aside = rng.pick(['Pace &amp; plot both hold up.', 'Read it in two sittings &#8212; no regrets.', '<i>Recommended</i> for a long train ride.'])
  return `${opener}<br/><br/>${details.join(' ')}<br/>${aside}`
}

/** A rating as a Goodreads reader gives them: mostly 3 to 5 stars. */
const stars = (rng: Random) => rng.pick([1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5])

type Shelf = 'read' | 'to-read' | 'currently-reading'

/**
 * The columns a row's shelf and history fill: read (a date, most rated, some reviewed), to-read
 * (Read Count 0), currently-reading (Read Count 1), with Date Added before any read.
 */
function history(rng: Random, shelf: Shelf, position: () => number): Row {
  const added = FIRST_DAY + Math.floor(rng.next() * (LAST_DAY - FIRST_DAY - 30 * DAY))
  const base: Row = { 'Date Added': day(added), 'Owned Copies': rng.chance(0.15) ? '1' : '0' }
  if (shelf !== 'read')
    return {
      ...base,
      'Exclusive Shelf': shelf,
      'My Rating': '0',
      'Read Count': shelf === 'to-read' ? '0' : '1',
      Bookshelves: shelf,
      'Bookshelves with positions': `${shelf} (#${position()})`,
    }
  const read = added + Math.floor(rng.next() * (LAST_DAY - added))
  const rating = rng.chance(0.9) ? stars(rng) : 0
  const favourite = rating === 5 && rng.chance(0.3)
  return {
    ...base,
    'Exclusive Shelf': 'read',
    'Date Read': day(read),
    'My Rating': String(rating),
    'Read Count': '1',
    ...(favourite ? { Bookshelves: 'favorites', 'Bookshelves with positions': `favorites (#${position()})` } : {}),
    ...(rating > 0 && rng.chance(0.12) ? { 'My Review': reviewText(rng, rating, rng.chance(0.4)) } : {}),
  }
}

/** The odd rows, in turn: each a way real exports differ from the plain read / to-read row. */
const ODD_KINDS = [
  'to-read, Read Count 0, rated',
  'read without Date Read',
  'read, Read Count 0',
  're-read (Read Count 2–3)',
  'review with <br/>',
  'review without a rating',
  'read, unrated',
  're-read in progress',
  "own shelf 'did-not-finish'",
] as const

function oddHistory(rng: Random, kind: (typeof ODD_KINDS)[number], position: () => number): Row {
  const plain = history(rng, 'read', position)
  const rated = String(stars(rng))
  switch (kind) {
    case 'to-read, Read Count 0, rated':
      return { ...history(rng, 'to-read', position), 'My Rating': rated }
    case 'read without Date Read':
      return { ...plain, 'Date Read': '', 'My Rating': rated }
    case 'read, Read Count 0':
      return { ...plain, 'Date Read': '', 'Read Count': '0' }
    case 're-read (Read Count 2–3)':
      return { ...plain, 'Read Count': String(rng.int(2, 3)), 'My Rating': rated }
    case 'review with <br/>': {
      const rating = stars(rng)
      return { ...plain, 'My Rating': String(rating), 'My Review': reviewText(rng, rating, true), Spoiler: rng.chance(0.3) ? 'true' : '' }
    }
    case 'review without a rating':
      return { ...plain, 'My Rating': '0', 'My Review': reviewText(rng, 3, false) }
    case 'read, unrated':
      return { ...plain, 'My Rating': '0', 'My Review': '' }
    case 're-read in progress':
      return { ...history(rng, 'currently-reading', position), 'Read Count': '2', 'My Rating': rated }
    case "own shelf 'did-not-finish'":
      return {
        ...history(rng, 'to-read', position),
        'Exclusive Shelf': 'did-not-finish',
        Bookshelves: 'did-not-finish',
        'Bookshelves with positions': `did-not-finish (#${position()})`,
        'My Rating': rng.chance(0.5) ? '0' : '2',
        'Private Notes': 'Gave up halfway.',
      }
  }
}

const shelfOf = (rng: Random): Shelf => {
  const r = rng.next()
  return r < 0.58 ? 'read' : r < 0.93 ? 'to-read' : 'currently-reading'
}

/** The book's own columns, from the catalogue. */
function bookColumns(b: CatalogueBook, rng: Random): Row {
  const year = b.published?.slice(0, 4) ?? ''
  const original = year && rng.chance(0.3) ? String(Math.max(1800, Number(year) - rng.int(1, 40))) : year
  return {
    Title: b.title,
    Author: b.author,
    'Author l-f': lastFirst(b.author),
    'Additional Authors': rng.chance(0.04) ? `${rng.pick(W.FIRST_NAMES)} ${rng.pick(W.LAST_NAMES)}` : '',
    'Average Rating': (b.average || 3 + rng.next() * 1.5).toFixed(2),
    Publisher: b.publisher,
    'Number of Pages': b.pages ? String(b.pages) : '',
    'Year Published': year,
    'Original Publication Year': original,
  }
}

/** `count` books of `pool` in seeded order, going round again when the pool is smaller. */
function take<T>(pool: T[], count: number, rng: Random): { items: T[]; repeated: number } {
  if (!pool.length) return { items: [], repeated: 0 }
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1))
    ;[pool[i], pool[j]] = [pool[j]!, pool[i]!]
  }
  return { items: Array.from({ length: count }, (_, i) => pool[i % pool.length]!), repeated: Math.max(0, count - pool.length) }
}

/** The Goodreads export of a reader with `rows` books (see the top of this file), from `catalogue`. */
export function goodreadsExport(catalogue: CatalogueBook[], rows: number, seed = SEED): GoodreadsFile {
  const rng = createRandom(seed)
  const books = [...catalogue].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const titles = new Map<string, number>()
  for (const b of books) titles.set(titleKey(b.title), (titles.get(titleKey(b.title)) ?? 0) + 1)
  const isbns = new Set(books.flatMap((b) => (b.isbn ? [b.isbn] : [])))
  const pickable = books.filter((b) => b.pickable)

  const nIsbn = Math.round(rows * 0.55)
  const nTitle = Math.round(rows * 0.3)
  const nNew = Math.round(rows * 0.1)
  const nOdd = Math.max(0, rows - nIsbn - nTitle - nNew)

  // Title rows take books whose title is theirs alone; ISBN rows (and the odd ones) the other books with
  // an ISBN first, then any left, so the two never share a book while there are enough.
  const uniqueTitled = pickable.filter((b) => titles.get(titleKey(b.title)) === 1 && wordsKey(b.author) !== '')
  const byTitle = take(uniqueTitled, nTitle, rng)
  const usedByTitle = new Set(byTitle.items.map((b) => b.id))
  const withIsbn = pickable.filter((b) => b.isbn && /^\d{13}$/.test(b.isbn) && !usedByTitle.has(b.id))
  const byIsbn = take(withIsbn, nIsbn + nOdd, rng)

  // New books: titles of the catalogue's own shapes that no catalogue book has, new names, some with a
  // 979 ISBN-13 (never one the catalogue has).
  const newTitles = new Set<string>()
  const fresh: Row[] = []
  for (let i = 0, tries = 0; i < nNew; tries++) {
    let title = W.fill(rng.pick(rng.chance(0.7) ? W.FICTION_TITLES : W.NONFICTION_TITLES), rng)
    if (tries > nNew * 50) title = `${title} ${i + 1}`
    const key = titleKey(title)
    if (titles.has(key) || newTitles.has(key)) continue
    newTitles.add(key)
    let isbn13: string | null = null
    if (rng.chance(0.4))
      do {
        isbn13 = withIsbn13Check(`979${String(rng.int(0, 999_999_999)).padStart(9, '0')}`)
      } while (isbns.has(isbn13))
    if (isbn13) isbns.add(isbn13)
    const author = `${rng.pick(W.FIRST_NAMES)} ${rng.pick(W.LAST_NAMES)}`
    const year = String(rng.int(1960, 2025))
    fresh.push({
      Title: title,
      Author: author,
      'Author l-f': lastFirst(author),
      ISBN: formula(null),
      ISBN13: formula(isbn13),
      'Average Rating': (3 + rng.next() * 1.6).toFixed(2),
      Publisher: rng.chance(0.85) ? `${rng.pick(W.LAST_NAMES)} ${rng.pick(['Press', 'Books', 'House', 'Editions'])}` : '',
      Binding: isbn13 ? rng.pick(['Paperback', 'Hardcover']) : 'Kindle Edition',
      'Number of Pages': rng.chance(0.9) ? String(rng.int(90, 720)) : '',
      'Year Published': year,
      'Original Publication Year': year,
    })
    i++
  }

  let positions = 0
  const position = () => ++positions
  const mix = { byIsbn: 0, byTitle: 0, seriesNotes: 0, initials: 0, newBooks: fresh.length, odd: 0, repeatedBooks: byTitle.repeated + byIsbn.repeated }
  const out: Row[] = []
  byIsbn.items.slice(0, nIsbn).forEach((b) => {
    const isbn10 = isbn10Of(b.isbn!)
    const form = rng.next()
    // Both columns most often; the ISBN-13 alone; or only the ISBN-10 (older editions' records).
    const [isbn, isbn13] = form < 0.7 ? [isbn10, b.isbn] : form < 0.9 || !isbn10 ? [null, b.isbn] : [isbn10, null]
    out.push({
      ...bookColumns(b, rng),
      ISBN: formula(isbn),
      ISBN13: formula(isbn13),
      Binding: rng.pick(['Paperback', 'Paperback', 'Hardcover', 'Mass Market Paperback']),
      ...history(rng, shelfOf(rng), position),
    })
    mix.byIsbn++
  })
  for (const b of byTitle.items) {
    const row: Row = {
      ...bookColumns(b, rng),
      ISBN: formula(null),
      ISBN13: formula(null),
      Binding: rng.pick(['Kindle Edition', 'Kindle Edition', 'ebook', 'Audiobook']),
    }
    if (rng.chance(0.3)) {
      row.Title = `${b.title} (${rng.pick(W.NOUNS)} ${rng.pick(['Chronicles', 'Saga', 'Trilogy', 'Quartet', 'Cycle'])}, #${rng.int(1, 6)})`
      mix.seriesNotes++
    }
    const initial = rng.chance(0.25) ? withInitial(b.author) : null
    if (initial) {
      row.Author = initial
      row['Author l-f'] = lastFirst(initial)
      mix.initials++
    }
    out.push({ ...row, ...history(rng, shelfOf(rng), position) })
    mix.byTitle++
  }
  for (const row of fresh) out.push({ ...row, ...history(rng, shelfOf(rng), position) })
  byIsbn.items.slice(nIsbn).forEach((b, i) => {
    out.push({
      ...bookColumns(b, rng),
      ISBN: formula(isbn10Of(b.isbn!)),
      ISBN13: formula(b.isbn),
      Binding: 'Paperback',
      ...oddHistory(rng, ODD_KINDS[i % ODD_KINDS.length]!, position),
    })
    mix.odd++
  })

  // Goodreads lists the newest additions first; the kinds end up mixed through the file.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  const ids = new Set<number>()
  const parts = [csvLine(GOODREADS_COLUMNS)]
  for (const row of out) {
    let id: number
    do id = rng.int(1_000, 60_000_000)
    while (ids.has(id))
    ids.add(id)
    parts.push(csvLine(GOODREADS_COLUMNS.map((c) => (c === 'Book Id' ? String(id) : (row[c] ?? '')))))
  }
  return { csv: parts.join(''), rows: out.length, mix }
}

/** The catalogue as the file is made from it: every book, those an earlier bench import created marked. */
export async function readCatalogue(target: Target): Promise<CatalogueBook[]> {
  const db = createDb({ url: target.url, poolSize: 2 }).withoutPlugins()
  try {
    const { rows } =
      await sql<StoredBook>`select b.id, b.title, b.author, b.isbn, b.page_count as pages, b.published_date as published, b.publisher, b.average_rating as average,
         (u.username is not null and u.username like ${`${IMPORTER_PREFIX}%`}) as imported
       from books b left join users u on u.id = b.created_by_user_id`.execute(db)
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      author: r.author,
      isbn: r.isbn || null,
      pages: r.pages === null ? null : Number(r.pages),
      published: r.published,
      publisher: r.publisher ?? '',
      average: Number(r.average ?? 0),
      pickable: !r.imported,
    }))
  } finally {
    await db.destroy()
  }
}

async function main() {
  const f = flags({ db: { type: 'string' }, rows: { type: 'string' }, out: { type: 'string' } })
  const target = resolveTarget(f.db)
  const rows = wholeNumber('rows', f.rows, 5_000, 1)
  const file = goodreadsExport(await readCatalogue(target), rows)
  if (f.out) writeFileSync(f.out, file.csv)
  else process.stdout.write(file.csv)
  console.error(`${file.rows.toLocaleString('en-US')} rows from ${describeTarget(target)}${f.out ? ` → ${f.out}` : ''}: ${JSON.stringify(file.mix)}`)
}

if (import.meta.main) await main()

// Issue 21, points 2 and 4: a Goodreads and a StoryGraph export with real titles and authors
// (test/fixtures/imports), imported into a catalogue seeded with the works they name. Each
// duplicate-prone row must find its work, doubt must wait for the reader with the candidates, a new
// book is made once, and the report accounts for every row by its notes. One catalogue per dialect:
// the titles are real, so this file has a database of its own.
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema, ImportJobSchema, ImportRowListSchema, ImportRowSchema, ReviewSchema, type ImportJob, type ImportRow } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { importAndWait } from '../../../test/support/import-calls.ts'
import { bearer, countRows, insertBook, insertUser } from '../../../test/support/factories.ts'

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/${name}`, import.meta.url), 'utf8')
const GOODREADS = fixture('goodreads_library_export.csv')
const STORYGRAPH = fixture('storygraph_library_export.csv')

/** The works the fixtures name, as the catalogue has them (no ISBN: the files' editions are new to it). */
const WORKS = {
  emma: ['Emma', 'Jane Austen'],
  emmaRetold: ['Emma', 'Alexander McCall Smith'],
  crime: ['Crime and Punishment', 'Fyodor Dostoevsky'],
  frankenstein: ['Frankenstein', 'Mary Shelley'],
  vindication: ['A Vindication of the Rights of Woman', 'Mary Wollstonecraft'],
  moby: ['Moby-Dick', 'Herman Melville'],
  orlando: ['Orlando', 'Virginia Woolf'],
  quixote: ['Don Quixote', 'Miguel de Cervantes'],
  persuasion: ['Persuasion', 'Jane Austen'],
  eyre: ['Jane Eyre', 'Charlotte Brontë'],
  eyreAgain: ['Jane Eyre', 'Charlotte Bronte'],
  secret: ['Secret', 'Donna Tartt'],
  rings: ['The Lord of the Rings', 'J. R. R. Tolkien'],
  miserables: ['Les Misérables', 'Victor Hugo'],
  ulysses: ['Ulysses', 'James Joyce'],
  middlemarch: ['Middlemarch', 'George Eliot'],
} as const

describeEachDialect('imports find the work (issue 21)', (ctx) => {
  const works = {} as Record<keyof typeof WORKS, string>
  beforeAll(async () => {
    for (const [key, [title, author]] of Object.entries(WORKS)) works[key as keyof typeof WORKS] = (await insertBook(ctx.db, { title, author, isbn: null })).id
  })

  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) })
  const importFile = (token: string, text: string, name: string) => importAndWait(ctx.app, token, text, name)
  const rowsOf = async (token: string, id: string, query = '') =>
    ImportRowListSchema.parse((await get(`/api/imports/${id}/rows?limit=500${query}`, token)).json())
  const byTitle = (rows: ImportRow[]) => (title: string) => rows.find((r) => r.title === title)!
  const kinds = (row: ImportRow) => row.notes.map((n) => n.kind)
  const bookCount = () => countRows(ctx.db, 'books')
  const made = (title: string) => ctx.db.selectFrom('books').select('id').where('title', '=', title).execute()

  let reader: { id: string; token: string }
  let job: ImportJob
  let rows: ImportRow[]
  let before: number

  describe('a Goodreads export', () => {
    beforeAll(async () => {
      reader = await insertUser(ctx.db)
      before = await bookCount()
      job = await importFile(reader.token, GOODREADS, 'goodreads_library_export.csv')
      rows = await rowsOf(reader.token, job._id)
    })

    it('files each duplicate-prone row under the work the catalogue has: notes, subtitles, extra names, initials and accents aside', () => {
      const row = byTitle(rows)
      const expected: [string, keyof typeof WORKS][] = [
        ['Emma (Penguin Classics)', 'emma'],
        ['Crime and Punishment (Penguin Classics)', 'crime'],
        ['Frankenstein: The 1818 Text', 'frankenstein'],
        ['Moby-Dick or, The Whale', 'moby'],
        ['Orlando: A Biography', 'orlando'],
        ['Don Quixote', 'quixote'],
        ['The Lord of the Rings', 'rings'],
        ['Les Miserables', 'miserables'],
        ['Ulysses', 'ulysses'],
      ]
      for (const [title, work] of expected) {
        expect(row(title), title).toMatchObject({ outcome: 'imported', bookId: works[work] })
        expect(kinds(row(title)), title).toContain('matched_by_title')
      }
      // "Emma" by another author is that author's Emma, never Jane Austen's, and the other way round.
      expect(row('Emma')).toMatchObject({ outcome: 'imported', bookId: works.emmaRetold })
      expect(row('Emma (Penguin Classics)').notes[0]).toEqual({
        kind: 'matched_by_title',
        message: 'Found by its title and author: “Emma” by Jane Austen; the file says “Emma (Penguin Classics)” by Jane Austen',
      })
    })

    it('adds the reader’s edition to the work it found when its ISBN is new, holding the ISBN against nobody', async () => {
      const emma = byTitle(rows)('Emma (Penguin Classics)')
      expect(emma.notes).toContainEqual({
        kind: 'edition_attached',
        message: 'Your edition (ISBN 9780141439587) was added to “Emma” as another of its editions',
      })
      const editions = (await get(`/api/books/${works.emma}/editions`, reader.token)).json() as { isbn: string; primary: boolean }[]
      expect(editions.map((e) => e.isbn)).toEqual(['', '9780141439587'])
      // A row with no ISBN has no edition to add.
      expect(kinds(byTitle(rows)('Les Miserables'))).not.toContain('edition_attached')
      expect(job.editionsAttached).toBe(8)
    })

    it('makes a book only for a title the catalogue does not have, once, and never takes a title for a part of it', async () => {
      const row = byTitle(rows)
      for (const title of ['The Secret History', 'Piranesi', 'The Fifth Season (The Broken Earth, #1)']) {
        expect(row(title), title).toMatchObject({ outcome: 'imported' })
        expect(kinds(row(title)), title).toContain('book_created')
        expect(row(title).bookId).not.toBe(works.secret)
      }
      expect(job.created).toBe(3)
      expect(await bookCount()).toBe(before + 3)
      expect(await made('The Secret History')).toHaveLength(1)
    })

    it('leaves a family name alone, and two works of one title and author, waiting for the reader with the candidates', () => {
      const persuasion = byTitle(rows)('Persuasion')
      expect(persuasion).toMatchObject({ outcome: 'needs_review', bookId: null, actions: ['choose', 'create', 'retry', 'skip'] })
      expect(persuasion.candidates.map((c) => c._id)).toEqual([works.persuasion])
      expect(persuasion.notes).toEqual([
        { kind: 'waiting_for_you', message: 'The file names the author only as “Austen”: if one of these is your book, choose it; otherwise create it' },
      ])
      const eyre = byTitle(rows)('Jane Eyre')
      expect(eyre.outcome).toBe('needs_review')
      expect(eyre.candidates.map((c) => c._id).sort()).toEqual([works.eyre, works.eyreAgain].sort())
      expect(kinds(eyre)).toEqual(['waiting_for_you'])
    })

    it('counts every row and every kind of note, and lists the rows of a kind', async () => {
      expect(job).toMatchObject({ status: 'done', total: 16, processed: 16, imported: 13, unchanged: 0, needsReview: 2, failed: 1, skipped: 0 })
      const counted = Object.fromEntries(job.notes.map((n) => [n.kind, n.count]))
      expect(counted).toEqual({
        matched_by_title: 10,
        edition_attached: 8,
        book_created: 3,
        waiting_for_you: 2,
        shelf_mapped: 1,
        review_unrated: 1,
        unreadable: 1,
        // The rows' Bookshelves, placed on the reader's own shelves (decision 0031).
        shelves_placed: 10,
        // Bindings of rows found by title without an ISBN: no edition here to keep them on (decision 0031).
        details_not_kept: 2,
      })
      for (const { kind, count } of job.notes) {
        const res = await get(`/api/imports/${job._id}/rows?note=${kind}`, reader.token)
        const listed = ImportRowListSchema.parse(res.json())
        expect(listed.length, kind).toBe(count)
        expect(res.headers['x-total-count'], kind).toBe(String(count))
        expect(listed.every((r) => kinds(r).includes(kind))).toBe(true)
      }
      const paged = await get(`/api/imports/${job._id}/rows?note=matched_by_title&limit=4`, reader.token)
      expect(ImportRowListSchema.parse(paged.json()).map((r) => r.line)).toEqual([2, 3, 4, 5])
      expect(paged.headers.link).toContain('cursor=')
      const unknown = await get(`/api/imports/${job._id}/rows?note=review_lost`, reader.token)
      expect(unknown.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(unknown.json()).message).toMatch(
        /^Note must be one of matched_by_title, edition_attached, .*, other: “review_lost” is not a kind of note$/,
      )
      // The list of imports carries the same counts.
      expect(ImportJobSchema.array().parse((await get('/api/imports', reader.token)).json())[0]).toMatchObject({ created: 3, editionsAttached: 8 })
    })

    it('says how a shelf of the reader’s own was read', () => {
      expect(byTitle(rows)('Ulysses').notes).toContainEqual({ kind: 'shelf_mapped', message: 'Your shelf “abandoned” was read as Did Not Finish' })
    })

    it('keeps a review without stars, shown without a rating and in no average', async () => {
      const piranesi = byTitle(rows)('Piranesi')
      expect(piranesi.notes).toContainEqual({
        kind: 'review_unrated',
        message: 'The review was brought over without stars: it shows with your name and counts in no average',
      })
      const reviews = ReviewSchema.array().parse((await get(`/api/reviews/book/${piranesi.bookId}`, reader.token)).json())
      expect(reviews).toEqual([expect.objectContaining({ rating: 0, comment: 'A house of endless halls and tides. I will think about it for years.' })])
      const book = (await get(`/api/books/${piranesi.bookId}`, reader.token)).json() as { averageRating: number; totalReviews: number }
      expect(book).toMatchObject({ averageRating: 0, totalReviews: 0 })
    })

    it('offers a row that could not be read its correction in place, and applies the corrected row', async () => {
      const middlemarch = byTitle(rows)('Middlemarch')
      expect(middlemarch).toMatchObject({ outcome: 'failed', actions: ['retry', 'skip'] })
      expect(middlemarch.correctable).toEqual(['title', 'author', 'isbn', 'dateRead', 'rating', 'readCount'])
      expect(middlemarch.notes).toEqual([{ kind: 'unreadable', message: 'Date Read "2012/02/30" is not a date' }])
      const resolve = (body: object) =>
        ctx.app.inject({ method: 'POST', url: `/api/imports/${job._id}/rows/${middlemarch.line}/resolve`, headers: bearer(reader.token), payload: body })
      const still = await resolve({ action: 'retry', rating: 4 })
      expect(still.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(still.json()).message).toBe('The row still cannot be read: Date Read "2012/02/30" is not a date')
      const fixed = ImportRowSchema.parse((await resolve({ action: 'retry', dateRead: '2012/02/29' })).json())
      expect(fixed).toMatchObject({ outcome: 'imported', bookId: works.middlemarch, actions: [], correctable: [] })
      expect(kinds(fixed)).toEqual(['matched_by_title', 'details_not_kept', 'shelves_placed'])
      const entry = (await get(`/api/books/${works.middlemarch}/reading`, reader.token)).json() as {
        status: string
        rating: number
        reads: { finishedOn: string }[]
      }
      expect(entry).toMatchObject({ status: 'read', rating: 5 })
      expect(entry.reads.map((r) => r.finishedOn)).toEqual(['2012-02-29'])
      const after = ImportJobSchema.parse((await get(`/api/imports/${job._id}`, reader.token)).json())
      expect(after).toMatchObject({ imported: 14, failed: 0 })
      expect(after.notes.find((n) => n.kind === 'unreadable')).toBeUndefined()
    })

    it('applies the candidate the reader chooses for a row that waits', async () => {
      const persuasion = byTitle(rows)('Persuasion')
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/imports/${job._id}/rows/${persuasion.line}/resolve`,
        headers: bearer(reader.token),
        payload: { action: 'choose', bookId: works.persuasion },
      })
      expect(ImportRowSchema.parse(res.json())).toMatchObject({
        outcome: 'imported',
        bookId: works.persuasion,
        // The reader chose the work, not an edition of it: the row's binding has nowhere to go (decision 0031).
        notes: [{ kind: 'details_not_kept', message: 'Binding “Kindle Edition” not kept: no edition of this book here is named by the row’s ISBN' }],
      })
      expect(((await get(`/api/books/${works.persuasion}/reading`, reader.token)).json() as { status: string }).status).toBe('want')
    })
  })

  describe('the same export by another reader, then a StoryGraph export', () => {
    let other: { id: string; token: string }
    beforeAll(async () => {
      other = await insertUser(ctx.db)
    })

    it('finds the books the first import made, and adds no book or edition twice', async () => {
      const count = await bookCount()
      const again = await importFile(other.token, GOODREADS, 'goodreads_library_export.csv')
      expect(again).toMatchObject({ imported: 13, needsReview: 2, failed: 1, created: 0, editionsAttached: 0 })
      const row = byTitle(await rowsOf(other.token, again._id))
      const [secretHistory] = await made('The Secret History')
      expect(row('The Secret History')).toMatchObject({ bookId: secretHistory!.id })
      expect(kinds(row('The Secret History'))).toEqual(['matched_by_title', 'shelves_placed'])
      expect(await bookCount()).toBe(count)
      const editions = (await get(`/api/books/${works.emma}/editions`, other.token)).json() as unknown[]
      expect(editions).toHaveLength(2)
    })

    it('files a StoryGraph export’s rows under the same works, quarter stars rounded and said', async () => {
      const count = await bookCount()
      const sg = await importFile(other.token, STORYGRAPH, 'storygraph_library_export.csv')
      expect(sg).toMatchObject({ source: 'storygraph', total: 6, needsReview: 0, failed: 0, created: 0 })
      const row = byTitle(await rowsOf(other.token, sg._id))
      expect(row('Emma').bookId).toBe(works.emma)
      expect(row('Emma').notes).toContainEqual({ kind: 'rating_rounded', message: 'Rating 4.5 rounded to 5★' })
      expect(row('Frankenstein; or, The Modern Prometheus').bookId).toBe(works.frankenstein)
      expect(row('Don Quixote').bookId).toBe(works.quixote)
      expect(row('Orlando').bookId).toBe(works.orlando)
      expect(row('Persuasion').bookId).toBe(works.persuasion)
      expect(row('Piranesi').bookId).toBe((await made('Piranesi'))[0]!.id)
      expect(await bookCount()).toBe(count)
    })
  })
})

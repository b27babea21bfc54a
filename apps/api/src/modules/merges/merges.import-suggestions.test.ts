import { expect, it } from 'vitest'
import { ImportRowListSchema, MergeProposalListSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { importAndWait } from '../../../test/support/import-calls.ts'
import { runModeratorCommand } from '#/db/moderators.ts'
import { bearer, insertBook, insertReview, insertUser } from '../../../test/support/factories.ts'
import { goodreadsCsv } from '../../../test/support/import-files.ts'

// Duplicates an import would have made are suggested as merge proposals (issue 21, point 7, decision
// 0030): when a Goodreads import finishes, a row that waited between two alike works and a book it
// made that is alike an existing work become open proposals with origin 'import', never twice.

let n = 0
/** A word no other test uses, so titles never cross tests. */
const fresh = () => `zq${(++n).toString(36)}${Date.now().toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)

/** A valid ISBN-13 no other test holds. */
const freshIsbn = () => {
  const digits = `978${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0)
  return `${digits}${(10 - (sum % 10)) % 10}`
}

describeEachDialect('merges: suggested by an import', (ctx) => {
  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
  const importFile = (token: string, text: string) => importAndWait(ctx.app, token, text)
  const rowsOf = async (token: string, id: string) => ImportRowListSchema.parse((await get(`/api/imports/${id}/rows?limit=500`, token)).json())
  const proposalsAbout = async (bookId: string) => {
    const res = await get(`/api/merge-proposals?bookId=${bookId}`)
    expect(res.statusCode, res.body).toBe(200)
    return MergeProposalListSchema.parse(res.json())
  }

  it('suggests a book the import made whose author is spelled apart, and the two works a row waited between; never twice', async () => {
    const word = fresh()
    const crime = await insertBook(ctx.db, { title: `Crime and Punishment ${word}`, author: 'Fyodor Dostoevsky', isbn: null })
    await insertReview(ctx.db, { bookId: crime.id, rating: 5 })
    const emma = await insertBook(ctx.db, { title: `Emma ${word}`, author: 'Jane Austen', isbn: null })
    await insertReview(ctx.db, { bookId: emma.id, rating: 4 })
    const emmaAgain = await insertBook(ctx.db, { title: `Emma ${word}`, author: 'Jane Austen', isbn: null })
    const persuasion = await insertBook(ctx.db, { title: `Persuasion ${word}`, author: 'Jane Austen', isbn: null })
    const otherPersuasion = await insertBook(ctx.db, { title: `Persuasion ${word}`, author: 'Mark Austen', isbn: null })
    const orlando = await insertBook(ctx.db, { title: `Orlando ${word}`, author: 'Virginia Woolf', isbn: null })
    const file = goodreadsCsv([
      { Title: `Crime and Punishment ${word}`, Author: 'Fyodor Dostoyevsky', 'Exclusive Shelf': 'read' },
      { Title: `Emma ${word}`, Author: 'Jane Austen', 'Exclusive Shelf': 'read' },
      // Found as it is: nothing made, nothing suggested.
      { Title: `Orlando ${word} (Penguin Classics)`, Author: 'Virginia Woolf', 'Exclusive Shelf': 'read' },
      // A family name alone between two authors' books: they are not alike, so no suggestion.
      { Title: `Persuasion ${word}`, Author: 'Austen', 'Exclusive Shelf': 'read' },
    ])

    const importer = await insertUser(ctx.db)
    const job = await importFile(importer.token, file)
    expect(job.status).toBe('done')
    const rows = await rowsOf(importer.token, job._id)
    const made = rows.find((r) => r.title.startsWith('Crime'))!
    expect(made.notes.map((x) => x.kind)).toContain('book_created')
    expect(made.bookId).not.toBe(crime.id)
    expect(rows.find((r) => r.title.startsWith('Emma'))).toMatchObject({ outcome: 'needs_review' })
    expect(rows.find((r) => r.title.startsWith('Orlando'))).toMatchObject({ bookId: orlando.id })

    const [aboutCrime] = await proposalsAbout(crime.id)
    expect(await proposalsAbout(crime.id)).toHaveLength(1)
    expect(aboutCrime).toMatchObject({
      kind: 'work',
      status: 'open',
      origin: 'import',
      ids: [made.bookId, crime.id],
      proposedBy: { _id: importer.id, username: importer.username },
      // The catalogue's book, with its review, is the one that would stay.
      survivorId: crime.id,
    })
    const aboutEmma = await proposalsAbout(emma.id)
    expect(aboutEmma).toHaveLength(1)
    expect(aboutEmma[0]).toMatchObject({ origin: 'import', ids: [emma.id, emmaAgain.id] })
    expect(await proposalsAbout(orlando.id)).toEqual([])
    expect(await proposalsAbout(persuasion.id)).toEqual([])
    expect(await proposalsAbout(otherPersuasion.id)).toEqual([])

    // The same file again, by another reader: the same pairs, so no second proposal of either.
    const second = await insertUser(ctx.db)
    expect((await importFile(second.token, file)).status).toBe('done')
    expect((await proposalsAbout(crime.id)).map((p) => p._id)).toEqual([aboutCrime!._id])
    expect((await proposalsAbout(emma.id)).map((p) => p._id)).toEqual([aboutEmma[0]!._id])
  })

  it('files an import row whose ISBN is a merged edition’s under the edition that stayed', async () => {
    const reader = await insertUser(ctx.db)
    const mod = await insertUser(ctx.db)
    expect((await runModeratorCommand(ctx.db, { action: 'add', email: mod.email })).ok).toBe(true)
    const post = async (url: string, token: string, payload: object) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload })
      expect(res.statusCode, res.body).toBeLessThan(300)
      return res.json()
    }
    const work = await insertBook(ctx.db, { title: `Middlemarch ${fresh()}`, author: 'George Eliot', isbn: null })
    const [olderIsbn, newerIsbn, shownIsbn] = [freshIsbn(), freshIsbn(), freshIsbn()]
    const older = (await post(`/api/books/${work.id}/editions`, reader.token, { format: 'paperback', isbn: olderIsbn }))._id as string
    const newer = (await post(`/api/books/${work.id}/editions`, reader.token, { format: 'ebook', isbn: newerIsbn }))._id as string
    const third = (await post(`/api/books/${work.id}/editions`, reader.token, { format: 'hardcover', isbn: shownIsbn }))._id as string
    const merged = await post(
      `/api/merge-proposals/${(await post('/api/merge-proposals', reader.token, { kind: 'edition', ids: [newer, older] }))._id}/apply`,
      mod.token,
      {},
    )
    expect(merged.merge).toMatchObject({ survivorId: older, absorbedId: newer })
    // Merged into the work's shown edition: the entry names none.
    const intoShown = await post(
      `/api/merge-proposals/${(await post('/api/merge-proposals', reader.token, { kind: 'edition', ids: [third, work.id] }))._id}/apply`,
      mod.token,
      {},
    )
    expect(intoShown.merge).toMatchObject({ survivorId: work.id, absorbedId: third })

    const row = (isbn: string) => ({ Title: 'Something else entirely', Author: 'Nobody Known', ISBN13: `="${isbn}"`, 'Exclusive Shelf': 'read' })
    for (const [isbn, editionId] of [
      [newerIsbn, older],
      [shownIsbn, null],
    ] as const) {
      const importer = await insertUser(ctx.db)
      const job = await importFile(importer.token, goodreadsCsv([row(isbn)]))
      const [imported] = await rowsOf(importer.token, job._id)
      expect(imported).toMatchObject({ outcome: 'imported', bookId: work.id })
      expect((await get(`/api/books/${work.id}/reading`, importer.token)).json().editionId).toBe(editionId)
    }
  })
})

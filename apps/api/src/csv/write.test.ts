import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRecords } from '#/csv/read.ts'
import { csvLine, toCsv } from '#/csv/write.ts'

const readBack = (text: string) => [...csvRecords(text)].map((r) => r.fields)

describe('csvLine', () => {
  it('writes plain fields as they are, numbers as digits, null and undefined as empty, ending in CR LF', () => {
    expect(csvLine(['Dune', 412, null, undefined, 3.75])).toBe('Dune,412,,,3.75\r\n')
  })

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvLine(['Piranesi, a novel', 'She said "stay"', 'one\ntwo'])).toBe('"Piranesi, a novel","She said ""stay""","one\ntwo"\r\n')
  })

  it("keeps Goodreads's ISBN cells and a leading = as they are: no formula guard", () => {
    expect(csvLine(['="0593135202"', '=""', '+1', '-ish', '@home'])).toBe('"=""0593135202""","=""""",+1,-ish,@home\r\n')
  })

  it('writes a line of one empty field so that it reads back as a record, not a blank line', () => {
    expect(readBack(toCsv(['Title'], [[''], [null]]))).toEqual([['Title'], [''], ['']])
  })
})

describe('toCsv then csvRecords', () => {
  it('gives back awkward text exactly: quotes, commas, line breaks, emoji, right-to-left text', () => {
    const header = ['Title', 'Author', 'My Review']
    const rows = [
      ['"Quoted", with commas', "O'Brien, Flann", 'line one\r\nline two\nline three\rfour'],
      ['📚 Books & more 👩🏽‍💻', 'نجيب محفوظ', 'אהבתי את הספר, מאוד'],
      ['\uFEFFstarts with a byte order mark', '   spaces kept   ', ''],
      ['=HYPERLINK("x")', '', '""'],
    ]
    expect(readBack(toCsv(header, rows))).toEqual([header, ...rows])
  })

  it('gives back any fields it is given (property)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', '\uFEFF', ' ', 'a', '=', 'é', '😀') }))
    const row = fc.array(text, { minLength: 1, maxLength: 6 })
    fc.assert(
      fc.property(row, fc.array(row, { maxLength: 8 }), (header, rows) => {
        expect(readBack(toCsv(header, rows))).toEqual([header, ...rows])
      }),
      { numRuns: 2000 },
    )
  })
})

import { describe, expect, it } from 'vitest'
import { previewCsv } from '#/features/imports/csv-preview.ts'

const GOODREADS = 'Book Id,Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf'
const STORYGRAPH = 'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Star Rating'

const titles = (text: string) => previewCsv(text).rows.map((r) => r.title)

describe('previewCsv', () => {
  it('tells a Goodreads export from a StoryGraph one by their own columns, in any case and spacing', () => {
    expect(previewCsv(`${GOODREADS}\n1,A,B,,,0,read\n`).source).toBe('goodreads')
    expect(previewCsv(`${STORYGRAPH}\nA,B,,,,read,4\n`).source).toBe('storygraph')
    expect(previewCsv('title,author,  exclusive   shelf \nA,B,read\n').source).toBe('goodreads')
    expect(previewCsv('Title,Authors,isbn/uid\nA,B,\n').source).toBe('storygraph')
    expect(previewCsv('Title,Author,Year\nA,B,2001\n').source).toBeNull()
    expect(previewCsv('Name,Email\nAda,ada@example.com\n')).toMatchObject({ source: null, hasColumns: false, total: 1 })
    // The columns of both: the one with more of its own (the server then asks which it is).
    expect(previewCsv('Read Status,ISBN/UID,Book Id,Title\n').source).toBe('storygraph')
  })

  it('reads the table’s columns by either export’s names, trims cells, and leaves a Goodreads 0 rating out', () => {
    const goodreads = previewCsv(`${GOODREADS}\n1, Kindred ,Octavia E. Butler,,,0,to-read\n2,Dawn,Octavia E. Butler,,,5,read\n`)
    expect(goodreads.rows).toEqual([
      { title: 'Kindred', author: 'Octavia E. Butler', shelf: 'to-read', rating: '' },
      { title: 'Dawn', author: 'Octavia E. Butler', shelf: 'read', rating: '5' },
    ])
    expect(previewCsv(`${STORYGRAPH}\nPiranesi,Susanna Clarke,,,,read,3.75\n`).rows).toEqual([
      { title: 'Piranesi', author: 'Susanna Clarke', shelf: 'read', rating: '3.75' },
    ])
    // A short row has '' where its cells are missing.
    expect(previewCsv(`${GOODREADS}\n1,Short\n`).rows).toEqual([{ title: 'Short', author: '', shelf: '', rating: '' }])
  })

  it('reads quoted fields with commas, doubled quotes and line breaks; a BOM; CR LF, LF and lone CR', () => {
    const text =
      '\uFEFFTitle,Author,Exclusive Shelf\r\n' +
      '"The Fifth Season (The Broken Earth, #1)","Jemisin, N. K.",read\r\n' +
      '"Say ""hello""","A\nB",read\r' +
      '"Line one\r\nline two",C,to-read\n' +
      '5" single,D,read\n'
    const preview = previewCsv(text)
    expect(preview.source).toBe('goodreads')
    expect(preview.rows.map((r) => [r.title, r.author])).toEqual([
      ['The Fifth Season (The Broken Earth, #1)', 'Jemisin, N. K.'],
      ['Say "hello"', 'A\nB'],
      ['Line one\r\nline two', 'C'],
      ['5" single', 'D'],
    ])
    expect(preview.total).toBe(4)
  })

  it('counts every row past the first five, with line breaks inside quotes not counted and blank lines skipped', () => {
    const rows = Array.from({ length: 1234 }, (_, i) => (i % 3 === 0 ? `"Title ${i},\n""quoted""\r\nstill",A` : `Title ${i},A`))
    const text = `Title,Author\r\n\r\n${rows.join('\r\n')}\r\n\r\n\n`
    const preview = previewCsv(text)
    expect(preview.total).toBe(1234)
    expect(preview.rows).toHaveLength(5)
    expect(preview.rows[1]!.title).toBe('Title 1')
    // No line end after the last row, and a quoted field at the very end.
    expect(previewCsv('Title,Author\na,b\nc,d\ne,f\ng,h\ni,j\nk,l\n"m",n').total).toBe(7)
    expect(previewCsv('Title,Author\na,b\nc,d\ne,f\ng,h\ni,j\nk,"l"').total).toBe(6)
  })

  it('takes a quote in the middle of a field as text, and runs a quoted field that never closes to the end', () => {
    const rest = Array.from({ length: 6 }, (_, i) => `row ${i} with a 5" disk,x`).join('\n')
    expect(previewCsv(`Title,Author\n${rest}\n`).total).toBe(6)
    expect(previewCsv(`Title,Author\na,b\nc,d\ne,f\ng,h\ni,j\n"never closes,\nk,l\n`).total).toBe(6)
    expect(titles('Title,Author\n"never closes,\nk,l\n')).toEqual(['never closes,\nk,l'])
  })

  it('has no rows for an empty file, a file of blank lines, or a header alone', () => {
    expect(previewCsv('')).toEqual({ source: null, total: 0, rows: [], hasColumns: false })
    expect(previewCsv('\r\n\n\r')).toMatchObject({ total: 0, rows: [] })
    expect(previewCsv(`\uFEFF${GOODREADS}\r\n`)).toEqual({ source: 'goodreads', total: 0, rows: [], hasColumns: true })
  })

  it('draws at most 300 characters of a cell', () => {
    const [row] = previewCsv(`Title,Author\n${'x'.repeat(5000)},A\n`).rows
    expect(row!.title).toHaveLength(300)
  })
})

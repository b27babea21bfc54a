import { describe, expect, it } from 'vitest'
import { CreateBookInputSchema } from '@shelfwise/contracts'
import { editRowsOf, fieldsOf, genresOf, identityChanges, snapshotOf } from '#/modules/books/books.fields.ts'

// A book's fields as the forms give them, as the identity rule compares them and as the history
// records them (books.fields.ts), without a database.

const form = (over: Record<string, unknown> = {}) => CreateBookInputSchema.parse({ title: 'The Hobbit', author: 'J.R.R. Tolkien', ...over })

describe('the fields of the add and edit forms', () => {
  it("keeps known genres and languages in the filter lists' spelling, each genre once", () => {
    expect(genresOf(['science fiction', 'FANTASY', 'Fantasy', 'Cozy Crime', 'cozy crime'])).toEqual(['Science Fiction', 'Fantasy', 'Cozy Crime'])
    expect(fieldsOf(form({ language: 'FRENCH' })).language).toBe('French')
    expect(fieldsOf(form({ language: 'Klingon' })).language).toBe('Klingon')
  })

  it('keeps an empty ISBN as none', () => {
    expect(fieldsOf(form({ isbn: '' })).isbn).toBeNull()
    expect(fieldsOf(form({ isbn: '9780261103344' })).isbn).toBe('9780261103344')
  })
})

describe("a book's identity (decision 0023)", () => {
  const old = { title: 'The Hobbit', author: 'J.R.R. Tolkien' }

  it('is unchanged by letter case, accents, spacing and punctuation, or an ISBN-10 written as its ISBN-13', () => {
    expect(identityChanges(old, '0261103342', fieldsOf(form({ title: 'the  hobbit!', author: 'j r r tolkien', isbn: '9780261103344' })))).toEqual([])
    expect(
      identityChanges({ title: 'Les Misérables', author: 'Victor Hugo' }, null, fieldsOf(form({ title: 'Les Miserables', author: 'Victor Hugo' }))),
    ).toEqual([])
  })

  it('names each field whose words or ISBN change, an ISBN added or taken off included', () => {
    expect(identityChanges(old, null, fieldsOf(form({ title: 'The Hobbit, or There and Back Again', isbn: '9780261103344' })))).toEqual(['title', 'isbn'])
    expect(identityChanges(old, '9780261103344', fieldsOf(form({ author: 'Christopher Tolkien' })))).toEqual(['author', 'isbn'])
  })

  it('compares a title without any word as written', () => {
    expect(identityChanges({ title: '!!!', author: 'X' }, null, fieldsOf(form({ title: '???', author: 'X' })))).toEqual(['title'])
    expect(identityChanges({ title: '!!!', author: 'X' }, null, fieldsOf(form({ title: ' !!! ', author: 'X' })))).toEqual([])
  })
})

describe("a book's history", () => {
  const links = { authorUserId: null, publisherUserId: 'u2', listedByUserId: null }

  it('records every field as text or none, and the genres sorted in one line', () => {
    const snapshot = snapshotOf({ ...fieldsOf(form({ pageCount: 310, description: '' })), ...links, coverImage: '' }, ['Fantasy', 'Classics'])
    expect(snapshot).toMatchObject({
      title: 'The Hobbit',
      pageCount: '310',
      description: null,
      coverImage: null,
      genre: 'Classics, Fantasy',
      publisher_username: 'u2',
    })
    expect(snapshotOf({ ...fieldsOf(form()), ...links }, []).genre).toBeNull()
  })

  it('makes one row per field whose value changed, with the value before and after', () => {
    const rows = editRowsOf(
      'b1',
      'u1',
      { title: 'The Hobbit', author: 'Tolkien', isbn: null },
      { title: 'The Hobbit', author: 'J.R.R. Tolkien', isbn: '9780261103344' },
    )
    expect(rows.map(({ field, oldValue, newValue, bookId, userId }) => ({ field, oldValue, newValue, bookId, userId }))).toEqual([
      { field: 'author', oldValue: 'Tolkien', newValue: 'J.R.R. Tolkien', bookId: 'b1', userId: 'u1' },
      { field: 'isbn', oldValue: null, newValue: '9780261103344', bookId: 'b1', userId: 'u1' },
    ])
    expect(new Set(rows.map((r) => r.id)).size).toBe(2)
    expect(rows[0]!.editedAt).toBe(rows[1]!.editedAt)
    expect(editRowsOf('b1', 'u1', { title: 'A' }, { title: 'A' })).toEqual([])
  })
})

import { v7 as uuidv7 } from 'uuid'
import { GENRES, IDENTITY_FIELDS, LANGUAGES, type BookEditField, type CreateBookInput, type IdentityField } from '@shelfwise/contracts'
import { isIsbn10Shape, withIsbn13Check } from '@shelfwise/library-files'
import { nowIso } from '#/db/portable.ts'
import type { EditableBook } from '#/modules/books/books.edit.repository.ts'
import { wordsOf } from '#/modules/books/books.search-terms.ts'

// A book's fields as the add and edit forms give them, as the identity rule compares them (decision
// 0023) and as its history records them. No database; unit-tested on their own (books.fields.test.ts).

// Known genres and languages are stored in the spelling of the filter lists, so filters match exactly.
const canonical = (known: readonly string[]) => {
  const byLower = new Map(known.map((v) => [v.toLowerCase(), v]))
  return (v: string) => byLower.get(v.toLowerCase()) ?? v
}
const canonicalGenre = canonical(GENRES)
const canonicalLanguage = canonical(LANGUAGES)

export function genresOf(input: string[]): string[] {
  const byLower = new Map<string, string>()
  for (const g of input.map(canonicalGenre)) if (!byLower.has(g.toLowerCase())) byLower.set(g.toLowerCase(), g)
  return [...byLower.values()]
}

/** A book's own columns as the add and edit forms give them. */
export const fieldsOf = (input: CreateBookInput) => ({
  title: input.title,
  author: input.author,
  publisher: input.publisher,
  description: input.description,
  coverImage: input.coverImage,
  publishedDate: input.publishedDate,
  language: canonicalLanguage(input.language),
  edition: input.edition,
  pageCount: input.pageCount,
  amazonLink: input.amazonLink,
  isbn: input.isbn || null,
  category: input.category,
})

// ---- A book's identity and history (decision 0023) ------------------------------------------

/**
 * A title or author as the identity rule compares them: its words with letter case, accents,
 * spacing and punctuation set aside (the duplicates check's key); a text without any word as written.
 * Equality of keys is an equivalence, so small corrections cannot add up to another book.
 */
const identityKey = (text: string): string => wordsOf(text).join(' ') || text.trim()

/** An ISBN as the identity rule compares it: an ISBN-10 as its ISBN-13, the same book written the other way. */
const isbnKey = (isbn: string): string => (isIsbn10Shape(isbn) ? withIsbn13Check(`978${isbn.slice(0, 9)}`) : isbn)
/** The identity fields an edit changes (decision 0023): the title and author by their words, the ISBN (the one shown, `shownIsbn`) as its ISBN-13. */
export const identityChanges = (
  old: Pick<EditableBook, 'title' | 'author'>,
  shownIsbn: string | null,
  fields: Pick<ReturnType<typeof fieldsOf>, 'title' | 'author' | 'isbn'>,
): IdentityField[] =>
  IDENTITY_FIELDS.filter((f: IdentityField) =>
    f === 'isbn' ? isbnKey(shownIsbn ?? '') !== isbnKey(fields.isbn ?? '') : identityKey(old[f]) !== identityKey(fields[f]),
  )

/** A book's fields as its history records them: text, or null for none; linked readers by user id. */
type EditSnapshot = Record<BookEditField, string | null>

const textOf = (v: string | number | null | undefined): string | null => (v === null || v === undefined || v === '' ? null : String(v))

export function snapshotOf(
  book: Omit<EditableBook, 'id' | 'createdByUserId' | 'isbn' | 'unclaimedIsbn' | 'genres' | 'format' | 'audioSeconds'> & { isbn: string | null },
  genres: string[],
): EditSnapshot {
  return {
    title: textOf(book.title),
    author: textOf(book.author),
    author_username: book.authorUserId,
    publisher: textOf(book.publisher),
    publisher_username: book.publisherUserId,
    listed_by_username: book.listedByUserId,
    description: textOf(book.description),
    coverImage: textOf(book.coverImage),
    publishedDate: textOf(book.publishedDate),
    language: textOf(book.language),
    edition: textOf(book.edition),
    pageCount: textOf(book.pageCount),
    amazonLink: textOf(book.amazonLink),
    isbn: textOf(book.isbn),
    genre: textOf([...genres].sort().join(', ')),
    category: textOf(book.category),
  }
}

/** The history rows of one edit: a row per field whose value changed. */
export function editRowsOf(bookId: string, userId: string, before: Partial<EditSnapshot>, after: Partial<EditSnapshot>) {
  const editedAt = nowIso()
  return (Object.keys(after) as BookEditField[])
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => ({ id: uuidv7(), bookId, userId, field, oldValue: before[field] ?? null, newValue: after[field] ?? null, editedAt }))
}

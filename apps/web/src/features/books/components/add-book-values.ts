import type { Book } from '@shelfwise/contracts'
import { loadContracts, type FieldIssue } from '#/lib/api-client.ts'

// The Add a New Book form's values, its checks (every problem at once, by field) and its body.

export const ADD_BOOK_TEXT = {
  roleRequired: 'Please specify whether you are the author or publisher.',
  added: 'Book added successfully!',
  failed: 'Failed to add book.',
  updated: 'Book updated successfully!',
  updateFailed: 'Failed to update book.',
  required: 'This field is required',
  signedOut: 'Adding a book needs an account: sign in or sign up first. What you type here is kept until you are back.',
  signIn: 'Sign in',
  viewBook: 'See its page',
  uploadCover: 'Upload a cover',
  uploadingCover: 'Uploading...',
  coverFailed: 'Failed to upload the cover',
  optional: 'Optional',
  pageCountMin: 'Page Count must be at least 1',
} as const

/** The server's words for a taken ISBN (contracts' BOOK_MESSAGES; repeated here so this screen loads the schemas only when it checks). */
export const BOOK_MESSAGES = { isbnTaken: 'A book with this ISBN already exists' } as const

export interface BookFormValues {
  role: '' | 'author' | 'publisher' | 'none'
  title: string
  author: string
  author_username: string | null
  description: string
  coverImage: string
  publisher: string
  publisher_username: string | null
  publishedDate: string
  language: string
  edition: string
  pageCount: string
  amazonLink: string
  isbn: string
  genre: string
  category: string
}

export type BookField = Exclude<keyof BookFormValues, 'author_username' | 'publisher_username'>

export const EMPTY_BOOK_FORM: BookFormValues = {
  role: '',
  title: '',
  author: '',
  author_username: null,
  description: '',
  coverImage: '',
  publisher: '',
  publisher_username: null,
  publishedDate: '',
  language: '',
  edition: '',
  pageCount: '',
  amazonLink: '',
  isbn: '',
  genre: '',
  category: '',
}

/** The form filled in from a book, for the reader who added it to correct it. */
export function formValuesOf(book: Book, signedInUsername: string | null): BookFormValues {
  const me = signedInUsername?.toLowerCase()
  const isMe = (name: string | null) => name !== null && name.toLowerCase() === me
  const role = isMe(book.author_username) ? 'author' : isMe(book.publisher_username) ? 'publisher' : 'none'
  return {
    role,
    title: book.title,
    author: book.author,
    author_username: book.author_username,
    description: book.description,
    coverImage: book.coverImage,
    publisher: book.publisher,
    publisher_username: book.publisher_username,
    publishedDate: book.publishedDate ?? '',
    language: book.language,
    edition: book.edition,
    pageCount: book.pageCount === null ? '' : String(book.pageCount),
    amazonLink: book.amazonLink,
    isbn: book.isbn,
    genre: book.genre.join(', '),
    category: book.category,
  }
}

/**
 * Fields a real book may lack, left empty without a word (decision 0037, departing from the spec's
 * all-required form): the classics have no ISBN and no Amazon page, and most printings name no edition.
 */
export const OPTIONAL_FIELDS: readonly BookField[] = ['edition', 'amazonLink', 'isbn']

/** The fields in the order the form shows them: the first one with a problem is focused. */
export const FIELD_ORDER: BookField[] = [
  'role',
  'title',
  'author',
  'description',
  'coverImage',
  'publisher',
  'publishedDate',
  'language',
  'edition',
  'pageCount',
  'amazonLink',
  'isbn',
  'genre',
  'category',
]

const FIELD_LABELS: Record<BookField, string> = {
  role: 'Role',
  title: 'Title',
  author: 'Author',
  description: 'Description',
  coverImage: 'Cover Image URL',
  publisher: 'Publisher',
  publishedDate: 'Published Date',
  language: 'Language',
  edition: 'Edition',
  pageCount: 'Page Count',
  amazonLink: 'Amazon Link',
  isbn: 'ISBN',
  genre: 'Genre',
  category: 'Category',
}

export const splitGenres = (text: string) =>
  text
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean)

/** The body of POST /books, as the spec's client builds it (§5). */
export function toBookBody(v: BookFormValues, signedInUsername: string | null) {
  const now = new Date().toISOString()
  return {
    title: v.title.trim(),
    author: v.author.trim(),
    author_username: v.author_username ?? (v.role === 'author' ? signedInUsername : null),
    description: v.description.trim(),
    coverImage: v.coverImage.trim(),
    publisher: v.publisher.trim(),
    publisher_username: v.publisher_username ?? (v.role === 'publisher' ? signedInUsername : null),
    publishedDate: v.publishedDate,
    language: v.language.trim(),
    edition: v.edition.trim(),
    pageCount: Number(v.pageCount),
    amazonLink: v.amazonLink.trim(),
    isbn: v.isbn.trim(),
    genre: splitGenres(v.genre),
    category: v.category,
    role: v.role || undefined,
    listed_by_username: v.role === 'none' ? signedInUsername : null,
    averageRating: 0,
    totalReviews: 0,
    createdAt: now,
    updatedAt: now,
  }
}

/** The form field a server (or contract) issue path names: 'genre.1' → genre, 'author_username' → author. */
function fieldOfPath(path: string): BookField | undefined {
  const head = path.split('.')[0] ?? ''
  const field = head === 'author_username' ? 'author' : head === 'publisher_username' ? 'publisher' : head
  return (FIELD_ORDER as string[]).includes(field) ? (field as BookField) : undefined
}

/** An issue's words beside its field: 'Cover Image URL must be an http(s) URL'. */
const issueText = (field: BookField, message: string) => `${FIELD_LABELS[field]} ${message}`

/** Each field's problems as the server words them (the first per field), in the form's order. */
export function fieldErrorsFromIssues(issues: FieldIssue[]): Partial<Record<BookField, string>> {
  const out: Partial<Record<BookField, string>> = {}
  for (const issue of issues) {
    const field = fieldOfPath(issue.path)
    if (field && !out[field]) out[field] = issueText(field, issue.message)
  }
  return out
}

/**
 * Every problem of the form at once, by field: the role (spec text), each empty field but the optional ones, a Page Count
 * under 1, then what the shared contract refuses (links that are not http(s), an ISBN that is not
 * one, texts too long…).
 */
export async function checkBookForm(v: BookFormValues): Promise<Partial<Record<BookField, string>>> {
  const { CreateBookInputSchema } = await loadContracts()
  const errors: Partial<Record<BookField, string>> = {}
  if (v.role === '') errors.role = ADD_BOOK_TEXT.roleRequired
  for (const f of FIELD_ORDER) {
    if (f !== 'role' && !OPTIONAL_FIELDS.includes(f) && String(v[f] ?? '').trim() === '') errors[f] = ADD_BOOK_TEXT.required
  }
  if (!errors.pageCount && !(Number(v.pageCount) >= 1)) errors.pageCount = ADD_BOOK_TEXT.pageCountMin
  const parsed = CreateBookInputSchema.safeParse(toBookBody(v, null))
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
    for (const [field, message] of Object.entries(fieldErrorsFromIssues(issues)) as [BookField, string][]) {
      errors[field] ??= message
    }
  }
  return errors
}

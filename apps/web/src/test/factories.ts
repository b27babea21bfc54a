import type { Book, Edition, ImportJob, ImportRow, LibraryEntry, PersonRow, ReaderStats, Review, User } from '@shelfwise/contracts'

let n = 0
const uuid = () => crypto.randomUUID()

/** Builds one of a kind: the defaults for the nth thing built here (numbered names), `overrides` over them. */
const numbered =
  <T>(defaults: (n: number) => T) =>
  (overrides: Partial<T> = {}): T => ({ ...defaults(++n), ...overrides })

export const buildBook = numbered<Book>((n) => ({
  _id: uuid(),
  title: `Book ${n}`,
  author: `Author ${n}`,
  author_username: null,
  publisher: 'Penguin',
  publisher_username: null,
  description: `A description of book ${n}.`,
  coverImage: '',
  averageRating: 4,
  totalReviews: 2,
  ratingsCount: 2,
  publishedDate: '2020-03-15',
  language: 'English',
  edition: 'First',
  pageCount: 320,
  amazonLink: 'https://www.amazon.com/dp/123',
  isbn: '',
  genre: ['Fiction'],
  category: 'Classic',
  listed_by_username: null,
  createdAt: '2024-01-01T10:00:00.000Z',
  updatedAt: '2024-01-01T10:00:00.000Z',
}))

/** An edition of `work` as GET /books/{id}/editions answers it, with nothing known beyond the work it belongs to. */
export function buildEdition(work: Pick<Book, '_id'>, overrides: Partial<Edition> = {}): Edition {
  return {
    _id: uuid(),
    workId: work._id,
    isbn: '',
    format: null,
    pageCount: null,
    audioSeconds: null,
    language: '',
    publisher: '',
    publishedDate: null,
    edition: '',
    coverImage: '',
    primary: false,
    ...overrides,
  }
}

export const buildUser = numbered<User>((n) => ({
  _id: uuid(),
  name: `Reader ${n}`,
  username: `reader${n}`,
  userType: 'Reader',
  bio: '',
  profileImage: '',
  createdAt: '2024-02-03T10:00:00.000Z',
  followers: [],
  following: [],
  isFollowing: false,
}))

export const buildReview = numbered<Review>((n) => ({
  _id: uuid(),
  rating: 4,
  comment: `Review text ${n}`,
  createdAt: '2024-05-06T10:00:00.000Z',
  updatedAt: '2024-05-06T10:00:00.000Z',
  user: { _id: uuid(), username: `writer${n}`, profileImage: '' },
  book: { _id: uuid(), title: `Reviewed Book ${n}`, author: 'Some Author', coverImage: '' },
}))

/** GET /users/{id}/stats: the profile's counts, and (none by default) the years with reads and all-time totals. */
export function buildStats(overrides: Partial<ReaderStats> = {}): ReaderStats {
  return {
    followers: 0,
    following: 0,
    reviews: 0,
    readBooks: 0,
    recentlyReadCount: 0,
    listedBooks: 0,
    createdBooks: 0,
    wishlistCount: 0,
    years: [],
    allTime: { booksRead: 0, pagesRead: 0, undated: 0 },
    ...overrides,
  }
}

/** GET /imports/{id}: a Goodreads import that finished with nothing counted, unless told. */
export function buildImportJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    _id: uuid(),
    status: 'done',
    source: 'goodreads',
    fileName: 'goodreads_library_export.csv',
    total: 0,
    processed: 0,
    imported: 0,
    unchanged: 0,
    needsReview: 0,
    failed: 0,
    skipped: 0,
    created: 0,
    editionsAttached: 0,
    notes: [],
    message: null,
    createdAt: '2026-03-12T10:00:00.000Z',
    finishedAt: '2026-03-12T10:00:09.000Z',
    ...overrides,
  }
}

/** One row of an import's report: imported, with nothing to do, unless told. */
export function buildImportRow(overrides: Partial<ImportRow> & { line: number }): ImportRow {
  return {
    title: `Row ${overrides.line}`,
    author: 'Someone',
    outcome: 'imported',
    bookId: null,
    candidates: [],
    message: null,
    notes: [],
    actions: [],
    correctable: [],
    ...overrides,
  }
}

/** Progress nobody has logged yet. */
export const NO_PROGRESS = { page: null, percent: null, minutes: null }

/** One row of a reader's library (GET /users/{id}/library): a book being read, with nothing else logged. */
export function buildLibraryEntry(overrides: Partial<LibraryEntry> = {}): LibraryEntry {
  return {
    book: buildBook(),
    status: 'reading',
    rating: null,
    progress: NO_PROGRESS,
    startedOn: null,
    finishedOn: null,
    readCount: 0,
    updatedAt: new Date().toISOString(),
    addedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  }
}

export const buildPerson = numbered<PersonRow>((n) => ({
  _id: uuid(),
  name: `Person ${n}`,
  username: `person${n}`,
  profileImage: '',
  createdAt: '2024-02-03T10:00:00.000Z',
  isFollowing: false,
}))

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

/** A token the client can decode; `expInSeconds` from now (negative: already expired). */
export function makeToken(expInSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000)
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'u', ver: 0, jti: 'j', iat: now, exp: now + expInSeconds })}.sig`
}

/** Signs a user in the way the app stores it: 'user' JSON with _id and 'token'. */
export function signIn(user: Partial<User> & { _id: string } = buildUser(), token = makeToken()) {
  localStorage.setItem('token', token)
  localStorage.setItem('user', JSON.stringify(user))
  return { user, token }
}

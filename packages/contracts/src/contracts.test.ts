import { describe, expect, it } from 'vitest'
import {
  bookAverage,
  BookSearchQuerySchema,
  CATEGORIES,
  CreateBookInputSchema,
  CreateReviewInputSchema,
  fieldInWords,
  ratingSumOf,
  RegisterInputSchema,
  validationSentence,
  withRatingChange,
} from '@shelfwise/contracts'

const firstMessage = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error ? `${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}` : 'ok'

describe('review input', () => {
  it('reads the text from comment or from content, as the spec’s two screens send it', () => {
    expect(CreateReviewInputSchema.parse({ rating: 5, comment: ' Loved it ' })).toEqual({ rating: 5, comment: 'Loved it' })
    expect(CreateReviewInputSchema.parse({ rating: 4, content: 'Fine' })).toEqual({ rating: 4, comment: 'Fine' })
  })

  it.each([
    [{ rating: 0, comment: 'x' }, 'rating: must be at least 1'],
    [{ rating: 6, comment: 'x' }, 'rating: must be at most 5'],
    [{ rating: 4.5, comment: 'x' }, 'rating: must be a whole number of stars from 1 to 5'],
    [{ rating: 3 }, 'comment: is required'],
    [{ rating: 3, comment: '   ' }, 'comment: cannot be empty'],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(CreateReviewInputSchema.safeParse(input))).toBe(message)
  })
})

describe('search query', () => {
  it('splits comma-joined filters and matches the spec’s options in any case', () => {
    const q = BookSearchQuerySchema.parse({ query: '  hobbit ', genres: 'fantasy,Adventure', languages: 'english', minRating: '4' })
    expect(q).toMatchObject({ query: 'hobbit', type: 'all', genres: ['Fantasy', 'Adventure'], languages: ['English'], minRating: 4 })
  })

  it('names an unknown category', () => {
    expect(firstMessage(BookSearchQuerySchema.safeParse({ categories: 'Classic,Cookbooks' }))).toMatch(/^categories: unknown category "Cookbooks"/)
  })

  it('knows the Browse and the Add Book categories', () => {
    expect(CATEGORIES).toEqual(expect.arrayContaining(['Bestseller', 'Local Author', 'Educational', 'Other', 'Fiction']))
  })
})

describe('book input', () => {
  it('turns a comma-separated genre string into a clean list and normalises the ISBN and date', () => {
    const b = CreateBookInputSchema.parse({
      title: 'T',
      author: 'A',
      genre: 'Fantasy, Adventure, , Fantasy',
      isbn: '978-0-14-143951-8',
      publishedDate: '1813-01-28T00:00:00.000Z',
    })
    expect(b).toMatchObject({ genre: ['Fantasy', 'Adventure'], isbn: '9780141439518', publishedDate: '1813-01-28', description: '' })
  })

  it.each([
    [{ author: 'A' }, 'title: is required'],
    [{ title: 'T', author: 'A', coverImage: 'javascript:alert(1)' }, 'coverImage: must be an http(s) URL'],
    [{ title: 'T', author: 'A', pageCount: 0 }, 'pageCount: must be at least 1'],
    [{ title: 'T', author: 'A', publishedDate: '2023-02-30' }, 'publishedDate: must be a date like 1999-12-31'],
    [{ title: 'T', author: 'A', isbn: '12345' }, 'isbn: must be an ISBN-10 or ISBN-13'],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(CreateBookInputSchema.safeParse(input))).toBe(message)
  })
})

describe('sign-up input', () => {
  it('lower-cases the e-mail and keeps the username as typed', () => {
    const r = RegisterInputSchema.parse({ name: 'Ada', username: 'Ada_L', email: ' Ada@Example.COM ', password: 'secret1', userType: 'Author' })
    expect(r).toMatchObject({ username: 'Ada_L', email: 'ada@example.com' })
  })
})

describe('validation messages in plain words', () => {
  it.each([
    ['newPassword', 'is too common; choose something harder to guess', 'New password is too common; choose something harder to guess'],
    ['username', 'may contain only letters, digits, ".", "_" and "-"', 'Username may contain only letters, digits, ".", "_" and "-"'],
    ['userType', 'must be one of Reader, Author, Seller', 'Account type must be one of Reader, Author, Seller'],
    ['author_username', 'is too long', 'Author username is too long'],
    ['genre.2', 'must not contain the NUL character (U+0000)', 'Genre 3 must not contain the NUL character (U+0000)'],
    ['body', 'must be a JSON object', 'The request body must be a JSON object'],
    // A message that is a sentence of its own keeps its words, without the field in front.
    ['genres', 'unknown genre "Cookbooks"; expected one of Fiction', 'Unknown genre "Cookbooks"; expected one of Fiction'],
    // zod's own wording, where a schema gave none.
    ['rating', 'Invalid input: expected number, received string', 'Rating must be a number'],
    ['sort', 'Invalid option: expected one of "recent"|"title"', 'Sort must be one of recent, title'],
    ['x', 'Too big: expected string to have <=3 characters', 'X is not valid: too big: expected string to have <=3 characters'],
  ])('%s + %j reads %j', (path, message, sentence) => {
    const text = validationSentence(path, message)
    expect(text).toBe(sentence)
    expect(text).not.toMatch(/^[\w.]+: /)
  })

  it('names a field in words, whatever its spelling', () => {
    expect(fieldInWords('currentPassword')).toBe('Current password')
    expect(fieldInWords('isbn')).toBe('ISBN')
    expect(fieldInWords('')).toBe('A value')
    // Names a client may send that Object's prototype also holds.
    expect(fieldInWords('constructor')).toBe('Constructor')
    expect(validationSentence('constructor.toString', 'must not contain the NUL character (U+0000)')).toBe(
      'Constructor to string must not contain the NUL character (U+0000)',
    )
  })
})

describe('a book’s rating', () => {
  it('reads the exact sum back from the answered average for every book with fewer than 100 ratings', () => {
    for (let count = 1; count < 100; count++)
      for (let sum = count; sum <= 5 * count; sum++) if (ratingSumOf(bookAverage(sum, count), count) !== sum) expect.fail(`${sum} / ${count}`)
  })

  it('moves the average over every rating, lone ones included', () => {
    // Two lone ratings (3 and 4), then a review of 4: 11 / 3, not the review alone.
    const book = { averageRating: 3.5, totalReviews: 0, ratingsCount: 2 }
    expect(withRatingChange(book, { reviews: 1, lone: 0, stars: 4 })).toEqual({ averageRating: 3.67, totalReviews: 1, ratingsCount: 3 })
    // The reader's own lone rating of 3 superseded by their review of 5: one rating still, two stars more.
    expect(withRatingChange(book, { reviews: 1, lone: -1, stars: 5 - 3 })).toEqual({ averageRating: 4.5, totalReviews: 1, ratingsCount: 2 })
    expect(withRatingChange({ averageRating: 4, totalReviews: 1, ratingsCount: 1 }, { reviews: -1, lone: 0, stars: -4 })).toEqual({
      averageRating: 0,
      totalReviews: 0,
      ratingsCount: 0,
    })
  })
})

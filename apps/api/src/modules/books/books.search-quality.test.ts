import { beforeAll, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { BookListSchema, type Book } from '@shelfwise/contracts'
import { CLASSICS } from '#/db/seed/classics.ts'
import { createRandom } from '#/db/seed/random.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertReview } from '../../../test/support/factories.ts'

// Search as a reader uses it, on a catalogue that looks real: the demo classics, a few Tolkien
// books (the classics have none), and a few thousand generated books full of the same words ('the',
// 'pride', 'house', near-misses of 'hobbit'), so every expectation is about ranking, not luck.

const FILLER_BOOKS = 3000
const WORDS = [
  'House',
  'River',
  'Pride',
  'Garden',
  'Habit',
  'Hobby',
  'Heights',
  'Crown',
  'Letters',
  'Shadow',
  'Storm',
  'Summer',
  'Island',
  'Ring',
  'King',
  'Expectations',
]
const ADJECTIVES = ['Silent', 'Last', 'Hidden', 'Great', 'Golden', 'Bitter', 'Northern', 'Quiet', 'Wild', 'Little']
const NAMES = ['Ada Brontes', 'Tolliver Keen', 'Jane Austin', 'Mira Dickens', 'Emil Hartwell', 'Hob Baggett', 'Rosa Tolkan']

describeEachDialect('search quality on a real-sized catalogue', (ctx) => {
  const tolkien: Record<'hobbit' | 'fellowship' | 'towers' | 'king', string> = { hobbit: '', fellowship: '', towers: '', king: '' }
  const classicId = new Map<string, string>()

  const search = async (query: string, extra = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/books/search?query=${encodeURIComponent(query)}&limit=20${extra}` })
    expect(res.statusCode, res.body).toBe(200)
    return BookListSchema.parse(res.json())
  }
  const titles = (books: Book[]) => books.map((b) => b.title)

  beforeAll(async () => {
    const now = Date.now()
    // The classics, as the demo has them.
    const classicRows = CLASSICS.map((c, i) => ({
      id: uuidv7({ msecs: now - 100_000 + i }),
      title: c.title,
      author: c.author,
      description: c.description,
      publishedDate: c.publishedDate,
      language: c.language,
      pageCount: c.pageCount,
      category: c.category ?? 'Classic',
      createdAt: new Date(now - 100_000 + i).toISOString(),
      updatedAt: new Date(now - 100_000 + i).toISOString(),
      genres: c.genres,
    }))
    // Generated books sharing the words readers type, in big statements (the database indexes each row itself).
    const rng = createRandom(0x5ea4c4)
    const fillers = Array.from({ length: FILLER_BOOKS }, (_, i) => {
      const title = rng.chance(0.6) ? `The ${rng.pick(ADJECTIVES)} ${rng.pick(WORDS)}` : `${rng.pick(WORDS)} of the ${rng.pick(WORDS)}`
      const at = new Date(now - 50_000 + i).toISOString()
      return {
        id: uuidv7({ msecs: now - 50_000 + i }),
        title,
        author: rng.pick(NAMES),
        publishedDate: '2001-01-01',
        language: 'English',
        pageCount: 300,
        category: 'Contemporary',
        createdAt: at,
        updatedAt: at,
        genres: [rng.pick(['Fiction', 'Romance', 'Mystery', 'Fantasy'])],
        description: `A story of pride, prejudice and the ${rng.pick(WORDS).toLowerCase()} in the ${rng.pick(WORDS).toLowerCase()}: the hobbies of a quiet town.`,
      }
    })
    for (const rows of [classicRows, fillers]) {
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500)
        await ctx.db
          .insertInto('books')
          .values(batch.map(({ genres: _g, ...b }) => b))
          .execute()
        await ctx.db
          .insertInto('bookGenres')
          .values(batch.flatMap((b) => b.genres.map((genre) => ({ bookId: b.id, genre }))))
          .execute()
      }
    }
    for (const c of classicRows) classicId.set(c.title, c.id)
    const add = (title: string, isbn: string | null, description: string) =>
      insertBook(ctx.db, { title, author: 'J. R. R. Tolkien', genres: ['Fantasy', 'Adventure'], isbn, description, publishedDate: '1954-07-29' })
    tolkien.hobbit = (await add('The Hobbit', '9780547928227', 'Bilbo Baggins is swept into a quest for treasure guarded by a dragon.')).id
    tolkien.fellowship = (await add('The Fellowship of the Ring', '9780547928210', 'Frodo sets out from the Shire with the One Ring.')).id
    tolkien.towers = (await add('The Two Towers', null, 'The fellowship is broken; the ring goes on towards Mordor.')).id
    tolkien.king = (await add('The Return of the King', null, 'The last march of the free peoples.')).id
    // Readers love some fillers more than the classics: relevance must still beat popularity. The
    // Hobbit is loved by more readers than any 'Hobby' filler, as it would be (a dozen here: search
    // tells popularity apart in brackets of review counts, the first being 0–7).
    for (const f of fillers.slice(0, 5)) for (let r = 0; r < 3; r++) await insertReview(ctx.db, { bookId: f.id, rating: 5 })
    for (let r = 0; r < 12; r++) await insertReview(ctx.db, { bookId: tolkien.hobbit, rating: 5 })
  })

  it('finds a title typed with one letter wrong first', async () => {
    expect(titles(await search('wuthering heigths'))[0]).toBe('Wuthering Heights')
    expect(titles(await search('middlemarh'))[0]).toBe('Middlemarch')
    expect(titles(await search('frankenstien'))[0]).toBe('Frankenstein')
    expect(titles(await search('the hobit'))[0]).toBe('The Hobbit')
  })

  it('finds Tolkien’s books by his name, even misspelt', async () => {
    for (const q of ['tolkien', 'tolkein', 'Tolkien']) {
      expect(new Set((await search(q)).slice(0, 4).map((b) => b._id)), q).toEqual(new Set(Object.values(tolkien)))
    }
  })

  it('puts Pride and Prejudice first for "pride prejudice", among thousands of books with both words', async () => {
    const books = await search('pride prejudice')
    expect(books[0]!.title).toBe('Pride and Prejudice')
    expect(books.length).toBe(20)
  })

  it('ignores accents: "bronte" finds every Brontë', async () => {
    const brontes = ['Jane Eyre', 'Wuthering Heights', 'The Tenant of Wildfell Hall']
    // 'Ada Brontes' matches too (the last word is read as a prefix), after the whole word.
    expect(
      titles(await search('bronte', '&type=author'))
        .slice(0, 3)
        .sort(),
    ).toEqual([...brontes].sort())
    expect(
      titles(await search('bronte'))
        .slice(0, 3)
        .sort(),
    ).toEqual([...brontes].sort())
  })

  it('reads a prefix as the start of a word: "hobb" finds The Hobbit first', async () => {
    expect(titles(await search('hobb'))[0]).toBe('The Hobbit')
  })

  it('finds a title whose hyphen comes before digits, as typed or spaced: "Catch-22" (PostgreSQL read "-22" as a number once)', async () => {
    const book = await insertBook(ctx.db, { title: 'Catch-22', author: 'Joseph Heller' })
    for (const query of ['Catch-22', 'catch 22', 'heller catch-22'])
      expect(
        (await search(query)).map((b) => b._id),
        query,
      ).toContain(book.id)
  })

  it('finds a book by its ISBN, with or without hyphens', async () => {
    expect((await search('978-0-547-92822-7')).map((b) => b._id)).toEqual([tolkien.hobbit])
    expect((await search('9780547928210')).map((b) => b._id)).toEqual([tolkien.fellowship])
  })

  it('answers a very common word with popular books first and a full page', async () => {
    const books = await search('the')
    expect(books).toHaveLength(20)
    expect(books.every((b) => /\bthe\b/i.test(`${b.title} ${b.author} ${b.description}`))).toBe(true)
  })
})

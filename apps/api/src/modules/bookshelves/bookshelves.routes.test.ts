import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import {
  AccountExportSchema,
  BookShelfListSchema,
  ErrorBodySchema,
  LibraryEntryListSchema,
  ReadingEntrySchema,
  SHELF_LIMITS,
  ShelfListSchema,
  ShelfSchema,
  type Shelf,
} from '@shelfwise/contracts'
import { createTokens } from '#/security/tokens.ts'
import { createServices } from '#/services.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf, type Method } from '../../../test/support/calls.ts'
import { insertBook, insertShelves, insertUser, signUp, TEST_PASSWORD } from '../../../test/support/factories.ts'

describeEachDialect('bookshelves: a reader’s own shelves', (ctx) => {
  const call = callerOf(ctx)
  const ok = async (method: Method, url: string, token?: string, payload?: object) => {
    const res = await call(method, url, token, payload)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res
  }
  const refused = async (res: Awaited<ReturnType<typeof call>>, status: number, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(status)
    expect(ErrorBodySchema.parse(res.json()).message).toMatch(message)
  }
  const create = async (token: string, name: string, isPublic?: boolean): Promise<Shelf> => {
    const res = await call('POST', '/api/me/shelves', token, { name, ...(isPublic === undefined ? {} : { public: isPublic }) })
    expect(res.statusCode, res.body).toBe(201)
    return ShelfSchema.parse(res.json())
  }
  const shelvesOf = async (userId: string, token?: string) => ShelfListSchema.parse((await ok('GET', `/api/users/${userId}/shelves`, token)).json())
  const setShelves = async (bookId: string, token: string, names: string[]) =>
    BookShelfListSchema.parse((await ok('PUT', `/api/books/${bookId}/shelves`, token, { names })).json())
  const library = async (userId: string, query: string, token?: string) => {
    const res = await ok('GET', `/api/users/${userId}/library?${query}`, token)
    return { titles: LibraryEntryListSchema.parse(res.json()).map((e) => e.book.title), total: Number(res.headers['x-total-count']) }
  }
  const setStatus = (bookId: string, token: string, status: string | null) => ok('PUT', `/api/books/${bookId}/reading`, token, { status })
  const statusOf = async (bookId: string, token: string) => ReadingEntrySchema.parse((await ok('GET', `/api/books/${bookId}/reading`, token)).json()).status

  describe('making, renaming and deleting shelves', () => {
    it('makes a private shelf unless asked for a public one, its name cleaned; the reader sees both with their counts', async () => {
      const reader = await insertUser(ctx.db)
      const own = await create(reader.token, '  classics   club ')
      expect(own).toMatchObject({ name: 'classics club', count: 0, public: false })
      const open = await create(reader.token, 'Favourites', true)
      expect(open.public).toBe(true)
      expect((await shelvesOf(reader.id, reader.token)).map((s) => [s.name, s.public])).toEqual([
        ['classics club', false],
        ['Favourites', true],
      ])
    })

    it('keeps names unique per reader in any letter case; another reader may use the same name', async () => {
      const reader = await insertUser(ctx.db)
      await create(reader.token, 'Favourites')
      await refused(await call('POST', '/api/me/shelves', reader.token, { name: 'FAVOURITES' }), 409, 'You already have a shelf named “FAVOURITES”')
      const other = await insertUser(ctx.db)
      await create(other.token, 'favourites')
    })

    it('refuses a reading status’s name, saying it is set with the reading status, and names that are empty, too long or hold a comma', async () => {
      const reader = await insertUser(ctx.db)
      for (const [name, status] of [
        ['to-read', 'Want to Read'],
        ['Currently Reading', 'Currently Reading'],
        ['read', 'Read'],
        ['did_not_finish', 'Did Not Finish'],
        ['DNF', 'Did Not Finish'],
      ]) {
        await refused(
          await call('POST', '/api/me/shelves', reader.token, { name }),
          400,
          `“${name}” is the reading status ${status}, not a shelf: set it with the book’s reading status`,
        )
      }
      await refused(await call('POST', '/api/me/shelves', reader.token, { name: '   ' }), 400, 'Name must not be empty')
      await refused(await call('POST', '/api/me/shelves', reader.token, { name: 'x'.repeat(65) }), 400, 'Name must be at most 64 characters')
      await refused(await call('POST', '/api/me/shelves', reader.token, { name: 'a, b' }), 400, /^Name must not contain a comma/)
      // 64 letters of a right-to-left script are 64 characters, whatever their bytes.
      expect((await create(reader.token, 'ש'.repeat(64))).name).toHaveLength(64)
      expect(await shelvesOf(reader.id, reader.token)).toHaveLength(1)
    })

    it('asks for a token before anything else: 401 without one, whatever the body', async () => {
      const shelfId = uuidv7()
      const bookId = uuidv7()
      for (const [method, url, payload] of [
        ['POST', '/api/me/shelves', { name: '' }],
        ['PUT', `/api/me/shelves/${shelfId}`, { bogus: 1 }],
        ['DELETE', `/api/me/shelves/${shelfId}`, undefined],
        ['GET', `/api/books/${bookId}/shelves`, undefined],
        ['PUT', `/api/books/${bookId}/shelves`, { names: 'nope' }],
      ] as const) {
        expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401)
      }
    })

    it('renames a shelf or makes it public; another reader’s shelf is a 404, as one that never was', async () => {
      const reader = await insertUser(ctx.db)
      const shelf = await create(reader.token, 'favourites')
      await create(reader.token, 'classics')
      const renamed = ShelfSchema.parse((await ok('PUT', `/api/me/shelves/${shelf._id}`, reader.token, { name: 'Favourites' })).json())
      expect(renamed).toMatchObject({ _id: shelf._id, name: 'Favourites', public: false })
      expect(ShelfSchema.parse((await ok('PUT', `/api/me/shelves/${shelf._id}`, reader.token, { public: true })).json())).toMatchObject({
        name: 'Favourites',
        public: true,
      })
      await refused(await call('PUT', `/api/me/shelves/${shelf._id}`, reader.token, { name: 'Classics' }), 409, 'You already have a shelf named “Classics”')
      await refused(await call('PUT', `/api/me/shelves/${shelf._id}`, reader.token, { name: 'want to read' }), 400, /is the reading status Want to Read/)
      await refused(await call('PUT', `/api/me/shelves/${shelf._id}`, reader.token, {}), 400, 'Send a name, public, or both')

      const other = await insertUser(ctx.db)
      await refused(await call('PUT', `/api/me/shelves/${shelf._id}`, other.token, { name: 'mine now' }), 404, 'Shelf not found')
      await refused(await call('DELETE', `/api/me/shelves/${shelf._id}`, other.token), 404, 'Shelf not found')
      await refused(await call('PUT', `/api/me/shelves/${uuidv7()}`, other.token, { name: 'mine now' }), 404, 'Shelf not found')
      expect((await shelvesOf(reader.id, reader.token)).map((s) => s.name)).toEqual(['classics', 'Favourites'])
    })

    it('deletes a shelf and its placements; its books stay in the library with their statuses', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await setStatus(book.id, reader.token, 'read')
      const [placed] = await setShelves(book.id, reader.token, ['favourites'])
      expect((await call('DELETE', `/api/me/shelves/${placed!._id}`, reader.token)).statusCode).toBe(204)
      expect(await shelvesOf(reader.id, reader.token)).toEqual([])
      expect(await setShelves(book.id, reader.token, [])).toEqual([])
      expect(await statusOf(book.id, reader.token)).toBe('read')
      expect((await library(reader.id, 'status=read', reader.token)).titles).toEqual([book.title])
      await refused(await call('DELETE', `/api/me/shelves/${placed!._id}`, reader.token), 404, 'Shelf not found')
    })
  })

  describe('a book’s shelves', () => {
    it('sets them by name: missing shelves made private, the book after each shelf’s last book, kept where it was on shelves it stays on', async () => {
      const reader = await insertUser(ctx.db)
      const first = await insertBook(ctx.db)
      const second = await insertBook(ctx.db)
      expect((await setShelves(first.id, reader.token, ['classics', 'Favourites'])).map((s) => [s.name, s.position, s.public])).toEqual([
        ['classics', 1, false],
        ['Favourites', 1, false],
      ])
      // Duplicates in any case are one shelf, spelt as the reader first wrote it.
      expect((await setShelves(second.id, reader.token, ['favourites', 'FAVOURITES', 'classics'])).map((s) => [s.name, s.position])).toEqual([
        ['classics', 2],
        ['Favourites', 2],
      ])
      // Off one shelf, on a new one: its place on the shelf it stays on is kept.
      const again = await setShelves(first.id, reader.token, ['Favourites', 'owned'])
      expect(again.map((s) => [s.name, s.position])).toEqual([
        ['Favourites', 1],
        ['owned', 1],
      ])
      expect(BookShelfListSchema.parse((await ok('GET', `/api/books/${first.id}/shelves`, reader.token)).json())).toEqual(again)
      expect((await shelvesOf(reader.id, reader.token)).map((s) => [s.name, s.count])).toEqual([
        ['classics', 1],
        ['Favourites', 2],
        ['owned', 1],
      ])
      // Another reader sees none of them (all private), and has no shelves of this book.
      const other = await insertUser(ctx.db)
      expect(await shelvesOf(reader.id, other.token)).toEqual([])
      expect(BookShelfListSchema.parse((await ok('GET', `/api/books/${first.id}/shelves`, other.token)).json())).toEqual([])
    })

    it('puts a book without a status on Want to Read, as Goodreads does; a status it has stays; emptying its shelves leaves the status', async () => {
      const reader = await insertUser(ctx.db)
      const unlogged = await insertBook(ctx.db)
      const read = await insertBook(ctx.db)
      await setStatus(read.id, reader.token, 'read')
      await setShelves(unlogged.id, reader.token, ['favourites'])
      await setShelves(read.id, reader.token, ['favourites'])
      expect(await statusOf(unlogged.id, reader.token)).toBe('want')
      expect(await statusOf(read.id, reader.token)).toBe('read')
      await setShelves(unlogged.id, reader.token, [])
      expect(await statusOf(unlogged.id, reader.token)).toBe('want')
    })

    it('refuses a status’s name or a bad name, naming it, and changes nothing; 404 for an absent book', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await setShelves(book.id, reader.token, ['favourites'])
      await refused(
        await call('PUT', `/api/books/${book.id}/shelves`, reader.token, { names: ['classics', 'currently-reading'] }),
        400,
        '“currently-reading” is the reading status Currently Reading, not a shelf: set it with the book’s reading status',
      )
      await refused(await call('PUT', `/api/books/${book.id}/shelves`, reader.token, { names: ['a,b'] }), 400, /^The shelf name “a,b” must not contain a comma/)
      await refused(await call('PUT', `/api/books/${book.id}/shelves`, reader.token, { names: [' '] }), 400, 'The shelf name “ ” must not be empty')
      await refused(await call('PUT', `/api/books/${book.id}/shelves`, reader.token, { names: 'classics' }), 400, 'Names must be a list of shelf names')
      expect((await setShelves(book.id, reader.token, ['favourites'])).map((s) => s.name)).toEqual(['favourites'])
      expect((await shelvesOf(reader.id, reader.token)).map((s) => s.name)).toEqual(['favourites'])
      await refused(await call('PUT', `/api/books/${uuidv7()}/shelves`, reader.token, { names: ['favourites'] }), 404, 'Book not found')
      await refused(await call('GET', `/api/books/${uuidv7()}/shelves`, reader.token), 404, 'Book not found')
    })

    it('lets a book its adder removes from the catalogue leave their shelves; the shelves stay', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { listedByUserId: reader.id, createdByUserId: reader.id })
      await setShelves(book.id, reader.token, ['favourites'])
      expect((await call('DELETE', `/api/books/${book.id}`, reader.token)).statusCode).toBe(204)
      expect((await shelvesOf(reader.id, reader.token)).map((s) => [s.name, s.count])).toEqual([['favourites', 0]])
      expect(await library(reader.id, 'shelf=favourites', reader.token)).toEqual({ titles: [], total: 0 })
    })
  })

  describe('who sees what', () => {
    it('shows others and signed-out visitors only public shelves, each counting the books they can see: not those on Want to Read', async () => {
      const reader = await insertUser(ctx.db)
      const [read, wanted, reading, secret] = await Promise.all([insertBook(ctx.db), insertBook(ctx.db), insertBook(ctx.db), insertBook(ctx.db)])
      await setStatus(read.id, reader.token, 'read')
      await setStatus(reading.id, reader.token, 'reading')
      const favourites = await create(reader.token, 'favourites', true)
      await setShelves(read.id, reader.token, ['favourites'])
      await setShelves(wanted.id, reader.token, ['favourites'])
      await setShelves(reading.id, reader.token, ['favourites'])
      await setShelves(secret.id, reader.token, ['guilty pleasures'])
      // The reader clears a shelved book's status: it stays on the shelf, out of the library's tabs.
      await setStatus(reading.id, reader.token, null)

      expect((await shelvesOf(reader.id, reader.token)).map((s) => [s.name, s.count, s.public])).toEqual([
        ['favourites', 3, true],
        ['guilty pleasures', 1, false],
      ])
      const other = await insertUser(ctx.db)
      for (const viewer of [other.token, undefined]) {
        expect(await shelvesOf(reader.id, viewer)).toEqual([{ _id: favourites._id, name: 'favourites', count: 1, public: true }])
      }
      await refused(await call('GET', `/api/users/${uuidv7()}/shelves`), 404, 'User not found')

      // The library by shelf: its reader sees every book on it, whatever its status; others what the count said.
      const mine = await library(reader.id, 'shelf=FAVOURITES', reader.token)
      expect(mine.titles.sort()).toEqual([read.title, wanted.title, reading.title].sort())
      expect(mine.total).toBe(3)
      expect(await library(reader.id, 'shelf=favourites&status=want', reader.token)).toEqual({ titles: [wanted.title], total: 1 })
      for (const viewer of [other.token, undefined]) {
        expect(await library(reader.id, 'shelf=favourites', viewer)).toEqual({ titles: [read.title], total: 1 })
        // A private shelf answers as one that does not exist: nothing.
        expect(await library(reader.id, 'shelf=guilty%20pleasures', viewer)).toEqual({ titles: [], total: 0 })
        expect(await library(reader.id, 'shelf=nowhere', viewer)).toEqual({ titles: [], total: 0 })
      }
      expect(await library(reader.id, 'shelf=guilty%20pleasures', reader.token)).toEqual({ titles: [secret.title], total: 1 })
      await refused(await call('GET', `/api/users/${reader.id}/library?shelf=`), 400, 'Shelf must not be empty')
    })

    it('shows a shelf’s change in the library at once: placed, renamed, made private, deleted', async () => {
      const reader = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await setStatus(book.id, reader.token, 'read')
      const shelf = await create(reader.token, 'classics', true)
      expect((await library(reader.id, 'shelf=classics', other.token)).titles).toEqual([])
      await setShelves(book.id, reader.token, ['classics'])
      expect((await library(reader.id, 'shelf=classics', other.token)).titles).toEqual([book.title])
      await ok('PUT', `/api/me/shelves/${shelf._id}`, reader.token, { name: 'Old classics' })
      expect((await library(reader.id, 'shelf=classics', other.token)).titles).toEqual([])
      expect((await library(reader.id, 'shelf=old%20classics', other.token)).titles).toEqual([book.title])
      await ok('PUT', `/api/me/shelves/${shelf._id}`, reader.token, { public: false })
      expect((await library(reader.id, 'shelf=old%20classics', other.token)).titles).toEqual([])
      expect((await library(reader.id, 'shelf=old%20classics', reader.token)).titles).toEqual([book.title])
      await ok('DELETE', `/api/me/shelves/${shelf._id}`, reader.token)
      expect((await library(reader.id, 'shelf=old%20classics', reader.token)).titles).toEqual([])
    })
  })

  describe('limits', () => {
    it(`holds a reader to ${SHELF_LIMITS.perReader} shelves, with a message saying what to do`, async () => {
      const reader = await insertUser(ctx.db)
      const at = new Date().toISOString()
      await insertShelves(
        ctx.db,
        reader.id,
        Array.from({ length: SHELF_LIMITS.perReader - 1 }, (_, i) => `shelf ${i}`),
        at,
      )
      await create(reader.token, 'the last one')
      const message = `You have ${SHELF_LIMITS.perReader} shelves, the most a reader can have: delete one you no longer use first`
      await refused(await call('POST', '/api/me/shelves', reader.token, { name: 'one more' }), 409, message)
      const book = await insertBook(ctx.db)
      await refused(await call('PUT', `/api/books/${book.id}/shelves`, reader.token, { names: ['one more'] }), 409, message)
      // Shelves the reader has are still theirs to use.
      expect((await setShelves(book.id, reader.token, ['Shelf 7'])).map((s) => s.name)).toEqual(['shelf 7'])
      expect(await shelvesOf(reader.id, reader.token)).toHaveLength(SHELF_LIMITS.perReader)
    })

    it(`holds a book to ${SHELF_LIMITS.perBook} of a reader’s shelves`, async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const names = Array.from({ length: SHELF_LIMITS.perBook }, (_, i) => `tag ${i}`)
      expect(await setShelves(book.id, reader.token, names)).toHaveLength(SHELF_LIMITS.perBook)
      await refused(
        await call('PUT', `/api/books/${book.id}/shelves`, reader.token, { names: [...names, 'one more'] }),
        400,
        `Names must list at most ${SHELF_LIMITS.perBook} shelves: a book can be on at most ${SHELF_LIMITS.perBook} of yours`,
      )
    })
  })

  describe('placeOnShelves, for other modules (the import)', () => {
    const services = () => createServices({ db: ctx.db, config: ctx.config, tokens: createTokens(ctx.jwtSecret) })

    it('places a book in the caller’s transaction, keeps given positions, makes shelves as asked, refuses what cannot be a shelf, and is idempotent', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const { bookshelves } = services()
      const place = () =>
        ctx.db.transaction().execute((trx) =>
          bookshelves.placeOnShelves(trx, reader.id, book.id, [{ name: 'classics-club', position: 3 }, 'favourites', 'to-read', 'a, b', 'Favourites'], {
            createPrivate: false,
            addedAt: '2019-05-02T00:00:00.000Z',
          }),
        )
      expect(await place()).toEqual({
        placed: ['classics-club', 'favourites'],
        created: ['classics-club', 'favourites'],
        refused: [
          { name: 'to-read', reason: '“to-read” is the reading status Want to Read, not a shelf: set it with the book’s reading status' },
          { name: 'a, b', reason: 'The shelf name “a, b” must not contain a comma: exports list shelves separated by commas' },
        ],
      })
      expect(await place()).toMatchObject({ placed: [], created: [] })
      const shelves = BookShelfListSchema.parse((await ok('GET', `/api/books/${book.id}/shelves`, reader.token)).json())
      expect(shelves.map((s) => [s.name, s.position, s.public, s.addedAt])).toEqual([
        ['classics-club', 3, true, '2019-05-02T00:00:00.000Z'],
        ['favourites', 1, true, '2019-05-02T00:00:00.000Z'],
      ])
      expect(await statusOf(book.id, reader.token)).toBe('want')

      // Rolled back with the caller's transaction.
      const undo = new Error('undo')
      const other = await insertBook(ctx.db)
      await expect(
        ctx.db.transaction().execute(async (trx) => {
          await bookshelves.placeOnShelves(trx, reader.id, other.id, ['rolled back'])
          throw undo
        }),
      ).rejects.toBe(undo)
      expect((await shelvesOf(reader.id, reader.token)).map((s) => s.name)).toEqual(['classics-club', 'favourites'])
    })
  })

  describe('export and account deletion', () => {
    it('exports each shelf and its books with their positions; closing the account removes them, another reader’s stay', async () => {
      const reader = await signUp(ctx.app)
      const bystander = await signUp(ctx.app)
      const [a, b] = [await insertBook(ctx.db), await insertBook(ctx.db)]
      await setShelves(a.id, reader.token, ['favourites', 'classics'])
      await setShelves(b.id, reader.token, ['favourites'])
      const open = (await shelvesOf(reader.id, reader.token)).find((s) => s.name === 'favourites')!
      await ok('PUT', `/api/me/shelves/${open._id}`, reader.token, { public: true })
      await setShelves(a.id, bystander.token, ['favourites'])

      const data = AccountExportSchema.parse((await ok('GET', '/api/me/export.json', reader.token)).json())
      const byId = new Map(data.shelves.shelves.map((s) => [s._id, s]))
      expect([...byId.values()].map((s) => [s.name, s.public])).toEqual([
        ['favourites', true],
        ['classics', false],
      ])
      // Shelf by shelf (oldest first), each in its order.
      expect(data.shelves.placements.map((p) => [byId.get(p.shelfId)?.name, p.bookId, p.position])).toEqual([
        ['favourites', a.id, 1],
        ['favourites', b.id, 2],
        ['classics', a.id, 1],
      ])
      // Every shelved book is in the export's library too, with its status.
      expect(data.library.map((e) => [e.book._id, e.status]).sort()).toEqual(
        [
          [a.id, 'want'],
          [b.id, 'want'],
        ].sort(),
      )

      expect((await call('DELETE', '/api/users/me', reader.token, { password: TEST_PASSWORD })).statusCode).toBe(204)
      expect(await ctx.db.selectFrom('shelves').select('id').where('userId', '=', reader.id).execute()).toEqual([])
      expect(await ctx.db.selectFrom('shelfBooks').select('bookId').where('userId', '=', reader.id).execute()).toEqual([])
      expect((await shelvesOf(bystander.id, bystander.token)).map((s) => [s.name, s.count])).toEqual([['favourites', 1]])
    })
  })
})

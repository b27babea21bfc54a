import { expect, it } from 'vitest'
import { ProgressSyncResultSchema, ReadingEntrySchema, SyncInboxListSchema, type ProgressSyncResult } from '@shelfwise/contracts'
import { withIsbn10Check, withIsbn13Check } from '@shelfwise/library-files'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, countRows, insertBook, insertUser } from '../../../test/support/factories.ts'

// Golden tests of the failures readers' sync tools are known for (issue 25, point 3): a double start,
// the wrong edition, progress stuck at 0 % for a book without a page count, progress going backwards,
// a replay writing twice, a new entry on every sync. Each on both databases.

type User = Awaited<ReturnType<typeof insertUser>>

let serial = 0
/** A fresh valid ISBN-13 (978 prefix, so it has an ISBN-10 form too). */
const freshIsbn13 = () => withIsbn13Check(`978${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial % 1000).padStart(3, '0')}`)
const isbn10Of = (isbn13: string) => withIsbn10Check(isbn13.slice(3, 12))

const sync = async (ctx: TestContext, user: User, payload: object, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/me/progress', headers: { ...bearer(user.token), ...headers }, payload })
  expect(res.statusCode, res.body).toBe(200)
  return ProgressSyncResultSchema.parse(res.json())
}
const entryOf = async (ctx: TestContext, user: User, bookId: string) =>
  ReadingEntrySchema.parse((await ctx.app.inject({ url: `/api/books/${bookId}/reading`, headers: bearer(user.token) })).json())
const rowsOf = async (ctx: TestContext, user: User, bookId: string) => ({
  entries: (await ctx.db.selectFrom('readingEntries').select('bookId').where('userId', '=', user.id).where('bookId', '=', bookId).execute()).length,
  reads: (await ctx.db.selectFrom('readThroughs').select('id').where('userId', '=', user.id).where('bookId', '=', bookId).execute()).length,
})

describeEachDialect('progress sync', (ctx) => {
  it('double start: syncs of a book with no open read open one read, and every later sync moves that same read', async () => {
    const user = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: 200 })
    const first = await sync(ctx, user, { book: { id: book.id }, percent: 10 })
    expect(first).toMatchObject({ status: 'applied', bookId: book.id })
    const second = await sync(ctx, user, { book: { id: book.id }, percent: 20, device: 'Kobo' })
    expect(second).toEqual({ ...first, status: 'applied' })
    expect(await rowsOf(ctx, user, book.id)).toEqual({ entries: 1, reads: 1 })
    const entry = await entryOf(ctx, user, book.id)
    expect(entry.status).toBe('reading')
    expect(entry.progress.percent).toBe(20)
  })

  it('wrong edition: an ISBN of one of a work’s editions (ISBN-10, hyphens) logs the work, read in that edition', async () => {
    const user = await insertUser(ctx.db)
    const work = await insertBook(ctx.db, { pageCount: 300 })
    const isbn = freshIsbn13()
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/books/${work.id}/editions`,
      headers: bearer(user.token),
      payload: { isbn, format: 'paperback', pageCount: 120 },
    })
    expect(made.statusCode, made.body).toBe(201)
    const editionId = made.json()._id as string
    const ten = isbn10Of(isbn)
    const res = await sync(ctx, user, { book: { isbn: `${ten.slice(0, 1)}-${ten.slice(1, 5)}-${ten.slice(5)}` }, page: 60, pages: 120 })
    expect(res).toMatchObject({ status: 'applied', bookId: work.id })
    const entry = await entryOf(ctx, user, work.id)
    expect(entry.editionId).toBe(editionId)
    // The edition's own 120 pages, not the work's 300: page 60 is page 60, halfway.
    expect(entry.progress.page).toBe(60)
  })

  it('null page count: page of pages on a book whose page count nobody knows is kept as a percent, never stuck at 0', async () => {
    const user = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: null })
    expect(await sync(ctx, user, { book: { id: book.id }, page: 50, pages: 200 })).toMatchObject({ status: 'applied' })
    expect((await entryOf(ctx, user, book.id)).progress).toMatchObject({ percent: 25 })
    // And seconds of total seconds, an audiobook.
    expect(await sync(ctx, user, { book: { id: book.id }, seconds: 1800, totalSeconds: 3600 })).toMatchObject({ status: 'applied' })
    expect((await entryOf(ctx, user, book.id)).progress).toMatchObject({ percent: 50 })
  })

  it('two devices at once: the position kept is the furthest, whichever report lands last, on one read', async () => {
    const user = await insertUser(ctx.db)
    for (let round = 0; round < 6; round++) {
      const book = await insertBook(ctx.db, { pageCount: 100 })
      await sync(ctx, user, { book: { id: book.id }, percent: 10 })
      // The e-reader says 60 %, the phone (behind) says 40 % at the same moment.
      const [ahead, behind] = await Promise.all([
        sync(ctx, user, { book: { id: book.id }, percent: 60, device: 'Kobo' }),
        sync(ctx, user, { book: { id: book.id }, percent: 40, device: 'Phone' }),
      ])
      expect(ahead.status).toBe('applied')
      expect(['applied', 'already_current']).toContain(behind.status)
      expect((await entryOf(ctx, user, book.id)).progress.percent).toBe(60)
      expect(await rowsOf(ctx, user, book.id)).toEqual({ entries: 1, reads: 1 })
    }
  })

  it('regression: a position behind the one kept changes nothing (already_current), unless the reader says it is a re-read', async () => {
    const user = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: 100 })
    await sync(ctx, user, { book: { id: book.id }, percent: 40 })
    expect(await sync(ctx, user, { book: { id: book.id }, percent: 30 })).toMatchObject({ status: 'already_current' })
    expect(await sync(ctx, user, { book: { id: book.id }, page: 40, pages: 100 })).toMatchObject({ status: 'already_current' })
    expect((await entryOf(ctx, user, book.id)).progress.percent).toBe(40)
    // An older report delivered late changes nothing either.
    expect(await sync(ctx, user, { book: { id: book.id }, percent: 90, at: '2020-01-01T00:00:00Z' })).toMatchObject({ status: 'already_current' })
    expect(await sync(ctx, user, { book: { id: book.id }, percent: 30, reread: true })).toMatchObject({ status: 'applied' })
    expect((await entryOf(ctx, user, book.id)).progress.percent).toBe(30)
  })

  it('replay: the same Idempotency-Key answers the same and writes nothing; the key with another body is 409', async () => {
    const user = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: 100 })
    const key = { 'idempotency-key': `k-${book.id}` }
    const first = await sync(ctx, user, { book: { id: book.id }, percent: 15 }, key)
    const updates = await countRows(ctx.db, 'progressUpdates')
    const version = (await ctx.db.selectFrom('users').select('logVersion').where('id', '=', user.id).executeTakeFirstOrThrow()).logVersion
    const again: ProgressSyncResult = await sync(ctx, user, { book: { id: book.id }, percent: 15 }, key)
    expect(again).toEqual(first)
    expect(await countRows(ctx.db, 'progressUpdates')).toBe(updates)
    expect((await ctx.db.selectFrom('users').select('logVersion').where('id', '=', user.id).executeTakeFirstOrThrow()).logVersion).toBe(version)
    const reused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/progress',
      headers: { ...bearer(user.token), ...key },
      payload: { book: { id: book.id }, percent: 16 },
    })
    expect(reused.statusCode).toBe(409)
    expect(reused.json().code).toBe('conflict')
    // Keys are the reader's own: another reader's same key is a new request.
    const other = await insertUser(ctx.db)
    expect(await sync(ctx, other, { book: { id: book.id }, percent: 15 }, key)).toMatchObject({ status: 'applied' })
  })

  it('new entry per sync: a wanted or finished book keeps its one entry; a finished one is not started again by a device still on it', async () => {
    const user = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: 100 })
    await ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}/reading`, headers: bearer(user.token), payload: { status: 'want' } })
    for (const percent of [5, 10, 15]) await sync(ctx, user, { book: { id: book.id }, percent })
    expect(await rowsOf(ctx, user, book.id)).toEqual({ entries: 1, reads: 1 })
    const finished = await sync(ctx, user, { book: { id: book.id }, finished: true })
    expect(finished).toMatchObject({ status: 'applied', bookId: book.id })
    const entry = await entryOf(ctx, user, book.id)
    expect(entry.status).toBe('read')
    expect(entry.reads.map((r) => r.outcome)).toEqual(['finished'])
    expect(finished.readId).toBe(entry.reads[0]!._id)
    expect(await sync(ctx, user, { book: { id: book.id }, percent: 99 })).toMatchObject({ status: 'already_current', readId: finished.readId })
    expect(await sync(ctx, user, { book: { id: book.id }, finished: true })).toMatchObject({ status: 'already_current' })
    expect(await rowsOf(ctx, user, book.id)).toEqual({ entries: 1, reads: 1 })
    // A re-read opens a second read, as the reader asked.
    expect(await sync(ctx, user, { book: { id: book.id }, percent: 3, reread: true })).toMatchObject({ status: 'applied' })
    expect(await rowsOf(ctx, user, book.id)).toEqual({ entries: 1, reads: 2 })
  })

  it('files an unknown book in the inbox once, binds it, and sends later syncs of it straight to the book', async () => {
    const user = await insertUser(ctx.db)
    const isbn = freshIsbn13()
    const waiting = await sync(ctx, user, { book: { isbn }, percent: 12, device: 'Kindle' })
    expect(waiting).toMatchObject({ status: 'needs_review', bookId: null, readId: null })
    const again = await sync(ctx, user, { book: { isbn: isbn10Of(isbn) }, percent: 18, device: 'Kindle' })
    expect(again.inboxId).toBe(waiting.inboxId)
    const asin = await sync(ctx, user, { book: { asin: 'B00ZV9PXP2' }, percent: 5 })
    expect(asin.status).toBe('needs_review')
    const list = await ctx.app.inject({ url: '/api/me/sync-inbox', headers: bearer(user.token) })
    expect(list.headers['x-total-count']).toBe('2')
    const items = SyncInboxListSchema.parse(list.json())
    expect(items.map((i) => [i.kind, i.identifier, i.percent])).toEqual([
      ['asin', 'B00ZV9PXP2', 5],
      ['isbn', isbn, 18],
    ])

    const book = await insertBook(ctx.db, { pageCount: 100 })
    const other = await insertUser(ctx.db)
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/sync-inbox/${waiting.inboxId}/bind`,
      headers: bearer(other.token),
      payload: { bookId: book.id },
    })
    expect(theirs.statusCode).toBe(404)
    const bound = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/sync-inbox/${waiting.inboxId}/bind`,
      headers: bearer(user.token),
      payload: { bookId: book.id },
    })
    expect(bound.statusCode, bound.body).toBe(200)
    expect(bound.json()).toMatchObject({ status: 'applied', bookId: book.id })
    expect((await entryOf(ctx, user, book.id)).progress.percent).toBe(18)
    expect(await sync(ctx, user, { book: { isbn }, percent: 30 })).toMatchObject({ status: 'applied', bookId: book.id })
    const left = SyncInboxListSchema.parse((await ctx.app.inject({ url: '/api/me/sync-inbox', headers: bearer(user.token) })).json())
    expect(left.map((i) => i.kind)).toEqual(['asin'])
  })

  it('refuses a body that names the book two ways, no position, or a bad ISBN, naming what is wrong', async () => {
    const user = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    for (const [payload, words] of [
      [{ book: { id: book.id, isbn: '9780000000002' }, percent: 1 }, 'one way'],
      [{ book: { id: book.id } }, 'send the position'],
      [{ book: { id: book.id }, percent: 1, page: 2 }, 'one way'],
      [{ book: { id: book.id }, percent: 101 }, 'at most 100'],
      [{ book: { isbn: '9780000000001' }, percent: 1 }, 'check digit'],
      [{ book: { id: book.id }, page: 30, pages: 20 }, 'past pages'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/me/progress', headers: bearer(user.token), payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message.toLowerCase()).toContain(words.toLowerCase())
    }
    const absent = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/progress',
      headers: bearer(user.token),
      payload: { book: { id: '01900000-0000-7000-8000-000000000000' }, percent: 1 },
    })
    expect(absent.statusCode).toBe(404)
  })

  it('finishes a read at the end of the book only when the reader turned finishAtEnd on; the setting is theirs, exported and checked', async () => {
    const user = await insertUser(ctx.db)
    const settings = () => ctx.app.inject({ url: '/api/me/sync-settings', headers: bearer(user.token) })
    expect((await settings()).json()).toEqual({ finishAtEnd: false })

    // Off (the default): a device at 100 % leaves the read open at 100 %.
    const first = await insertBook(ctx.db, { pageCount: 200 })
    expect(await sync(ctx, user, { book: { id: first.id }, percent: 100 })).toMatchObject({ status: 'applied' })
    expect(await entryOf(ctx, user, first.id)).toMatchObject({ status: 'reading', progress: { percent: 100 } })

    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/me/sync-settings', headers: bearer(user.token), payload: { finishAtEnd: 'yes' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Finish at end must be true or false')
    const on = await ctx.app.inject({ method: 'PUT', url: '/api/me/sync-settings', headers: bearer(user.token), payload: { finishAtEnd: true } })
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json()).toEqual({ finishAtEnd: true })
    expect((await settings()).json()).toEqual({ finishAtEnd: true })

    // On: the last page of the device's pages finishes the read, once; the book was already at 100 % the same way.
    const second = await insertBook(ctx.db, { pageCount: 300 })
    await sync(ctx, user, { book: { id: second.id }, page: 150, pages: 300 })
    const ended = await sync(ctx, user, { book: { id: second.id }, page: 300, pages: 300 })
    expect(ended).toMatchObject({ status: 'applied' })
    const entry = await entryOf(ctx, user, second.id)
    expect(entry.status).toBe('read')
    expect(entry.reads.map((r) => r.outcome)).toEqual(['finished'])
    expect(await sync(ctx, user, { book: { id: second.id }, page: 300, pages: 300 })).toMatchObject({ status: 'already_current' })
    expect(await rowsOf(ctx, user, second.id)).toEqual({ entries: 1, reads: 1 })
    expect(await sync(ctx, user, { book: { id: first.id }, percent: 100 })).toMatchObject({ status: 'applied' })
    expect((await entryOf(ctx, user, first.id)).status).toBe('read')
    // 99.9 % is not the end.
    const third = await insertBook(ctx.db, {})
    await sync(ctx, user, { book: { id: third.id }, percent: 99.9 })
    expect((await entryOf(ctx, user, third.id)).status).toBe('reading')

    const exported = await ctx.app.inject({ url: '/api/me/export.json', headers: bearer(user.token) })
    expect(exported.json().syncSettings).toEqual({ finishAtEnd: true })
    // Another reader's settings are their own.
    const other = await insertUser(ctx.db)
    expect((await ctx.app.inject({ url: '/api/me/sync-settings', headers: bearer(other.token) })).json()).toEqual({ finishAtEnd: false })
  })
})

import { expect, it } from 'vitest'
import { LIMITS } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readingCalls } from '../../../test/support/reading-calls.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'

// Issue 21, point 6 (decision 0031): a reader's private notes on a book, written, changed and cleared
// through PUT /api/books/{id}/reading, answered on their own entry only.

describeEachDialect('reading log: private notes', (ctx) => {
  const { call, entry, put, expect400 } = readingCalls(ctx)

  it('writes, changes and clears the notes; line breaks, quotes, right-to-left text and emoji come back as sent', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    await put(book.id, reader.token, { status: 'reading' })
    expect((await entry(book.id, reader.token)).privateNotes).toBeNull()

    const text = 'Lent by "Captain" Reyes.\nسأعيده قبل الصيف 📚\r\nPage 42.'
    expect((await put(book.id, reader.token, { privateNotes: `  ${text}  ` })).privateNotes).toBe(text.replace('\r\n', '\n'))
    expect((await entry(book.id, reader.token)).privateNotes).toBe(text.replace('\r\n', '\n'))
    // Writing the notes leaves the status and reads as they were.
    expect(await entry(book.id, reader.token)).toMatchObject({ status: 'reading', reads: [expect.objectContaining({ outcome: null })] })

    expect((await put(book.id, reader.token, { privateNotes: 'Changed.' })).privateNotes).toBe('Changed.')
    expect((await put(book.id, reader.token, { privateNotes: '   \n ' })).privateNotes).toBeNull()
    await put(book.id, reader.token, { privateNotes: 'Again.' })
    expect((await put(book.id, reader.token, { privateNotes: null })).privateNotes).toBeNull()
  })

  it('refuses notes longer than a review may be, naming the field, and a body that is not text', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    await expect400(await call('PUT', `/api/books/${book.id}/reading`, reader.token, { privateNotes: 'x'.repeat(LIMITS.reviewMax + 1) }), /^Private notes /)
    await expect400(await call('PUT', `/api/books/${book.id}/reading`, reader.token, { privateNotes: 42 }), /^Private notes /)
    expect((await entry(book.id, reader.token)).privateNotes).toBeNull()
  })

  it('shows the notes to nobody else: not on their library, the book or its reviews', async () => {
    const reader = await insertUser(ctx.db)
    const someone = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    await put(book.id, reader.token, { status: 'read', privateNotes: 'Only for me: the twist was obvious.' })
    for (const url of [`/api/users/${reader.id}/library`, `/api/books/${book.id}`, `/api/books/${book.id}/reviews`, `/api/books/${book.id}/reading`]) {
      for (const token of [someone.token, undefined]) {
        const res = await call('GET', url, token)
        expect(res.body, url).not.toContain('the twist was obvious')
      }
    }
    expect((await entry(book.id, someone.token)).privateNotes).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { api, ApiError, nextCursorFromLink } from '#/lib/api-client.ts'
import { fakeApi, failWithoutMessage } from '#/test/fake-api.ts'
import { buildBook, makeToken } from '#/test/factories.ts'

describe('api client', () => {
  it('parses answers with the contract schema', async () => {
    const book = buildBook()
    fakeApi({ 'GET /books/1': { body: book } })
    await expect(api.get('/books/1', (c) => c.BookSchema)).resolves.toEqual(book)
  })

  it("turns a failure into ApiError with the server's message, else 'An error occurred'", async () => {
    fakeApi({ 'GET /a': { status: 409, body: { message: 'You have already reviewed this book', code: 'conflict' } }, 'GET /b': failWithoutMessage })
    await expect(api.get('/a', (c) => c.BookSchema)).rejects.toMatchObject({ message: 'You have already reviewed this book', status: 409, code: 'conflict' })
    await expect(api.get('/b', (c) => c.BookSchema)).rejects.toMatchObject({ message: 'An error occurred', fromServer: false })
  })

  it("reports a network failure as 'An unexpected error occurred'", async () => {
    fakeApi({ 'GET /a': { networkError: true } })
    const err = await api.get('/a', (c) => c.BookSchema).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).message).toBe('An unexpected error occurred')
  })

  it('sends the bearer token only when both a token and a stored user _id exist', async () => {
    const { callsTo } = fakeApi({ 'GET /a': { body: buildBook() } })
    localStorage.setItem('token', makeToken())
    await api.get('/a', (c) => c.BookSchema)
    expect(callsTo('GET /a')[0]!.headers.Authorization).toBeUndefined()
    localStorage.setItem('user', JSON.stringify({ _id: 'u1' }))
    await api.get('/a', (c) => c.BookSchema)
    expect(callsTo('GET /a')[1]!.headers.Authorization).toMatch(/^Bearer /)
  })

  it('reads the next cursor from the Link header', () => {
    expect(nextCursorFromLink('</api/books?limit=2&cursor=abc>; rel="next"')).toBe('abc')
    expect(nextCursorFromLink(null)).toBeUndefined()
  })
})

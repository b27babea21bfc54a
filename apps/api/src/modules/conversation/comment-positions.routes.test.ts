import { expect, it } from 'vitest'
import { AccountExportSchema, CommentListSchema, CommentSchema, ErrorBodySchema, type Comment } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { answerOf, callerOf } from '../../../test/support/calls.ts'
import { insertBook, insertReader, insertReview } from '../../../test/support/factories.ts'

// Comments on reviews withheld by where the reader is, as discussion posts are (decisions 0043, 0059).

describeEachDialect('comments with a position', (ctx) => {
  const call = callerOf(ctx)
  const answer = answerOf(ctx)
  const comment = (reviewId: string, token: string, body: object) => answer(201, CommentSchema, 'POST', `/api/reviews/${reviewId}/comments`, token, body)
  const comments = (reviewId: string, token?: string, query = '') => answer(200, CommentListSchema, 'GET', `/api/reviews/${reviewId}/comments${query}`, token)
  const progress = async (bookId: string, token: string, body: object) => {
    const res = await call('PUT', `/api/books/${bookId}/reading`, token, body)
    expect(res.statusCode, res.body).toBe(200)
  }
  const shown = (list: Comment[]) => list.map((c) => (c.withheld ? `withheld:${JSON.stringify(c.position)}` : c.text))

  /** A review of a 400-page book with comments by ann at page 100, 40 %, the ending and none (the first mentions cy). */
  async function positioned() {
    const book = await insertBook(ctx.db, { pageCount: 400 })
    const [ann, cy] = [await insertReader(ctx), await insertReader(ctx)]
    const review = await insertReview(ctx.db, { bookId: book.id, userId: cy.id })
    const page = await comment(review.id, ann.token, { text: `at page 100, ask @${cy.username}`, position: { page: 100 } })
    const pct = await comment(review.id, ann.token, { text: 'at forty percent', position: { percent: 40 }, parentId: page._id })
    const end = await comment(review.id, ann.token, { text: 'the ending!', position: { finished: true } })
    const plain = await comment(review.id, ann.token, { text: 'no position' })
    return { book, review, ann, cy, page, pct, end, plain }
  }

  it('answers its position to its writer, and withholds every positioned comment from a signed-out reader until revealed', async () => {
    const { review, page, pct, end, plain } = await positioned()
    expect(page).toMatchObject({ position: { page: 100 }, text: expect.stringContaining('page 100') })
    expect(page.withheld).toBeUndefined()
    expect(page.mentions).toHaveLength(1)
    expect(plain.position).toBeNull()
    const list = await comments(review.id)
    expect(shown(list)).toEqual(['withheld:{"page":100}', 'withheld:{"percent":40}', 'withheld:{"finished":true}', 'no position'])
    // Withheld: no text and no mentions (they would tell what it says).
    expect(list[0]).toMatchObject({ text: null, withheld: 'ahead', position: { page: 100 }, mentions: [] })
    expect(shown(await comments(review.id, undefined, `?reveal=${pct._id},${end._id}`))).toEqual([
      'withheld:{"page":100}',
      'at forty percent',
      'the ending!',
      'no position',
    ])
    const revealed = await comments(review.id, undefined, `?reveal=${page._id}`)
    expect(revealed[0]).toMatchObject({ text: page.text, mentions: page.mentions })
    expect(shown(await comments(review.id, undefined, '?reveal=all'))).toEqual([page.text, 'at forty percent', 'the ending!', 'no position'])
    const bad = await call('GET', `/api/reviews/${review.id}/comments?reveal=nope`)
    expect(bad.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(bad.json()).message).toMatch(/reveal/i)
  })

  it('shows a signed-in reader what their reading log reached, and the writer always their own', async () => {
    const { book, review, ann, page } = await positioned()
    const bea = await insertReader(ctx)
    expect(shown(await comments(review.id, bea.token))).toEqual([
      'withheld:{"page":100}',
      'withheld:{"percent":40}',
      'withheld:{"finished":true}',
      'no position',
    ])
    // Page 120 of 400 (30 %): past page 100, short of 40 %.
    await progress(book.id, bea.token, { status: 'reading', progress: { page: 120 } })
    expect(shown(await comments(review.id, bea.token))).toEqual([page.text, 'withheld:{"percent":40}', 'withheld:{"finished":true}', 'no position'])
    await progress(book.id, bea.token, { status: 'read' })
    expect(shown(await comments(review.id, bea.token))).toEqual([page.text, 'at forty percent', 'the ending!', 'no position'])
    expect(shown(await comments(review.id, ann.token))).toEqual([page.text, 'at forty percent', 'the ending!', 'no position'])
  })

  it('changes or takes away a position on edit, refuses a bad one naming it, and forgets it on a tombstone', async () => {
    const { review, ann, page, plain } = await positioned()
    const moved = await call('PUT', `/api/comments/${plain._id}`, ann.token, { text: 'now at 90 %', position: { percent: 90 } })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(CommentSchema.parse(moved.json())).toMatchObject({ position: { percent: 90 }, text: 'now at 90 %' })
    const kept = CommentSchema.parse((await call('PUT', `/api/comments/${plain._id}`, ann.token, { text: 'still at 90 %' })).json())
    expect(kept.position).toEqual({ percent: 90 })
    const cleared = CommentSchema.parse((await call('PUT', `/api/comments/${plain._id}`, ann.token, { text: 'no spoiler', position: null })).json())
    expect(cleared.position).toBeNull()
    for (const position of [{ page: 0 }, { page: 3, percent: 4 }, { percent: 101 }, { finished: false }]) {
      const res = await call('POST', `/api/reviews/${review.id}/comments`, ann.token, { text: 'x', position })
      expect(res.statusCode, JSON.stringify(position)).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).message).toMatch(/^Position/)
    }
    // The page-100 comment has a reply: deleting it leaves a tombstone without text or position.
    expect((await call('DELETE', `/api/comments/${page._id}`, ann.token)).statusCode).toBe(204)
    const [tomb] = await comments(review.id)
    expect(tomb).toMatchObject({ _id: page._id, deleted: true, text: null, position: null })
    expect(tomb!.withheld).toBeUndefined()
  })

  it('exports a reader’s comments with their positions', async () => {
    const { ann, pct, plain } = await positioned()
    const res = await call('GET', '/api/me/export.json', ann.token)
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    const byId = new Map(AccountExportSchema.parse(res.json()).conversation.comments.map((c) => [c._id, c]))
    expect(byId.get(pct._id)?.position).toEqual({ percent: 40 })
    expect(byId.get(plain._id)?.position).toBeNull()
  })
})

import { expect, it } from 'vitest'
import { FeedListSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { importAndWait } from '../../../test/support/import-calls.ts'
import { bearer, insertBook, insertFollow, insertUser } from '../../../test/support/factories.ts'
import { storygraphCsv } from '../../../test/support/import-files.ts'

// Decision 0067: what a reader imports is their history, not news for the people who follow them.

describeEachDialect('the followed feed and imports', (ctx) => {
  const feed = async (token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/feed', headers: bearer(token) })
    expect(res.statusCode, res.body).toBe(200)
    return FeedListSchema.parse(res.json())
  }

  it('a followed reader’s imported history is not news: no started, finished or stopped items for it', async () => {
    const [me, ann] = [await insertUser(ctx.db), await insertUser(ctx.db)]
    await insertFollow(ctx.db, me.id, ann.id)
    const [old, dnf, current] = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)]
    const job = await importAndWait(
      ctx.app,
      ann.token,
      storygraphCsv([
        { Title: old.title, Authors: old.author, 'Read Status': 'read', 'Dates Read': '2019/01/03-2019/01/20', 'Read Count': '1' },
        { Title: dnf.title, Authors: dnf.author, 'Read Status': 'did-not-finish', 'Dates Read': '2020/05/01-2020/05/09' },
        { Title: current.title, Authors: current.author, 'Read Status': 'currently-reading', 'Dates Read': '2026/11/01-' },
      ]),
      '?source=storygraph',
    )
    expect(job).toMatchObject({ status: 'done', imported: 3 })
    // Decision 0067: as imported reviews stay out, so does an imported library's every read.
    expect(await feed(me.token)).toEqual([])

    // What the reader then does in the app is news again: the read the import left open, finished.
    const done = await ctx.app.inject({ method: 'PUT', url: `/api/books/${current.id}/reading`, headers: bearer(ann.token), payload: { status: 'read' } })
    expect(done.statusCode, done.body).toBe(200)
    const [first] = await feed(me.token)
    expect(first).toMatchObject({ type: 'finished', book: { _id: current.id }, actor: { _id: ann.id } })
    expect((await feed(me.token)).map((i) => i.book?._id)).not.toContain(old.id)
  })
})

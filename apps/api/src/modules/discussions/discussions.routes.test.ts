import { describe, expect, it } from 'vitest'
import { BookSchema, DiscussionListSchema, DiscussionSchema, ErrorBodySchema, PostListSchema, PostSchema, type Post } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { answerOf, callerOf } from '../../../test/support/calls.ts'
import { readAllPages } from '../../../test/support/paging.ts'
import { insertBook, insertReader, insertUser } from '../../../test/support/factories.ts'
import { discussionsMergeDoor } from '#/modules/discussions/discussions.book-merge.ts'
import { discussionsDoor } from '#/modules/discussions/discussions.reader-data.ts'

const ABSENT_ID = '01900000-0000-7000-8000-000000000000'

function discussionCalls(ctx: TestContext) {
  const call = callerOf(ctx)
  const answer = answerOf(ctx)
  const start = (bookId: string, token: string, body: object) => answer(201, DiscussionSchema, 'POST', `/api/books/${bookId}/discussions`, token, body)
  const post = (discussionId: string, token: string, body: object) => answer(201, PostSchema, 'POST', `/api/discussions/${discussionId}/posts`, token, body)
  const posts = (discussionId: string, token?: string, query = '') =>
    answer(200, PostListSchema, 'GET', `/api/discussions/${discussionId}/posts${query}`, token)
  const progress = async (bookId: string, token: string, body: object) => {
    const res = await call('PUT', `/api/books/${bookId}/reading`, token, body)
    expect(res.statusCode, res.body).toBe(200)
  }
  const expectError = (res: Awaited<ReturnType<typeof call>>, status: number, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(status)
    expect(ErrorBodySchema.parse(res.json()).message).toMatch(message)
  }
  return { call, start, post, posts, progress, expectError }
}

describeEachDialect('discussions routes', (ctx) => {
  const { call, start, post, posts, progress, expectError } = discussionCalls(ctx)

  describe('threads', () => {
    it('starts a thread with its opening post, lists it newest activity first with counts, and counts it on the book', async () => {
      const book = await insertBook(ctx.db, { pageCount: 300 })
      const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
      const first = await start(book.id, ann.token, { title: '  Who is the narrator?  ', text: 'I keep wondering.' })
      expect(first).toMatchObject({ bookId: book.id, title: 'Who is the narrator?', postCount: 1, user: { _id: ann.id } })
      expect(first.firstPost).toMatchObject({ _id: first._id, text: 'I keep wondering.', parentId: null, deleted: false, position: null, editedAt: null })
      const second = await start(book.id, bob.token, { title: 'Favourite chapter', text: 'Mine is the third.' })
      // A reply in the first thread makes it the most recently active.
      await post(first._id, bob.token, { text: 'Me too.' })

      const res = await call('GET', `/api/books/${book.id}/discussions`)
      expect(res.headers['x-total-count']).toBe('2')
      const list = DiscussionListSchema.parse(res.json())
      expect(list.map((d) => [d._id, d.postCount])).toEqual([
        [first._id, 2],
        [second._id, 1],
      ])
      expect(list[0]!.lastActivityAt >= list[1]!.lastActivityAt).toBe(true)

      const paged = await readAllPages(ctx, `/api/books/${book.id}/discussions?limit=1`, DiscussionListSchema)
      expect(paged.pages.flat().map((d) => d._id)).toEqual([first._id, second._id])
      expect(paged.totals).toEqual(['2', '2'])

      const bookRes = await call('GET', `/api/books/${book.id}`)
      expect(BookSchema.parse(bookRes.json()).discussionCount).toBe(2)
    })

    it('answers 404 for an absent book or thread, 401 without a token, 400 naming a bad title or position', async () => {
      const book = await insertBook(ctx.db)
      const ann = await insertReader(ctx)
      expectError(await call('GET', `/api/books/${ABSENT_ID}/discussions`), 404, 'Book not found')
      expectError(await call('POST', `/api/books/${ABSENT_ID}/discussions`, ann.token, { title: 'T', text: 'x' }), 404, 'Book not found')
      expectError(await call('GET', `/api/discussions/${ABSENT_ID}`), 404, 'Discussion not found')
      expectError(await call('GET', `/api/discussions/${ABSENT_ID}/posts`), 404, 'Discussion not found')
      expectError(await call('POST', `/api/discussions/${ABSENT_ID}/posts`, ann.token, { text: 'x' }), 404, 'Discussion not found')
      expect((await call('POST', `/api/books/${book.id}/discussions`, undefined, { title: 'T', text: 'x' })).statusCode).toBe(401)
      expectError(await call('POST', `/api/books/${book.id}/discussions`, ann.token, { title: '', text: 'x' }), 400, /title/i)
      expectError(await call('POST', `/api/books/${book.id}/discussions`, ann.token, { title: 'x'.repeat(201), text: 'x' }), 400, /200 characters/)
      expectError(await call('POST', `/api/books/${book.id}/discussions`, ann.token, { title: 'T', text: 'x', position: { page: 0 } }), 400, /position/i)
      expectError(
        await call('POST', `/api/books/${book.id}/discussions`, ann.token, { title: 'T', text: 'x', position: { page: 3, percent: 4 } }),
        400,
        /position/i,
      )
      expect(
        Number(
          (
            await ctx.db
              .selectFrom('discussions')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('bookId', '=', book.id)
              .executeTakeFirst()
          )?.n,
        ),
      ).toBe(0)
    })
  })

  describe('posts', () => {
    it('lists posts oldest first with replies right after their post, one level deep, paged', async () => {
      const book = await insertBook(ctx.db)
      const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
      const d = await start(book.id, ann.token, { title: 'Thread', text: 'opening' })
      const a = await post(d._id, bob.token, { text: 'a' })
      const b = await post(d._id, ann.token, { text: 'b' })
      const reA = await post(d._id, ann.token, { text: 'reply to a', parentId: a._id })
      // A reply to a reply answers its top-level post.
      const reReA = await post(d._id, bob.token, { text: 'reply to the reply', parentId: reA._id })
      expect(reReA.parentId).toBe(a._id)
      const all = await posts(d._id)
      expect(all.map((p) => p.text)).toEqual(['opening', 'a', 'reply to a', 'reply to the reply', 'b'])
      const paged = await readAllPages(ctx, `/api/discussions/${d._id}/posts?limit=2`, PostListSchema)
      expect(paged.pages.map((p) => p.length)).toEqual([2, 2, 1])
      expect(paged.pages.flat().map((p) => p._id)).toEqual([d._id, a._id, reA._id, reReA._id, b._id])
      expect(paged.totals).toEqual(['5', '5', '5'])
      // A parent from another thread is not found here.
      const other = await start(book.id, bob.token, { title: 'Other', text: 'other' })
      expectError(await call('POST', `/api/discussions/${d._id}/posts`, ann.token, { text: 'x', parentId: other._id }), 404, /reply to was not found/)
    })

    it('lets only the author edit (marked edited) or delete; others get 404', async () => {
      const book = await insertBook(ctx.db)
      const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
      const d = await start(book.id, ann.token, { title: 'Thread', text: 'opening' })
      const p = await post(d._id, ann.token, { text: 'first words', position: { page: 10 } })
      expectError(await call('PUT', `/api/posts/${p._id}`, bob.token, { text: 'hijack' }), 404, 'Post not found')
      expectError(await call('DELETE', `/api/posts/${p._id}`, bob.token), 404, 'Post not found')
      expectError(await call('PUT', `/api/posts/${ABSENT_ID}`, ann.token, { text: 'x' }), 404, 'Post not found')
      expect((await call('PUT', `/api/posts/${p._id}`, undefined, { text: 'x' })).statusCode).toBe(401)
      const edited = PostSchema.parse((await call('PUT', `/api/posts/${p._id}`, ann.token, { text: 'better words' })).json())
      expect(edited).toMatchObject({ text: 'better words', position: { page: 10 } })
      expect(edited.editedAt).not.toBeNull()
      const moved = PostSchema.parse((await call('PUT', `/api/posts/${p._id}`, ann.token, { text: 'better words', position: null })).json())
      expect(moved.position).toBeNull()
      expect((await call('DELETE', `/api/posts/${p._id}`, ann.token)).statusCode).toBe(204)
      expect((await posts(d._id)).map((x) => x._id)).toEqual([d._id])
      expect(DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json()).postCount).toBe(1)
    })

    it('changes the title with the opening post, by its author only; a title on a reply or an empty one is refused', async () => {
      const book = await insertBook(ctx.db)
      const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
      const d = await start(book.id, ann.token, { title: 'Old title', text: 'opening' })
      const reply = await post(d._id, ann.token, { text: 'a reply' })
      expectError(await call('PUT', `/api/posts/${d._id}`, bob.token, { text: 'x', title: 'Hijacked' }), 404, 'Post not found')
      expectError(await call('PUT', `/api/posts/${reply._id}`, ann.token, { text: 'x', title: 'New' }), 400, /^Title can only be changed on the opening post/)
      expectError(await call('PUT', `/api/posts/${d._id}`, ann.token, { text: 'x', title: '  ' }), 400, /^Title/)
      const res = await call('PUT', `/api/posts/${d._id}`, ann.token, { text: 'opening, edited', title: 'A better title 📚' })
      expect(res.statusCode, res.body).toBe(200)
      expect(PostSchema.parse(res.json()).editedAt).not.toBeNull()
      const thread = DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json())
      expect(thread).toMatchObject({ title: 'A better title 📚', firstPost: { text: 'opening, edited' } })
      // Left out, the title stays.
      await call('PUT', `/api/posts/${d._id}`, ann.token, { text: 'again' })
      expect(DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json()).title).toBe('A better title 📚')
    })

    it('keeps a deleted post with replies as a tombstone, and removes it once its last reply goes', async () => {
      const book = await insertBook(ctx.db)
      const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
      const d = await start(book.id, ann.token, { title: 'Thread', text: 'opening' })
      const p = await post(d._id, bob.token, { text: 'a hot take', position: { percent: 50 } })
      const reply = await post(d._id, ann.token, { text: 'disagree', parentId: p._id })
      expect((await call('DELETE', `/api/posts/${p._id}`, bob.token)).statusCode).toBe(204)
      const [, tomb, kept] = await posts(d._id)
      expect(tomb).toMatchObject({ _id: p._id, deleted: true, text: null, user: null, position: null })
      expect(kept).toMatchObject({ _id: reply._id, text: 'disagree', parentId: p._id })
      expect(DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json()).postCount).toBe(2)
      // The page's total counts what it lists, the tombstone too.
      expect((await call('GET', `/api/discussions/${d._id}/posts`)).headers['x-total-count']).toBe('3')
      // A tombstone is nobody's to edit, delete or answer.
      expectError(await call('PUT', `/api/posts/${p._id}`, bob.token, { text: 'back' }), 404, 'Post not found')
      expectError(await call('POST', `/api/discussions/${d._id}/posts`, ann.token, { text: 'x', parentId: p._id }), 404, /reply to was not found/)
      expect((await call('DELETE', `/api/posts/${reply._id}`, ann.token)).statusCode).toBe(204)
      expect((await posts(d._id)).map((x) => x._id)).toEqual([d._id])
      expect((await call('GET', `/api/discussions/${d._id}/posts`)).headers['x-total-count']).toBe('1')
    })

    it('keeps the opening post as a tombstone while others posted, and removes a thread whose only post goes', async () => {
      const book = await insertBook(ctx.db)
      const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
      const d = await start(book.id, ann.token, { title: 'Thread', text: 'opening' })
      const p = await post(d._id, bob.token, { text: 'answer' })
      expect((await call('DELETE', `/api/posts/${d._id}`, ann.token)).statusCode).toBe(204)
      const thread = DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json())
      expect(thread).toMatchObject({ title: 'Thread', postCount: 1, firstPost: { deleted: true, text: null } })
      // Its last live post gone, the thread goes.
      expect((await call('DELETE', `/api/posts/${p._id}`, bob.token)).statusCode).toBe(204)
      expect((await call('GET', `/api/discussions/${d._id}`)).statusCode).toBe(404)
      const lone = await start(book.id, ann.token, { title: 'Lone', text: 'only me' })
      expect((await call('DELETE', `/api/posts/${lone._id}`, ann.token)).statusCode).toBe(204)
      expect((await call('GET', `/api/discussions/${lone._id}`)).statusCode).toBe(404)
      expect(BookSchema.parse((await call('GET', `/api/books/${book.id}`)).json()).discussionCount).toBe(0)
    })
  })

  describe('spoilers by position', () => {
    /** A thread with posts at page 100, 40 %, the ending and no position, by ann. */
    async function positioned() {
      const book = await insertBook(ctx.db, { pageCount: 400 })
      const ann = await insertReader(ctx)
      const d = await start(book.id, ann.token, { title: 'Spoilers', text: 'opening', position: { page: 100 } })
      const pct = await post(d._id, ann.token, { text: 'at forty percent', position: { percent: 40 } })
      const end = await post(d._id, ann.token, { text: 'the ending!', position: { finished: true } })
      const plain = await post(d._id, ann.token, { text: 'no position' })
      return { book, ann, d, pct, end, plain }
    }
    const shown = (list: Post[]) => list.map((p) => (p.withheld ? `withheld:${JSON.stringify(p.position)}` : p.text))

    it('withholds every positioned post from a signed-out reader, and reveals on request', async () => {
      const { d, pct, end } = await positioned()
      const list = await posts(d._id)
      expect(shown(list)).toEqual(['withheld:{"page":100}', 'withheld:{"percent":40}', 'withheld:{"finished":true}', 'no position'])
      expect(list[0]).toMatchObject({ text: null, withheld: 'ahead', position: { page: 100 } })
      expect(shown(await posts(d._id, undefined, `?reveal=${pct._id},${end._id}`))).toEqual([
        'withheld:{"page":100}',
        'at forty percent',
        'the ending!',
        'no position',
      ])
      expect(shown(await posts(d._id, undefined, `?reveal=${d._id}&reveal=${end._id}`))).toEqual([
        'opening',
        'withheld:{"percent":40}',
        'the ending!',
        'no position',
      ])
      expect(shown(await posts(d._id, undefined, '?reveal=all'))).toEqual(['opening', 'at forty percent', 'the ending!', 'no position'])
      const thread = DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json())
      expect(thread.firstPost).toMatchObject({ text: null, withheld: 'ahead' })
      expect(DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}?reveal=all`)).json()).firstPost?.text).toBe('opening')
      expectError(await call('GET', `/api/discussions/${d._id}/posts?reveal=nope`), 400, /reveal/i)
      const many = Array.from({ length: 101 }, () => d._id).join(',')
      expectError(await call('GET', `/api/discussions/${d._id}/posts?reveal=${many}`), 400, /at most 100/)
    })

    it('shows a signed-in reader what their progress reached, comparing pages and percents through the page count', async () => {
      const { book, d } = await positioned()
      const bea = await insertReader(ctx)
      // Not reading it at all: everything positioned is ahead.
      expect(shown(await posts(d._id, bea.token))).toEqual(['withheld:{"page":100}', 'withheld:{"percent":40}', 'withheld:{"finished":true}', 'no position'])
      // Page 120 of 400 is 30 %: past page 100, short of 40 %.
      await progress(book.id, bea.token, { status: 'reading', progress: { page: 120 } })
      expect(shown(await posts(d._id, bea.token))).toEqual(['opening', 'withheld:{"percent":40}', 'withheld:{"finished":true}', 'no position'])
      // 45 % of 400 pages is page 180: both reached, the ending not.
      await progress(book.id, bea.token, { progress: { percent: 45 } })
      expect(shown(await posts(d._id, bea.token))).toEqual(['opening', 'at forty percent', 'withheld:{"finished":true}', 'no position'])
      // Finished: everything shows.
      await progress(book.id, bea.token, { status: 'read' })
      expect(shown(await posts(d._id, bea.token))).toEqual(['opening', 'at forty percent', 'the ending!', 'no position'])
    })

    it('withholds what cannot be compared without a page count, and always shows authors their own posts', async () => {
      const book = await insertBook(ctx.db, { pageCount: null })
      const [ann, bea] = [await insertReader(ctx), await insertReader(ctx)]
      const d = await start(book.id, ann.token, { title: 'No pages', text: 'at page 10', position: { page: 10 } })
      await post(d._id, ann.token, { text: 'at 10 percent', position: { percent: 10 } })
      await progress(book.id, bea.token, { status: 'reading', progress: { percent: 90 } })
      expect(shown(await posts(d._id, bea.token))).toEqual(['withheld:{"page":10}', 'at 10 percent'])
      expect(shown(await posts(d._id, ann.token))).toEqual(['at page 10', 'at 10 percent'])
      const list = DiscussionListSchema.parse((await call('GET', `/api/books/${book.id}/discussions`, bea.token)).json())
      expect(list[0]!.firstPost).toMatchObject({ withheld: 'ahead', text: null })
    })
  })

  describe('limits', () => {
    it('holds a new account to 3 threads a day and one link a post', async () => {
      const book = await insertBook(ctx.db)
      const fresh = await insertUser(ctx.db)
      expectError(
        await call('POST', `/api/books/${book.id}/discussions`, fresh.token, { title: 'Buy', text: 'https://a.example and www.b.example' }),
        400,
        /new account may put at most 1 link/,
      )
      for (let i = 0; i < 3; i++) await start(book.id, fresh.token, { title: `T${i}`, text: 'hello https://a.example' })
      const res = await call('POST', `/api/books/${book.id}/discussions`, fresh.token, { title: 'T4', text: 'again' })
      expect(res.statusCode).toBe(429)
      expect(ErrorBodySchema.parse(res.json())).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/new discussions/) })
      // An established account may post two links.
      const old = await insertReader(ctx)
      await start(book.id, old.token, { title: 'Links', text: 'https://a.example and www.b.example' })
    })
  })

  describe('doors', () => {
    it('moves a work’s threads to the survivor of a merge and back', async () => {
      const [kept, gone] = [await insertBook(ctx.db), await insertBook(ctx.db)]
      const ann = await insertReader(ctx)
      const d = await start(gone.id, ann.token, { title: 'On the duplicate', text: 'x' })
      const step = { kind: 'work' as const, survivor: kept.id, absorbed: gone.id, workId: kept.id, at: new Date().toISOString() }
      const moved = await ctx.db.transaction().execute((trx) => discussionsMergeDoor.move(trx, step))
      expect(moved.ids).toEqual([d._id])
      expect(DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json()).bookId).toBe(kept.id)
      await ctx.db.transaction().execute((trx) => discussionsMergeDoor.putBack(trx, step, moved))
      expect(DiscussionSchema.parse((await call('GET', `/api/discussions/${d._id}`)).json()).bookId).toBe(gone.id)
    })

    it('exports a reader’s threads and posts, and on closing keeps what others answered as tombstones', async () => {
      const book = await insertBook(ctx.db)
      const [ann, bob] = [await insertReader(ctx), await insertReader(ctx)]
      const answered = await start(book.id, ann.token, { title: 'Answered', text: 'mine', position: { page: 3 } })
      const reply = await post(answered._id, bob.token, { text: 'bob answers' })
      const alone = await start(book.id, ann.token, { title: 'Alone', text: 'nobody came' })
      const inBobs = await start(book.id, bob.token, { title: 'Bob’s', text: 'bob opens' })
      await post(inBobs._id, ann.token, { text: 'ann replies', parentId: inBobs._id })

      const parts = discussionsDoor.exportFor(ctx.db, ann.id).sections.discussions!
      expect((await parts.threads.pages(undefined, 10)).items.map((t) => t.title)).toEqual(['Answered', 'Alone'])
      const exported = (await parts.posts.pages(undefined, 10)).items
      expect(exported.map((p) => [p.text, p.position])).toEqual([
        ['mine', { page: 3 }],
        ['nobody came', null],
        ['ann replies', null],
      ])

      await ctx.db.transaction().execute((trx) => discussionsDoor.removeFor(trx, ann.id))
      const kept = DiscussionSchema.parse((await call('GET', `/api/discussions/${answered._id}`)).json())
      expect(kept).toMatchObject({ title: 'Answered', user: null, postCount: 1, firstPost: { deleted: true, text: null, user: null } })
      expect((await posts(answered._id)).map((p) => p._id)).toEqual([answered._id, reply._id])
      expect((await call('GET', `/api/discussions/${alone._id}`)).statusCode).toBe(404)
      expect((await posts(inBobs._id)).map((p) => p.text)).toEqual(['bob opens'])
      expect(DiscussionSchema.parse((await call('GET', `/api/discussions/${inBobs._id}`)).json()).postCount).toBe(1)
    })
  })
})

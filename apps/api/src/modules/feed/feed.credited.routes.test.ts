import { expect, it } from 'vitest'
import { CommentSchema, CreditedTalkListSchema, DiscussionSchema, ErrorBodySchema, type CreditedTalkItem } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf } from '../../../test/support/calls.ts'
import { insertBook, insertReader, insertReview } from '../../../test/support/factories.ts'

// The talk about a reader's credited books, for their profile (issue 23, point 5, decision 0059).

const ABSENT_ID = '01900000-0000-7000-8000-000000000000'
const DAY = 24 * 3600 * 1000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY)

describeEachDialect('GET /api/users/credited-discussion/{id}', (ctx) => {
  const call = callerOf(ctx)
  const talk = async (userId: string, token?: string, query = '') => {
    const res = await call('GET', `/api/users/credited-discussion/${userId}${query}`, token)
    expect(res.statusCode, res.body).toBe(200)
    return CreditedTalkListSchema.parse(res.json())
  }
  const shown = (items: CreditedTalkItem[]) =>
    items.map((i) => `${i.type}:${i.actor.username}:${i.withheld ? `withheld ${JSON.stringify(i.position)}` : i.spoiler ? 'spoiler' : i.text}`)

  /**
   * An author credited on two books (one as author, one as publisher), another book not theirs, and
   * talk on all three, oldest to newest: reviews, a comment at page 100, a plain comment, a thread
   * whose opening post is at the ending.
   */
  async function scene() {
    const [author, bea, cy] = [await insertReader(ctx), await insertReader(ctx), await insertReader(ctx)]
    const novel = await insertBook(ctx.db, { authorUserId: author.id, pageCount: 300, createdAt: daysAgo(9) })
    const published = await insertBook(ctx.db, { publisherUserId: author.id, createdAt: daysAgo(8) })
    const other = await insertBook(ctx.db)
    const review = await insertReview(ctx.db, { bookId: novel.id, userId: bea.id, comment: 'Loved it', createdAt: daysAgo(5) })
    await insertReview(ctx.db, { bookId: novel.id, userId: author.id, comment: 'Thanks for reading', createdAt: daysAgo(4) })
    const spoiled = await insertReview(ctx.db, { bookId: published.id, userId: cy.id, comment: 'The twist!', createdAt: daysAgo(3) })
    await ctx.db.updateTable('reviews').set({ spoiler: 1 }).where('id', '=', spoiled.id).execute()
    await insertReview(ctx.db, { bookId: other.id, userId: bea.id, comment: 'Not theirs', createdAt: daysAgo(1) })
    const comment = async (token: string, body: object) => {
      const res = await call('POST', `/api/reviews/${review.id}/comments`, token, body)
      expect(res.statusCode, res.body).toBe(201)
      return CommentSchema.parse(res.json())
    }
    const ahead = await comment(cy.token, { text: 'Chapter 9 broke me', position: { page: 100 } })
    const plain = await comment(author.token, { text: 'So glad' })
    const started = await call('POST', `/api/books/${published.id}/discussions`, bea.token, {
      title: 'That ending',
      text: 'Why?',
      position: { finished: true },
    })
    expect(started.statusCode, started.body).toBe(201)
    const thread = DiscussionSchema.parse(started.json())
    return { author, bea, cy, novel, published, review, spoiled, ahead, plain, thread }
  }

  it('lists the newest reviews, comments and posts on the credited books with badges and links; withholds by position for signed-out readers', async () => {
    const { author, bea, novel, review, spoiled, ahead, plain, thread } = await scene()
    const items = await talk(author.id)
    expect(shown(items)).toEqual([
      'post:' + bea.username + ':withheld {"finished":true}',
      `comment:${author.username}:So glad`,
      expect.stringMatching(/^comment:.*:withheld \{"page":100\}$/),
      expect.stringMatching(/^review:.*:spoiler$/),
      `review:${author.username}:Thanks for reading`,
      `review:${bea.username}:Loved it`,
    ])
    expect(items[0]).toMatchObject({ type: 'post', discussionId: thread._id, title: 'That ending', text: null, withheld: 'ahead', badge: null })
    expect(items[1]).toMatchObject({ type: 'comment', commentId: plain._id, reviewId: review.id, badge: 'author', book: { _id: novel.id } })
    expect(items[2]).toMatchObject({ commentId: ahead._id, text: null, position: { page: 100 } })
    expect(items[3]).toMatchObject({ type: 'review', reviewId: spoiled.id, spoiler: true, text: null })
    expect(items[4]).toMatchObject({ badge: 'author', rating: 4 })
    expect(await talk(author.id, undefined, '?limit=2')).toHaveLength(2)
  })

  it('shows a signed-in reader what their reading log reached, and each writer their own', async () => {
    const { author, cy, novel, published } = await scene()
    const dee = await insertReader(ctx)
    expect((await talk(author.id, dee.token)).filter((i) => i.withheld)).toHaveLength(2)
    expect((await call('PUT', `/api/books/${novel.id}/reading`, dee.token, { status: 'reading', progress: { page: 150 } })).statusCode).toBe(200)
    const reached = await talk(author.id, dee.token)
    expect(reached.find((i) => i.type === 'comment' && i.position)).toMatchObject({ text: 'Chapter 9 broke me' })
    expect(reached.find((i) => i.type === 'post')?.withheld).toBe('ahead')
    expect((await call('PUT', `/api/books/${published.id}/reading`, dee.token, { status: 'read' })).statusCode).toBe(200)
    expect((await talk(author.id, dee.token)).filter((i) => i.withheld)).toHaveLength(0)
    // cy wrote the page-100 comment: theirs is never withheld from them.
    expect((await talk(author.id, cy.token)).find((i) => i.type === 'comment' && i.position)?.text).toBe('Chapter 9 broke me')
  })

  it('leaves out what the moderators hid and what the caller blocked or muted', async () => {
    const { author, bea, cy, ahead, thread } = await scene()
    const at = new Date().toISOString()
    await ctx.db.insertInto('hiddenItems').values({ targetType: 'comment', targetId: ahead._id, hiddenByUserId: null, note: 'spam', hiddenAt: at }).execute()
    const items = await talk(author.id)
    expect(items.some((i) => i.commentId === ahead._id)).toBe(false)
    // A thread the moderators hid takes its posts (and its title) out; a hidden post goes alone.
    const reply = await call('POST', `/api/discussions/${thread._id}/posts`, cy.token, { text: 'A reply' })
    expect(reply.statusCode).toBe(201)
    expect((await talk(author.id)).filter((i) => i.type === 'post')).toHaveLength(2)
    await ctx.db
      .insertInto('hiddenItems')
      .values({ targetType: 'discussion', targetId: thread._id, hiddenByUserId: null, note: 'spam', hiddenAt: at })
      .execute()
    expect((await talk(author.id)).some((i) => i.type === 'post')).toBe(false)
    await ctx.db.deleteFrom('hiddenItems').where('targetId', '=', thread._id).execute()
    await ctx.db.insertInto('hiddenItems').values({ targetType: 'post', targetId: thread._id, hiddenByUserId: null, note: 'spam', hiddenAt: at }).execute()
    expect((await talk(author.id)).filter((i) => i.type === 'post').map((i) => i.text)).toEqual(['A reply'])
    const dee = await insertReader(ctx)
    expect((await call('PUT', `/api/users/${bea.id}/block`, dee.token)).statusCode).toBeLessThan(300)
    const seen = await talk(author.id, dee.token)
    expect(seen.some((i) => i.actor._id === bea.id)).toBe(false)
    expect(seen.some((i) => i.actor._id === cy.id)).toBe(true)
  })

  it('answers [] for a reader credited on nothing, 404 for an absent one, 400 naming a bad limit', async () => {
    const plainReader = await insertReader(ctx)
    expect(await talk(plainReader.id)).toEqual([])
    const absent = await call('GET', `/api/users/credited-discussion/${ABSENT_ID}`)
    expect(absent.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(absent.json()).message).toBe('User not found')
    const bad = await call('GET', `/api/users/credited-discussion/${plainReader.id}?limit=21`)
    expect(bad.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(bad.json()).message).toMatch(/limit/i)
  })
})

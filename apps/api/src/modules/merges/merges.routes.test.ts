import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { MERGE_MESSAGES, roundAverage, type MergeProposal } from '@shelfwise/contracts'
import { moderatorCommand, runModeratorCommand } from '#/db/moderators.ts'
import { anotherInstance, describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertImport, insertReview, insertUser, signUp, TEST_PASSWORD } from '../../../test/support/factories.ts'

// Readers fix duplicates (issue 21, point 7, decision 0030): proposals, who may apply and revert
// them, what a work merge and an edition merge move, and a revert that gives back the same answers.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type User = Awaited<ReturnType<typeof insertUser>>

const DAY_MS = 24 * 60 * 60 * 1000

function helpers(ctx: TestContext) {
  const call = (method: Method, url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
  const ok = async (method: Method, url: string, token?: string, payload?: object) => {
    const res = await call(method, url, token, payload)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res
  }
  const moderator = async (): Promise<User> => {
    const user = await insertUser(ctx.db)
    expect((await runModeratorCommand(ctx.db, { action: 'add', email: user.email })).ok).toBe(true)
    return user
  }
  /** A reader whose account is `days` old with `reviews` reviews. */
  const reader = async (days: number, reviews: number): Promise<User> => {
    const user = await insertUser(ctx.db, { createdAt: new Date(Date.now() - days * DAY_MS) })
    for (let i = 0; i < reviews; i++) await insertReview(ctx.db, { userId: user.id, rating: 4 })
    return user
  }
  const propose = async (token: string, kind: 'work' | 'edition', ids: string[]) => {
    const res = await call('POST', '/api/merge-proposals', token, { kind, ids })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as MergeProposal
  }
  const apply = async (token: string, proposalId: string) => (await ok('POST', `/api/merge-proposals/${proposalId}/apply`, token)).json() as MergeProposal
  const revert = async (token: string, mergeId: string) => (await ok('POST', `/api/merges/${mergeId}/revert`, token)).json() as MergeProposal
  return { call, ok, moderator, reader, propose, apply, revert }
}

describeEachDialect('merges: proposals', (ctx) => {
  it('answers 201 with both books side by side and which would stay; 200 with the open one for the same pair; names what is wrong', async () => {
    const { call, propose } = helpers(ctx)
    const me = await signUp(ctx.app)
    const kept = await insertBook(ctx.db, { title: 'Emma', author: 'Jane Austen', isbn: '9780141439587', pageCount: 474 })
    await insertReview(ctx.db, { bookId: kept.id, rating: 5 })
    const dup = await insertBook(ctx.db, { title: 'Emma (Penguin Classics)', author: 'Jane Austen', pageCount: 474 })

    const p = await propose(me.token, 'work', [dup.id, kept.id])
    expect(p).toMatchObject({
      kind: 'work',
      ids: [dup.id, kept.id],
      status: 'open',
      proposedBy: { _id: me.id, username: me.user.username },
      survivorId: kept.id,
      merge: null,
    })
    expect(p.books.map((b) => b?._id)).toEqual([dup.id, kept.id])
    const field = (name: string) => p.fields.find((f) => f.field === name)
    expect(field('title')).toEqual({ field: 'title', values: ['Emma (Penguin Classics)', 'Emma'], same: false })
    expect(field('author')).toEqual({ field: 'author', values: ['Jane Austen', 'Jane Austen'], same: true })
    expect(field('pageCount')).toEqual({ field: 'pageCount', values: ['474', '474'], same: true })
    expect(field('isbn')).toEqual({ field: 'isbn', values: [null, '9780141439587'], same: false })

    // The same pair again, in either order: the open proposal, not a second one.
    const again = await call('POST', '/api/merge-proposals', me.token, { kind: 'work', ids: [kept.id, dup.id] })
    expect(again.statusCode).toBe(200)
    expect(again.json()._id).toBe(p._id)
    expect((await call('GET', `/api/merge-proposals/${p._id}`)).json()).toEqual(p)
  })

  it('refuses a proposal with 401 signed out, 400 naming the field or the reason, 404 for an id naming no book', async () => {
    const { call } = helpers(ctx)
    const me = await signUp(ctx.app)
    const a = await insertBook(ctx.db)
    const b = await insertBook(ctx.db)
    const post = (payload: object, token: string | undefined = me.token) => call('POST', '/api/merge-proposals', token, payload)
    const refused = async (payload: object, status: number, message: string) => {
      const res = await post(payload)
      expect(res.statusCode, res.body).toBe(status)
      expect(res.json().message).toBe(message)
    }
    expect((await post({ kind: 'work', ids: [a.id, b.id] }, '')).statusCode).toBe(401)
    await refused({ kind: 'series', ids: [a.id, b.id] }, 400, 'Kind must be one of work, edition')
    await refused({ kind: 'work', ids: [a.id, a.id] }, 400, 'Ids must name two different books, not the same id twice')
    await refused({ kind: 'work', ids: [a.id] }, 400, 'Ids must hold exactly two ids: the two books (or editions) that are the same')
    await refused({ kind: 'work', ids: ['emma', a.id] }, 400, 'Ids 1 must be a valid id')
    await refused({ kind: 'work', ids: [a.id, uuidv7()] }, 404, 'Book not found')

    // An edition's id is its book's: proposing a book and its own edition is proposing one book.
    const edition = (await call('POST', `/api/books/${a.id}/editions`, me.token, { format: 'ebook' })).json()._id as string
    await refused({ kind: 'work', ids: [edition, a.id] }, 400, MERGE_MESSAGES.sameWork)
    await refused({ kind: 'edition', ids: [edition, b.id] }, 400, MERGE_MESSAGES.editionsOfTwoWorks)
    expect((await post({ kind: 'edition', ids: [edition, a.id] })).statusCode).toBe(201)
  })

  it('lists open proposals first, newest first, a page at a time with X-Total-Count and Link; filters by status', async () => {
    const { call, propose, moderator, apply } = helpers(ctx)
    const me = await signUp(ctx.app)
    const mod = await moderator()
    const before = Number((await call('GET', '/api/merge-proposals?limit=1')).headers['x-total-count'])
    const books = await Promise.all(Array.from({ length: 6 }, () => insertBook(ctx.db)))
    const first = await propose(me.token, 'work', [books[0]!.id, books[1]!.id])
    const second = await propose(me.token, 'work', [books[2]!.id, books[3]!.id])
    const third = await propose(me.token, 'work', [books[4]!.id, books[5]!.id])
    await apply(mod.token, first._id)

    const page1 = await call('GET', '/api/merge-proposals?limit=2')
    expect(page1.headers['x-total-count']).toBe(String(before + 3))
    expect(page1.json().map((p: MergeProposal) => p._id)).toEqual([third._id, second._id])
    const next = /<([^>]+)>; rel="next"/.exec(String(page1.headers.link))![1]!
    const rest: MergeProposal[] = []
    for (let url: string | undefined = next; url;) {
      const page = await call('GET', url)
      rest.push(...page.json())
      url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1]
    }
    // Every other open proposal comes before the applied one.
    const applied = rest.findIndex((p) => p._id === first._id)
    expect(rest.slice(applied).every((p) => p.status !== 'open')).toBe(true)
    expect(rest[applied]).toMatchObject({ status: 'applied', merge: { survivorId: expect.any(String), appliedBy: { _id: mod.id } } })

    const applied2 = await call('GET', '/api/merge-proposals?status=applied&limit=50')
    expect(applied2.json().map((p: MergeProposal) => p._id)).toContain(first._id)
    expect(applied2.json().every((p: MergeProposal) => p.status === 'applied')).toBe(true)
    expect((await call('GET', '/api/merge-proposals?status=done')).statusCode).toBe(400)
    expect((await call('GET', '/api/merge-proposals?limit=51')).json().message).toBe('Limit must be at most 50')
    expect((await call('GET', `/api/merge-proposals/${uuidv7()}`)).json()).toEqual({ message: MERGE_MESSAGES.proposalNotFound, code: 'not_found' })
  })

  it('says a reader made it (origin reader); with bookId lists the open proposals about that book, by its own id or an edition’s', async () => {
    const { call, ok, propose, moderator, apply } = helpers(ctx)
    const me = await signUp(ctx.app)
    const mod = await moderator()
    const [work, other, third, fourth, unrelated] = await Promise.all(Array.from({ length: 5 }, () => insertBook(ctx.db)))
    const edition = (await ok('POST', `/api/books/${work!.id}/editions`, me.token, { format: 'ebook' })).json()._id as string
    const asWorks = await propose(me.token, 'work', [other!.id, work!.id])
    expect(asWorks.origin).toBe('reader')
    const asEditions = await propose(me.token, 'edition', [work!.id, edition])
    const done = await propose(me.token, 'work', [third!.id, work!.id])
    await propose(me.token, 'work', [fourth!.id, unrelated!.id])
    await apply(mod.token, done._id)

    // By the work's id or its edition's: the two open ones about it, not the applied one nor others'.
    for (const id of [work!.id, edition]) {
      const res = await call('GET', `/api/merge-proposals?bookId=${id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json().map((p: MergeProposal) => p._id)).toEqual([asEditions._id, asWorks._id])
      expect(res.headers['x-total-count']).toBe('2')
    }
    // The other book of a work proposal sees it too; with a status, that status only.
    expect((await call('GET', `/api/merge-proposals?bookId=${other!.id}`)).json().map((p: MergeProposal) => p._id)).toEqual([asWorks._id])
    expect((await call('GET', `/api/merge-proposals?bookId=${third!.id}&status=applied`)).json().map((p: MergeProposal) => p._id)).toEqual([done._id])
    expect((await call('GET', '/api/merge-proposals?bookId=nope')).json()).toMatchObject({ message: 'Book id must be a valid id' })
    expect((await call('GET', `/api/merge-proposals?bookId=${uuidv7()}`)).statusCode).toBe(404)
  })
})

describeEachDialect('merges: who applies and reverts', (ctx) => {
  it('lets a moderator or a trusted reader apply and revert; anyone else gets 403 saying who may; a trusted reader not their own proposal', async () => {
    const { call, propose, moderator, reader } = helpers(ctx)
    const newcomer = await signUp(ctx.app)
    const [a, b] = [await insertBook(ctx.db), await insertBook(ctx.db)]
    const p = await propose(newcomer.token, 'work', [a.id, b.id])
    const applyAs = (token: string, id = p._id) => call('POST', `/api/merge-proposals/${id}/apply`, token)

    expect((await call('POST', `/api/merge-proposals/${p._id}/apply`)).statusCode).toBe(401)
    expect((await applyAs(newcomer.token)).json()).toEqual({ message: MERGE_MESSAGES.cannotApply, code: 'forbidden' })
    expect((await applyAs(newcomer.token)).statusCode).toBe(403)
    // One review short, one day short: not trusted yet.
    expect((await applyAs((await reader(40, 19)).token)).statusCode).toBe(403)
    expect((await applyAs((await reader(29, 20)).token)).statusCode).toBe(403)
    // Unknown ids: 403 before anything else for a reader who may not merge, 404 for one who may.
    expect((await applyAs(newcomer.token, uuidv7())).statusCode).toBe(403)
    const mod = await moderator()
    expect((await applyAs(mod.token, uuidv7())).json()).toEqual({ message: MERGE_MESSAGES.proposalNotFound, code: 'not_found' })
    expect((await call('POST', `/api/merges/${uuidv7()}/revert`, mod.token)).json()).toEqual({ message: MERGE_MESSAGES.mergeNotFound, code: 'not_found' })

    const trusted = await reader(31, 20)
    const own = await propose(trusted.token, 'work', [(await insertBook(ctx.db)).id, (await insertBook(ctx.db)).id])
    expect((await applyAs(trusted.token, own._id)).json()).toEqual({ message: MERGE_MESSAGES.ownProposal, code: 'forbidden' })

    const applied = await applyAs(trusted.token)
    expect(applied.statusCode, applied.body).toBe(200)
    const merge = applied.json().merge
    expect(applied.json()).toMatchObject({ status: 'applied', merge: { appliedBy: { _id: trusted.id }, revertedAt: null, revertedBy: null } })
    expect((await applyAs(mod.token)).json()).toEqual({ message: MERGE_MESSAGES.alreadyApplied, code: 'conflict' })

    expect((await call('POST', `/api/merges/${merge._id}/revert`, newcomer.token)).json()).toEqual({ message: MERGE_MESSAGES.cannotRevert, code: 'forbidden' })
    const reverted = await call('POST', `/api/merges/${merge._id}/revert`, mod.token)
    expect(reverted.statusCode, reverted.body).toBe(200)
    expect(reverted.json()).toMatchObject({ status: 'reverted', merge: { _id: merge._id, revertedBy: { _id: mod.id }, revertedAt: expect.any(String) } })
    expect((await call('POST', `/api/merges/${merge._id}/revert`, mod.token)).json()).toEqual({ message: MERGE_MESSAGES.alreadyReverted, code: 'conflict' })
    expect((await applyAs(mod.token)).json()).toEqual({ message: MERGE_MESSAGES.wasReverted, code: 'conflict' })
  })

  it('gives and takes the moderator role from the command line, by e-mail', async () => {
    expect(moderatorCommand(['add', ' Someone@Example.TEST '])).toEqual({ action: 'add', email: 'someone@example.test' })
    expect(moderatorCommand(['remove', 'x@y.z'])).toEqual({ action: 'remove', email: 'x@y.z' })
    expect(moderatorCommand(['list'])).toEqual({ action: 'list' })
    expect(moderatorCommand(['add'])).toBeUndefined()
    expect(moderatorCommand(['promote', 'x@y.z'])).toBeUndefined()
    const user = await insertUser(ctx.db)
    expect(await runModeratorCommand(ctx.db, { action: 'add', email: 'nobody@example.test' })).toEqual({
      ok: false,
      message: 'No account has the e-mail nobody@example.test.',
    })
    expect(await runModeratorCommand(ctx.db, { action: 'add', email: user.email })).toEqual({ ok: true, message: `${user.email} is now a moderator.` })
    expect((await runModeratorCommand(ctx.db, { action: 'list' })).message).toContain(`${user.email} (${user.username})`)
    expect(await runModeratorCommand(ctx.db, { action: 'add', email: user.email })).toEqual({
      ok: true,
      message: `${user.email} is already a moderator; nothing changed.`,
    })
    expect(await runModeratorCommand(ctx.db, { action: 'remove', email: user.email })).toEqual({ ok: true, message: `${user.email} is no longer a moderator.` })
    const p = await helpers(ctx).propose(user.token, 'work', [(await insertBook(ctx.db)).id, (await insertBook(ctx.db)).id])
    const other = await insertUser(ctx.db)
    expect((await helpers(ctx).call('POST', `/api/merge-proposals/${p._id}/apply`, other.token)).statusCode).toBe(403)
  })
})

describeEachDialect('merges: a work merge and its revert', (ctx) => {
  /** Two books that are one work, readers with something of each kind on them, and every answer a reader sees of them. */
  async function scene() {
    const h = helpers(ctx)
    const at = (minutes: number) => new Date(Date.now() - (1000 - minutes) * 60_000)
    const survivor = await insertBook(ctx.db, { title: `Persuasion ${uuidv7()}`, author: 'Jane Austen', createdAt: at(0) })
    const absorbed = await insertBook(ctx.db, { title: `Persuasion (Austen) ${uuidv7()}`, author: 'Austen', createdAt: at(1), genres: ['Romance'] })
    const r = Object.fromEntries(await Promise.all(Array.from({ length: 13 }, async (_, i) => [`r${i + 1}`, await signUp(ctx.app)] as const)))
    const [A, B] = [absorbed.id, survivor.id]
    // Reviews: one on each side alone; r3 reviewed both, the survivor's last; r11 both, the absorbed one's last.
    await insertReview(ctx.db, { bookId: A, userId: r.r1!.id, rating: 4, createdAt: at(10) })
    await insertReview(ctx.db, { bookId: B, userId: r.r2!.id, rating: 5, createdAt: at(11) })
    await insertReview(ctx.db, { bookId: A, userId: r.r3!.id, rating: 4, comment: 'older, on the duplicate', createdAt: at(12) })
    await insertReview(ctx.db, { bookId: B, userId: r.r3!.id, rating: 2, comment: 'newer, on the survivor', createdAt: at(13) })
    await insertReview(ctx.db, { bookId: B, userId: r.r11!.id, rating: 2, comment: 'older, on the survivor', createdAt: at(14) })
    await insertReview(ctx.db, { bookId: A, userId: r.r11!.id, rating: 5, comment: 'newer, on the duplicate', createdAt: at(15) })
    await insertReview(ctx.db, { bookId: B, userId: r.r10!.id, rating: 3, createdAt: at(16) })
    await insertReview(ctx.db, { bookId: B, userId: r.r13!.id, rating: 3, createdAt: at(17) })
    // r12 rated the survivor without a review, and reviewed the duplicate: the review will hold their rating.
    await h.ok('PUT', `/api/books/${B}/reading`, r.r12!.token, { rating: 5 })
    await insertReview(ctx.db, { bookId: A, userId: r.r12!.id, rating: 4, createdAt: at(18) })
    // A rating without a review, a reading entry with progress and a read, the spec's lists, shelves.
    await h.ok('PUT', `/api/books/${A}/reading`, r.r4!.token, { rating: 3 })
    await h.ok('PUT', `/api/books/${A}/reading`, r.r5!.token, { status: 'reading', progress: { page: 40 } })
    await h.ok('POST', `/api/books/${B}/reads`, r.r5!.token, { finishedOn: '2023-01-02' })
    await h.ok('PUT', `/api/users/addtowishlist/${A}`, r.r6!.token)
    await h.ok('PUT', `/api/books/${A}/shelves`, r.r7!.token, { names: ['classics', 'favourites'] })
    await h.ok('PUT', `/api/books/${B}/shelves`, r.r7!.token, { names: ['classics'] })
    await h.ok('PUT', `/api/users/addto-recently-read/${A}`, r.r8!.token)
    // An edition of the duplicate that r1 reads, and an import's row filed under the duplicate.
    const edition = (await h.ok('POST', `/api/books/${A}/editions`, r.r1!.token, { format: 'audiobook', audioSeconds: 36000 })).json()._id as string
    await h.ok('PUT', `/api/books/${A}/reading`, r.r1!.token, { editionId: edition, status: 'want' })
    const importId = await insertImport(ctx.db, r.r9!.id, { rows: [{ line: 2, outcome: 'imported', title: absorbed.title, author: 'Austen' }] })
    await ctx.db.updateTable('importRows').set({ bookId: A }).where('importId', '=', importId).execute()
    return { ...h, r, A, B, absorbed, survivor, edition, importId }
  }

  type Scene = Awaited<ReturnType<typeof scene>>

  /** Every answer readers and clients get of the two books. */
  async function answers(s: Scene) {
    const get = async (url: string, token?: string) => {
      const res = await s.call('GET', url, token)
      return { status: res.statusCode, total: res.headers['x-total-count'], body: res.json() }
    }
    const out: Record<string, unknown> = {}
    for (const id of [s.A, s.B]) {
      for (const path of ['', '/editions', '/history']) out[`book ${id}${path}`] = await get(`/api/books/${id}${path}`)
      out[`reviews ${id}`] = await get(`/api/reviews/book/${id}`)
      for (const [name, reader] of Object.entries(s.r)) {
        out[`${name} reading ${id}`] = await get(`/api/books/${id}/reading`, reader.token)
        out[`${name} shelves ${id}`] = await get(`/api/books/${id}/shelves`, reader.token)
      }
    }
    for (const [name, reader] of Object.entries(s.r)) {
      out[`${name} library`] = await get(`/api/users/${reader.id}/library`, reader.token)
      out[`${name} wishlist`] = await get('/api/users/wishlist', reader.token)
      out[`${name} recently read`] = await get('/api/users/recently-read', reader.token)
      out[`${name} reviews`] = await get(`/api/users/reviews/${reader.id}`)
      out[`${name} shelves`] = await get(`/api/users/${reader.id}/shelves`, reader.token)
    }
    out['search absorbed'] = await get(`/api/books/search?query=${encodeURIComponent(s.absorbed.title)}`)
    out['search survivor'] = await get(`/api/books/search?query=${encodeURIComponent(s.survivor.title)}`)
    out['by author'] = await get('/api/books/by-author/Austen?limit=100')
    out['import rows'] = await get(`/api/imports/${s.importId}/rows`, s.r.r9!.token)
    return out
  }

  it('moves every review, rating, read, shelf and list entry to the book that stays; the old id answers with it; a revert gives back every answer', async () => {
    const s = await scene()
    const { A, B, r } = s
    const before = await answers(s)
    const mod = await s.moderator()
    const proposal = await s.propose(r.r2!.token, 'work', [A, B])
    expect(proposal.survivorId).toBe(B)
    const applied = await s.apply(mod.token, proposal._id)
    expect(applied.merge).toMatchObject({ survivorId: B, absorbedId: A })

    // The old id answers with the surviving book, shown as the duplicate's edition.
    const old = (await s.call('GET', `/api/books/${A}`)).json()
    expect(old).toMatchObject({ _id: B, workId: B, editionId: A, title: s.survivor.title, editionCount: 3 })
    const book = (await s.call('GET', `/api/books/${B}`)).json()
    // Reviews r2 5, r3 2 (newer), r10 3, r13 3, r1 4, r11 5 (newer), r12 4; r4's 3 without a review; r12's 5 gave way to their review.
    expect(book).toMatchObject({ totalReviews: 7, ratingsCount: 8, averageRating: roundAverage(29 / 8), editionCount: 3 })
    const reviews = (await s.call('GET', `/api/reviews/book/${B}`)).json() as { user: { _id: string }; comment: string }[]
    expect(reviews).toHaveLength(7)
    expect(reviews.find((v) => v.user._id === r.r3!.id)?.comment).toBe('newer, on the survivor')
    expect(reviews.find((v) => v.user._id === r.r11!.id)?.comment).toBe('newer, on the duplicate')
    expect((await s.call('GET', `/api/reviews/book/${A}`)).json()).toHaveLength(7)
    // r5's two entries are one, with the reads of both; r12's rating is their review's.
    const r5 = (await s.call('GET', `/api/books/${B}/reading`, r.r5!.token)).json()
    expect(r5.status).toBe('read')
    expect(r5.reads).toHaveLength(2)
    expect((await s.call('GET', `/api/books/${B}/reading`, r.r12!.token)).json().rating).toBe(4)
    expect((await s.call('GET', `/api/books/${B}/reading`, r.r4!.token)).json().rating).toBe(3)
    // r1 still reads the duplicate's audiobook, now an edition of the survivor.
    expect((await s.call('GET', `/api/books/${B}/reading`, r.r1!.token)).json()).toMatchObject({ status: 'want', editionId: s.edition })
    expect((await s.call('GET', `/api/books/${B}/shelves`, r.r7!.token)).json().map((x: { name: string }) => x.name)).toEqual(['classics', 'favourites'])
    expect((await s.call('GET', '/api/users/wishlist', r.r6!.token)).json().map((b: { _id: string }) => b._id)).toEqual([B])
    expect((await s.call('GET', '/api/users/recently-read', r.r8!.token)).json().map((b: { _id: string }) => b._id)).toEqual([B])
    const editions = (await s.call('GET', `/api/books/${B}/editions`)).json() as { _id: string; primary: boolean }[]
    expect(editions.map((e) => e._id)).toEqual([B, A, s.edition])
    // Gone from search and the lists: one card for the work.
    expect((await s.call('GET', `/api/books/search?query=${encodeURIComponent(s.absorbed.title)}`)).json()).toEqual([])
    const byAuthor = (await s.call('GET', '/api/books/by-author/Austen?limit=100')).json() as { _id: string }[]
    expect(byAuthor.map((b) => b._id)).not.toContain(A)
    expect((await s.call('GET', `/api/imports/${s.importId}/rows`, r.r9!.token)).json()[0].bookId).toBe(B)
    // Writing through the old id lands on the survivor.
    expect((await s.call('GET', `/api/books/${A}/reading`, r.r5!.token)).json()).toEqual(r5)

    const reverted = await s.revert(mod.token, applied.merge!._id)
    expect(reverted.status).toBe('reverted')
    expect(await answers(s)).toEqual(before)
  })

  it('keeps what readers wrote on the surviving book after the merge where it is when the merge is reverted', async () => {
    const s = await scene()
    const { A, B, r } = s
    const mod = await s.moderator()
    const applied = await s.apply(mod.token, (await s.propose(r.r2!.token, 'work', [A, B]))._id)
    // A new reader reviews the work through the old id; r5 changes their combined entry; r4 wishes for it.
    const late = await signUp(ctx.app)
    await s.ok('POST', `/api/reviews/book/${A}`, late.token, { rating: 1, comment: 'after the merge' })
    await s.ok('PUT', `/api/books/${A}/reading`, r.r5!.token, { status: 'paused' })
    await s.revert(mod.token, applied.merge!._id)

    const onB = (await s.call('GET', `/api/reviews/book/${B}`)).json() as { user: { _id: string } }[]
    expect(onB.map((v) => v.user._id)).toContain(late.id)
    expect((await s.call('GET', `/api/reviews/book/${A}`)).json().map((v: { user: { _id: string } }) => v.user._id)).not.toContain(late.id)
    // r5's survivor entry stays as they left it; the duplicate has its own entry back, with its read.
    expect((await s.call('GET', `/api/books/${B}/reading`, r.r5!.token)).json()).toMatchObject({ status: 'paused' })
    const r5OnA = (await s.call('GET', `/api/books/${A}/reading`, r.r5!.token)).json()
    expect(r5OnA).toMatchObject({ status: 'reading', progress: { page: 40 } })
    // The ledger's counts follow the rows on both books.
    for (const id of [A, B]) {
      const book = (await s.call('GET', `/api/books/${id}`)).json()
      const rated = (await ctx.db.selectFrom('reviews').select('rating').where('bookId', '=', id).where('rating', 'is not', null).execute()).map((x) =>
        Number(x.rating),
      )
      const lone = (await ctx.db.selectFrom('readingEntries').select('rating').where('bookId', '=', id).where('rating', 'is not', null).execute()).map((x) =>
        Number(x.rating),
      )
      const sum = [...rated, ...lone].reduce((a, b) => a + b, 0)
      expect(book, id === A ? 'absorbed' : 'survivor').toMatchObject({
        totalReviews: rated.length,
        ratingsCount: rated.length + lone.length,
        averageRating: roundAverage(sum / (rated.length + lone.length)),
      })
    }
  })

  it('reverts after readers linked to the absorbed book, or whose review it folded, closed their accounts', async () => {
    const h = helpers(ctx)
    const adder = await signUp(ctx.app)
    const reviewer = await signUp(ctx.app)
    const mod = await h.moderator()
    const survivor = await insertBook(ctx.db)
    await insertReview(ctx.db, { bookId: survivor.id, rating: 5 })
    const absorbed = await insertBook(ctx.db, { listedByUserId: adder.id, createdByUserId: adder.id })
    await ctx.db
      .insertInto('bookEdits')
      .values({ id: uuidv7(), bookId: absorbed.id, userId: adder.id, field: 'description', oldValue: 'a', newValue: 'b', editedAt: new Date().toISOString() })
      .execute()
    await insertReview(ctx.db, { bookId: absorbed.id, userId: reviewer.id, rating: 2, createdAt: new Date(Date.now() - 60_000) })
    await insertReview(ctx.db, { bookId: survivor.id, userId: reviewer.id, rating: 4 })
    const applied = await h.apply(mod.token, (await h.propose(adder.token, 'work', [absorbed.id, survivor.id]))._id)
    for (const gone of [adder, reviewer]) await h.ok('DELETE', '/api/users/me', gone.token, { password: TEST_PASSWORD })

    const reverted = await h.revert(mod.token, applied.merge!._id)
    expect(reverted).toMatchObject({ status: 'reverted', proposedBy: null })
    const book = (await h.call('GET', `/api/books/${absorbed.id}`)).json()
    expect(book).toMatchObject({ _id: absorbed.id, listed_by_username: null, totalReviews: 0 })
    expect((await h.call('GET', `/api/books/${absorbed.id}/history`)).json()).toMatchObject([{ field: 'description', editedBy: null }])
    expect((await h.call('GET', `/api/books/${survivor.id}`)).json()).toMatchObject({ totalReviews: 1, averageRating: 5 })
  })

  it('refuses to revert a merge while a later one involves its books, and not again once reverted', async () => {
    const h = helpers(ctx)
    const me = await signUp(ctx.app)
    const mod = await h.moderator()
    const [a, b, c] = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)]
    await insertReview(ctx.db, { bookId: c.id, rating: 5 })
    await insertReview(ctx.db, { bookId: c.id, rating: 5 })
    await insertReview(ctx.db, { bookId: b.id, rating: 4 })
    const first = await h.apply(mod.token, (await h.propose(me.token, 'work', [a.id, b.id]))._id)
    expect(first.survivorId).toBe(b.id)
    const second = await h.apply(mod.token, (await h.propose(me.token, 'work', [b.id, c.id]))._id)
    expect(second.survivorId).toBe(c.id)
    // The first book's old id follows both merges.
    expect((await h.call('GET', `/api/books/${a.id}`)).json()._id).toBe(c.id)
    expect((await h.call('POST', `/api/merges/${first.merge!._id}/revert`, mod.token)).json()).toEqual({ message: MERGE_MESSAGES.laterMerge, code: 'conflict' })
    await h.revert(mod.token, second.merge!._id)
    await h.revert(mod.token, first.merge!._id)
    for (const book of [a, b, c]) expect((await h.call('GET', `/api/books/${book.id}`)).json()._id).toBe(book.id)
    // A proposal whose book was merged away since cannot be applied.
    const stale = await h.propose(me.token, 'work', [a.id, c.id])
    await h.apply(mod.token, (await h.propose(me.token, 'work', [a.id, b.id]))._id)
    expect((await h.call('POST', `/api/merge-proposals/${stale._id}/apply`, mod.token)).json()).toEqual({ message: MERGE_MESSAGES.bookGone, code: 'conflict' })
  })
})

describeEachDialect('merges: an edition merge and its revert', (ctx) => {
  it('points readers of the absorbed edition at the one that stays; its id keeps answering; a revert gives back every answer', async () => {
    const h = helpers(ctx)
    const me = await signUp(ctx.app)
    const mod = await h.moderator()
    const work = await insertBook(ctx.db, { pageCount: 300 })
    const older = (await h.ok('POST', `/api/books/${work.id}/editions`, me.token, { format: 'paperback', isbn: '9780141439518', pageCount: 320 })).json()
      ._id as string
    const newer = (await h.ok('POST', `/api/books/${work.id}/editions`, me.token, { format: 'ebook', pageCount: 321, publisher: 'Penguin' })).json()
      ._id as string
    const readerOfNewer = await signUp(ctx.app)
    await h.ok('PUT', `/api/books/${work.id}/reading`, readerOfNewer.token, { editionId: newer, status: 'reading' })
    const snapshot = async () => ({
      work: (await h.call('GET', `/api/books/${work.id}`)).json(),
      older: (await h.call('GET', `/api/books/${older}`)).json(),
      newer: (await h.call('GET', `/api/books/${newer}`)).json(),
      editions: (await h.call('GET', `/api/books/${work.id}/editions`)).json(),
      entry: (await h.call('GET', `/api/books/${work.id}/reading`, readerOfNewer.token)).json(),
    })
    const before = await snapshot()

    const p = await h.propose(me.token, 'edition', [newer, older])
    expect(p.survivorId).toBe(older)
    const applied = await h.apply(mod.token, p._id)
    expect(applied.merge).toMatchObject({ survivorId: older, absorbedId: newer })
    expect((await h.call('GET', `/api/books/${newer}`)).json()).toMatchObject({ _id: work.id, editionId: older, pageCount: 320, editionCount: 2 })
    expect((await h.call('GET', `/api/books/${work.id}/editions`)).json().map((e: { _id: string }) => e._id)).toEqual([work.id, older])
    expect((await h.call('GET', `/api/books/${work.id}/reading`, readerOfNewer.token)).json().editionId).toBe(older)
    // Into the work's shown edition: the reader's entry names the shown edition (none).
    const other = await h.apply(mod.token, (await h.propose(me.token, 'edition', [work.id, older]))._id)
    expect(other.survivorId).toBe(work.id)
    expect((await h.call('GET', `/api/books/${work.id}/reading`, readerOfNewer.token)).json().editionId).toBeNull()
    expect((await h.call('GET', `/api/books/${newer}`)).json()).toMatchObject({ _id: work.id, editionId: work.id, pageCount: 300, editionCount: 1 })

    expect((await h.call('POST', `/api/merges/${applied.merge!._id}/revert`, mod.token)).json().message).toBe(MERGE_MESSAGES.laterMerge)
    await h.revert(mod.token, other.merge!._id)
    await h.revert(mod.token, applied.merge!._id)
    expect(await snapshot()).toEqual(before)
  })
})

describeEachDialect('merges: on every instance at once', (ctx) => {
  const other = anotherInstance(ctx)

  it('resolves an edition’s id to its work as a merge and its revert left it, whichever instance made them', async () => {
    const h = helpers(ctx)
    const me = await signUp(ctx.app)
    const mod = await h.moderator()
    const [absorbed, survivor] = [await insertBook(ctx.db), await insertBook(ctx.db)]
    await insertReview(ctx.db, { bookId: survivor.id, rating: 4 })
    const edition = (await h.ok('POST', `/api/books/${absorbed.id}/editions`, me.token, { format: 'ebook' })).json()._id as string
    const there = (method: Method, url: string, payload?: object) => other().inject({ method, url, headers: bearer(me.token), ...(payload ? { payload } : {}) })
    // The other instance has resolved the edition (and the old work's id) before the merge.
    expect((await there('GET', `/api/books/${edition}`)).json()._id).toBe(absorbed.id)
    expect((await there('PUT', `/api/books/${edition}/reading`, { status: 'want' })).json().bookId).toBe(absorbed.id)

    const applied = await h.apply(mod.token, (await h.propose(me.token, 'work', [absorbed.id, survivor.id]))._id)
    expect((await there('GET', `/api/books/${edition}`)).json()._id).toBe(survivor.id)
    expect((await there('GET', `/api/books/${edition}/reading`)).json()).toMatchObject({ bookId: survivor.id, status: 'want' })
    expect((await there('PUT', `/api/books/${absorbed.id}/reading`, { status: 'reading' })).json().bookId).toBe(survivor.id)

    await h.revert(mod.token, applied.merge!._id)
    expect((await there('GET', `/api/books/${absorbed.id}`)).json()._id).toBe(absorbed.id)
    expect((await there('GET', `/api/books/${absorbed.id}/reading`)).json()).toMatchObject({ bookId: absorbed.id, status: 'want' })
    expect((await there('PUT', `/api/books/${edition}/reading`, { status: 'read' })).json().bookId).toBe(absorbed.id)
    expect((await h.call('GET', `/api/books/${survivor.id}/reading`, me.token)).json().status).toBe('reading')
  })
})

describe('merges: the trusted reader', () => {
  it('is spelled in the contract the routes describe', () => {
    expect(MERGE_MESSAGES.cannotApply).toBe('Only a moderator or a trusted reader (an account at least 30 days old with at least 20 reviews) can apply a merge')
  })
})

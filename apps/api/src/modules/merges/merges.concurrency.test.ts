import { expect, it } from 'vitest'
import type { MergeProposal } from '@shelfwise/contracts'
import { runModeratorCommand } from '#/db/moderators.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertRead, insertReview, insertUser } from '../../../test/support/factories.ts'

// A merge and readers' own writes at the same moment (decision 0030): the merge locks the readers it
// will touch before the books, as every reader's write locks its reader first, so PostgreSQL never
// has to break a deadlock between them by aborting one (a reader's write answered 500 before). Neither
// the merge nor any reader's write fails, on either database.

const READERS = 150

describeEachDialect('merges: alongside readers’ writes', (ctx) => {
  it('applies and reverts while the absorbed book’s readers rate, review and shelve it; no call fails', { timeout: 120_000 }, async () => {
    const mod = await insertUser(ctx.db)
    expect((await runModeratorCommand(ctx.db, { action: 'add', email: mod.email })).ok).toBe(true)
    const kept = await insertBook(ctx.db)
    for (let i = 0; i < 20; i++) await insertReview(ctx.db, { bookId: kept.id, rating: 5 })
    const dup = await insertBook(ctx.db)
    const readers: Awaited<ReturnType<typeof insertUser>>[] = []
    for (let i = 0; i < READERS; i++) {
      const reader = await insertUser(ctx.db)
      await insertRead(ctx.db, reader.id, dup.id)
      if (i % 10 === 0) await insertReview(ctx.db, { bookId: dup.id, userId: reader.id, rating: 3 })
      readers.push(reader)
    }
    const call = (method: 'PUT' | 'POST', url: string, token: string, payload: object) => ctx.app.inject({ method, url, headers: bearer(token), payload })
    const proposal = (await call('POST', '/api/merge-proposals', mod.token, { kind: 'work', ids: [dup.id, kept.id] })).json() as MergeProposal
    expect(proposal.survivorId).toBe(kept.id)

    // Every reader writes about the absorbed book, through its old id, again and again while the merge runs.
    const statuses: number[] = []
    const failures: string[] = []
    let running = true
    const writer = async (reader: Awaited<ReturnType<typeof insertUser>>, i: number) => {
      for (let round = 0; (running && round < 40) || round < 2; round++) {
        const res =
          (i + round) % 3 === 0
            ? await call('PUT', `/api/books/${dup.id}/reading`, reader.token, { status: round % 2 ? 'reading' : 'read' })
            : (i + round) % 3 === 1 && i % 10 !== 0
              ? await call('PUT', `/api/books/${dup.id}/reading`, reader.token, { rating: 1 + ((i + round) % 5) })
              : await call('PUT', `/api/books/${dup.id}/shelves`, reader.token, { names: [`shelf ${round % 2}`] })
        statuses.push(res.statusCode)
        // A write that waited for the merge on the absorbed book finds it gone, as after a deletion
        // (decision 0030): 404 'Book not found', and the next one goes to the book that stayed.
        if (res.statusCode >= 300 && !(res.statusCode === 404 && res.json().message === 'Book not found')) failures.push(`${res.statusCode} ${res.body}`)
      }
    }
    const writers = readers.map((r, i) => writer(r, i))
    const applied = await call('POST', `/api/merge-proposals/${proposal._id}/apply`, mod.token, {})
    const reverted = await call('POST', `/api/merges/${(applied.json() as MergeProposal).merge?._id}/revert`, mod.token, {})
    running = false
    await Promise.all(writers)

    expect(applied.statusCode, applied.body).toBe(200)
    expect(reverted.statusCode, reverted.body).toBe(200)
    expect(failures).toEqual([])
    expect(statuses.length).toBeGreaterThanOrEqual(READERS * 2)
  })
})

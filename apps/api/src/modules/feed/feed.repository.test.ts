import { expect, it } from 'vitest'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertFollow, insertUser } from '../../../test/support/factories.ts'
import { queryPlan } from '../../../test/support/query-plan.ts'
import { sourceQueries } from '#/modules/feed/feed.repository.ts'

// Each of the followed feed's sources reads the people followed along its own per-writer time index,
// so a page costs a range seek per followed reader and not every row they ever wrote (the bench's
// feedreader follows 500 readers with 53,081 reads: on the (reader, book) index a page took seconds).
const INDEX_OF = {
  started: 'read_throughs_user_started_idx',
  finished: 'read_throughs_user_finished_at_idx',
  dnf: 'read_throughs_user_stopped_idx',
  review: 'reviews_user_created_idx',
  comment: 'review_comments_user_created_idx',
  discussion: 'discussions_user_created_idx',
} as const

describeEachDialect('the followed feed’s sources', (ctx) => {
  it('each reads its per-writer time index (SQLite), an index at least (PostgreSQL, which picks by table size)', async () => {
    const [me, ann] = [await insertUser(ctx.db), await insertUser(ctx.db)]
    await insertFollow(ctx.db, me.id, ann.id)
    const queries = sourceQueries(ctx.db, me.id, 21)
    expect(queries.map((q) => q.type).sort()).toEqual(Object.keys(INDEX_OF).sort())
    for (const { type, compiled } of queries) {
      const plan = await queryPlan(ctx.db, ctx.dialect, compiled)
      // SQLite plans by rules, the same on a test table as at 100k rows: without a time bound it chose
      // the (reader, book) index. PostgreSQL costs by statistics, so on a test table only "an index
      // can serve it" is meaningful; its choice at size is read with `npm run bench -- --explain`.
      if (ctx.dialect === 'sqlite') expect(plan, `${type}:\n${plan}`).toContain(INDEX_OF[type as keyof typeof INDEX_OF])
      else expect(plan, `${type}:\n${plan}`).not.toMatch(/Seq Scan on (read_throughs|reviews|review_comments|discussions) /)
    }
  })
})

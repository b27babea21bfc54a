import { afterAll, beforeAll, expect, it } from 'vitest'
import type { KyselyPlugin } from 'kysely'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'
import type { Db } from '#/db/portable.ts'
import { blockedAmong, isBlockedBetween } from '#/modules/safety/safety.service.ts'
import { createNotificationsService, type NotificationsService } from '#/modules/notifications/notifications.service.ts'

// A reply told to a thread's participants at once (notifyMany, decision 0052): the same rows as
// notify called for each, in a bounded number of statements.

type Reader = Awaited<ReturnType<typeof insertUser>>

/** Counts the statements a transaction runs through it. */
const counting = (trx: Db) => {
  const counter = { n: 0 }
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.n++
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return { trx: trx.withPlugin(plugin), counter }
}

describeEachDialect('notifications: a fan-out at once', (ctx) => {
  let svc: NotificationsService
  let actor: Reader
  let other: Reader
  let bookId: string
  const made = (n: number) => Promise.all(Array.from({ length: n }, () => insertUser(ctx.db)))

  beforeAll(async () => {
    // Wired as services.ts wires it: blocks either way refuse.
    svc = createNotificationsService({
      db: ctx.db,
      databaseUrl: ctx.config.databaseUrl,
      canNotify: async (trx, recipientId, actorId) => !(await isBlockedBetween(trx, recipientId, actorId)),
      refusedAmong: (trx, actorId, ids) => blockedAmong(trx, actorId, ids),
    })
    ;[actor, other] = (await made(2)) as [Reader, Reader]
    bookId = (await insertBook(ctx.db, { title: 'Middlemarch' })).id
  })
  afterAll(async () => {
    await svc.live.close()
  })

  const target = (id: string) => ({ type: 'discussion' as const, id, bookId })
  const tell = (recipientId: string, id: string, actorId: string) =>
    ctx.db.transaction().execute((trx) => svc.notify(trx, { recipientId, type: 'discussion_reply', actorId, target: target(id) }))

  /**
   * Readers in every situation a fan-out meets, the same for two targets: new to it; in an unread
   * group with another actor; in an unread group the actor is already in; with a read group only;
   * the kind turned off; blocking the actor; blocked by the actor.
   */
  async function situation(id: string, people: Reader[]) {
    const [fresh, joined, already, read, off, blocking, blocked] = people as [Reader, Reader, Reader, Reader, Reader, Reader, Reader]
    await tell(joined.id, id, other.id)
    await tell(already.id, id, actor.id)
    await tell(read.id, id, other.id)
    await ctx.db.updateTable('notifications').set({ readAt: new Date().toISOString() }).where('userId', '=', read.id).where('targetId', '=', id).execute()
    return { fresh, joined, already, read, off, blocking, blocked }
  }

  /** What each reader has about a target: kind, count, read or not, who, the title; and whether it moved since `since`. */
  async function snapshot(id: string, people: Reader[], since: string) {
    const rows = await ctx.db
      .selectFrom('notifications')
      .select(['id', 'userId', 'type', 'actorCount', 'readAt', 'title', 'updatedAt', 'bookId', 'parentId', 'targetType'])
      .where('targetId', '=', id)
      .execute()
    const actors = await ctx.db
      .selectFrom('notificationActors')
      .select(['notificationId', 'actorId'])
      .where('notificationId', 'in', rows.map((r) => r.id).concat(['-']))
      .execute()
    return people.map((p, i) =>
      rows
        .filter((r) => r.userId === p.id)
        .map((r) => ({
          who: i,
          type: r.type,
          count: Number(r.actorCount),
          read: r.readAt !== null,
          title: r.title,
          bookId: r.bookId,
          parentId: r.parentId,
          targetType: r.targetType,
          moved: new Date(r.updatedAt).toISOString() > since,
          actors: actors
            .filter((a) => a.notificationId === r.id)
            .map((a) => (a.actorId === actor.id ? 'actor' : a.actorId === other.id ? 'other' : a.actorId))
            .sort(),
        }))
        .sort((a, b) => Number(a.read) - Number(b.read)),
    )
  }

  it('writes exactly what notify for each would: recipients, grouping, settings, blocks, the actor', async () => {
    const one = crypto.randomUUID()
    const two = crypto.randomUUID()
    const people = await made(7)
    const s1 = await situation(one, people)
    await situation(two, people)
    await ctx.db.insertInto('notificationSettings').values({ userId: s1.off.id, type: 'discussion_reply' }).execute()
    const at = new Date().toISOString()
    await ctx.db.insertInto('blocks').values({ blockerId: s1.blocking.id, blockedId: actor.id, createdAt: at }).execute()
    await ctx.db.insertInto('blocks').values({ blockerId: actor.id, blockedId: s1.blocked.id, createdAt: at }).execute()
    await new Promise((r) => setTimeout(r, 5))
    const since = new Date().toISOString()
    await new Promise((r) => setTimeout(r, 5))
    // The actor themself and a reader named twice are in the list, as a thread's participants can be.
    const ids = [actor.id, ...people.map((p) => p.id), s1.fresh.id]
    await ctx.db.transaction().execute(async (trx) => {
      for (const recipientId of ids) await svc.notify(trx, { recipientId, type: 'discussion_reply', actorId: actor.id, target: target(one) })
    })
    await ctx.db.transaction().execute((trx) => svc.notifyMany(trx, { recipientIds: ids, type: 'discussion_reply', actorId: actor.id, target: target(two) }))
    const before = await snapshot(one, people, since)
    const after = await snapshot(two, people, since)
    expect(after).toEqual(before)
    // And what that is, spelled out.
    expect(after.map((groups) => groups.map((g) => [g.count, g.read, g.moved, g.actors.join('+')]))).toEqual([
      [[1, false, true, 'actor']],
      [[2, false, true, 'actor+other']],
      [[1, false, false, 'actor']],
      [
        [1, false, true, 'actor'],
        [1, true, false, 'other'],
      ],
      [],
      [],
      [],
    ])
    expect(after[0]![0]).toMatchObject({ title: 'Middlemarch', bookId, parentId: null, targetType: 'discussion' })
    expect(await ctx.db.selectFrom('notifications').select('id').where('userId', '=', actor.id).execute()).toEqual([])
  })

  it('runs the same few statements for 3 recipients as for 200', async () => {
    const few = await made(3)
    const many = await made(200)
    const statements = async (people: Reader[]) => {
      const id = crypto.randomUUID()
      // Half of them already have an unread group on the thread.
      for (const p of people.slice(0, Math.ceil(people.length / 2))) await tell(p.id, id, other.id)
      return ctx.db.transaction().execute(async (t) => {
        const { trx, counter } = counting(t)
        await svc.notifyMany(trx, { recipientIds: people.map((p) => p.id), type: 'discussion_reply', actorId: actor.id, target: target(id) })
        return counter.n
      })
    }
    const small = await statements(few)
    const large = await statements(many)
    expect(large).toBe(small)
    // Blocks either way (2), settings, the book's title, groups made, groups read, actor joins, counts;
    // PostgreSQL's live signals one more. notify for each ran about six per recipient.
    expect(large).toBe(ctx.dialect === 'postgres' ? 9 : 8)
    expect(
      await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where(
          'userId',
          'in',
          many.map((p) => p.id),
        )
        .execute(),
    ).toHaveLength(200)
  })

  it('tells each told reader’s live streams after the commit, and nobody refused', async () => {
    const [told, refused] = await made(2)
    await ctx.db.insertInto('blocks').values({ blockerId: refused!.id, blockedId: actor.id, createdAt: new Date().toISOString() }).execute()
    const got = new Map<string, string[]>()
    const stops = [told!, refused!].map((p) =>
      svc.live.subscribe(p.id, (signal) => {
        if (signal.kind === 'changed') got.set(p.id, [...(got.get(p.id) ?? []), signal.id])
      }),
    )
    await svc.live.ready()
    const id = crypto.randomUUID()
    await ctx.db
      .transaction()
      .execute((trx) => svc.notifyMany(trx, { recipientIds: [told!.id, refused!.id], type: 'discussion_reply', actorId: actor.id, target: target(id) }))
    const group = await ctx.db.selectFrom('notifications').select('id').where('userId', '=', told!.id).where('targetId', '=', id).executeTakeFirstOrThrow()
    const until = Date.now() + 2000
    while (!got.has(told!.id) && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    expect(got.get(told!.id)?.[0]).toBe(group.id)
    expect(got.has(refused!.id)).toBe(false)
    for (const stop of stops) stop()
  })
})

import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertFollow as insertFollowRow, insertUser } from '../../../test/support/factories.ts'
import {
  deleteFollow,
  escapeLike,
  findFollowCounts,
  findUserByUsername,
  findUsernameOwner,
  insertFollow,
  listFollowPeople,
} from '#/modules/users/users.repository.ts'

describe('escapeLike', () => {
  it('escapes %, _ and the escape character itself, and nothing else', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now')
    expect(escapeLike('plain text')).toBe('plain text')
  })
})

describeEachDialect('users.repository', (ctx) => {
  it('insertFollow twice keeps one row and never throws; deleteFollow tells whether there was one', async () => {
    const [a, b] = [await insertUser(ctx.db), await insertUser(ctx.db)]
    const now = new Date().toISOString()
    await insertFollow(ctx.db, a.id, b.id, now)
    await insertFollow(ctx.db, a.id, b.id, now)
    expect(await findFollowCounts(ctx.db, b.id)).toEqual({ followers: 1, following: 0 })
    expect(await deleteFollow(ctx.db, a.id, b.id)).toBe(true)
    expect(await deleteFollow(ctx.db, a.id, b.id)).toBe(false)
    expect(await findFollowCounts(ctx.db, b.id)).toEqual({ followers: 0, following: 0 })
  })

  it('findFollowCounts is undefined for an unknown user', async () => {
    expect(await findFollowCounts(ctx.db, uuidv7())).toBeUndefined()
  })

  it('finds a username owner in any letter case', async () => {
    const u = await insertUser(ctx.db, { username: `Owner_${Date.now().toString(36)}` })
    expect(await findUsernameOwner(ctx.db, u.username.toUpperCase())).toBe(u.id)
    expect((await findUserByUsername(ctx.db, u.username.toLowerCase()))?.id).toBe(u.id)
    expect(await findUsernameOwner(ctx.db, `${u.username}x`)).toBeUndefined()
  })

  it('listFollowPeople continues strictly after a keyset, through equal timestamps', async () => {
    const u = await insertUser(ctx.db)
    const same = '2025-03-01T10:00:00.000Z'
    const fans = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
    for (const f of fans) await insertFollowRow(ctx.db, f.id, u.id, same)
    const all = await listFollowPeople(ctx.db, { userId: u.id, side: 'followers', viewerId: undefined })
    // Equal times fall back to the person's id, newest (largest) first.
    expect(all.map((p) => p._id)).toEqual(
      fans
        .map((f) => f.id)
        .sort()
        .reverse(),
    )
    expect(all.every((p) => p.followedAt === same)).toBe(true)
    const rest = await listFollowPeople(ctx.db, { userId: u.id, side: 'followers', viewerId: undefined, after: { followedAt: same, id: all[0]!._id } })
    expect(rest.map((p) => p._id)).toEqual(all.slice(1).map((p) => p._id))
    const page = await listFollowPeople(ctx.db, {
      userId: u.id,
      side: 'followers',
      viewerId: undefined,
      limit: 1,
      after: { followedAt: same, id: all[1]!._id },
    })
    expect(page.map((p) => p._id)).toEqual([all[2]!._id])
  })
})

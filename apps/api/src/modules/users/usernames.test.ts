import { describe, expect, it } from 'vitest'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { queryPlan } from '../../../test/support/query-plan.ts'
import { findLookalikeUsername } from '#/modules/users/users.repository.ts'
import { isReservedUsername, lookalikeSkeletons, lookalikeUsername, USERNAME_SKELETON_SQL, usernameSkeleton } from '#/modules/users/usernames.ts'

describe('username skeletons', () => {
  it.each([
    ['dem0', 'demo'],
    ['demo.', 'demo'],
    ['D-e_M.o', 'demo'],
    ['DEMO', 'demo'],
    ['Ada_Lovelace', 'ada.lovelace'],
    ['al1ce', 'alice'],
    ['AIice', 'alice'],
    ['modern', 'rnodern'],
    ['wendy', 'vvendy'],
    ['b0b', 'bob'],
  ])('"%s" looks like "%s"', (a, b) => {
    expect(usernameSkeleton(a)).toBe(usernameSkeleton(b))
  })

  it.each([
    ['demo', 'demos'],
    ['maya_reads', 'maya_read'],
    ['tomas.h', 'tomas.j'],
    ['anna', 'anne'],
  ])('"%s" does not look like "%s"', (a, b) => {
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b))
  })
})

describe('look-alikes of a taken name', () => {
  it.each([
    ['rn4ya_reads', 'maya_reads'],
    ['m4ya_r3ads', 'maya_reads'],
    ['maya_reads1', 'maya_reads'],
    ['Maya.Reads_2024', 'maya_reads'],
    ['rn4ya-reads-7', 'maya_reads'],
    ['jennifer2', 'jennifer'],
    ['sh3lf_l0ver', 'shelf_lover'],
  ])('"%s" is checked as "%s"', (asked, taken) => {
    expect(lookalikeSkeletons(asked)).toContain(usernameSkeleton(taken))
  })

  it.each([
    // A common first name with a number is how people find a free name.
    ['emma2', 'emma'],
    ['michael1990', 'michael'],
    ['ada_7', 'ada'],
    // Digits that are not between letters are a number, not letters.
    ['reader47', 'readerat'],
    ['maya_4_reads', 'maya_a_reads'],
    // One way only: the first reader keeps their name.
    ['maya_reads', 'maya_reads1'],
    ['maya_reader', 'maya_reads'],
  ])('"%s" is not checked as "%s"', (asked, taken) => {
    expect(lookalikeSkeletons(asked)).not.toContain(usernameSkeleton(taken))
  })
})

describe('reserved usernames', () => {
  it.each([
    'admin',
    'Admin',
    'ADMIN',
    'adm1n',
    'admin_',
    'admin2',
    'admin-01',
    'root',
    'support',
    'support_team',
    'helpdesk',
    'help',
    'moderator',
    'Mod',
    'shelfwise',
    'ShelfWise',
    'shelf-wise',
    'shelfw1se_fan',
    'the_shelfwise_team',
    'SHELFW1SE',
    'system',
    'api',
    'noreply',
    'no-reply',
    'official',
    'staff',
    'security',
    'team.support',
    'root.admin',
  ])('"%s" is reserved', (name) => {
    expect(isReservedUsername(name)).toBe(true)
  })

  it.each(['demo', 'maya_reads', 'rootbeer', 'badminton_fan', 'helper', 'supportive', 'modesty', 'ada', 'anne_marie', '123', 'team_rocket_fan'])(
    '"%s" is free to take',
    (name) => {
      expect(isReservedUsername(name)).toBe(false)
    },
  )
})

describeEachDialect('usernames in the database', (ctx) => {
  const names = ['Dem0', 'demo.', 'D-e_M.o', 'AIice', 'al1ce', 'modern', 'vvendy', 'Ada_Lovelace', 'x.y_z-w', 'rnrn', 'IiL10O']

  it('works out the same skeleton in SQL as in the server, on this database', async () => {
    const users = await Promise.all(names.map((n) => insertUser(ctx.db, { username: `${n}${Math.random().toString(36).slice(2, 6)}` })))
    const rows = await ctx.db
      .selectFrom('users')
      .select(['username', USERNAME_SKELETON_SQL.as('skeleton')])
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .execute()
    expect(rows).toHaveLength(names.length)
    for (const r of rows) expect(r.skeleton, r.username).toBe(usernameSkeleton(r.username))
  })

  it('refuses with 409 a name that is a taken one with look-alike digits or a number after it, and takes a short name with a number', async () => {
    const stamp = Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)
    const register = (username: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Maya', username, email: `${username.toLowerCase()}@example.test`, password: TEST_PASSWORD, userType: 'Reader' },
      })
    const taken = `maya_reads_${stamp}`
    expect((await register(taken)).statusCode).toBe(201)
    for (const asked of [`rn4ya_reads_${stamp}`, `${taken}1`, `${taken}_2024`, `m4ya.r3ads.${stamp}7`]) {
      const res = await register(asked)
      expect(res.statusCode, asked).toBe(409)
      expect(res.json()).toEqual({ message: lookalikeUsername(taken), code: 'conflict' })
    }
    const short = `em${stamp.slice(-3)}`
    expect((await register(short)).statusCode).toBe(201)
    expect((await register(`${short}2`)).statusCode).toBe(201)
  })

  it('finds a look-alike of a taken name through the skeleton index, the asker’s own name aside', async () => {
    const taken = await insertUser(ctx.db, { username: `lookalike_${Date.now().toString(36)}` })
    const asked = taken.username.replace('o', '0').replace('_', '.').toUpperCase()
    expect(await findLookalikeUsername(ctx.db, usernameSkeleton(asked), undefined)).toBe(taken.username)
    expect(await findLookalikeUsername(ctx.db, usernameSkeleton(asked), taken.id)).toBeUndefined()
    expect(await findLookalikeUsername(ctx.db, usernameSkeleton(`${asked}x`), undefined)).toBeUndefined()

    const compiled = ctx.db.selectFrom('users').select('username').where(USERNAME_SKELETON_SQL, '=', 'x').limit(1).compile()
    const plan = await queryPlan(ctx.db, ctx.dialect, compiled)
    expect(plan).toMatch(/users_username_skeleton_idx/)
  })
})

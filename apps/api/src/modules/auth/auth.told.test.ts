import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { anotherInstance, createTestContext, testDialects, until, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'

// A sign-in's check is kept until the database tells that its token or its reader's tokens changed
// (decision 0064, "Sign-ins"): a warm signed-in call sends no statement for its token, and a logout,
// a password change or a closed account refuses the token on this instance's very next call and on
// another instance's within the channel's delivery (milliseconds; the test allows a second).

/** A signed-in call's status on an app. */
const statusOn = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: '/api/me/muted-words', headers: bearer(token) })).statusCode

for (const dialect of testDialects()) {
  describe(`sign-ins told by the database [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let statements: string[] = []
    beforeAll(async () => {
      ctx = await createTestContext(dialect, {}, { onQuery: (text) => statements.push(text) })
    })
    afterAll(async () => ctx.close())

    /** Calls until a call sends no statement about its token: the first reads it, and one told meanwhile may still be arriving. */
    const warm = async (token: string) => {
      for (let i = 0; i < 50; i++) {
        statements = []
        expect(await statusOn(ctx.app, token)).toBe(200)
        if (!statements.some((s) => s.includes('revoked_tokens'))) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error('every call read its token again')
    }

    it('checks a warm token without a statement, and refuses it on the very next call once logged out', async () => {
      const reader = await insertUser(ctx.db)
      await warm(reader.token)
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(reader.token) })
      expect(out.statusCode, out.body).toBe(204)
      expect(await statusOn(ctx.app, reader.token)).toBe(401)
    })

    it('refuses every earlier token after a password change, and keeps the token that made it and the new one', async () => {
      const reader = await insertUser(ctx.db)
      const other = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reader.email, password: TEST_PASSWORD } })
      const otherToken = (other.json() as { token: string }).token
      await warm(reader.token)
      await warm(otherToken)
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        headers: bearer(reader.token),
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-quite-different-one-42' },
      })
      expect(changed.statusCode, changed.body).toBe(200)
      expect(await statusOn(ctx.app, otherToken)).toBe(401)
      expect(await statusOn(ctx.app, reader.token)).toBe(200)
      expect(await statusOn(ctx.app, (changed.json() as { token: string }).token)).toBe(200)
    })

    it('refuses the token of an account removed by any code path (its row deleted) on the next call', async () => {
      const reader = await insertUser(ctx.db)
      await warm(reader.token)
      await ctx.db.deleteFrom('users').where('id', '=', reader.id).execute()
      expect(await statusOn(ctx.app, reader.token)).toBe(401)
    })

    if (dialect !== 'postgres') return

    describe('another instance on the same database', () => {
      const otherApp = anotherInstance(() => ctx, { ownConnections: true })

      it('refuses a token logged out through this one within a second', async () => {
        const reader = await insertUser(ctx.db)
        await warm(reader.token)
        expect(await statusOn(otherApp(), reader.token)).toBe(200)
        const out = await otherApp().inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(reader.token) })
        expect(out.statusCode, out.body).toBe(204)
        expect(await until(async () => (await statusOn(ctx.app, reader.token)) === 401)).toBe(true)
      })

      it('refuses every earlier token of a reader whose password was changed there within a second', async () => {
        const reader = await insertUser(ctx.db)
        const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reader.email, password: TEST_PASSWORD } })
        const earlier = (login.json() as { token: string }).token
        await warm(earlier)
        const changed = await otherApp().inject({
          method: 'PUT',
          url: '/api/users/password',
          headers: bearer(reader.token),
          payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-quite-different-one-42' },
        })
        expect(changed.statusCode, changed.body).toBe(200)
        expect(await until(async () => (await statusOn(ctx.app, earlier)) === 401)).toBe(true)
      })
    })
  })
}

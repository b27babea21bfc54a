import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CreatedTokenSchema } from '@shelfwise/contracts'
import { anotherInstance, createTestContext, testDialects, until, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertUser } from '../../../test/support/factories.ts'

// A personal access token's row is kept until the database tells it changed (decision 0064): a warm
// token's request reads nothing about it, and a revocation through any instance refuses the very next
// request here (another instance's within the channel's delivery).

for (const dialect of testDialects()) {
  describe(`personal access tokens told by the database [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let statements: string[] = []
    beforeAll(async () => {
      ctx = await createTestContext(dialect, {}, { onQuery: (text) => statements.push(text) })
    })
    afterAll(async () => ctx.close())

    const makeToken = async (app: FastifyInstance, session: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/me/tokens',
        headers: bearer(session),
        payload: { name: 'e-reader', scopes: ['read'], expiresInDays: 7 },
      })
      expect(res.statusCode, res.body).toBe(201)
      return CreatedTokenSchema.parse(res.json())
    }
    /** The status of a request with the token, and whether it read the token's row. */
    const use = async (token: string) => {
      statements = []
      const res = await ctx.app.inject({ url: '/api/users/me', headers: bearer(token) })
      return { status: res.statusCode, readRow: statements.some((s) => /from "personal_tokens"/.test(s)) }
    }

    it('reads a warm token’s row no more, and refuses it on the request right after its revocation', async () => {
      const reader = await insertUser(ctx.db)
      const made = await makeToken(ctx.app, reader.token)
      expect(await use(made.token)).toEqual({ status: 200, readRow: true })
      expect(
        await until(async () => {
          const again = await use(made.token)
          return again.status === 200 && !again.readRow
        }),
      ).toBe(true)
      const revoked = await ctx.app.inject({ method: 'DELETE', url: `/api/me/tokens/${made._id}`, headers: bearer(reader.token) })
      expect(revoked.statusCode).toBe(204)
      expect((await use(made.token)).status).toBe(401)
    })

    it('refuses a warm token once its reader’s account is gone (the tokens go with it)', async () => {
      const reader = await insertUser(ctx.db)
      const made = await makeToken(ctx.app, reader.token)
      expect(await until(async () => !(await use(made.token)).readRow)).toBe(true)
      await ctx.db.deleteFrom('users').where('id', '=', reader.id).execute()
      expect((await use(made.token)).status).toBe(401)
    })

    if (dialect !== 'postgres') return

    describe('another instance on the same database', () => {
      const otherApp = anotherInstance(() => ctx, { ownConnections: true })

      it('refuses here, within a second, a warm token revoked through the other', async () => {
        const reader = await insertUser(ctx.db)
        const made = await makeToken(ctx.app, reader.token)
        expect(await until(async () => !(await use(made.token)).readRow)).toBe(true)
        const revoked = await otherApp().inject({ method: 'DELETE', url: `/api/me/tokens/${made._id}`, headers: bearer(reader.token) })
        expect(revoked.statusCode).toBe(204)
        expect(await until(async () => (await use(made.token)).status === 401)).toBe(true)
      })
    })
  })
}

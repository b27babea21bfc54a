import { expect } from 'vitest'
import type { z } from 'zod'
import type { TestContext } from './context.ts'
import { bearer } from './factories.ts'

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE'

/**
 * A request as a client sends it: with the reader's bearer token when one is given, and the JSON
 * body when one is given. Reads ctx.app at call time, so a suite can make it at collection time.
 */
export const callerOf = (ctx: Pick<TestContext, 'app'>) => (method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })

/**
 * A request that must answer `status` (the body is shown when it does not), its JSON read by
 * `schema`: the shape of most calls a suite makes for its setup and its checks.
 */
export const answerOf =
  (ctx: Pick<TestContext, 'app'>) =>
  async <S extends z.ZodType>(status: number, schema: S, method: Method, url: string, token?: string, payload?: object): Promise<z.output<S>> => {
    const res = await callerOf(ctx)(method, url, token, payload)
    expect(res.statusCode, res.body).toBe(status)
    return schema.parse(res.json())
  }

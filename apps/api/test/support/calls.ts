import type { TestContext } from './context.ts'
import { bearer } from './factories.ts'

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE'

/**
 * A request as a client sends it: with the reader's bearer token when one is given, and the JSON
 * body when one is given. Reads ctx.app at call time, so a suite can make it at collection time.
 */
export const callerOf = (ctx: Pick<TestContext, 'app'>) => (method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })

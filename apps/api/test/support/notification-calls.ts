import { expect } from 'vitest'
import { NotificationListSchema, type Notification } from '@shelfwise/contracts'
import { callerOf, type Method } from './calls.ts'
import type { TestContext } from './context.ts'

/** A reader's calls for the suites that watch notifications come and go (sent with the reader's token). */
export const notificationCallsOf = (ctx: Pick<TestContext, 'app'>) => {
  const call = callerOf(ctx)
  return {
    call,
    /** Sends and expects a 2xx; answers the body (undefined when there is none). */
    async ok(method: Exclude<Method, 'GET'>, url: string, token: string, payload?: object) {
      const res = await call(method, url, token, payload)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
      return res.body ? res.json() : undefined
    },
    /** The reader's notifications, the first 100, as the contract reads them. */
    async list(token: string): Promise<Notification[]> {
      const res = await call('GET', '/api/me/notifications?limit=100', token)
      expect(res.statusCode).toBe(200)
      return NotificationListSchema.parse(res.json())
    },
    /** How many of the reader's notifications are unread. */
    unread: async (token: string): Promise<number> => (await call('GET', '/api/me/notifications/unread-count', token)).json().count,
  }
}

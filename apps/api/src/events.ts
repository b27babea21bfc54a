import type { WebhookEvent } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'

// What happened to a reader's data, told by the module that changed it (issue 25, decision 0048).
// `emit` runs in the change's own transaction, so an event is kept exactly when the change is (the
// outbox): whoever listens (webhooks now, notifications later) works from what was written.

export interface Events {
  /** Records that `event` happened to `userId`'s data, with `data` for its listeners, in the caller's transaction. */
  emit(trx: Db, userId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<void>
}

/** Nobody listens: for services built without listeners (tests of one module). */
export const noEvents: Events = { emit: async () => {} }

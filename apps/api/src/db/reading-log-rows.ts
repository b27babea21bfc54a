import { v7 as uuidv7 } from 'uuid'
import type { Insertable } from 'kysely'
import type { ReadThroughsTable } from '#/db/schema.ts'

/**
 * The read a spec-era "marked as read" stands for (decision 0018): finished on the day it was marked,
 * with no start. For writers of rows outside the reading service: the demo seed and the test factories
 * (the migration that moved old rows spells the same in its own, frozen, SQL).
 */
export function readFinishedAt(userId: string, bookId: string, at: string): Insertable<ReadThroughsTable> {
  return {
    id: uuidv7(),
    userId,
    bookId,
    startedOn: null,
    finishedOn: at.slice(0, 10),
    stoppedOn: null,
    outcome: 'finished',
    finishedAt: at,
    progressPage: null,
    progressPercent: null,
    progressMinutes: null,
    removedAt: null,
    createdAt: at,
    updatedAt: at,
  }
}

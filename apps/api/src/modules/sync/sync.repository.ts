import type { SyncInboxItem, SyncSettings } from '@shelfwise/contracts'
import { rowCount, toIso, type Db } from '#/db/portable.ts'
import { newestById } from '#/db/keyset.ts'

// The sync inbox and the answers kept for idempotency keys (decision 0047).

export type IdentifierKind = SyncInboxItem['kind']

/** What an inbox row keeps of the last sync that named its book. */
export interface KeptPosition {
  percent: number | null
  finished: boolean
  /** The whole sync as sent (the book's name aside), to apply once the reader binds it. */
  sync: Record<string, unknown>
}

interface InboxRow {
  id: string
  kind: IdentifierKind
  identifier: string
  device: string | null
  payload: string
  bookId: string | null
  createdAt: string | Date
  updatedAt: string | Date
}

const toItem = (row: InboxRow): SyncInboxItem => {
  const kept = JSON.parse(row.payload) as KeptPosition
  return {
    _id: row.id,
    kind: row.kind,
    identifier: row.identifier,
    device: row.device,
    percent: kept.percent,
    finished: kept.finished,
    firstSeenAt: toIso(row.createdAt),
    lastSeenAt: toIso(row.updatedAt),
  }
}

const COLUMNS = ['id', 'kind', 'identifier', 'device', 'payload', 'bookId', 'createdAt', 'updatedAt'] as const

/** The book a reader bound an identifier to, if they did. */
export async function findBoundBook(db: Db, userId: string, kind: IdentifierKind, identifier: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('syncInbox')
    .select('bookId')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('identifier', '=', identifier)
    .executeTakeFirst()
  return row?.bookId ?? undefined
}

/** Files (or refreshes) an unplaced book in the reader's inbox with the last position; answers its id. */
export async function upsertInboxItem(
  db: Db,
  row: { id: string; userId: string; kind: IdentifierKind; identifier: string; device: string | null; payload: string; at: string },
): Promise<string> {
  await db
    .insertInto('syncInbox')
    .values({
      id: row.id,
      userId: row.userId,
      kind: row.kind,
      identifier: row.identifier,
      device: row.device,
      payload: row.payload,
      bookId: null,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'identifier']).doUpdateSet({ device: row.device, payload: row.payload, updatedAt: row.at }))
    .execute()
  const found = await db
    .selectFrom('syncInbox')
    .select('id')
    .where('userId', '=', row.userId)
    .where('kind', '=', row.kind)
    .where('identifier', '=', row.identifier)
    .executeTakeFirstOrThrow()
  return found.id
}

/** One of the reader's inbox rows (bound or not), or undefined. */
export async function findInboxRow(db: Db, userId: string, id: string) {
  const row = await db.selectFrom('syncInbox').select(COLUMNS).where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  return row && { ...toItem(row), bookId: row.bookId, kept: JSON.parse(row.payload) as KeptPosition }
}

export async function bindInboxRow(db: Db, userId: string, id: string, bookId: string, at: string): Promise<void> {
  await db.updateTable('syncInbox').set({ bookId, updatedAt: at }).where('id', '=', id).where('userId', '=', userId).execute()
}

/** The reader's unbound inbox rows, newest first, `limit` after `afterId`. */
export async function listInbox(db: Db, userId: string, afterId: string | undefined, limit: number): Promise<SyncInboxItem[]> {
  const q = db.selectFrom('syncInbox').select(COLUMNS).where('userId', '=', userId).where('bookId', 'is', null)
  return (await newestById(q, afterId, limit).execute()).map(toItem)
}

export const countInbox = (db: Db, userId: string): Promise<number> =>
  rowCount(db.selectFrom('syncInbox').where('userId', '=', userId).where('bookId', 'is', null))

/** The answer kept for a reader's idempotency key, if any. */
export async function findSyncRequest(db: Db, userId: string, key: string) {
  return db.selectFrom('syncRequests').select(['requestHash', 'answer']).where('userId', '=', userId).where('idempotencyKey', '=', key).executeTakeFirst()
}

/** Keeps an answer for a key (a key kept already wins: false), forgetting the reader's keys older than `forgetBefore`. */
export async function insertSyncRequest(
  db: Db,
  row: { userId: string; idempotencyKey: string; requestHash: string; answer: string; createdAt: string },
  forgetBefore: string,
): Promise<boolean> {
  await db.deleteFrom('syncRequests').where('userId', '=', row.userId).where('createdAt', '<', forgetBefore).execute()
  const res = await db
    .insertInto('syncRequests')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'idempotencyKey']).doNothing())
    .executeTakeFirst()
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0
}

/** What KOReader last reported of a document, for GET /kosync/syncs/progress. */
export async function findKosyncProgress(db: Db, userId: string, document: string) {
  const row = await db
    .selectFrom('kosyncProgress')
    .select(['document', 'progress', 'percentage', 'device', 'deviceId', 'timestamp'])
    .where('userId', '=', userId)
    .where('document', '=', document)
    .executeTakeFirst()
  return row && { ...row, percentage: Number(row.percentage), timestamp: Number(row.timestamp) }
}

export async function upsertKosyncProgress(
  db: Db,
  row: { userId: string; document: string; progress: string; percentage: number; device: string; deviceId: string | null; timestamp: number },
): Promise<void> {
  const { userId: _u, document: _d, ...changes } = row
  await db
    .insertInto('kosyncProgress')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'document']).doUpdateSet(changes))
    .execute()
}

/** The reader's sync settings: the defaults while they have no row. */
export async function findSyncSettings(db: Db, userId: string): Promise<SyncSettings> {
  const row = await db.selectFrom('syncSettings').select('finishAtEnd').where('userId', '=', userId).executeTakeFirst()
  return { finishAtEnd: Number(row?.finishAtEnd ?? 0) === 1 }
}

/** Keeps the reader's sync settings. */
export async function upsertSyncSettings(db: Db, userId: string, settings: SyncSettings, at: string): Promise<void> {
  const finishAtEnd = settings.finishAtEnd ? 1 : 0
  await db
    .insertInto('syncSettings')
    .values({ userId, finishAtEnd, updatedAt: at })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ finishAtEnd, updatedAt: at }))
    .execute()
}

import type { ExpressionBuilder, Insertable, Selectable } from 'kysely'
import type { MergeKind, MergeOrigin, MergeStatus } from '@shelfwise/contracts'
import { lockedForUpdate, rowCount, toIso, type Db, type RowOf } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'

// Merge proposals and the merges applied from them (decision 0030). What a merge moved is kept as
// the doors answered it (JSON): this module never reads another module's tables through it.

export interface ProposalRow {
  id: string
  kind: MergeKind
  firstId: string
  secondId: string
  status: MergeStatus
  origin: MergeOrigin
  proposedBy: { _id: string; username: string } | null
  createdAt: string
}

export interface MergeRow {
  id: string
  proposalId: string
  kind: MergeKind
  survivorId: string
  absorbedId: string
  workId: string
  appliedAt: string
  appliedBy: { _id: string; username: string } | null
  revertedAt: string | null
  revertedBy: { _id: string; username: string } | null
}

const person = (id: string | null, username: string | null) => (id && username ? { _id: id, username } : null)

const selectProposals = (db: Db) =>
  db
    .selectFrom('mergeProposals as p')
    .leftJoin('users as u', 'u.id', 'p.proposedByUserId')
    .select(['p.id', 'p.kind', 'p.firstId', 'p.secondId', 'p.status', 'p.origin', 'p.createdAt', 'p.proposedByUserId', 'u.username'])

const toProposal = (r: RowOf<typeof selectProposals>): ProposalRow => ({
  id: r.id,
  kind: r.kind,
  firstId: r.firstId,
  secondId: r.secondId,
  status: r.status,
  origin: r.origin,
  proposedBy: person(r.proposedByUserId, r.username),
  createdAt: toIso(r.createdAt),
})

export async function insertProposal(db: Db, row: Insertable<Database['mergeProposals']>): Promise<void> {
  await db.insertInto('mergeProposals').values(row).execute()
}

export async function findProposal(db: Db, id: string): Promise<ProposalRow | undefined> {
  const row = await selectProposals(db).where('p.id', '=', id).executeTakeFirst()
  return row && toProposal(row)
}

/** The proposal's status, its row locked until the transaction ends (PostgreSQL; SQLite's writes take turns). */
export async function lockProposal(
  db: Db,
  id: string,
): Promise<Pick<Selectable<Database['mergeProposals']>, 'status' | 'kind' | 'firstId' | 'secondId'> | undefined> {
  return lockedForUpdate(db, db.selectFrom('mergeProposals').select(['status', 'kind', 'firstId', 'secondId']).where('id', '=', id)).executeTakeFirst()
}

/** The open proposal of a pair of ids and a kind, if any (at most one, by merge_proposals_open_pair_key). */
export async function findOpenProposalId(db: Db, kind: MergeKind, pairKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('mergeProposals')
    .select('id')
    .where('kind', '=', kind)
    .where('pairKey', '=', pairKey)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return row?.id
}

/** Whether a pair of ids has ever been proposed for a kind and not applied (an open proposal, or one reverted since). */
export async function pairWasProposed(db: Db, kind: MergeKind, pairKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('mergeProposals')
    .select('id')
    .where('kind', '=', kind)
    .where('pairKey', '=', pairKey)
    .where('status', 'in', ['open', 'reverted'])
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function setProposalStatus(db: Db, id: string, status: MergeStatus, at: string): Promise<void> {
  await db.updateTable('mergeProposals').set({ status, updatedAt: at }).where('id', '=', id).execute()
}

/** A proposal about a work: naming it (kind work), or two of its editions (kind edition). */
const involving = (eb: ExpressionBuilder<{ p: Database['mergeProposals'] }, 'p'>, workId: string) =>
  eb.or([
    eb.and([eb('p.kind', '=', 'work'), eb.or([eb('p.firstId', '=', workId), eb('p.secondId', '=', workId)])]),
    eb.and([eb('p.kind', '=', 'edition'), eb('p.workId', '=', workId)]),
  ])

/** Where a page of the list left off: in the open ones (0) or the others (1), after an id. */
export interface ProposalKey {
  rank: 0 | 1
  id: string
}

/** A page of proposals: open ones first, then the others, newest first within each; one row more than `limit` when more follow. */
export async function listProposals(
  db: Db,
  q: { status?: MergeStatus | undefined; workId?: string | undefined; limit: number; after?: ProposalKey | undefined },
): Promise<(ProposalRow & { rank: 0 | 1 })[]> {
  const out: (ProposalRow & { rank: 0 | 1 })[] = []
  const want = q.limit + 1
  const segment = async (rank: 0 | 1) => {
    let query = selectProposals(db)
    query = rank === 0 ? query.where('p.status', '=', 'open') : q.status ? query.where('p.status', '=', q.status) : query.where('p.status', '<>', 'open')
    if (q.after?.rank === rank) query = query.where('p.id', '<', q.after.id)
    if (q.workId !== undefined) query = query.where((eb) => involving(eb, q.workId!))
    const rows = await query
      .orderBy('p.id', 'desc')
      .limit(want - out.length)
      .execute()
    out.push(...rows.map((r) => ({ ...toProposal(r), rank })))
  }
  const openWanted = q.status === undefined || q.status === 'open'
  const othersWanted = q.status !== 'open'
  if (openWanted && (q.after === undefined || q.after.rank === 0)) await segment(0)
  if (othersWanted && out.length < want) await segment(1)
  return out
}

export async function countProposals(db: Db, status?: MergeStatus, workId?: string): Promise<number> {
  let q = db.selectFrom('mergeProposals as p')
  if (status) q = q.where('p.status', '=', status)
  if (workId !== undefined) q = q.where((eb) => involving(eb, workId))
  return rowCount(q)
}

const selectMerges = (db: Db) =>
  db
    .selectFrom('bookMerges as m')
    .leftJoin('users as a', 'a.id', 'm.appliedByUserId')
    .leftJoin('users as r', 'r.id', 'm.revertedByUserId')
    .select([
      'm.id',
      'm.proposalId',
      'm.kind',
      'm.survivorId',
      'm.absorbedId',
      'm.workId',
      'm.appliedAt',
      'm.appliedByUserId',
      'a.username as appliedByUsername',
      'm.revertedAt',
      'm.revertedByUserId',
      'r.username as revertedByUsername',
    ])

type MergeSelect = RowOf<typeof selectMerges>

const toMerge = (r: MergeSelect): MergeRow => ({
  id: r.id,
  proposalId: r.proposalId,
  kind: r.kind,
  survivorId: r.survivorId,
  absorbedId: r.absorbedId,
  workId: r.workId,
  appliedAt: toIso(r.appliedAt),
  appliedBy: person(r.appliedByUserId, r.appliedByUsername),
  revertedAt: r.revertedAt === null ? null : toIso(r.revertedAt),
  revertedBy: person(r.revertedByUserId, r.revertedByUsername),
})

export async function findMerge(db: Db, id: string): Promise<MergeRow | undefined> {
  const row = await selectMerges(db).where('m.id', '=', id).executeTakeFirst()
  return row && toMerge(row)
}

/** The merges applied from some proposals (one each at most). */
export async function listMergesOfProposals(db: Db, proposalIds: string[]): Promise<Map<string, MergeRow>> {
  if (!proposalIds.length) return new Map()
  const rows = await selectMerges(db).where('m.proposalId', 'in', proposalIds).execute()
  return new Map(rows.map((r) => [r.proposalId, toMerge(r)]))
}

export async function insertMerge(db: Db, row: Insertable<Database['bookMerges']>): Promise<void> {
  await db.insertInto('bookMerges').values(row).execute()
}

/** A merge's record with what it moved, its row locked until the transaction ends (PostgreSQL). */
export async function lockMerge(db: Db, id: string) {
  return lockedForUpdate(
    db,
    db.selectFrom('bookMerges').select(['proposalId', 'kind', 'survivorId', 'absorbedId', 'workId', 'moved', 'revertedAt']).where('id', '=', id),
  ).executeTakeFirst()
}

/** Whether a merge applied after this one, and not reverted, involves any of these books or editions. */
export async function hasLaterMerge(db: Db, id: string, ids: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('bookMerges')
    .select('id')
    .where('id', '>', id)
    .where('revertedAt', 'is', null)
    .where((eb) => eb.or([eb('survivorId', 'in', ids), eb('absorbedId', 'in', ids), eb('workId', 'in', ids)]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function markReverted(db: Db, id: string, userId: string, at: string): Promise<void> {
  await db.updateTable('bookMerges').set({ revertedAt: at, revertedByUserId: userId }).where('id', '=', id).execute()
}

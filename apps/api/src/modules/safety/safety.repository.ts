import { sql, type Expression, type SqlBool } from 'kysely'
import { rowCount, toIso, type Db } from '#/db/portable.ts'
import type { ReportTargetType } from '@shelfwise/contracts'
import { summaryImage } from '#/db/user-summary.ts'
import { pairRows } from '#/db/pair-rows.ts'

// Blocks, mutes, reports and hidden items (decisions 0057 and 0058): the safety module's rows only,
// and the few reads of other tables a report needs to show its item.

/** Whether a block stands either way between reader `a` and the reader in `b`, as a column of another read (two index probes). */
export const blockedEitherWaySql = (a: string, b: Expression<string>) =>
  sql<SqlBool>`exists (select 1 from blocks where (blocker_id = ${a} and blocked_id = ${b}) or (blocked_id = ${a} and blocker_id = ${b}))`

/** The readers among `ids` with a block either way between them and `userId`: two index reads in one statement. */

export async function listBlockedEitherWayAmong(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  // Both ways in one statement (one round trip on PostgreSQL), each half off its own index.
  const rows = await db
    .selectFrom('blocks')
    .select('blockedId as id')
    .where('blockerId', '=', userId)
    .where('blockedId', 'in', ids)
    .unionAll(db.selectFrom('blocks').select('blockerId as id').where('blockedId', '=', userId).where('blockerId', 'in', ids))
    .execute()
  return new Set(rows.map((r) => r.id))
}

/** Every block among a set of readers (both ends in the set), for pairwise checks over a page. */
export async function listBlocksWithin(db: Db, ids: readonly string[]): Promise<{ blockerId: string; blockedId: string }[]> {
  if (ids.length < 2) return []
  return db.selectFrom('blocks').select(['blockerId', 'blockedId']).where('blockerId', 'in', ids).where('blockedId', 'in', ids).execute()
}

/** What keeps a page's items out of a reader's lists, by kind (see quietFilterFor). */
export interface QuietRows {
  blocked: Set<string>
  muted: Set<string>
  mutedBooks: Set<string>
  words: string[]
}

/**
 * Blocks either way and, with `mutes`, the muted readers among a page's writers, its muted books and
 * the reader's muted words: one statement (one round trip on PostgreSQL), each part off its own index.
 */
export async function listQuietAmong(db: Db, userId: string, writers: readonly string[], books: readonly string[], mutes: boolean): Promise<QuietRows> {
  const found: QuietRows = { blocked: new Set(), muted: new Set(), mutedBooks: new Set(), words: [] }
  if (!writers.length && !mutes) return found
  const kind = (k: 'blocked' | 'muted' | 'book' | 'word') => sql<string>`${sql.lit(k)}`.as('kind')
  const mutedBooks = db
    .selectFrom('bookMutes')
    .select([kind('book'), 'bookId as id'])
    .where('userId', '=', userId)
    .where('bookId', 'in', books)
  // One flat UNION ALL (SQLite takes no parenthesised compound among its parts).
  const words = db
    .selectFrom('mutedWords')
    .select([kind('word'), 'word as id'])
    .where('userId', '=', userId)
  const rows = writers.length
    ? await db
        .selectFrom('blocks')
        .select([kind('blocked'), 'blockedId as id'])
        .where('blockerId', '=', userId)
        .where('blockedId', 'in', writers)
        .unionAll(
          db
            .selectFrom('blocks')
            .select([kind('blocked'), 'blockerId as id'])
            .where('blockedId', '=', userId)
            .where('blockerId', 'in', writers),
        )
        .$if(mutes, (q) =>
          q
            .unionAll(
              db
                .selectFrom('userMutes')
                .select([kind('muted'), 'mutedId as id'])
                .where('userId', '=', userId)
                .where('mutedId', 'in', writers),
            )
            .unionAll(words),
        )
        .$if(mutes && books.length > 0, (q) => q.unionAll(mutedBooks))
        .execute()
    : await words.$if(books.length > 0, (q) => q.unionAll(mutedBooks)).execute()
  for (const { kind: k, id } of rows) {
    if (k === 'blocked') found.blocked.add(id)
    else if (k === 'muted') found.muted.add(id)
    else if (k === 'book') found.mutedBooks.add(id)
    else found.words.push(id)
  }
  return found
}

export const listMutedWords = async (db: Db, userId: string): Promise<string[]> =>
  (await db.selectFrom('mutedWords').select('word').where('userId', '=', userId).orderBy('word').execute()).map((r) => r.word)

export async function replaceMutedWords(db: Db, userId: string, words: readonly string[], at: string): Promise<void> {
  await db.deleteFrom('mutedWords').where('userId', '=', userId).execute()
  if (words.length)
    await db
      .insertInto('mutedWords')
      .values(words.map((word) => ({ userId, word, createdAt: at })))
      .execute()
}

export const findUserExists = async (db: Db, id: string): Promise<boolean> =>
  (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined

/** A reader's id by id or by username in any letter case (the profile route takes either). */
export async function findReaderId(db: Db, idOrUsername: string): Promise<string | undefined> {
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrUsername)
  if (byId) return idOrUsername
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(${sql.ref('username')})`, '=', sql<string>`lower(${idOrUsername})`)
    .executeTakeFirst()
  return row?.id
}

export const findBookExists = async (db: Db, id: string): Promise<boolean> =>
  (await db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst()) !== undefined

export const { on: insertBlock, off: deleteBlock } = pairRows('blocks', ['blockerId', 'blockedId'])

/** Ends the follows between two readers, both ways (the follows' triggers move both profile versions). */
export async function deleteFollowsBetween(db: Db, a: string, b: string): Promise<void> {
  await db
    .deleteFrom('follows')
    .where((eb) => eb.or([eb.and([eb('followerId', '=', a), eb('followeeId', '=', b)]), eb.and([eb('followerId', '=', b), eb('followeeId', '=', a)])]))
    .execute()
}

export const findBlock = async (db: Db, blockerId: string, blockedId: string): Promise<boolean> =>
  (await db.selectFrom('blocks').select('blockerId').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).executeTakeFirst()) !== undefined

export const findMute = async (db: Db, userId: string, mutedId: string): Promise<boolean> =>
  (await db.selectFrom('userMutes').select('userId').where('userId', '=', userId).where('mutedId', '=', mutedId).executeTakeFirst()) !== undefined

export const { on: insertMute, off: deleteMute } = pairRows('userMutes', ['userId', 'mutedId'])

export const { on: insertBookMute, off: deleteBookMute } = pairRows('bookMutes', ['userId', 'bookId'])

/** A page of the readers `userId` blocked, newest block first, after (blockedAt, id). */
export async function listBlocks(db: Db, userId: string, after: { at: string; id: string } | undefined, limit: number) {
  let q = db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blockedId')
    .select(['users.id', 'users.username', summaryImage('users').as('profileImage'), 'blocks.createdAt'])
    .where('blocks.blockerId', '=', userId)
  if (after)
    q = q.where((eb) => eb.or([eb('blocks.createdAt', '<', after.at), eb.and([eb('blocks.createdAt', '=', after.at), eb('blocks.blockedId', '<', after.id)])]))
  const rows = await q.orderBy('blocks.createdAt', 'desc').orderBy('blocks.blockedId', 'desc').limit(limit).execute()
  return rows.map((r) => ({ _id: r.id, username: r.username, profileImage: r.profileImage, blockedAt: toIso(r.createdAt) }))
}

export const countBlocks = (db: Db, userId: string): Promise<number> => rowCount(db.selectFrom('blocks').where('blockerId', '=', userId))

/** Everything a reader muted but words, capped (the lists are short: a reader mutes a few). */
export async function listMutes(db: Db, userId: string, cap: number) {
  const [readers, books] = await Promise.all([
    db
      .selectFrom('userMutes')
      .innerJoin('users', 'users.id', 'userMutes.mutedId')
      .select(['users.id', 'users.username', summaryImage('users').as('profileImage')])
      .where('userMutes.userId', '=', userId)
      .orderBy('userMutes.createdAt', 'desc')
      .limit(cap)
      .execute(),
    db
      .selectFrom('bookMutes')
      .innerJoin('books', 'books.id', 'bookMutes.bookId')
      .select(['books.id', 'books.title', 'books.author'])
      .where('bookMutes.userId', '=', userId)
      .orderBy('bookMutes.createdAt', 'desc')
      .limit(cap)
      .execute(),
  ])
  return {
    readers: readers.map((r) => ({ _id: r.id, username: r.username, profileImage: r.profileImage })),
    books: books.map((b) => ({ _id: b.id, title: b.title, author: b.author })),
  }
}

// ---- Reports ----

export interface ReportRow {
  id: string
  reporterId: string
  targetType: ReportTargetType
  targetId: string
  reason: string
  note: string | null
  status: 'open' | 'hidden' | 'restored' | 'dismissed'
  outcomeNote: string | null
  decidedAt: string | Date | null
  createdAt: string | Date
}

const REPORT_COLUMNS = ['id', 'reporterId', 'targetType', 'targetId', 'reason', 'note', 'status', 'outcomeNote', 'decidedAt', 'createdAt'] as const

export const findOpenReport = (db: Db, reporterId: string, targetType: ReportTargetType, targetId: string) =>
  db
    .selectFrom('reports')
    .select(REPORT_COLUMNS)
    .where('reporterId', '=', reporterId)
    .where('targetType', '=', targetType)
    .where('targetId', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirst() as Promise<ReportRow | undefined>

export async function insertReport(db: Db, row: Omit<ReportRow, 'status' | 'outcomeNote' | 'decidedAt'>): Promise<void> {
  await db.insertInto('reports').values(row).execute()
}

export const findReport = (db: Db, id: string) =>
  db.selectFrom('reports').select(REPORT_COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<ReportRow | undefined>

/** A reporter's own reports, newest first, after (createdAt, id). */
export async function listReportsBy(db: Db, reporterId: string, after: { at: string; id: string } | undefined, limit: number): Promise<ReportRow[]> {
  let q = db.selectFrom('reports').select(REPORT_COLUMNS).where('reporterId', '=', reporterId)
  if (after) q = q.where((eb) => eb.or([eb('createdAt', '<', after.at), eb.and([eb('createdAt', '=', after.at), eb('id', '<', after.id)])]))
  return (await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute()) as ReportRow[]
}

export const countReportsBy = (db: Db, reporterId: string): Promise<number> => rowCount(db.selectFrom('reports').where('reporterId', '=', reporterId))

/** The queue: reports in one status, oldest first, after (createdAt, id). */
export async function listReportsIn(db: Db, status: ReportRow['status'], after: { at: string; id: string } | undefined, limit: number): Promise<ReportRow[]> {
  let q = db.selectFrom('reports').select(REPORT_COLUMNS).where('status', '=', status)
  if (after) q = q.where((eb) => eb.or([eb('createdAt', '>', after.at), eb.and([eb('createdAt', '=', after.at), eb('id', '>', after.id)])]))
  return (await q.orderBy('createdAt').orderBy('id').limit(limit).execute()) as ReportRow[]
}

export const countReportsIn = (db: Db, status: ReportRow['status']): Promise<number> => rowCount(db.selectFrom('reports').where('status', '=', status))

/** How many open reports each of some items has. */
export async function countOpenReportsOf(db: Db, items: readonly { targetType: string; targetId: string }[]): Promise<Map<string, number>> {
  const ids = [...new Set(items.map((i) => i.targetId))]
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('reports')
    .select(['targetType', 'targetId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('targetId', 'in', ids)
    .where('status', '=', 'open')
    .groupBy(['targetType', 'targetId'])
    .execute()
  return new Map(rows.map((r) => [`${r.targetType}:${r.targetId}`, Number(r.n)]))
}

/** Decides every open report of one item at once (one moderator's decision answers each reporter). */
/** The reports one decision settles: every open one of the item, and the one decided. */
export async function openReportsOf(db: Db, targetType: ReportTargetType, targetId: string, also: string): Promise<{ id: string; reporterId: string }[]> {
  return db
    .selectFrom('reports')
    .select(['id', 'reporterId'])
    .where((eb) => eb.or([eb.and([eb('targetType', '=', targetType), eb('targetId', '=', targetId), eb('status', '=', 'open')]), eb('id', '=', also)]))
    .execute()
}

export async function decideReportsOf(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
  also: string,
  d: { status: ReportRow['status']; outcomeNote: string; decidedByUserId: string; decidedAt: string },
): Promise<void> {
  await db
    .updateTable('reports')
    .set(d)
    .where((eb) => eb.or([eb.and([eb('targetType', '=', targetType), eb('targetId', '=', targetId), eb('status', '=', 'open')]), eb('id', '=', also)]))
    .execute()
}

export async function insertHidden(db: Db, targetType: ReportTargetType, targetId: string, hiddenByUserId: string, note: string, at: string): Promise<void> {
  await db
    .insertInto('hiddenItems')
    .values({ targetType, targetId, hiddenByUserId, note, hiddenAt: at })
    .onConflict((oc) => oc.columns(['targetType', 'targetId']).doUpdateSet({ hiddenByUserId, note, hiddenAt: at }))
    .execute()
}

export async function deleteHidden(db: Db, targetType: ReportTargetType, targetId: string): Promise<void> {
  await db.deleteFrom('hiddenItems').where('targetType', '=', targetType).where('targetId', '=', targetId).execute()
}

/** The note the moderators hid an item with; undefined when it is not hidden. */
export async function findHiddenNote(db: Db, targetType: ReportTargetType, targetId: string): Promise<string | undefined> {
  const row = await db.selectFrom('hiddenItems').select('note').where('targetType', '=', targetType).where('targetId', '=', targetId).executeTakeFirst()
  return row?.note
}

/** Which of some items of one kind the moderators hid. */
export async function listHiddenAmong(db: Db, targetType: ReportTargetType, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('hiddenItems').select('targetId').where('targetType', '=', targetType).where('targetId', 'in', ids).execute()
  return new Set(rows.map((r) => r.targetId))
}

/** Which of some items of several kinds the moderators hid, in one statement: by kind, the hidden ids. */
export async function listHiddenAmongKinds(db: Db, ids: Partial<Record<ReportTargetType, readonly string[]>>): Promise<Map<ReportTargetType, Set<string>>> {
  const asked = (Object.entries(ids) as [ReportTargetType, readonly string[]][]).filter(([, list]) => list.length > 0)
  const found = new Map<ReportTargetType, Set<string>>(asked.map(([type]) => [type, new Set()]))
  if (asked.length === 0) return found
  const rows = await db
    .selectFrom('hiddenItems')
    .select(['targetType', 'targetId'])
    .where((eb) => eb.or(asked.map(([type, list]) => eb.and([eb('targetType', '=', type), eb('targetId', 'in', list)]))))
    .execute()
  for (const r of rows) found.get(r.targetType as ReportTargetType)?.add(r.targetId)
  return found
}

/** Readers blocked by at least `min` others, most blocked first (along blocks_blocked_idx), at most `cap`. */
export async function listBlockedByMany(db: Db, min: number, cap: number) {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blockedId')
    .select([
      'users.id',
      'users.username',
      summaryImage('users').as('profileImage'),
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.max('blocks.createdAt').as('last'),
    ])
    .groupBy(['users.id', 'users.username', 'users.profileImage', 'users.profileHidden'])
    .having((eb) => eb.fn.countAll(), '>=', min)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('users.id')
    .limit(cap)
    .execute()
  return rows.map((r) => ({
    _id: r.id,
    username: r.username,
    profileImage: r.profileImage,
    blockedBy: Number(r.n),
    lastBlockedAt: toIso(r.last as string | Date),
  }))
}

export const findRole = async (db: Db, userId: string) => (await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role

export const findPeople = async (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('users')
          .select(['id', 'username', summaryImage('users').as('profileImage')])
          .where('id', 'in', ids)
          .execute()
      ).map((r) => ({
        _id: r.id,
        username: r.username,
        profileImage: r.profileImage,
      }))

// ---- The reported items ----

/** An item's writer, text and context, read from where its module keeps it (undefined when gone). */
export async function findItem(db: Db, type: ReportTargetType, id: string) {
  const cut = (s: string | null | undefined) => (s == null ? null : s.slice(0, 2000))
  switch (type) {
    case 'review': {
      const r = await db
        .selectFrom('reviews')
        .innerJoin('books', 'books.id', 'reviews.bookId')
        .select(['reviews.userId', 'reviews.comment', 'books.id as bookId', 'books.title'])
        .where('reviews.id', '=', id)
        .executeTakeFirst()
      return r && { writerId: r.userId, text: cut(r.comment), bookId: r.bookId, bookTitle: r.title, parentText: null }
    }
    case 'comment': {
      const r = await db
        .selectFrom('reviewComments')
        .innerJoin('reviews', 'reviews.id', 'reviewComments.reviewId')
        .innerJoin('books', 'books.id', 'reviews.bookId')
        .select(['reviewComments.userId', 'reviewComments.text', 'reviewComments.deleted', 'reviews.comment', 'books.id as bookId', 'books.title'])
        .where('reviewComments.id', '=', id)
        .executeTakeFirst()
      return r && !Number(r.deleted) ? { writerId: r.userId, text: cut(r.text), bookId: r.bookId, bookTitle: r.title, parentText: cut(r.comment) } : undefined
    }
    case 'post': {
      const r = await db
        .selectFrom('discussionPosts')
        .innerJoin('discussions', 'discussions.id', 'discussionPosts.discussionId')
        .innerJoin('books', 'books.id', 'discussions.bookId')
        .select([
          'discussionPosts.userId',
          'discussionPosts.text',
          'discussionPosts.deletedAt',
          'discussions.title as thread',
          'books.id as bookId',
          'books.title',
        ])
        .where('discussionPosts.id', '=', id)
        .executeTakeFirst()
      return r && r.deletedAt === null ? { writerId: r.userId, text: cut(r.text), bookId: r.bookId, bookTitle: r.title, parentText: cut(r.thread) } : undefined
    }
    case 'discussion': {
      const r = await db
        .selectFrom('discussions')
        .innerJoin('books', 'books.id', 'discussions.bookId')
        .leftJoin('discussionPosts', 'discussionPosts.id', 'discussions.id')
        .select(['discussions.userId', 'discussions.title as thread', 'discussionPosts.text', 'books.id as bookId', 'books.title'])
        .where('discussions.id', '=', id)
        .executeTakeFirst()
      return r && { writerId: r.userId, text: cut(r.thread), bookId: r.bookId, bookTitle: r.title, parentText: cut(r.text) }
    }
    case 'profile': {
      const r = await db.selectFrom('users').select(['id', 'name', 'bio']).where('id', '=', id).executeTakeFirst()
      return r && { writerId: r.id, text: cut([r.name, r.bio].filter(Boolean).join('\n')), bookId: null, bookTitle: null, parentText: null }
    }
    case 'book': {
      const r = await db.selectFrom('books').select(['id', 'title', 'author', 'listedByUserId', 'description']).where('id', '=', id).executeTakeFirst()
      return (
        r && {
          writerId: r.listedByUserId,
          text: cut(`${r.title} — ${r.author}\n${r.description ?? ''}`.trim()),
          bookId: r.id,
          bookTitle: r.title,
          parentText: null,
        }
      )
    }
  }
}

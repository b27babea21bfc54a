import { READING_VISIBILITIES, type ReadingVisibility } from '@shelfwise/contracts'
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { rowCount, type Db } from '#/db/portable.ts'

// Who sees a reader's reading log (issue 24, point 3, decision 0055): the ONE place the rule lives.
// Every list, count, stat, image and feed that shows another reader's statuses, reads, progress,
// shelves, goals or year asks here; none copies the rule.
//
// - A book's visibility is its entry's own (reading_entries.visibility) or, when it has none (or no
//   entry), the owner's default (users.reading_log).
// - The owner sees everything; a follower (the viewer follows the owner) what is public or for
//   followers; anyone else (a stranger, or nobody signed in) what is public.
// - Reviews are not the reading log: they stay public (the spec).

/** Who looks at a reader's log, as the rule sorts viewers. */
export type Audience = 'owner' | 'follower' | 'anyone'

/** The visibilities each audience is shown. */
const SHOWN_TO: Record<Audience, readonly ReadingVisibility[]> = {
  owner: READING_VISIBILITIES,
  follower: ['public', 'followers'],
  anyone: ['public'],
}

/** What one viewer may see of one reader's log: resolved once per request, then used in SQL. */
export interface ReadingScope {
  ownerId: string
  audience: Audience
  /** The owner's default. */
  readingLog: ReadingVisibility
  /** Whether the default is shown to this audience: a book without its own visibility is shown exactly then. */
  defaultShown: boolean
}

/** The audience `viewerId` is of `ownerId`'s log: one primary-key read of follows at most. */
async function audienceOf(db: Db, ownerId: string, viewerId: string | undefined): Promise<Audience> {
  if (viewerId === undefined) return 'anyone'
  if (viewerId === ownerId) return 'owner'
  const follows = await db.selectFrom('follows').select('followerId').where('followerId', '=', viewerId).where('followeeId', '=', ownerId).executeTakeFirst()
  return follows ? 'follower' : 'anyone'
}

/** The owner's default; undefined for an unknown reader. */
export async function findReadingLog(db: Db, ownerId: string): Promise<ReadingVisibility | undefined> {
  const row = await db.selectFrom('users').select('readingLog').where('id', '=', ownerId).executeTakeFirst()
  return row?.readingLog
}

/** What `viewerId` may see of `ownerId`'s log; undefined for an unknown reader. */
export async function readingScope(db: Db, ownerId: string, viewerId: string | undefined): Promise<ReadingScope | undefined> {
  const [readingLog, audience] = await Promise.all([findReadingLog(db, ownerId), audienceOf(db, ownerId, viewerId)])
  if (readingLog === undefined) return undefined
  return { ownerId, audience, readingLog, defaultShown: SHOWN_TO[audience].includes(readingLog) }
}

/** The owner's own scope (exports, webhooks, their own screens). */
export const ownerScope = (ownerId: string): ReadingScope => ({ ownerId, audience: 'owner', readingLog: 'public', defaultShown: true })

/** A short key of what a scope shows, for caches of what it sees ('all' for the owner). */
export const scopeKey = (scope: ReadingScope): string => (scope.audience === 'owner' ? 'all' : `${scope.audience}:${scope.defaultShown ? 1 : 0}`)

/** Whether the owner's goals and year as a whole (the account's own, not a book's) are shown: they follow the default. */
export const logShown = (scope: ReadingScope): boolean => scope.audience === 'owner' || scope.defaultShown

const levels = (audience: Audience) =>
  sql.join(
    SHOWN_TO[audience].map((v) => sql.lit(v)),
    sql`, `,
  )

/**
 * A condition true when the scope's owner's book `bookRef` (a column reference, e.g. 'rt.bookId') is
 * shown: an entry's own visibility decides, else the default. One primary-key read of the entry per row.
 */
export function shownBook(scope: ReadingScope, bookRef: string): RawBuilder<SqlBool> {
  if (scope.audience === 'owner') return sql<SqlBool>`1 = 1`
  const book = sql.ref(bookRef)
  return scope.defaultShown
    ? sql<SqlBool>`not exists (select 1 from reading_entries pv where pv.user_id = ${scope.ownerId} and pv.book_id = ${book} and pv.visibility is not null and pv.visibility not in (${levels(scope.audience)}))`
    : sql<SqlBool>`exists (select 1 from reading_entries pv where pv.user_id = ${scope.ownerId} and pv.book_id = ${book} and pv.visibility in (${levels(scope.audience)}))`
}

/**
 * How many books of the owner's Recently Read list (`reads`) the scope shows, as one scalar
 * subquery. Counted from the other side of shownBook: all the list less the books whose own
 * visibility hides them (or, when the default hides, only those whose own visibility shows them),
 * found along reading_entries_user_visibility_idx, which holds only entries with a visibility of
 * their own. A check per read made a profile's count of 1,231 reads take 2 ms on SQLite.
 */
export function countShownReads(scope: ReadingScope): RawBuilder<number> {
  const id = scope.ownerId
  const all = sql<number>`(select count(*) from reads where user_id = ${id})`
  if (scope.audience === 'owner') return all
  const withOwn = (test: RawBuilder<SqlBool>) =>
    sql<number>`(select count(*) from reading_entries pv cross join reads rd
      where pv.user_id = ${id} and pv.visibility is not null and ${test} and rd.user_id = pv.user_id and rd.book_id = pv.book_id)`
  return scope.defaultShown
    ? sql<number>`(${all} - ${withOwn(sql<SqlBool>`pv.visibility not in (${levels(scope.audience)})`)})`
    : withOwn(sql<SqlBool>`pv.visibility in (${levels(scope.audience)})`)
}

/** The same where the owner's entry is at hand: `visibilityRef` is its visibility column (e.g. 'e.visibility'). */
export function shownEntry(scope: ReadingScope, visibilityRef: string): RawBuilder<SqlBool> {
  if (scope.audience === 'owner') return sql<SqlBool>`1 = 1`
  return sql<SqlBool>`coalesce(${sql.ref(visibilityRef)}, ${scope.readingLog}) in (${levels(scope.audience)})`
}

/**
 * The same for many owners at once, each seen by `audience` (the followed feed: its reader follows
 * every owner in it): `ownerRef` and `bookRef` are column references.
 */
export function shownBookOf(audience: Exclude<Audience, 'owner'>, ownerRef: string, bookRef: string): RawBuilder<SqlBool> {
  const owner = sql.ref(ownerRef)
  const book = sql.ref(bookRef)
  return sql<SqlBool>`coalesce((select pv.visibility from reading_entries pv where pv.user_id = ${owner} and pv.book_id = ${book}), (select pu.reading_log from users pu where pu.id = ${owner})) in (${levels(audience)})`
}

// ---- the reader's own settings ----

/**
 * How many of the owner's entries change visibility when `visibility` becomes every entry's: those
 * whose own visibility, or else the default, differs from it.
 */
export async function countChangedBy(db: Db, ownerId: string, readingLog: ReadingVisibility, visibility: ReadingVisibility): Promise<number> {
  return rowCount(
    db
      .selectFrom('readingEntries')
      .where('userId', '=', ownerId)
      .where(sql<SqlBool>`coalesce(visibility, ${readingLog}) <> ${visibility}`),
  )
}

/** Sets the owner's default (in the caller's transaction). */
export async function saveReadingLog(db: Db, ownerId: string, readingLog: ReadingVisibility): Promise<void> {
  await db.updateTable('users').set({ readingLog }).where('id', '=', ownerId).execute()
}

/** Clears every book's own visibility of the owner: the default then decides for all (the bulk change's past). */
export async function clearEntryVisibilities(db: Db, ownerId: string): Promise<void> {
  await db.updateTable('readingEntries').set({ visibility: null }).where('userId', '=', ownerId).where('visibility', 'is not', null).execute()
}

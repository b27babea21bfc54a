import { v7 as uuidv7 } from 'uuid'
import {
  MESSAGES,
  SAFETY_LIMITS,
  SAFETY_MESSAGES,
  type BlockedPerson,
  type FlaggedReader,
  type ModerationAction,
  type ModerationQuery,
  type ModerationReport,
  type Mutes,
  type PagingQuery,
  type Report,
  type ReportInput,
  type ReportTargetType,
  type SafetyState,
} from '@shelfwise/contracts'
import type { AliasableExpression, Expression, SqlBool } from 'kysely'
import { isUniqueViolation, nowIso, toIso, type Db } from '#/db/portable.ts'
import { badRequest, forbidden, notFound } from '#/errors.ts'
import { cutPage, decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { noNotify, noWithdrawBetween, type Notify, type WithdrawBetween } from '#/modules/notifications/notifications.service.ts'
import {
  countBlocks,
  countOpenReportsOf,
  countReportsBy,
  countReportsIn,
  decideReportsOf,
  openReportsOf,
  deleteBlock,
  deleteBookMute,
  deleteFollowsBetween,
  deleteHidden,
  deleteMute,
  findBlock,
  findBookExists,
  findItem,
  findMute,
  findOpenReport,
  findPeople,
  findReaderId,
  findReport,
  findHiddenNote,
  findRole,
  findUserExists,
  insertBlock,
  insertBookMute,
  insertHidden,
  insertMute,
  insertReport,
  listBlockedByMany,
  blockedEitherWaySql,
  listBlockedEitherWayAmong,
  listBlocksWithin,
  listBlocks,
  listHiddenAmong,
  listHiddenAmongKinds,
  listQuietAmong,
  listMutedWords,
  listMutes,
  listReportsBy,
  listReportsIn,
  replaceMutedWords,
  type ReportRow,
} from '#/modules/safety/safety.repository.ts'

// Blocks, mutes, reports and moderation (issue 24, points 4 to 6; decisions 0057 and 0058).

// ---- The rules other modules call (decision 0057: they live here and only here) ----

/**
 * THE rule: whether a block stands between two readers, whoever blocked whom. Every module that lets
 * one reader reach another (follow, like, comment, reply, mention, read their reading, notify) asks
 * this, or blockedAmong for a page of readers; false for the same reader or a missing one.
 */
export async function isBlockedBetween(db: Db, a: string | undefined, b: string | null | undefined): Promise<boolean> {
  if (!a || !b || a === b) return false
  return (await listBlockedEitherWayAmong(db, a, [b])).size > 0
}

/**
 * The same rule inside another module's read, so that a write path checks it without a statement of
 * its own (the like reads the review and this in one): true when a block stands either way between
 * reader `a` and the reader in column `b`.
 */
export const blockedEitherWay = (a: string, b: Expression<string>): AliasableExpression<SqlBool> => blockedEitherWaySql(a, b)

/** The same rule for a page of readers: those among `ids` with a block either way between them and `viewerId`. */
export async function blockedAmong(db: Db, viewerId: string | undefined, ids: readonly (string | null | undefined)[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && id !== viewerId))]
  if (!viewerId || wanted.length === 0) return new Set()
  return listBlockedEitherWayAmong(db, viewerId, wanted)
}

/**
 * The same rule for pairs within a page (a comment's writer and the readers it mentions): one read,
 * then `between(a, b)` answers without another.
 */
export async function blocksWithin(db: Db, ids: readonly (string | null | undefined)[]): Promise<(a: string, b: string) => boolean> {
  const pairs = await listBlocksWithin(db, [...new Set(ids.filter((id): id is string => !!id))])
  const set = new Set(pairs.map((p) => `${p.blockerId}:${p.blockedId}`))
  return (a, b) => a !== b && (set.has(`${a}:${b}`) || set.has(`${b}:${a}`))
}

/** What a reader keeps out of their feed and discussions: blocked either way, muted readers, muted books, muted words. */
export interface QuietFilter {
  /** True when an item by `writerId`, about `bookId`, saying `texts`, stays out of the viewer's lists. */
  hides(item: { writerId?: string | null; bookId?: string | null; texts?: (string | null | undefined)[] }): boolean
}

const NOTHING_HIDDEN: QuietFilter = { hides: () => false }

/** Whether a text holds a muted word: as a whole word (or phrase), case and accents aside. */
const foldCase = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
export const holdsWord = (text: string, words: readonly string[]): boolean => {
  if (words.length === 0) return false
  const folded = ` ${foldCase(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `
  return words.some((w) =>
    folded.includes(
      ` ${foldCase(w)
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()} `,
    ),
  )
}

/**
 * The filter for one page of a list the viewer reads: blocks always; mutes (readers, books, words)
 * where `mutes` is set (the feed, discussions and comment threads). Reads only the page's readers and books.
 */
export async function quietFilterFor(
  db: Db,
  viewerId: string | undefined,
  page: { writerIds: readonly (string | null | undefined)[]; bookIds?: readonly (string | null | undefined)[] },
  mutes = true,
): Promise<QuietFilter> {
  if (!viewerId) return NOTHING_HIDDEN
  const writers = [...new Set(page.writerIds.filter((id): id is string => !!id && id !== viewerId))]
  const books = [...new Set((page.bookIds ?? []).filter((id): id is string => !!id))]
  const { blocked, muted, mutedBooks, words } = await listQuietAmong(db, viewerId, writers, books, mutes)
  if (blocked.size + muted.size + mutedBooks.size + words.length === 0) return NOTHING_HIDDEN
  return {
    hides: ({ writerId, bookId, texts }) =>
      (!!writerId && (blocked.has(writerId) || muted.has(writerId))) ||
      (!!bookId && mutedBooks.has(bookId)) ||
      (texts ?? []).some((t) => !!t && holdsWord(t, words)),
  }
}

/** Which of some items of one kind the moderators hid (decision 0058): their threads show "removed by the moderators". */
export const hiddenByModerators = (db: Db, type: ReportTargetType, ids: readonly string[]): Promise<Set<string>> => listHiddenAmong(db, type, ids)

/** The same for items of several kinds at once, in one statement: by kind, the hidden ids (an empty set for a kind asked with none). */
export const hiddenByModeratorsAmong = (db: Db, ids: Partial<Record<ReportTargetType, readonly string[]>>): Promise<Map<ReportTargetType, Set<string>>> =>
  listHiddenAmongKinds(db, ids)

// ---- The service behind the routes ----

/** A page's size when the caller names none: these lists are never answered whole. */
const PAGE_DEFAULT = 20
/** Readers and books a mutes list answers at most. */
const MUTES_CAP = 500

const asReport = (r: ReportRow): Report => ({
  _id: r.id,
  targetType: r.targetType,
  targetId: r.targetId,
  reason: r.reason as Report['reason'],
  note: r.note,
  status: r.status,
  outcomeNote: r.outcomeNote,
  createdAt: toIso(r.createdAt),
  decidedAt: r.decidedAt === null ? null : toIso(r.decidedAt),
})

const afterOf = (cursor: string | undefined) => {
  if (cursor === undefined) return undefined
  const [at, id] = decodeKeyset(cursor, ['instant', 'id'] as const)
  return { at, id }
}

export interface SafetyDeps {
  db: Db
  notify?: Notify
  /**
   * Told in the moderators' transaction when an item becomes hidden or shown again, so the modules
   * whose counts readers see leave it out or count it again (decision 0058, "Counts").
   */
  hiddenChanged?: (trx: Db, type: ReportTargetType, id: string, hidden: boolean) => Promise<void>
  /** Takes each of two readers out of the other's unread notifications, in the block's transaction. */
  withdrawBetween?: WithdrawBetween
}

export const createSafetyService = ({ db, notify = noNotify, hiddenChanged = async () => {}, withdrawBetween = noWithdrawBetween }: SafetyDeps) => {
  const stateOf = async (me: string, other: string): Promise<SafetyState> => {
    const [blocked, muted] = await Promise.all([findBlock(db, me, other), findMute(db, me, other)])
    return { blocked, muted }
  }

  /** The other reader, or 404 'User not found' (the caller themself is 400 with `self`). */
  const otherReader = async (actor: Actor, id: string, self: string) => {
    if (id === actor.id) throw badRequest(self)
    if (!(await findUserExists(db, id))) throw notFound(MESSAGES.userNotFound)
  }

  /** A write about another reader (otherReader, refusing the caller with `self`), answering where the caller then stands with them. */
  const toward = async (actor: Actor, userId: string, self: string, write: () => Promise<unknown>): Promise<SafetyState> => {
    await otherReader(actor, userId, self)
    await write()
    return stateOf(actor.id, userId)
  }

  const requireModerator = async (actor: Actor) => {
    if ((await findRole(db, actor.id)) !== 'moderator') throw forbidden(SAFETY_MESSAGES.moderatorsOnly)
  }

  return {
    /**
     * The note the moderators hid an item with, for a moderator's view of it (decision 0058: a hidden
     * book's page shows it them); undefined for anyone else, or when the item is not hidden.
     */
    async moderatorsNote(viewerId: string, targetType: ReportTargetType, targetId: string): Promise<string | undefined> {
      if ((await findRole(db, viewerId)) !== 'moderator') return undefined
      return findHiddenNote(db, targetType, targetId)
    },

    /** Whether a block stands between the viewer and the reader a path names (by id or username): their pages are 404 to each other. */
    hidesReader: async (viewerId: string, idOrUsername: string): Promise<boolean> => isBlockedBetween(db, viewerId, await findReaderId(db, idOrUsername)),

    /**
     * Blocks a reader (again is fine): the follows between them end, both ways, and each leaves the
     * other's unread notifications, in the same transaction.
     */
    block: (actor: Actor, userId: string): Promise<SafetyState> =>
      toward(actor, userId, SAFETY_MESSAGES.blockSelf, () =>
        db.transaction().execute(async (trx) => {
          await insertBlock(trx, actor.id, userId, nowIso())
          await deleteFollowsBetween(trx, actor.id, userId)
          await withdrawBetween(trx, actor.id, userId)
        }),
      ),

    /** Lifts a block (none is fine); the follows that ended stay ended. */
    unblock: (actor: Actor, userId: string): Promise<SafetyState> => toward(actor, userId, SAFETY_MESSAGES.blockSelf, () => deleteBlock(db, actor.id, userId)),

    mute: (actor: Actor, userId: string): Promise<SafetyState> =>
      toward(actor, userId, SAFETY_MESSAGES.muteSelf, () => insertMute(db, actor.id, userId, nowIso())),

    unmute: (actor: Actor, userId: string): Promise<SafetyState> => toward(actor, userId, SAFETY_MESSAGES.muteSelf, () => deleteMute(db, actor.id, userId)),

    /** Where the caller stands with another reader (the profile's Block and Mute buttons). */
    async standing(actor: Actor, userId: string): Promise<SafetyState> {
      if (userId !== actor.id && !(await findUserExists(db, userId))) throw notFound(MESSAGES.userNotFound)
      return stateOf(actor.id, userId)
    },

    async muteBook(actor: Actor, bookId: string): Promise<{ muted: boolean }> {
      if (!(await findBookExists(db, bookId))) throw notFound(MESSAGES.bookNotFound)
      await insertBookMute(db, actor.id, bookId, nowIso())
      return { muted: true }
    },

    async unmuteBook(actor: Actor, bookId: string): Promise<{ muted: boolean }> {
      if (!(await findBookExists(db, bookId))) throw notFound(MESSAGES.bookNotFound)
      await deleteBookMute(db, actor.id, bookId)
      return { muted: false }
    },

    /** The readers the caller blocked, newest first, paged. */
    async blocks(actor: Actor, q: PagingQuery): Promise<Page<BlockedPerson>> {
      const limit = q.limit ?? PAGE_DEFAULT
      const [rows, total] = await Promise.all([listBlocks(db, actor.id, afterOf(q.cursor), limit + 1), countBlocks(db, actor.id)])
      const page = cutPage(rows, limit, (last) => encodeCursor([last.blockedAt, last._id]))
      return { items: page.rows, total, ...(page.next ? { nextCursor: page.next } : {}) }
    },

    mutes: (actor: Actor): Promise<Mutes> => listMutes(db, actor.id, MUTES_CAP),

    mutedWords: async (actor: Actor) => ({ words: await listMutedWords(db, actor.id) }),

    /** Replaces the muted words: trimmed, lower-cased, each once. */
    async setMutedWords(actor: Actor, words: readonly string[]) {
      const kept = [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))].slice(0, SAFETY_LIMITS.mutedWordsMax)
      await db.transaction().execute((trx) => replaceMutedWords(trx, actor.id, kept, nowIso()))
      return { words: await listMutedWords(db, actor.id) }
    },

    /**
     * Reports an item: 404 naming the kind for an absent one; 400 for the caller's own; the same
     * reader's open report of the same item is answered again (200) instead of a second one.
     */
    async report(actor: Actor, input: ReportInput): Promise<{ created: boolean; report: Report }> {
      const item = await findItem(db, input.targetType, input.targetId)
      if (!item) throw notFound(NOT_FOUND[input.targetType])
      if (item.writerId === actor.id && input.targetType !== 'book') throw badRequest(SAFETY_MESSAGES.reportOwn)
      const open = await findOpenReport(db, actor.id, input.targetType, input.targetId)
      if (open) return { created: false, report: asReport(open) }
      const id = uuidv7()
      try {
        await insertReport(db, {
          id,
          reporterId: actor.id,
          targetType: input.targetType,
          targetId: input.targetId,
          reason: input.reason,
          note: input.note || null,
          createdAt: nowIso(),
        })
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
        const raced = await findOpenReport(db, actor.id, input.targetType, input.targetId)
        if (raced) return { created: false, report: asReport(raced) }
        throw err
      }
      return { created: true, report: asReport((await findReport(db, id))!) }
    },

    /** The caller's reports with their outcomes, newest first, paged. */
    async myReports(actor: Actor, q: PagingQuery): Promise<Page<Report>> {
      const limit = q.limit ?? PAGE_DEFAULT
      const [rows, total] = await Promise.all([listReportsBy(db, actor.id, afterOf(q.cursor), limit + 1), countReportsBy(db, actor.id)])
      const page = cutPage(rows, limit, (last) => encodeCursor([toIso(last.createdAt), last.id]))
      return { items: page.rows.map(asReport), total, ...(page.next ? { nextCursor: page.next } : {}) }
    },

    /** The moderators' queue: reports in a status (open by default), oldest first, each with its item and context. */
    async queue(actor: Actor, q: ModerationQuery): Promise<Page<ModerationReport>> {
      await requireModerator(actor)
      const status = q.status ?? 'open'
      const limit = q.limit ?? PAGE_DEFAULT
      const [rows, total] = await Promise.all([listReportsIn(db, status, afterOf(q.cursor), limit + 1), countReportsIn(db, status)])
      const page = cutPage(rows, limit, (last) => encodeCursor([toIso(last.createdAt), last.id]))
      const items = await Promise.all(page.rows.map((r) => findItem(db, r.targetType, r.targetId)))
      const hidden = new Map<string, Set<string>>()
      for (const type of new Set(page.rows.map((r) => r.targetType)))
        hidden.set(
          type,
          await listHiddenAmong(
            db,
            type,
            page.rows.filter((r) => r.targetType === type).map((r) => r.targetId),
          ),
        )
      const counts = await countOpenReportsOf(db, page.rows)
      const people = new Map(
        (await findPeople(db, [...new Set([...page.rows.map((r) => r.reporterId), ...items.flatMap((i) => (i?.writerId ? [i.writerId] : []))])])).map((p) => [
          p._id,
          p,
        ]),
      )
      return {
        items: page.rows.map((r, i) => {
          const item = items[i]
          return {
            ...asReport(r),
            reporter: people.get(r.reporterId) ?? null,
            reportsOfItem: counts.get(`${r.targetType}:${r.targetId}`) ?? 0,
            item: {
              exists: item !== undefined,
              hidden: hidden.get(r.targetType)?.has(r.targetId) ?? false,
              writer: (item?.writerId && people.get(item.writerId)) || null,
              text: item?.text ?? null,
              context: { bookId: item?.bookId ?? null, bookTitle: item?.bookTitle ?? null, parentText: item?.parentText ?? null },
            },
          }
        }),
        total,
        ...(page.next ? { nextCursor: page.next } : {}),
      }
    },

    /**
     * A moderator's decision on a report: `hide` hides the item, `restore` shows it again (or leaves it
     * shown), `dismiss` closes the report with nothing wrong found; every open report of the same item
     * gets the same outcome and note, which each reporter reads back.
     */
    async decide(actor: Actor, id: string, input: ModerationAction): Promise<Report> {
      await requireModerator(actor)
      await db.transaction().execute(async (trx) => {
        const r = await findReport(trx, id)
        if (!r) throw notFound(SAFETY_MESSAGES.reportNotFound)
        const at = nowIso()
        const wasHidden = (await listHiddenAmong(trx, r.targetType, [r.targetId])).has(r.targetId)
        if (input.action === 'hide') await insertHidden(trx, r.targetType, r.targetId, actor.id, input.note, at)
        else if (input.action === 'restore') await deleteHidden(trx, r.targetType, r.targetId)
        if (input.action !== 'dismiss' && wasHidden !== (input.action === 'hide')) await hiddenChanged(trx, r.targetType, r.targetId, input.action === 'hide')
        const status = input.action === 'hide' ? 'hidden' : input.action === 'restore' ? 'restored' : 'dismissed'
        const told = await openReportsOf(trx, r.targetType, r.targetId, r.id)
        await decideReportsOf(trx, r.targetType, r.targetId, r.id, { status, outcomeNote: input.note, decidedByUserId: actor.id, decidedAt: at })
        // Each reporter is told the outcome (decision 0058); the title carries it for the sentence.
        for (const report of told)
          await notify(trx, { recipientId: report.reporterId, type: 'report_outcome', target: { type: 'report', id: report.id, title: status } })
      })
      return asReport((await findReport(db, id))!)
    },

    /** Readers blocked by many others (decision 0058), for the moderators. */
    async flagged(actor: Actor): Promise<FlaggedReader[]> {
      await requireModerator(actor)
      return listBlockedByMany(db, SAFETY_LIMITS.flaggedAfterBlocks, 50)
    },
  }
}

const NOT_FOUND: Record<ReportTargetType, string> = {
  review: MESSAGES.reviewNotFound,
  comment: MESSAGES.commentNotFound,
  post: 'Post not found',
  discussion: 'Discussion not found',
  profile: MESSAGES.userNotFound,
  book: MESSAGES.bookNotFound,
}

export type SafetyService = ReturnType<typeof createSafetyService>

import { v7 as uuidv7 } from 'uuid'
import {
  MERGE_MESSAGES,
  MERGE_PROPOSALS_DEFAULT_LIMIT,
  MESSAGES,
  TRUSTED_READER,
  type Book,
  type MergeKind,
  type MergeProposal,
  type MergeProposalInput,
  type MergeProposalListQuery,
} from '@shelfwise/contracts'
import { dialectOf, isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '#/errors.ts'
import { decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { lettingTheLoopGo, lockReaders, type BookMergeDoors, type ImportMergeHints, type MergeSide, type MergeStep, type Moved } from '#/book-merge.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'
import {
  countProposals,
  findMerge,
  findOpenProposalId,
  findProposal,
  hasLaterMerge,
  insertMerge,
  insertProposal,
  listMergesOfProposals,
  listProposals,
  lockMerge,
  lockProposal,
  markReverted,
  pairWasProposed,
  setProposalStatus,
  type MergeRow,
  type ProposalRow,
} from '#/modules/merges/merges.repository.ts'

// Readers fix duplicates (issue 21, point 7, decision 0030). A signed-in reader proposes that two
// books are one work, or two editions one printing; a moderator or a trusted reader applies it; any
// merge can be reverted in one step. The merge itself is the modules' doors (book-merge.ts), composed
// here in one transaction: the books door settles which book stays and locks both, every door moves
// its rows and answers what it moved, and the record of that is what a revert puts back.

export interface MergesDeps {
  db: Db
  books: Pick<BooksService, 'get'>
  users: Pick<UsersService, 'standing'>
  doors: BookMergeDoors
}

const DAY_MS = 24 * 60 * 60 * 1000
/** Attempts at a merge's transaction when PostgreSQL breaks a deadlock with a reader's write by aborting it. */
const ATTEMPTS = 3

/** The fields shown side by side, in this order. */
const FIELDS = [
  'title',
  'author',
  'isbn',
  'format',
  'pageCount',
  'audioSeconds',
  'publisher',
  'publishedDate',
  'language',
  'edition',
  'category',
  'genre',
  'description',
  'coverImage',
  'averageRating',
  'ratingsCount',
  'totalReviews',
  'editionCount',
  'createdAt',
] as const satisfies readonly (keyof Book)[]

/** A field as text as the book shows it (genres joined with ', '); null for none. */
const asText = (b: Book, field: (typeof FIELDS)[number]): string | null => {
  const v = b[field]
  const text = Array.isArray(v) ? v.join(', ') : v
  return text === null || text === undefined || text === '' ? null : String(text)
}

/** PostgreSQL broke a deadlock (a reader's write and the merge locked rows crosswise) or a serialization conflict. */
const isRetryable = (err: unknown) => ['40P01', '40001'].includes((err as { code?: string })?.code ?? '')

async function retrying<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (err) {
      if (attempt >= ATTEMPTS || !isRetryable(err)) throw err
    }
  }
}

export const createMergesService = ({ db, books, users, doors }: MergesDeps) => {
  /** The readers a merge (or, given what it moved, its revert) writes, by every door; none asked on SQLite, whose writes take turns. */
  const readersOf = async (trx: Db, step: MergeStep, moved?: Record<string, Moved>): Promise<string[]> => {
    if (dialectOf(trx) !== 'postgres') return []
    const out: string[] = []
    for (const door of doors.doors) {
      if (moved && !moved[door.module]) continue
      out.push(...(await door.readers(trx, step, moved?.[door.module])))
    }
    return out
  }

  /** A book as GET /books/{id} answers it, or null when it is no longer in the catalogue. */
  const bookOrNull = async (id: string): Promise<Book | null> => {
    try {
      return await books.get(id)
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return null
      throw err
    }
  }

  const sideOf = (kind: MergeKind, b: Book): MergeSide =>
    kind === 'work'
      ? { id: b._id, ratings: b.ratingsCount, createdAt: b.createdAt, shown: false }
      : { id: b.editionId ?? b._id, ratings: 0, createdAt: '', shown: (b.editionId ?? b._id) === b._id }

  const present = async (p: ProposalRow, merge: MergeRow | undefined): Promise<MergeProposal> => {
    const [a, b] = await Promise.all([bookOrNull(p.firstId), bookOrNull(p.secondId)])
    const survivorId = merge
      ? merge.survivorId
      : a && b
        ? [p.firstId, p.secondId][doors.catalogue.survivorOf(p.kind, [sideOf(p.kind, a), sideOf(p.kind, b)])]!
        : a
          ? p.firstId
          : p.secondId
    const fields = FIELDS.map((field) => {
      const values = [a ? asText(a, field) : null, b ? asText(b, field) : null]
      return { field, values, same: values[0] === values[1] }
    })
    return {
      _id: p.id,
      kind: p.kind,
      ids: [p.firstId, p.secondId],
      status: p.status,
      origin: p.origin,
      proposedBy: p.proposedBy,
      createdAt: p.createdAt,
      survivorId,
      books: [a, b],
      fields,
      merge: merge
        ? {
            _id: merge.id,
            survivorId: merge.survivorId,
            absorbedId: merge.absorbedId,
            appliedAt: merge.appliedAt,
            appliedBy: merge.appliedBy,
            revertedAt: merge.revertedAt,
            revertedBy: merge.revertedBy,
          }
        : null,
    }
  }

  const one = async (id: string): Promise<MergeProposal> => {
    const p = await findProposal(db, id)
    if (!p) throw notFound(MERGE_MESSAGES.proposalNotFound)
    return present(p, (await listMergesOfProposals(db, [id])).get(id))
  }

  /**
   * Who may apply and revert merges: a moderator, or a trusted reader (an account TRUSTED_READER.days
   * old with TRUSTED_READER.reviews reviews); 403 with `message` for anyone else.
   */
  const mayMerge = async (actor: Actor, message: string): Promise<'moderator' | 'trusted'> => {
    const standing = await users.standing(actor.id)
    if (!standing) throw unauthorized(MESSAGES.authFailed)
    if (standing.role === 'moderator') return 'moderator'
    const days = (Date.now() - Date.parse(standing.since)) / DAY_MS
    if (days >= TRUSTED_READER.days && standing.reviews >= TRUSTED_READER.reviews) return 'trusted'
    throw forbidden(message)
  }

  /**
   * An import's suggestion that two works are one (origin 'import', proposed by the importer): none
   * when either is gone or they are one work already, or when the pair was proposed before and is
   * open or was reverted (a reverted merge said they are two books; an import does not ask again).
   */
  const suggest = async (userId: string, ids: readonly [string, string]): Promise<void> => {
    const [a, b] = await Promise.all(ids.map(bookOrNull))
    if (!a || !b || a._id === b._id) return
    const pairKey = [a._id, b._id].sort().join(' ')
    if (await pairWasProposed(db, 'work', pairKey)) return
    const at = nowIso()
    try {
      await insertProposal(db, {
        id: uuidv7(),
        kind: 'work',
        firstId: a._id,
        secondId: b._id,
        pairKey,
        status: 'open',
        origin: 'import',
        workId: null,
        proposedByUserId: userId,
        createdAt: at,
        updatedAt: at,
      })
    } catch (err) {
      // The same pair suggested at the same moment (another import, or a reader): that one stands.
      if (!isUniqueViolation(err)) throw err
    }
  }

  return {
    /**
     * What a finished import may have left duplicated becomes open proposals (origin 'import'): the
     * two most relied-on alike works a waiting row had to choose between, and each book the import
     * made with the work most relied on that is alike (the same title and author, or an author spelled
     * a letter or two apart) though the import's rules did not take it. Never a second open proposal
     * of a pair.
     */
    async suggestFromImport(hints: ImportMergeHints): Promise<void> {
      const pairs = new Map<string, [string, string]>()
      const add = (a: string, b: string | undefined) => {
        if (b !== undefined) pairs.set([a, b].sort().join(' '), [a, b])
      }
      for (const [first, ...rest] of hints.waiting) add(first!, (await doors.catalogue.likeWorks(db, first!, rest))[0])
      const made = await doors.catalogue.likeWorksOf(db, hints.created)
      for (const id of hints.created) add(id, made.get(id)?.[0])
      for (const pair of pairs.values()) await suggest(hints.userId, pair)
    },

    /**
     * A reader proposes that two books are one work (kind work: each id a book's or an edition's,
     * taken as its work) or two editions of one work one printing (kind edition: a work's own id is
     * its shown edition). 404 'Book not found' for an id naming neither; 400 when they name one book
     * (or edition) already, or editions of two works. An open proposal of the same pair is answered
     * as it is (`created: false`).
     */
    async propose(actor: Actor, input: MergeProposalInput): Promise<{ proposal: MergeProposal; created: boolean }> {
      const [a, b] = await Promise.all(input.ids.map((id) => books.get(id)))
      let pair: [string, string]
      if (input.kind === 'work') {
        pair = [a!._id, b!._id]
        if (pair[0] === pair[1]) throw badRequest(MERGE_MESSAGES.sameWork)
      } else {
        if (a!._id !== b!._id) throw badRequest(MERGE_MESSAGES.editionsOfTwoWorks)
        pair = [a!.editionId ?? a!._id, b!.editionId ?? b!._id]
        if (pair[0] === pair[1]) throw badRequest(MERGE_MESSAGES.sameEdition)
      }
      const pairKey = [...pair].sort().join(' ')
      const existing = await findOpenProposalId(db, input.kind, pairKey)
      if (existing) return { proposal: await one(existing), created: false }
      const id = uuidv7()
      const at = nowIso()
      try {
        await insertProposal(db, {
          id,
          kind: input.kind,
          firstId: pair[0],
          secondId: pair[1],
          pairKey,
          status: 'open',
          origin: 'reader',
          workId: input.kind === 'edition' ? a!._id : null,
          proposedByUserId: actor.id,
          createdAt: at,
          updatedAt: at,
        })
      } catch (err) {
        // Another reader proposed the same pair at the same moment: theirs is the one.
        const theirs = isUniqueViolation(err) ? await findOpenProposalId(db, input.kind, pairKey) : undefined
        if (theirs) return { proposal: await one(theirs), created: false }
        throw err
      }
      return { proposal: await one(id), created: true }
    },

    /** One proposal, with both books as they are now and its merge once applied; 404 'Merge proposal not found'. */
    get: one,

    /**
     * Proposals, open ones first, then applied and reverted ones, newest first within each; paged.
     * With `bookId`, only those about that book's work or its editions, open ones unless `status`
     * says otherwise; 404 'Book not found' for an id naming no book.
     */
    async list(q: MergeProposalListQuery): Promise<Page<MergeProposal>> {
      const limit = q.limit ?? MERGE_PROPOSALS_DEFAULT_LIMIT
      const workId = q.bookId === undefined ? undefined : (await books.get(q.bookId))._id
      const status = q.status ?? (workId === undefined ? undefined : 'open')
      let after: { rank: 0 | 1; id: string } | undefined
      if (q.cursor) {
        const [rank, id] = decodeKeyset(q.cursor, ['count', 'id'] as const)
        if (rank !== 0 && rank !== 1) throw badRequest(MESSAGES.badCursor)
        after = { rank, id }
      }
      const [rows, total] = await Promise.all([listProposals(db, { status, workId, limit, after }), countProposals(db, status, workId)])
      const page = rows.slice(0, limit)
      const merges = await listMergesOfProposals(
        db,
        page.filter((p) => p.status !== 'open').map((p) => p.id),
      )
      const items = await Promise.all(page.map((p) => present(p, merges.get(p.id))))
      const last = page.at(-1)
      return { items, total, ...(rows.length > limit && last ? { nextCursor: encodeCursor([last.rank, last.id]) } : {}) }
    },

    /**
     * Applies an open proposal: every review, rating, reading entry and read, shelf placement and list
     * entry of the absorbed book moves to the one that stays, in one transaction, and the record of
     * what moved is kept for a revert. 403 unless a moderator or a trusted reader (who may not apply
     * their own proposal); 404 for an unknown proposal; 409 when it is not open or its books changed.
     */
    async apply(actor: Actor, id: string): Promise<MergeProposal> {
      const role = await mayMerge(actor, MERGE_MESSAGES.cannotApply)
      const proposal = await findProposal(db, id)
      if (!proposal) throw notFound(MERGE_MESSAGES.proposalNotFound)
      if (role === 'trusted' && proposal.proposedBy?._id === actor.id) throw forbidden(MERGE_MESSAGES.ownProposal)
      await retrying(() =>
        db.transaction().execute(async (tx) => {
          const trx = lettingTheLoopGo(tx)
          const p = await lockProposal(trx, id)
          if (!p) throw notFound(MERGE_MESSAGES.proposalNotFound)
          if (p.status !== 'open') throw conflict(p.status === 'applied' ? MERGE_MESSAGES.alreadyApplied : MERGE_MESSAGES.wasReverted)
          const at = nowIso()
          const ids = [p.firstId, p.secondId] as const
          // The readers first, then the books, as a reader's own write locks them (book-merge.ts lockReaders).
          const look = await doors.catalogue.plan(trx, p.kind, ids, at, false)
          await lockReaders(trx, await readersOf(trx, look))
          const step = await doors.catalogue.plan(trx, p.kind, ids, at)
          // Readers rated one of them meanwhile and the other stays now: its readers are locked too.
          if (step.absorbed !== look.absorbed) await lockReaders(trx, await readersOf(trx, step))
          const first = await doors.catalogue.moveFirst(trx, step)
          const moved: Record<string, Moved> = {}
          for (const door of doors.doors) moved[door.module] = await door.move(trx, step)
          moved[doors.catalogue.module] = await doors.catalogue.moveLast(trx, step, first)
          await insertMerge(trx, {
            id: uuidv7(),
            proposalId: id,
            kind: step.kind,
            survivorId: step.survivor,
            absorbedId: step.absorbed,
            workId: step.workId,
            moved: JSON.stringify(moved),
            appliedByUserId: actor.id,
            appliedAt: at,
            revertedByUserId: null,
            revertedAt: null,
          })
          await setProposalStatus(trx, id, 'applied', at)
        }),
      )
      return one(id)
    },

    /**
     * Reverts an applied merge in one step: every door puts back what it moved, and the absorbed book
     * is a book again under its own id. What readers wrote on the surviving book since stays there.
     * 403 as for applying; 404 'Merge not found'; 409 when already reverted, when a later merge
     * involves these books (revert it first), or when the book that stayed is gone.
     */
    async revert(actor: Actor, mergeId: string): Promise<MergeProposal> {
      await mayMerge(actor, MERGE_MESSAGES.cannotRevert)
      const merge = await findMerge(db, mergeId)
      if (!merge) throw notFound(MERGE_MESSAGES.mergeNotFound)
      await retrying(() =>
        db.transaction().execute(async (tx) => {
          const trx = lettingTheLoopGo(tx)
          const m = await lockMerge(trx, mergeId)
          if (!m) throw notFound(MERGE_MESSAGES.mergeNotFound)
          if (m.revertedAt !== null) throw conflict(MERGE_MESSAGES.alreadyReverted)
          if (await hasLaterMerge(trx, mergeId, [m.survivorId, m.absorbedId, m.workId])) throw conflict(MERGE_MESSAGES.laterMerge)
          const at = nowIso()
          const step: MergeStep = { kind: m.kind, survivor: m.survivorId, absorbed: m.absorbedId, workId: m.workId, at }
          const moved = JSON.parse(m.moved) as Record<string, Moved>
          await lockReaders(trx, await readersOf(trx, step, moved))
          await doors.catalogue.planRevert(trx, step)
          const own = moved[doors.catalogue.module]!
          await doors.catalogue.putBackFirst(trx, step, own)
          for (const door of [...doors.doors].reverse()) {
            const what = moved[door.module]
            if (what) await door.putBack(trx, step, what)
          }
          await doors.catalogue.putBackLast(trx, step, own)
          await markReverted(trx, mergeId, actor.id, at)
          await setProposalStatus(trx, m.proposalId, 'reverted', at)
        }),
      )
      return one(merge.proposalId)
    },
  }
}

export type MergesService = ReturnType<typeof createMergesService>

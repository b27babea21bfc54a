import type { Book, MergeProposal } from '@shelfwise/contracts'
import { bookFields } from '#/features/merges/components/merge-texts.ts'
import { buildBook, buildUser } from '#/test/factories.ts'

/** A proposal as GET /merge-proposals answers it: two books side by side, the first one staying unless `survivor` says. */
export function buildProposal(over: Partial<MergeProposal> & { pair?: [Book, Book]; survivor?: 0 | 1 } = {}): MergeProposal {
  const { pair = [buildBook(), buildBook()], survivor = 0, ...rest } = over
  const proposer = buildUser()
  return {
    _id: crypto.randomUUID(),
    kind: 'work',
    ids: [pair[0]._id, pair[1]._id],
    status: 'open',
    origin: 'reader',
    proposedBy: { _id: proposer._id, username: proposer.username },
    createdAt: '2026-11-20T10:00:00.000Z',
    survivorId: pair[survivor]._id,
    books: pair,
    fields: bookFields(pair[0], pair[1]),
    merge: null,
    ...rest,
  }
}

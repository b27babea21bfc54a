import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, oneOf, PagingQuerySchema, wholeNumber } from '#/common.ts'
import { BookSchema } from '#/books.ts'

// Readers fix duplicates (issue 21, point 7, decision 0030): a reader proposes that two books are one
// work (or two editions one printing), a moderator or a trusted reader applies it, and any merge can
// be reverted in one step.

export const MERGE_KINDS = ['work', 'edition'] as const
export type MergeKind = (typeof MERGE_KINDS)[number]
export const MERGE_STATUSES = ['open', 'applied', 'reverted'] as const
export type MergeStatus = (typeof MERGE_STATUSES)[number]
/** Where a proposal came from: a reader proposed it, or an import suggested it (a duplicate the import would have made). */
export const MERGE_ORIGINS = ['reader', 'import'] as const
export type MergeOrigin = (typeof MERGE_ORIGINS)[number]

/** Who may apply and revert merges besides a moderator: a reader whose account is this old and who wrote this many reviews. */
export const TRUSTED_READER = { days: 30, reviews: 20 } as const

const trustedWords = `a trusted reader (an account at least ${TRUSTED_READER.days} days old with at least ${TRUSTED_READER.reviews} reviews)`

export const MERGE_MESSAGES = {
  proposalNotFound: 'Merge proposal not found',
  mergeNotFound: 'Merge not found',
  sameWork: 'These two ids name one book already: there is nothing to merge',
  sameEdition: 'These two ids name one edition already: there is nothing to merge',
  editionsOfTwoWorks: 'These editions belong to two different books: propose merging the books (kind work) first',
  cannotApply: `Only a moderator or ${trustedWords} can apply a merge`,
  cannotRevert: `Only a moderator or ${trustedWords} can revert a merge`,
  ownProposal: 'A trusted reader cannot apply their own proposal: another trusted reader or a moderator applies it',
  alreadyApplied: 'This proposal has already been applied',
  wasReverted: 'This proposal was applied and then reverted: propose the merge again to apply it again',
  alreadyReverted: 'This merge has already been reverted',
  bookGone: 'One of these books is no longer in the catalogue, or has been merged into another since this was proposed: propose the merge again',
  laterMerge: 'A later merge involves these books: revert it first',
  survivorGone: 'The book this merge kept is no longer in the catalogue: the merge cannot be reverted',
} as const

/** POST /merge-proposals: two ids of books (kind work) or of editions of one book (kind edition; a book's own id is its shown edition). */
export const MergeProposalInputSchema = z.object({
  kind: oneOf(MERGE_KINDS),
  ids: z
    .array(IdSchema, { error: 'must be a list of two ids' })
    .length(2, 'must hold exactly two ids: the two books (or editions) that are the same')
    .refine(([a, b]) => a?.toLowerCase() !== b?.toLowerCase(), 'must name two different books, not the same id twice'),
})
export type MergeProposalInput = z.infer<typeof MergeProposalInputSchema>

/**
 * One field of the two books side by side, each value as text as the book shows it (genres joined
 * with ', ', numbers as digits; null for none), in the order of `ids`.
 */
export const MergeFieldSchema = z.object({
  field: z.string(),
  values: z.array(z.string().nullable()).length(2),
  same: z.boolean(),
})

const PersonRefSchema = z.object({ _id: IdSchema, username: z.string() }).nullable()

export const MergeIdParamsSchema = z.object({ id: IdSchema })

/** What an applied proposal did: which stayed, which went, who applied it and, once reverted, who reverted it. */
export const MergeSchema = z.object({
  _id: IdSchema,
  survivorId: IdSchema,
  absorbedId: IdSchema,
  appliedAt: IsoDateTimeSchema,
  appliedBy: PersonRefSchema.describe('null once their account is closed'),
  revertedAt: IsoDateTimeSchema.nullable(),
  revertedBy: PersonRefSchema,
})
export type Merge = z.infer<typeof MergeSchema>

export const MergeProposalSchema = z.object({
  _id: IdSchema,
  kind: z.enum(MERGE_KINDS),
  /** As proposed (for kind work, each resolved to its work; for kind edition, to the edition it is). */
  ids: z.array(IdSchema).length(2),
  status: z.enum(MERGE_STATUSES),
  /** 'reader': a reader proposed it; 'import': suggested when an import finished, for a duplicate it would have made. */
  origin: z.enum(MERGE_ORIGINS),
  proposedBy: PersonRefSchema.describe('null once their account is closed; for an import suggestion, the importer'),
  createdAt: IsoDateTimeSchema,
  /** The one that stays: for an open proposal, the one that would. */
  survivorId: IdSchema,
  /**
   * Both as GET /books/{id} answers them now, in the order of `ids` (after a work merge the absorbed
   * id answers the surviving book shown as that edition); null for one no longer in the catalogue.
   */
  books: z.array(BookSchema.nullable()).length(2),
  /** Their fields side by side, with whether they agree. */
  fields: z.array(MergeFieldSchema),
  merge: MergeSchema.nullable(),
})
export type MergeProposal = z.infer<typeof MergeProposalSchema>
export const MergeProposalListSchema = z.array(MergeProposalSchema)

export const MERGE_PROPOSALS_MAX_LIMIT = 50
export const MergeProposalListQuerySchema = PagingQuerySchema.extend({
  limit: wholeNumber(1, MERGE_PROPOSALS_MAX_LIMIT).optional(),
  status: oneOf(MERGE_STATUSES).optional(),
  /**
   * Only proposals involving this book (a book's or an edition's id): its work or any of its editions,
   * for the book page's "this may be a duplicate". Without `status`, only open ones.
   */
  bookId: IdSchema.optional(),
})
export type MergeProposalListQuery = z.infer<typeof MergeProposalListQuerySchema>
export const MERGE_PROPOSALS_DEFAULT_LIMIT = 20

import { z } from 'zod'
import { oneOf } from '#/common.ts'
import { READING_VISIBILITIES } from '#/constants.ts'

// Who sees a reader's reading log (issue 24, point 3, decision 0055): its statuses, reads, progress,
// shelves, stats, goals and year in review. Reviews stay public.

/** GET|PUT /me/privacy: the account's default for the reading log. */
export const PrivacySchema = z.object({ readingLog: z.enum(READING_VISIBILITIES) })
export type Privacy = z.infer<typeof PrivacySchema>

export const PrivacyInputSchema = z.object({ readingLog: oneOf(READING_VISIBILITIES) }).strict()
export type PrivacyInput = z.infer<typeof PrivacyInputSchema>

/**
 * POST /me/privacy/apply: makes `visibility` the default and every past entry's (their own choices
 * are cleared); with `dryRun` only counts the entries whose visibility it would change.
 */
export const PrivacyApplyInputSchema = z
  .object({
    visibility: oneOf(READING_VISIBILITIES),
    dryRun: z.boolean('must be true or false').optional(),
  })
  .strict()
export type PrivacyApplyInput = z.infer<typeof PrivacyApplyInputSchema>

export const PrivacyApplyResultSchema = z.object({ changed: z.int() })
export type PrivacyApplyResult = z.infer<typeof PrivacyApplyResultSchema>

import { z } from 'zod'
import { IdSchema } from '#/common.ts'

// How far into a book a post (or, later, a comment) is: a page, a percent, or the ending (issue 23,
// point 4, decision 0043). One schema for every kind of item that can hold a spoiler.

/** The highest page a position may name (no printed book comes close). */
export const POSITION_PAGE_MAX = 100_000

export const PagePositionSchema = z.strictObject({
  page: z.int({ error: 'must be a whole page number' }).min(1, 'must be at least 1').max(POSITION_PAGE_MAX, `must be at most ${POSITION_PAGE_MAX}`),
})
export const PercentPositionSchema = z.strictObject({
  percent: z.int({ error: 'must be a whole percent' }).min(1, 'must be at least 1').max(100, 'must be at most 100'),
})
export const FinishedPositionSchema = z.strictObject({ finished: z.literal(true, { error: 'must be true' }) })

/** `{page}`, `{percent}` or `{finished: true}`: exactly one of them. */
export const PositionSchema = z.union([PagePositionSchema, PercentPositionSchema, FinishedPositionSchema], {
  error: 'must be {page}, {percent} or {finished: true}',
})
export type Position = z.infer<typeof PositionSchema>

/** Why an item's text is not in the answer: it is further into the book than the reader is. */
export const WithheldSchema = z.enum(['ahead'])

/** Most ids one `reveal` may name. */
export const REVEAL_IDS_MAX = 100

/**
 * `?reveal=ID` (repeated, or a comma list) or `?reveal=all`: the items whose withheld text the reader
 * asks to see anyway. At most REVEAL_IDS_MAX ids.
 */
export const RevealQuerySchema = z
  .union([z.string().max(4000, 'is too long'), z.array(z.string().max(4000, 'is too long')).max(REVEAL_IDS_MAX, `must name at most ${REVEAL_IDS_MAX} ids`)])
  .transform((v, ctx): 'all' | string[] => {
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== '')
    if (parts.length === 1 && parts[0] === 'all') return 'all'
    if (parts.length > REVEAL_IDS_MAX) ctx.addIssue({ code: 'custom', message: `must name at most ${REVEAL_IDS_MAX} ids` })
    else if (!parts.every((id) => IdSchema.safeParse(id).success)) ctx.addIssue({ code: 'custom', message: 'must be all or a list of valid ids' })
    else return parts
    return z.NEVER
  })
export type Reveal = z.output<typeof RevealQuerySchema>

/** Inline spoiler markup: `||like this||`, hidden until the reader asks (decision 0044). */
export const SPOILER_MARK = '||'

import { z } from 'zod'
import { LIMITS } from '#/constants.ts'

/** Every entity id: an app-made UUIDv7 string, sent as `_id`. */
export const IdSchema = z.uuid({ error: 'must be a valid id' })
export type Id = z.infer<typeof IdSchema>

export const IsoDateTimeSchema = z.string().describe('ISO 8601 date-time')

export const PagingQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(LIMITS.pageSizeMax, `must be at most ${LIMITS.pageSizeMax}`)
    .optional(),
  cursor: z.string().max(500, 'is too long').optional(),
})
export type PagingQuery = z.infer<typeof PagingQuerySchema>

export const CountSchema = z.object({ count: z.int() })

/** An http(s) URL, or an empty string for "none". */
export const HttpUrlOrEmptySchema = z
  .string()
  .trim()
  .max(2000, 'is too long')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'must be an http(s) URL')

/**
 * Drops the invisible characters that reorder text (bidi embeddings, overrides, isolates and marks):
 * in a display name they could make it read as something else, or spill over what follows it.
 */
export const withoutBidiControls = (text: string): string => text.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')

import { z } from 'zod'
import { PagingQuerySchema } from '#/common.ts'

// Author and publisher pages: the books carrying one author's or publisher's name.

/** GET /books/by-author/{name} and /books/by-publisher/{name}: the name as a book carries it (any case, any accents). */
export const BookNameParamsSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
})
export type BookNameParams = z.infer<typeof BookNameParamsSchema>

/** Always paged: `limit` (default BOOKS_BY_NAME_DEFAULT_LIMIT) and the `cursor` of the Link header. */
export const BooksByNameQuerySchema = PagingQuerySchema
export type BooksByNameQuery = z.infer<typeof BooksByNameQuerySchema>

/** How many books a by-name page answers when the caller sends no `limit`. */
export const BOOKS_BY_NAME_DEFAULT_LIMIT = 24

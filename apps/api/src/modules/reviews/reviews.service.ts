import type { Db } from '#/db/portable.ts'
import type { BooksService } from '#/modules/books/books.service.ts'

export interface ReviewsDeps {
  db: Db
  books: BooksService
}

export const createReviewsService = (_deps: ReviewsDeps) => ({})

export type ReviewsService = ReturnType<typeof createReviewsService>

import type { Config } from '#/config.ts'
import type { Db } from '#/db/portable.ts'
import type { Tokens } from '#/security/tokens.ts'
import { createAuthService } from '#/modules/auth/auth.service.ts'
import { createUsersService } from '#/modules/users/users.service.ts'
import { createBooksService } from '#/modules/books/books.service.ts'
import { createReviewsService } from '#/modules/reviews/reviews.service.ts'
import { createReadingService } from '#/modules/reading/reading.service.ts'
import { createShelvesService } from '#/modules/shelves/shelves.service.ts'
import { createUploadsService } from '#/modules/uploads/uploads.service.ts'
import { createAccountService } from '#/modules/account/account.service.ts'
import { createImportsService } from '#/modules/imports/imports.service.ts'
import { createStatsService } from '#/modules/stats/stats.service.ts'
import { createBookshelvesService } from '#/modules/bookshelves/bookshelves.service.ts'
import { createMergesService } from '#/modules/merges/merges.service.ts'
import { createReaderData } from '#/reader-data-doors.ts'
import { createBookMergeDoors } from '#/book-merge-doors.ts'

export interface ServiceDeps {
  db: Db
  config: Config
  tokens: Tokens
}

/** Every domain service, wired explicitly: a module reaches another only through its service. */
export function createServices({ db, config, tokens }: ServiceDeps) {
  const uploads = createUploadsService({ db, config })
  const users = createUsersService({ db, uploads })
  const books = createBooksService({ db, uploads })
  const auth = createAuthService({ db, tokens, users })
  const reading = createReadingService({ db, books, users })
  const reviews = createReviewsService({ db, books, reading })
  const shelves = createShelvesService({ db, books, users, reading })
  const stats = createStatsService({ db, users, reading, uploads })
  const bookshelves = createBookshelvesService({ db, books, users, reading })
  const account = createAccountService({ db, auth, books, readerData: createReaderData({ books, reviews, uploads }) })
  const merges = createMergesService({ db, books, users, doors: createBookMergeDoors({ books, reading }) })
  const imports = createImportsService({ db, books, reading, reviews, bookshelves, pollMs: config.importPollMs, suggestMerges: merges.suggestFromImport })
  return { config, users, books, auth, reviews, shelves, reading, uploads, imports, account, stats, bookshelves, merges }
}

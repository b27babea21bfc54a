import type { BookMergeDoors } from '#/book-merge.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import { booksMergeDoor } from '#/modules/books/books.book-merge.ts'
import { createReviewsMergeDoor } from '#/modules/reviews/reviews.book-merge.ts'
import { createReadingMergeDoor } from '#/modules/reading/reading.book-merge.ts'
import { createBookshelvesMergeDoor } from '#/modules/bookshelves/bookshelves.book-merge.ts'
import { importsMergeDoor } from '#/modules/imports/imports.book-merge.ts'
import { discussionsMergeDoor } from '#/modules/discussions/discussions.book-merge.ts'
import { syncMergeDoor } from '#/modules/sync/sync.book-merge.ts'
import { safetyMergeDoor } from '#/modules/safety/safety.book-merge.ts'
import { notificationsMergeDoor } from '#/modules/notifications/notifications.book-merge.ts'

// Every module's door for merging duplicates, for the merges module (decision 0030). A module that
// keeps rows naming a book adds its door here; merges.coverage.test.ts fails for a table naming books
// that no door declares.

export interface BookMergeDeps {
  books: { ratings: Pick<BooksService['ratings'], 'move'> }
  reading: Pick<ReadingService, 'markLogChanged'>
}

export const createBookMergeDoors = ({ books, reading }: BookMergeDeps): BookMergeDoors => ({
  catalogue: booksMergeDoor,
  // Reviews before the reading log: a review with stars moved to the survivor supersedes its reader's
  // rating given without one there, which the reading door settles. Put back in the reverse order.
  doors: [
    createReviewsMergeDoor(books),
    createReadingMergeDoor(books),
    createBookshelvesMergeDoor(reading),
    importsMergeDoor,
    discussionsMergeDoor,
    syncMergeDoor,
    safetyMergeDoor,
    notificationsMergeDoor,
  ],
})

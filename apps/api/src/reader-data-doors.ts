import type { ReaderData } from '#/reader-data.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'
import { accountDoor, followsDoor } from '#/modules/users/users.reader-data.ts'
import { sessionsDoor } from '#/modules/auth/auth.reader-data.ts'
import { createReviewsDoor } from '#/modules/reviews/reviews.reader-data.ts'
import { createReadingDoor } from '#/modules/reading/reading.reader-data.ts'
import { goalsDoor } from '#/modules/stats/stats.reader-data.ts'
import { booksDoor } from '#/modules/books/books.reader-data.ts'
import { createUploadsDoor } from '#/modules/uploads/uploads.reader-data.ts'
import { importsDoor } from '#/modules/imports/imports.reader-data.ts'
import { bookshelvesDoor } from '#/modules/bookshelves/bookshelves.reader-data.ts'
import { mergesDoor } from '#/modules/merges/merges.reader-data.ts'
import { discussionsDoor } from '#/modules/discussions/discussions.reader-data.ts'
import { webhooksDoor } from '#/modules/webhooks/webhooks.reader-data.ts'
import { createConversationDoor } from '#/modules/conversation/conversation.reader-data.ts'
import type { ConversationService } from '#/modules/conversation/conversation.service.ts'
import { tokensDoor } from '#/modules/tokens/tokens.reader-data.ts'
import { syncDoor } from '#/modules/sync/sync.reader-data.ts'
import { safetyDoor } from '#/modules/safety/safety.reader-data.ts'
import { notificationsDoor } from '#/modules/notifications/notifications.reader-data.ts'
import { feedDoor } from '#/modules/feed/feed.reader-data.ts'

// Every module's door to a reader's data, for the account module (decision 0019). A module that
// keeps rows naming a reader adds its door here; account.reader-data.test.ts fails for a table
// naming readers that no door declares.

export interface ReaderDataDeps {
  books: { ratings: Pick<BooksService['ratings'], 'takeOutLoneRatingsOf'> }
  reviews: Pick<ReviewsService, 'removeAllBy' | 'moveCounters'>
  uploads: Pick<UploadsService, 'releaseAllOf'>
  conversation: Pick<ConversationService, 'removeForAccount'>
}

export const createReaderData = ({ books, reviews, uploads, conversation }: ReaderDataDeps): ReaderData => ({
  account: accountDoor,
  // Users' rows (the follows' triggers move others' profile versions) before books' (reviews move
  // their books' counters, lone ratings leave averages, links are cleared), as every writer locks them.
  doors: [
    notificationsDoor,
    // Inbox rows as owner and as actor: copies, with nothing counted on them.
    feedDoor,
    followsDoor,
    // Blocks and mutes name other readers' rows both ways; they go before anything that moves counters.
    safetyDoor,
    discussionsDoor,
    // Their likes and comments before their reviews: counts on others' reviews move; their own reviews' threads go with them.
    createConversationDoor(conversation, reviews),
    createReviewsDoor(reviews),
    createReadingDoor(books),
    bookshelvesDoor,
    goalsDoor,
    booksDoor,
    createUploadsDoor(uploads),
    importsDoor,
    mergesDoor,
    webhooksDoor,
    tokensDoor,
    syncDoor,
    sessionsDoor,
  ],
})

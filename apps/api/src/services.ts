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
import { createConversationService } from '#/modules/conversation/conversation.service.ts'
import { createMergesService } from '#/modules/merges/merges.service.ts'
import { createSpoilersService } from '#/modules/spoilers/spoilers.service.ts'
import { createDiscussionsService } from '#/modules/discussions/discussions.service.ts'
import { createWebhooksService } from '#/modules/webhooks/webhooks.service.ts'
import { createFeedService } from '#/modules/feed/feed.service.ts'
import { createFeedsService } from '#/modules/feeds/feeds.service.ts'
import { createTokensService } from '#/modules/tokens/tokens.service.ts'
import { createSyncService } from '#/modules/sync/sync.service.ts'
import { createDevicesService } from '#/modules/tokens/devices.service.ts'
import { createDeviceLinkService } from '#/modules/tokens/device-link.service.ts'
import { blockedAmong, createSafetyService, isBlockedBetween } from '#/modules/safety/safety.service.ts'
import { createNotificationsService } from '#/modules/notifications/notifications.service.ts'
import { createReaderData } from '#/reader-data-doors.ts'
import { createChanges } from '#/changes.ts'
import { createBookMergeDoors } from '#/book-merge-doors.ts'

export interface ServiceDeps {
  db: Db
  config: Config
  tokens: Tokens
}

/** Every domain service, wired explicitly: a module reaches another only through its service. */
export function createServices({ db, config, tokens }: ServiceDeps) {
  // What changed, told by the database, so versions other modules key their memos on are kept
  // between changes instead of read on every request (decision 0064).
  const changes = createChanges(db, config.databaseUrl)
  // First: the modules where readers act on each other's things tell it, in their own transactions (decision 0052).
  // A block between two readers (either way) keeps one from notifying the other (decision 0057).
  const notifications = createNotificationsService({
    db,
    databaseUrl: config.databaseUrl,
    canNotify: async (trx, recipientId, actorId) => !(await isBlockedBetween(trx, recipientId, actorId)),
    refusedAmong: (trx, actorId, ids) => blockedAmong(trx, actorId, ids),
  })
  const { notify, notifyMany, withdraw, withdrawAbout, withdrawBetween } = notifications
  const uploads = createUploadsService({ db, config })
  const users = createUsersService({ db, uploads, notify, withdraw })
  const books = createBooksService({ db, uploads, changes })
  const auth = createAuthService({ db, tokens, users, changes })
  const personalTokens = createTokensService({ db, changes })
  const devices = createDevicesService({ db })
  const deviceLink = createDeviceLinkService({ db, tokens: personalTokens })
  const webhooks = createWebhooksService({ db, allowPrivate: config.webhooksAllowPrivate, pollMs: config.webhooksPollMs, changes })
  const reading = createReadingService({ db, books, users, events: webhooks.events })
  const sync = createSyncService({ db, books, reading })
  // Reviews answer whether the caller likes each; the likes are the conversation module's, made next.
  const spoilers = createSpoilersService({ reading })
  const reviews = createReviewsService({
    db,
    books,
    reading,
    events: webhooks.events,
    likedAmong: (viewerId, ids) => conversation.likedAmong(viewerId, ids),
    withdrawAbout,
    changes,
  })
  const conversation = createConversationService({ db, users, reviews, spoilers, notify, withdraw, withdrawAbout })
  const shelves = createShelvesService({ db, books, users, reading })
  const stats = createStatsService({ db, users, reading, uploads })
  const bookshelves = createBookshelvesService({ db, books, users, reading })
  const discussions = createDiscussionsService({ db, books, users, spoilers, notify, notifyMany, withdraw, withdrawAbout, changes })
  const account = createAccountService({ db, auth, books, readerData: createReaderData({ books, reviews, uploads, conversation }) })
  const merges = createMergesService({ db, books, users, doors: createBookMergeDoors({ books, reading }) })
  const imports = createImportsService({
    db,
    books,
    reading,
    reviews,
    bookshelves,
    pollMs: config.importPollMs,
    suggestMerges: merges.suggestFromImport,
    notify,
  })
  const feed = createFeedService({ db, spoilers, pollMs: config.feedPollMs })
  const safety = createSafetyService({
    db,
    notify,
    withdrawBetween,
    // Counts readers see leave hidden comments and posts out; a hidden profile's bio and image go (decision 0058).
    hiddenChanged: async (trx, type, id, hidden) => {
      if (type === 'comment') await conversation.hiddenChanged(trx, id, hidden)
      else if (type === 'post') await discussions.hiddenChanged(trx, id, hidden)
      // A hidden profile shows others no bio and no image.
      else if (type === 'profile') await users.hiddenChanged(trx, id, hidden)
      // A hidden book leaves every catalogue list; its page opens, marked.
      else if (type === 'book') await books.hiddenChanged(trx, id, hidden)
    },
  })
  const feeds = createFeedsService({ reviews, shelves, users, books })
  return {
    config,
    changes,
    feeds,
    feed,
    users,
    books,
    auth,
    reviews,
    conversation,
    personalTokens,
    devices,
    deviceLink,
    sync,
    shelves,
    reading,
    uploads,
    imports,
    account,
    stats,
    bookshelves,
    merges,
    discussions,
    webhooks,
    safety,
    notifications,
  }
}

import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'
import * as initialSchema from './2026_11_21_1400_initial_schema.ts'
import * as booksRatingSum from './2026_11_22_1000_books_rating_sum.ts'
import * as followsKeysetIndexes from './2026_11_22_1100_follows_keyset_indexes.ts'
import * as booksSearch from './2026_11_22_1300_books_search.ts'
import * as booksPublishedKey from './2026_11_22_1310_books_published_key.ts'
import * as searchByPopularity from './2026_11_23_0900_search_by_popularity.ts'
import * as reviewsCreatedCovering from './2026_11_23_0910_reviews_created_covering.ts'
import * as feedCoveringIndexes from './2026_11_23_0920_feed_covering_indexes.ts'
import * as usersProfileVersion from './2026_11_24_0900_users_profile_version.ts'
import * as searchRankKeys from './2026_11_24_0910_search_rank_keys.ts'
import * as browseSortKeys from './2026_11_25_0100_browse_sort_keys.ts'
import * as booksNameKeys from './2026_11_25_0200_books_name_keys.ts'
import * as booksMatchKey from './2026_11_25_0300_books_match_key.ts'
import * as keptSessionsAndUsernameSkeleton from './2026_11_25_0500_kept_sessions_and_username_skeleton.ts'
import * as uploads from './2026_11_25_0600_uploads.ts'
import * as catalogueEdits from './2026_11_25_0700_catalogue_edits.ts'
import * as readingLog from './2026_11_26_0100_reading_log.ts'
import * as loneRatings from './2026_11_26_0200_lone_ratings.ts'
import * as imports from './2026_11_26_0300_imports.ts'
import * as readingGoals from './2026_11_26_0400_reading_goals.ts'
import * as importLimits from './2026_11_27_0100_import_limits.ts'
import * as bookIdentityAndHistory from './2026_11_27_0200_book_identity_and_history.ts'
import * as importFiles from './2026_11_27_0300_import_files.ts'
import * as oneRatingLedger from './2026_11_28_0100_one_rating_ledger.ts'
import * as usersLogVersion from './2026_11_29_0100_users_log_version.ts'
import * as worksAndEditions from './2026_11_30_0100_works_and_editions.ts'
import * as readerShelves from './2026_12_01_0100_reader_shelves.ts'
import * as importRowNotes from './2026_12_03_0100_import_row_notes.ts'
import * as reviewsWithoutRating from './2026_12_03_0200_reviews_without_rating.ts'
import * as entryPrivateNotes from './2026_12_04_0100_entry_private_notes.ts'
import * as merges from './2026_12_05_0100_merges.ts'
import * as importedBooks from './2026_12_07_0100_imported_books.ts'
import * as mergeProposalOrigin from './2026_12_08_0100_merge_proposals_origin_and_work.ts'
import * as searchWordsAcrossHyphens from './2026_12_06_0100_search_words_across_hyphens.ts'
import * as goodreadsRoundTripColumns from './2026_12_09_0100_goodreads_round_trip_columns.ts'
import * as progressUnit from './2026_12_10_0100_progress_unit.ts'
import * as importedReviews from './2026_12_10_0200_imported_reviews.ts'
import * as reviewConversation from './2026_12_11_0100_review_conversation.ts'
import * as discussions from './2026_12_12_0100_discussions.ts'
import * as personalTokens from './2026_12_13_0100_personal_tokens.ts'
import * as progressSync from './2026_12_13_0200_progress_sync.ts'
import * as kosyncDevices from './2026_12_13_0300_kosync_devices.ts'
import * as deviceCodes from './2026_12_13_0400_device_codes.ts'
import * as webhooks from './2026_12_14_0100_webhooks.ts'
import * as feedIndexes from './2026_12_15_0100_feed_indexes.ts'
import * as syncSettings from './2026_12_15_0200_sync_settings.ts'
import * as webhookLogSweep from './2026_12_15_0300_webhook_log_sweep.ts'
import * as notifications from './2026_12_16_0100_notifications.ts'
import * as readingPrivacy from './2026_12_17_0100_reading_privacy.ts'
import * as blocksAndMutes from './2026_12_18_0100_blocks_and_mutes.ts'
import * as reportsAndModeration from './2026_12_18_0200_reports_and_moderation.ts'
import * as commentPositions from './2026_12_19_0100_comment_positions.ts'
import * as notificationTargets from './2026_12_19_0200_notification_targets.ts'
import * as hiddenPostCounts from './2026_12_19_0210_hidden_post_counts.ts'
import * as hiddenProfiles from './2026_12_19_0220_hidden_profiles.ts'
import * as notificationTotals from './2026_12_19_0300_notification_totals.ts'
import * as hiddenBooks from './2026_12_20_0100_hidden_books.ts'
import * as feedWindowIndexes from './2026_12_20_0300_feed_window_indexes.ts'
import * as threadTombstonesIndex from './2026_12_20_0310_thread_tombstones_index.ts'
import * as answeredPosts from './2026_12_20_0500_answered_posts.ts'
import * as notificationCounts from './2026_12_20_0600_notification_counts.ts'
import * as feedInbox from './2026_12_21_0100_feed_inbox.ts'
import * as importedReads from './2026_12_22_0010_imported_reads.ts'
import * as entryVisibilityIndex from './2026_12_22_0020_entry_visibility_index.ts'
import * as changesTold from './2026_12_23_0500_changes_told.ts'
import * as signInsTold from './2026_12_24_0500_sign_ins_told.ts'
import * as hooksTold from './2026_12_24_0510_hooks_told.ts'
import * as profilesTold from './2026_12_25_0500_profiles_told.ts'
import * as personalTokensTold from './2026_12_25_0510_personal_tokens_told.ts'
import * as searchPendingList from './2026_12_26_0500_search_pending_list.ts'
import * as booksFewerIndexes from './2026_12_27_0100_books_fewer_indexes.ts'

export interface AppMigration {
  up(db: Kysely<any>, t: ColumnTypes): Promise<void>
}

/** Every migration, by name, in the order they run. Append only. */
export const migrations: Record<string, AppMigration> = {
  '2026_11_21_1400_initial_schema': initialSchema,
  '2026_11_22_1000_books_rating_sum': booksRatingSum,
  '2026_11_22_1100_follows_keyset_indexes': followsKeysetIndexes,
  '2026_11_22_1300_books_search': booksSearch,
  '2026_11_22_1310_books_published_key': booksPublishedKey,
  '2026_11_23_0900_search_by_popularity': searchByPopularity,
  '2026_11_23_0910_reviews_created_covering': reviewsCreatedCovering,
  '2026_11_23_0920_feed_covering_indexes': feedCoveringIndexes,
  '2026_11_24_0900_users_profile_version': usersProfileVersion,
  '2026_11_24_0910_search_rank_keys': searchRankKeys,
  '2026_11_25_0100_browse_sort_keys': browseSortKeys,
  '2026_11_25_0200_books_name_keys': booksNameKeys,
  '2026_11_25_0300_books_match_key': booksMatchKey,
  '2026_11_25_0500_kept_sessions_and_username_skeleton': keptSessionsAndUsernameSkeleton,
  '2026_11_25_0600_uploads': uploads,
  '2026_11_25_0700_catalogue_edits': catalogueEdits,
  '2026_11_26_0100_reading_log': readingLog,
  '2026_11_26_0200_lone_ratings': loneRatings,
  '2026_11_26_0300_imports': imports,
  '2026_11_26_0400_reading_goals': readingGoals,
  '2026_11_27_0100_import_limits': importLimits,
  '2026_11_27_0200_book_identity_and_history': bookIdentityAndHistory,
  '2026_11_27_0300_import_files': importFiles,
  '2026_11_28_0100_one_rating_ledger': oneRatingLedger,
  '2026_11_29_0100_users_log_version': usersLogVersion,
  '2026_11_30_0100_works_and_editions': worksAndEditions,
  '2026_12_01_0100_reader_shelves': readerShelves,
  '2026_12_03_0100_import_row_notes': importRowNotes,
  '2026_12_03_0200_reviews_without_rating': reviewsWithoutRating,
  '2026_12_04_0100_entry_private_notes': entryPrivateNotes,
  '2026_12_05_0100_merges': merges,
  '2026_12_06_0100_search_words_across_hyphens': searchWordsAcrossHyphens,
  '2026_12_07_0100_imported_books': importedBooks,
  '2026_12_08_0100_merge_proposals_origin_and_work': mergeProposalOrigin,
  '2026_12_09_0100_goodreads_round_trip_columns': goodreadsRoundTripColumns,
  '2026_12_10_0100_progress_unit': progressUnit,
  '2026_12_10_0200_imported_reviews': importedReviews,
  '2026_12_11_0100_review_conversation': reviewConversation,
  '2026_12_12_0100_discussions': discussions,
  '2026_12_13_0100_personal_tokens': personalTokens,
  '2026_12_13_0200_progress_sync': progressSync,
  '2026_12_13_0300_kosync_devices': kosyncDevices,
  '2026_12_13_0400_device_codes': deviceCodes,
  '2026_12_14_0100_webhooks': webhooks,
  '2026_12_15_0100_feed_indexes': feedIndexes,
  '2026_12_15_0200_sync_settings': syncSettings,
  '2026_12_15_0300_webhook_log_sweep': webhookLogSweep,
  '2026_12_16_0100_notifications': notifications,
  '2026_12_17_0100_reading_privacy': readingPrivacy,
  '2026_12_18_0100_blocks_and_mutes': blocksAndMutes,
  '2026_12_18_0200_reports_and_moderation': reportsAndModeration,
  '2026_12_19_0100_comment_positions': commentPositions,
  '2026_12_19_0200_notification_targets': notificationTargets,
  '2026_12_19_0210_hidden_post_counts': hiddenPostCounts,
  '2026_12_19_0220_hidden_profiles': hiddenProfiles,
  '2026_12_19_0300_notification_totals': notificationTotals,
  '2026_12_20_0100_hidden_books': hiddenBooks,
  '2026_12_20_0300_feed_window_indexes': feedWindowIndexes,
  '2026_12_20_0310_thread_tombstones_index': threadTombstonesIndex,
  '2026_12_20_0500_answered_posts': answeredPosts,
  '2026_12_20_0600_notification_counts': notificationCounts,
  '2026_12_21_0100_feed_inbox': feedInbox,
  '2026_12_22_0010_imported_reads': importedReads,
  '2026_12_22_0020_entry_visibility_index': entryVisibilityIndex,
  '2026_12_23_0500_changes_told': changesTold,
  '2026_12_24_0500_sign_ins_told': signInsTold,
  '2026_12_24_0510_hooks_told': hooksTold,
  '2026_12_25_0500_profiles_told': profilesTold,
  '2026_12_25_0510_personal_tokens_told': personalTokensTold,
  '2026_12_26_0500_search_pending_list': searchPendingList,
  '2026_12_27_0100_books_fewer_indexes': booksFewerIndexes,
}

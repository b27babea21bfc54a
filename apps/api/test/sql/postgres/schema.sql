-- columns
blocks.blocker_id text not null
blocks.blocked_id text not null
blocks.created_at timestamp with time zone not null
book_edits.id text not null
book_edits.book_id text not null
book_edits.user_id text
book_edits.field text not null
book_edits.old_value text
book_edits.new_value text
book_edits.edited_at timestamp with time zone not null
book_genres.book_id text not null
book_genres.genre text not null
book_merges.id text not null
book_merges.proposal_id text not null
book_merges.kind text not null
book_merges.survivor_id text not null
book_merges.absorbed_id text not null
book_merges.work_id text not null
book_merges.moved text not null
book_merges.applied_by_user_id text
book_merges.applied_at timestamp with time zone not null
book_merges.reverted_by_user_id text
book_merges.reverted_at timestamp with time zone
book_mutes.user_id text not null
book_mutes.book_id text not null
book_mutes.created_at timestamp with time zone not null
book_search_terms.term text not null
books.id text not null
books.title text not null
books.author text not null
books.author_user_id text
books.publisher text not null default ''::text
books.publisher_user_id text
books.listed_by_user_id text
books.created_by_user_id text
books.description text not null default ''::text
books.cover_image text not null default ''::text
books.published_date text
books.language text not null default ''::text
books.edition text not null default ''::text
books.page_count integer
books.amazon_link text not null default ''::text
books.isbn text
books.category text not null default ''::text
books.average_rating double precision not null default 0
books.total_reviews integer not null default 0
books.created_at timestamp with time zone not null
books.updated_at timestamp with time zone not null
books.rating_sum integer not null default 0
books.search_vector tsvector not null default ''::tsvector
books.lone_ratings integer not null default 0
books.lone_rating_sum integer not null default 0
books.unclaimed_isbn text
books.format text
books.audio_seconds integer
books.edition_count integer not null default 1
books.imported_by_user_id text
books.binding text
books.additional_authors text
books.original_year integer
books.hidden integer not null default 0
catalogue_edits.id integer not null
catalogue_edits.edits integer not null default 0
comment_likes.comment_id text not null
comment_likes.user_id text not null
comment_likes.created_at timestamp with time zone not null
device_codes.id text not null
device_codes.device_code_hash text not null
device_codes.user_code text not null
device_codes.client_name text not null
device_codes.status text not null default 'pending'::text
device_codes.user_id text
device_codes.scopes text
device_codes.token_days integer
device_codes.interval integer not null
device_codes.expires_at timestamp with time zone not null
device_codes.last_polled_at timestamp with time zone
device_codes.created_at timestamp with time zone not null
devices.id text not null
devices.user_id text not null
devices.name text not null
devices.username text not null
devices.key_hash text not null
devices.created_at timestamp with time zone not null
devices.last_used_at timestamp with time zone
discussion_posts.id text not null
discussion_posts.discussion_id text not null
discussion_posts.user_id text
discussion_posts.parent_id text
discussion_posts.root_id text not null
discussion_posts.text text
discussion_posts.position_kind text
discussion_posts.position_value integer
discussion_posts.created_at timestamp with time zone not null
discussion_posts.edited_at timestamp with time zone
discussion_posts.deleted_at timestamp with time zone
discussion_posts.answered_id text
discussions.id text not null
discussions.book_id text not null
discussions.user_id text
discussions.title text not null
discussions.post_count integer not null default 0
discussions.last_activity_at timestamp with time zone not null
discussions.created_at timestamp with time zone not null
discussions.hidden_post_count integer not null default 0
editions.id text not null
editions.book_id text not null
editions.isbn text
editions.unclaimed_isbn text
editions.format text
editions.page_count integer
editions.audio_seconds integer
editions.language text not null default ''::text
editions.publisher text not null default ''::text
editions.published_date text
editions.edition text not null default ''::text
editions.cover_image text not null default ''::text
editions.created_by_user_id text
editions.created_at timestamp with time zone not null
editions.merged_into text
editions.binding text
editions.additional_authors text
editions.title text
editions.author text
feed_items.owner_id text not null
feed_items.at timestamp with time zone not null
feed_items.rank integer not null
feed_items.item_id text not null
feed_items.actor_id text not null
feed_outbox.id text not null
feed_outbox.kind text not null
feed_outbox.subject_id text not null
feed_outbox.item_id text not null
feed_outbox.created_at timestamp with time zone not null
feed_outbox.lease_until timestamp with time zone not null
feed_outbox.attempts integer not null default 0
feed_owners.owner_id text not null
feed_owners.built_at timestamp with time zone not null
feed_owners.trimmed_at timestamp with time zone not null
feed_owners.complete_after timestamp with time zone
follows.follower_id text not null
follows.followee_id text not null
follows.created_at timestamp with time zone not null
hidden_items.target_type text not null
hidden_items.target_id text not null
hidden_items.hidden_by_user_id text
hidden_items.note text not null
hidden_items.hidden_at timestamp with time zone not null
import_allowances.user_id text not null
import_allowances.day text not null
import_allowances.books integer not null default 0
import_allowances.reviews integer not null default 0
import_files.import_id text not null
import_files.part integer not null
import_files.bytes bytea not null
import_row_notes.import_id text not null
import_row_notes.line integer not null
import_row_notes.position integer not null
import_row_notes.kind text not null
import_row_notes.message text not null
import_rows.import_id text not null
import_rows.line integer not null
import_rows.title text not null
import_rows.author text not null
import_rows.data text
import_rows.fields text not null
import_rows.outcome text not null
import_rows.book_id text
import_rows.candidates text not null default '[]'::text
import_rows.message text
imports.id text not null
imports.user_id text not null
imports.source text not null
imports.status text not null
imports.file_name text not null
imports.header text not null
imports.total integer not null
imports.processed integer not null default 0
imports.imported integer not null default 0
imports.unchanged integer not null default 0
imports.needs_review integer not null default 0
imports.failed integer not null default 0
imports.skipped integer not null default 0
imports.message text
imports.lease_until timestamp with time zone
imports.created_at timestamp with time zone not null
imports.updated_at timestamp with time zone not null
imports.finished_at timestamp with time zone
imports.takeovers integer not null default 0
imports.lease_holder text
imports.current_line integer
imports.file_bytes integer not null default 0
kept_tokens.jti text not null
kept_tokens.user_id text not null
kept_tokens.token_version integer not null
kept_tokens.expires_at timestamp with time zone not null
kosync_progress.user_id text not null
kosync_progress.document text not null
kosync_progress.progress text not null
kosync_progress.percentage double precision not null
kosync_progress.device text not null
kosync_progress.device_id text
kosync_progress.timestamp bigint not null
kysely_migration.name character varying not null
kysely_migration.timestamp character varying not null
kysely_migration_lock.id character varying not null
kysely_migration_lock.is_locked integer not null default 0
merge_proposals.id text not null
merge_proposals.kind text not null
merge_proposals.first_id text not null
merge_proposals.second_id text not null
merge_proposals.pair_key text not null
merge_proposals.status text not null default 'open'::text
merge_proposals.proposed_by_user_id text
merge_proposals.created_at timestamp with time zone not null
merge_proposals.updated_at timestamp with time zone not null
merge_proposals.origin text not null default 'reader'::text
merge_proposals.work_id text
muted_words.user_id text not null
muted_words.word text not null
muted_words.created_at timestamp with time zone not null
notification_actors.notification_id text not null
notification_actors.actor_id text not null
notification_actors.created_at timestamp with time zone not null
notification_counts.user_id text not null
notification_counts.listed integer not null default 0
notification_settings.user_id text not null
notification_settings.type text not null
notification_tickets.hash text not null
notification_tickets.user_id text not null
notification_tickets.expires_at timestamp with time zone not null
notifications.id text not null
notifications.user_id text not null
notifications.type text not null
notifications.target_type text not null
notifications.target_id text not null
notifications.book_id text
notifications.parent_id text
notifications.title text
notifications.actor_count integer not null default 1
notifications.created_at timestamp with time zone not null
notifications.updated_at timestamp with time zone not null
notifications.read_at timestamp with time zone
personal_tokens.id text not null
personal_tokens.user_id text not null
personal_tokens.name text not null
personal_tokens.scopes text not null
personal_tokens.token_hash text not null
personal_tokens.hint text not null
personal_tokens.created_at timestamp with time zone not null
personal_tokens.expires_at timestamp with time zone not null
personal_tokens.last_used_at timestamp with time zone
progress_updates.id text not null
progress_updates.read_id text not null
progress_updates.page integer
progress_updates.percent double precision
progress_updates.minutes integer
progress_updates.created_at timestamp with time zone not null
read_throughs.id text not null
read_throughs.user_id text not null
read_throughs.book_id text not null
read_throughs.started_on text
read_throughs.finished_on text
read_throughs.stopped_on text
read_throughs.outcome text
read_throughs.finished_at timestamp with time zone
read_throughs.progress_page integer
read_throughs.progress_percent double precision
read_throughs.progress_minutes integer
read_throughs.removed_at timestamp with time zone
read_throughs.created_at timestamp with time zone not null
read_throughs.updated_at timestamp with time zone not null
read_throughs.imported integer not null default 0
reading_entries.user_id text not null
reading_entries.book_id text not null
reading_entries.status text
reading_entries.rating integer
reading_entries.created_at timestamp with time zone not null
reading_entries.updated_at timestamp with time zone not null
reading_entries.edition_id text
reading_entries.owned_format text
reading_entries.owned_copies integer
reading_entries.private_notes text
reading_entries.status_position integer
reading_entries.status_position_of text
reading_entries.progress_unit text
reading_entries.visibility text
reading_goals.user_id text not null
reading_goals.year integer not null
reading_goals.books integer
reading_goals.pages integer
reading_goals.created_at timestamp with time zone not null
reading_goals.updated_at timestamp with time zone not null
reads.user_id text not null
reads.book_id text not null
reads.read_at timestamp with time zone not null
reports.id text not null
reports.reporter_id text not null
reports.target_type text not null
reports.target_id text not null
reports.reason text not null
reports.note text
reports.status text not null default 'open'::text
reports.outcome_note text
reports.decided_by_user_id text
reports.decided_at timestamp with time zone
reports.created_at timestamp with time zone not null
review_comments.id text not null
review_comments.review_id text not null
review_comments.thread_id text not null
review_comments.parent_id text
review_comments.user_id text
review_comments.text text
review_comments.deleted integer not null default 0
review_comments.likes integer not null default 0
review_comments.reply_count integer not null default 0
review_comments.created_at timestamp with time zone not null
review_comments.edited_at timestamp with time zone
review_comments.position_kind text
review_comments.position_value integer
review_likes.review_id text not null
review_likes.user_id text not null
review_likes.created_at timestamp with time zone not null
reviews.id text not null
reviews.book_id text not null
reviews.user_id text not null
reviews.rating integer
reviews.comment text not null
reviews.created_at timestamp with time zone not null
reviews.updated_at timestamp with time zone not null
reviews.spoiler integer not null default 0
reviews.imported integer not null default 0
reviews.likes integer not null default 0
reviews.comment_count integer not null default 0
revoked_tokens.jti text not null
revoked_tokens.expires_at timestamp with time zone not null
shelf_books.shelf_id text not null
shelf_books.user_id text not null
shelf_books.book_id text not null
shelf_books.position integer not null
shelf_books.added_at timestamp with time zone not null
shelves.id text not null
shelves.user_id text not null
shelves.name text not null
shelves.name_key text not null
shelves.is_public integer not null default 0
shelves.created_at timestamp with time zone not null
shelves.updated_at timestamp with time zone not null
sync_inbox.id text not null
sync_inbox.user_id text not null
sync_inbox.kind text not null
sync_inbox.identifier text not null
sync_inbox.device text
sync_inbox.payload text not null
sync_inbox.book_id text
sync_inbox.created_at timestamp with time zone not null
sync_inbox.updated_at timestamp with time zone not null
sync_requests.user_id text not null
sync_requests.idempotency_key text not null
sync_requests.request_hash text not null
sync_requests.answer text not null
sync_requests.created_at timestamp with time zone not null
sync_settings.user_id text not null
sync_settings.finish_at_end integer not null
sync_settings.updated_at timestamp with time zone not null
uploads.name text not null
uploads.user_id text not null
uploads.bytes integer not null
uploads.created_at timestamp with time zone not null
uploads.referenced_at timestamp with time zone
uploads.released_at timestamp with time zone
uploads.removed_at timestamp with time zone
user_mutes.user_id text not null
user_mutes.muted_id text not null
user_mutes.created_at timestamp with time zone not null
users.id text not null
users.name text not null
users.username text not null
users.email text not null
users.password_hash text not null
users.user_type text not null
users.bio text not null default ''::text
users.profile_image text not null default ''::text
users.token_version integer not null default 0
users.created_at timestamp with time zone not null
users.updated_at timestamp with time zone not null
users.profile_version integer not null default 0
users.log_version integer not null default 0
users.role text not null default 'reader'::text
users.reading_log text not null default 'public'::text
users.profile_hidden integer not null default 0
webhook_deliveries.id text not null
webhook_deliveries.webhook_id text not null
webhook_deliveries.user_id text not null
webhook_deliveries.event text not null
webhook_deliveries.payload text not null
webhook_deliveries.created_at timestamp with time zone not null
webhook_deliveries.attempts integer not null default 0
webhook_deliveries.next_attempt_at timestamp with time zone
webhook_deliveries.last_status integer
webhook_deliveries.last_error text
webhook_deliveries.delivered_at timestamp with time zone
webhook_deliveries.failed_at timestamp with time zone
webhooks.id text not null
webhooks.user_id text not null
webhooks.url text not null
webhooks.events text not null
webhooks.secret text not null
webhooks.created_at timestamp with time zone not null
webhooks.disabled_at timestamp with time zone
webhooks.disabled_reason text
wishlist.user_id text not null
wishlist.book_id text not null
wishlist.added_at timestamp with time zone not null

-- constraints
blocks blocks_blocked_id_fkey: FOREIGN KEY (blocked_id) REFERENCES users(id) ON DELETE CASCADE
blocks blocks_blocker_id_fkey: FOREIGN KEY (blocker_id) REFERENCES users(id) ON DELETE CASCADE
blocks blocks_pkey: PRIMARY KEY (blocker_id, blocked_id)
book_edits book_edits_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
book_edits book_edits_field_check: CHECK ((field = ANY (ARRAY['title'::text, 'author'::text, 'author_username'::text, 'publisher'::text, 'publisher_username'::text, 'listed_by_username'::text, 'description'::text, 'coverImage'::text, 'publishedDate'::text, 'language'::text, 'edition'::text, 'pageCount'::text, 'amazonLink'::text, 'isbn'::text, 'genre'::text, 'category'::text])))
book_edits book_edits_pkey: PRIMARY KEY (id)
book_edits book_edits_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
book_genres book_genres_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
book_genres book_genres_pkey: PRIMARY KEY (book_id, genre)
book_merges book_merges_applied_by_user_id_fkey: FOREIGN KEY (applied_by_user_id) REFERENCES users(id) ON DELETE SET NULL
book_merges book_merges_kind_check: CHECK ((kind = ANY (ARRAY['work'::text, 'edition'::text])))
book_merges book_merges_pkey: PRIMARY KEY (id)
book_merges book_merges_proposal_id_fkey: FOREIGN KEY (proposal_id) REFERENCES merge_proposals(id) ON DELETE CASCADE
book_merges book_merges_proposal_id_key: UNIQUE (proposal_id)
book_merges book_merges_reverted_by_user_id_fkey: FOREIGN KEY (reverted_by_user_id) REFERENCES users(id) ON DELETE SET NULL
book_mutes book_mutes_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
book_mutes book_mutes_pkey: PRIMARY KEY (user_id, book_id)
book_mutes book_mutes_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
book_search_terms book_search_terms_pkey: PRIMARY KEY (term)
books books_author_user_id_fkey: FOREIGN KEY (author_user_id) REFERENCES users(id) ON DELETE SET NULL
books books_created_by_user_id_fkey: FOREIGN KEY (created_by_user_id) REFERENCES users(id) ON DELETE SET NULL
books books_format_check: CHECK (((format IS NULL) OR (format = ANY (ARRAY['hardcover'::text, 'paperback'::text, 'ebook'::text, 'audiobook'::text]))))
books books_imported_by_user_id_fkey: FOREIGN KEY (imported_by_user_id) REFERENCES users(id) ON DELETE SET NULL
books books_listed_by_user_id_fkey: FOREIGN KEY (listed_by_user_id) REFERENCES users(id) ON DELETE SET NULL
books books_page_count_check: CHECK (((page_count IS NULL) OR (page_count > 0)))
books books_pkey: PRIMARY KEY (id)
books books_published_date_check: CHECK (((published_date IS NULL) OR (length(published_date) = 10)))
books books_publisher_user_id_fkey: FOREIGN KEY (publisher_user_id) REFERENCES users(id) ON DELETE SET NULL
catalogue_edits catalogue_edits_pkey: PRIMARY KEY (id)
comment_likes comment_likes_comment_id_fkey: FOREIGN KEY (comment_id) REFERENCES review_comments(id) ON DELETE CASCADE
comment_likes comment_likes_pkey: PRIMARY KEY (comment_id, user_id)
comment_likes comment_likes_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
device_codes device_codes_device_code_hash_key: UNIQUE (device_code_hash)
device_codes device_codes_pkey: PRIMARY KEY (id)
device_codes device_codes_status_check: CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'denied'::text, 'used'::text])))
device_codes device_codes_user_code_key: UNIQUE (user_code)
device_codes device_codes_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
devices devices_pkey: PRIMARY KEY (id)
devices devices_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
devices devices_username_key: UNIQUE (username)
discussion_posts discussion_posts_discussion_id_fkey: FOREIGN KEY (discussion_id) REFERENCES discussions(id) ON DELETE CASCADE
discussion_posts discussion_posts_parent_id_fkey: FOREIGN KEY (parent_id) REFERENCES discussion_posts(id) ON DELETE CASCADE
discussion_posts discussion_posts_pkey: PRIMARY KEY (id)
discussion_posts discussion_posts_position_check: CHECK ((((position_kind IS NULL) AND (position_value IS NULL)) OR ((position_kind = ANY (ARRAY['page'::text, 'percent'::text])) AND (position_value >= 1)) OR ((position_kind = 'finished'::text) AND (position_value IS NULL))))
discussion_posts discussion_posts_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
discussions discussions_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
discussions discussions_pkey: PRIMARY KEY (id)
discussions discussions_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
editions editions_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
editions editions_created_by_user_id_fkey: FOREIGN KEY (created_by_user_id) REFERENCES users(id) ON DELETE SET NULL
editions editions_format_check: CHECK (((format IS NULL) OR (format = ANY (ARRAY['hardcover'::text, 'paperback'::text, 'ebook'::text, 'audiobook'::text]))))
editions editions_pkey: PRIMARY KEY (id)
feed_items feed_items_actor_id_fkey: FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE CASCADE
feed_items feed_items_owner_id_fkey: FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE
feed_items feed_items_pkey: PRIMARY KEY (owner_id, at, rank, item_id)
feed_outbox feed_outbox_kind_check: CHECK ((kind = ANY (ARRAY['read'::text, 'review'::text, 'comment'::text, 'discussion'::text, 'follow'::text, 'build'::text])))
feed_outbox feed_outbox_pkey: PRIMARY KEY (id)
feed_outbox feed_outbox_subject_id_fkey: FOREIGN KEY (subject_id) REFERENCES users(id) ON DELETE CASCADE
feed_owners feed_owners_owner_id_fkey: FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE
feed_owners feed_owners_pkey: PRIMARY KEY (owner_id)
follows follows_followee_id_fkey: FOREIGN KEY (followee_id) REFERENCES users(id) ON DELETE CASCADE
follows follows_follower_id_fkey: FOREIGN KEY (follower_id) REFERENCES users(id) ON DELETE CASCADE
follows follows_not_self: CHECK ((follower_id <> followee_id))
follows follows_pkey: PRIMARY KEY (follower_id, followee_id)
hidden_items hidden_items_hidden_by_user_id_fkey: FOREIGN KEY (hidden_by_user_id) REFERENCES users(id) ON DELETE SET NULL
hidden_items hidden_items_pkey: PRIMARY KEY (target_type, target_id)
import_allowances import_allowances_pkey: PRIMARY KEY (user_id, day)
import_allowances import_allowances_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
import_files import_files_import_id_fkey: FOREIGN KEY (import_id) REFERENCES imports(id) ON DELETE CASCADE
import_files import_files_pkey: PRIMARY KEY (import_id, part)
import_row_notes import_row_notes_pkey: PRIMARY KEY (import_id, line, "position")
import_row_notes import_row_notes_row_fkey: FOREIGN KEY (import_id, line) REFERENCES import_rows(import_id, line) ON DELETE CASCADE
import_rows import_rows_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE SET NULL
import_rows import_rows_import_id_fkey: FOREIGN KEY (import_id) REFERENCES imports(id) ON DELETE CASCADE
import_rows import_rows_outcome_check: CHECK ((outcome = ANY (ARRAY['pending'::text, 'imported'::text, 'unchanged'::text, 'needs_review'::text, 'failed'::text, 'skipped'::text])))
import_rows import_rows_pkey: PRIMARY KEY (import_id, line)
imports imports_pkey: PRIMARY KEY (id)
imports imports_source_check: CHECK ((source = ANY (ARRAY['goodreads'::text, 'storygraph'::text])))
imports imports_status_check: CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text])))
imports imports_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
kept_tokens kept_tokens_pkey: PRIMARY KEY (jti)
kept_tokens kept_tokens_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
kosync_progress kosync_progress_pkey: PRIMARY KEY (user_id, document)
kosync_progress kosync_progress_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
kysely_migration kysely_migration_pkey: PRIMARY KEY (name)
kysely_migration_lock kysely_migration_lock_pkey: PRIMARY KEY (id)
merge_proposals merge_proposals_kind_check: CHECK ((kind = ANY (ARRAY['work'::text, 'edition'::text])))
merge_proposals merge_proposals_origin_check: CHECK ((origin = ANY (ARRAY['reader'::text, 'import'::text])))
merge_proposals merge_proposals_pkey: PRIMARY KEY (id)
merge_proposals merge_proposals_proposed_by_user_id_fkey: FOREIGN KEY (proposed_by_user_id) REFERENCES users(id) ON DELETE SET NULL
merge_proposals merge_proposals_status_check: CHECK ((status = ANY (ARRAY['open'::text, 'applied'::text, 'reverted'::text])))
merge_proposals merge_proposals_two_check: CHECK ((first_id <> second_id))
muted_words muted_words_pkey: PRIMARY KEY (user_id, word)
muted_words muted_words_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notification_actors notification_actors_actor_id_fkey: FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE CASCADE
notification_actors notification_actors_notification_id_fkey: FOREIGN KEY (notification_id) REFERENCES notifications(id) ON DELETE CASCADE
notification_actors notification_actors_pk: PRIMARY KEY (notification_id, actor_id)
notification_counts notification_counts_pkey: PRIMARY KEY (user_id)
notification_counts notification_counts_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notification_settings notification_settings_pk: PRIMARY KEY (user_id, type)
notification_settings notification_settings_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notification_tickets notification_tickets_pkey: PRIMARY KEY (hash)
notification_tickets notification_tickets_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notifications notifications_pkey: PRIMARY KEY (id)
notifications notifications_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
personal_tokens personal_tokens_name_check: CHECK (((length(name) >= 1) AND (length(name) <= 100)))
personal_tokens personal_tokens_pkey: PRIMARY KEY (id)
personal_tokens personal_tokens_token_hash_key: UNIQUE (token_hash)
personal_tokens personal_tokens_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
progress_updates progress_updates_pkey: PRIMARY KEY (id)
progress_updates progress_updates_read_id_fkey: FOREIGN KEY (read_id) REFERENCES read_throughs(id) ON DELETE CASCADE
read_throughs read_throughs_entry_fkey: FOREIGN KEY (user_id, book_id) REFERENCES reading_entries(user_id, book_id) ON DELETE CASCADE
read_throughs read_throughs_imported_check: CHECK ((imported = ANY (ARRAY[0, 1])))
read_throughs read_throughs_outcome_check: CHECK (((outcome IS NULL) OR (outcome = ANY (ARRAY['finished'::text, 'stopped'::text]))))
read_throughs read_throughs_pkey: PRIMARY KEY (id)
reading_entries reading_entries_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
reading_entries reading_entries_edition_id_fkey: FOREIGN KEY (edition_id) REFERENCES editions(id) ON DELETE SET NULL
reading_entries reading_entries_owned_copies_check: CHECK (((owned_copies IS NULL) OR (owned_copies >= 1)))
reading_entries reading_entries_owned_format_check: CHECK (((owned_format IS NULL) OR (owned_format = ANY (ARRAY['hardcover'::text, 'paperback'::text, 'ebook'::text, 'audiobook'::text]))))
reading_entries reading_entries_pkey: PRIMARY KEY (user_id, book_id)
reading_entries reading_entries_progress_unit_check: CHECK ((progress_unit = ANY (ARRAY['pages'::text, 'percent'::text, 'minutes'::text])))
reading_entries reading_entries_rating_check: CHECK (((rating IS NULL) OR ((rating >= 1) AND (rating <= 5))))
reading_entries reading_entries_status_check: CHECK (((status IS NULL) OR (status = ANY (ARRAY['want'::text, 'reading'::text, 'read'::text, 'paused'::text, 'dnf'::text]))))
reading_entries reading_entries_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
reading_entries reading_entries_visibility_check: CHECK ((visibility = ANY (ARRAY['public'::text, 'followers'::text, 'private'::text])))
reading_goals reading_goals_pkey: PRIMARY KEY (user_id, year)
reading_goals reading_goals_targets_check: CHECK ((((books IS NULL) OR (books > 0)) AND ((pages IS NULL) OR (pages > 0))))
reading_goals reading_goals_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
reads reads_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
reads reads_pkey: PRIMARY KEY (user_id, book_id)
reads reads_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
reports reports_decided_by_user_id_fkey: FOREIGN KEY (decided_by_user_id) REFERENCES users(id) ON DELETE SET NULL
reports reports_pkey: PRIMARY KEY (id)
reports reports_reporter_id_fkey: FOREIGN KEY (reporter_id) REFERENCES users(id) ON DELETE CASCADE
reports reports_status_check: CHECK ((status = ANY (ARRAY['open'::text, 'hidden'::text, 'restored'::text, 'dismissed'::text])))
reports reports_target_type_check: CHECK ((target_type = ANY (ARRAY['review'::text, 'comment'::text, 'post'::text, 'discussion'::text, 'profile'::text, 'book'::text])))
review_comments review_comments_deleted_check: CHECK ((deleted = ANY (ARRAY[0, 1])))
review_comments review_comments_parent_id_fkey: FOREIGN KEY (parent_id) REFERENCES review_comments(id) ON DELETE CASCADE
review_comments review_comments_pkey: PRIMARY KEY (id)
review_comments review_comments_position_kind_check: CHECK ((position_kind = ANY (ARRAY['page'::text, 'percent'::text, 'finished'::text])))
review_comments review_comments_position_value_check: CHECK ((position_value >= 1))
review_comments review_comments_review_id_fkey: FOREIGN KEY (review_id) REFERENCES reviews(id) ON DELETE CASCADE
review_comments review_comments_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
review_likes review_likes_pkey: PRIMARY KEY (review_id, user_id)
review_likes review_likes_review_id_fkey: FOREIGN KEY (review_id) REFERENCES reviews(id) ON DELETE CASCADE
review_likes review_likes_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
reviews reviews_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
reviews reviews_book_user_key: UNIQUE (book_id, user_id)
reviews reviews_imported_check: CHECK ((imported = ANY (ARRAY[0, 1])))
reviews reviews_pkey: PRIMARY KEY (id)
reviews reviews_rating_check: CHECK (((rating >= 1) AND (rating <= 5)))
reviews reviews_spoiler_check: CHECK ((spoiler = ANY (ARRAY[0, 1])))
reviews reviews_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
revoked_tokens revoked_tokens_pkey: PRIMARY KEY (jti)
shelf_books shelf_books_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
shelf_books shelf_books_pkey: PRIMARY KEY (shelf_id, book_id)
shelf_books shelf_books_position_check: CHECK (("position" >= 1))
shelf_books shelf_books_shelf_fkey: FOREIGN KEY (shelf_id, user_id) REFERENCES shelves(id, user_id) ON DELETE CASCADE
shelves shelves_id_user_key: UNIQUE (id, user_id)
shelves shelves_is_public_check: CHECK ((is_public = ANY (ARRAY[0, 1])))
shelves shelves_pkey: PRIMARY KEY (id)
shelves shelves_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
shelves shelves_user_name_key: UNIQUE (user_id, name_key)
sync_inbox sync_inbox_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE SET NULL
sync_inbox sync_inbox_identifier_key: UNIQUE (user_id, kind, identifier)
sync_inbox sync_inbox_kind_check: CHECK ((kind = ANY (ARRAY['isbn'::text, 'asin'::text, 'kosync'::text])))
sync_inbox sync_inbox_pkey: PRIMARY KEY (id)
sync_inbox sync_inbox_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
sync_requests sync_requests_pkey: PRIMARY KEY (user_id, idempotency_key)
sync_requests sync_requests_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
sync_settings sync_settings_finish_at_end_check: CHECK ((finish_at_end = ANY (ARRAY[0, 1])))
sync_settings sync_settings_pkey: PRIMARY KEY (user_id)
sync_settings sync_settings_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
uploads uploads_pkey: PRIMARY KEY (name)
user_mutes user_mutes_muted_id_fkey: FOREIGN KEY (muted_id) REFERENCES users(id) ON DELETE CASCADE
user_mutes user_mutes_pkey: PRIMARY KEY (user_id, muted_id)
user_mutes user_mutes_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
users users_email_key: UNIQUE (email)
users users_pkey: PRIMARY KEY (id)
users users_reading_log_check: CHECK ((reading_log = ANY (ARRAY['public'::text, 'followers'::text, 'private'::text])))
users users_role_check: CHECK ((role = ANY (ARRAY['reader'::text, 'moderator'::text])))
users users_user_type_check: CHECK ((user_type = ANY (ARRAY['Reader'::text, 'Author'::text, 'Seller'::text])))
webhook_deliveries webhook_deliveries_event_check: CHECK ((event = ANY (ARRAY['reading.progress'::text, 'read.finished'::text, 'review.published'::text, 'library.changed'::text])))
webhook_deliveries webhook_deliveries_pkey: PRIMARY KEY (id)
webhook_deliveries webhook_deliveries_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
webhook_deliveries webhook_deliveries_webhook_id_fkey: FOREIGN KEY (webhook_id) REFERENCES webhooks(id) ON DELETE CASCADE
webhooks webhooks_pkey: PRIMARY KEY (id)
webhooks webhooks_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
wishlist wishlist_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
wishlist wishlist_pkey: PRIMARY KEY (user_id, book_id)
wishlist wishlist_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE

-- indexes
CREATE INDEX blocks_blocked_idx ON public.blocks USING btree (blocked_id, blocker_id)
CREATE INDEX blocks_blocker_created_idx ON public.blocks USING btree (blocker_id, created_at DESC, blocked_id DESC)
CREATE UNIQUE INDEX blocks_pkey ON public.blocks USING btree (blocker_id, blocked_id)
CREATE INDEX book_edits_book_idx ON public.book_edits USING btree (book_id, id)
CREATE UNIQUE INDEX book_edits_pkey ON public.book_edits USING btree (id)
CREATE INDEX book_edits_user_idx ON public.book_edits USING btree (user_id, id)
CREATE INDEX book_genres_genre_idx ON public.book_genres USING btree (genre, book_id)
CREATE UNIQUE INDEX book_genres_pkey ON public.book_genres USING btree (book_id, genre)
CREATE INDEX book_merges_absorbed_idx ON public.book_merges USING btree (absorbed_id, id)
CREATE INDEX book_merges_applied_by_idx ON public.book_merges USING btree (applied_by_user_id)
CREATE UNIQUE INDEX book_merges_pkey ON public.book_merges USING btree (id)
CREATE UNIQUE INDEX book_merges_proposal_id_key ON public.book_merges USING btree (proposal_id)
CREATE INDEX book_merges_reverted_by_idx ON public.book_merges USING btree (reverted_by_user_id)
CREATE INDEX book_merges_survivor_idx ON public.book_merges USING btree (survivor_id, id)
CREATE INDEX book_merges_work_idx ON public.book_merges USING btree (work_id, id)
CREATE INDEX book_mutes_book_idx ON public.book_mutes USING btree (book_id)
CREATE UNIQUE INDEX book_mutes_pkey ON public.book_mutes USING btree (user_id, book_id)
CREATE UNIQUE INDEX book_search_terms_pkey ON public.book_search_terms USING btree (term)
CREATE INDEX books_author_key_idx ON public.books USING btree (lower(shelfwise_unaccent(author)), lower(title), id) INCLUDE (author, title) WHERE (hidden = 0)
CREATE INDEX books_author_user_idx ON public.books USING btree (author_user_id)
CREATE INDEX books_category_idx ON public.books USING btree (category)
CREATE INDEX books_cover_upload_idx ON public.books USING btree (id) WHERE (cover_image ~~ '%/uploads/%.webp%'::text)
CREATE INDEX books_created_at_idx ON public.books USING btree (created_at DESC, id DESC) WHERE (hidden = 0)
CREATE INDEX books_created_by_idx ON public.books USING btree (created_by_user_id)
CREATE INDEX books_hidden_idx ON public.books USING btree (id) WHERE (hidden = 1)
CREATE INDEX books_imported_by_idx ON public.books USING btree (imported_by_user_id, id) WHERE (imported_by_user_id IS NOT NULL)
CREATE UNIQUE INDEX books_isbn_key ON public.books USING btree (isbn) WHERE (isbn IS NOT NULL)
CREATE INDEX books_listed_by_idx ON public.books USING btree (listed_by_user_id)
CREATE INDEX books_match_key_idx ON public.books USING btree (books_match_key(title), books_match_key(author))
CREATE INDEX books_page_count_idx ON public.books USING btree (page_count)
CREATE UNIQUE INDEX books_pkey ON public.books USING btree (id)
CREATE INDEX books_popularity_idx ON public.books USING btree (total_reviews DESC, id DESC) WHERE (hidden = 0)
CREATE INDEX books_published_date_idx ON public.books USING btree (published_date DESC, id DESC)
CREATE INDEX books_published_key_idx ON public.books USING btree (COALESCE(published_date, ''::text) DESC, id DESC) WHERE (hidden = 0)
CREATE INDEX books_publisher_key_idx ON public.books USING btree (lower(shelfwise_unaccent(publisher)), lower(title), id) INCLUDE (publisher, title) WHERE (hidden = 0)
CREATE INDEX books_publisher_user_idx ON public.books USING btree (publisher_user_id)
CREATE INDEX books_rating_reviews_idx ON public.books USING btree (average_rating DESC, total_reviews DESC, id DESC)
CREATE INDEX books_search_vector_idx ON public.books USING gin (search_vector) WITH (gin_pending_list_limit='256')
CREATE INDEX books_title_lower_idx ON public.books USING btree (lower(title), id) WHERE (hidden = 0)
CREATE INDEX books_unclaimed_isbn_idx ON public.books USING btree (unclaimed_isbn) WHERE (unclaimed_isbn IS NOT NULL)
CREATE INDEX books_weighted_rating_idx ON public.books USING btree (((((average_rating * (total_reviews)::double precision) + (17.5)::double precision) / ((total_reviews + 5))::double precision)) DESC, total_reviews DESC, id DESC) WHERE (hidden = 0)
CREATE UNIQUE INDEX catalogue_edits_pkey ON public.catalogue_edits USING btree (id)
CREATE UNIQUE INDEX comment_likes_pkey ON public.comment_likes USING btree (comment_id, user_id)
CREATE INDEX comment_likes_user_created_idx ON public.comment_likes USING btree (user_id, created_at)
CREATE UNIQUE INDEX device_codes_device_code_hash_key ON public.device_codes USING btree (device_code_hash)
CREATE INDEX device_codes_expires_idx ON public.device_codes USING btree (expires_at)
CREATE UNIQUE INDEX device_codes_pkey ON public.device_codes USING btree (id)
CREATE UNIQUE INDEX device_codes_user_code_key ON public.device_codes USING btree (user_code)
CREATE INDEX device_codes_user_idx ON public.device_codes USING btree (user_id)
CREATE UNIQUE INDEX devices_pkey ON public.devices USING btree (id)
CREATE INDEX devices_user_idx ON public.devices USING btree (user_id, id)
CREATE UNIQUE INDEX devices_username_key ON public.devices USING btree (username)
CREATE INDEX discussion_posts_parent_idx ON public.discussion_posts USING btree (parent_id)
CREATE UNIQUE INDEX discussion_posts_pkey ON public.discussion_posts USING btree (id)
CREATE INDEX discussion_posts_thread_idx ON public.discussion_posts USING btree (discussion_id, root_id, id)
CREATE INDEX discussion_posts_tombstones_idx ON public.discussion_posts USING btree (discussion_id) WHERE (deleted_at IS NOT NULL)
CREATE INDEX discussion_posts_user_idx ON public.discussion_posts USING btree (user_id, id)
CREATE INDEX discussions_book_activity_idx ON public.discussions USING btree (book_id, last_activity_at DESC, id DESC)
CREATE INDEX discussions_created_idx ON public.discussions USING btree (created_at DESC, id DESC)
CREATE UNIQUE INDEX discussions_pkey ON public.discussions USING btree (id)
CREATE INDEX discussions_user_created_idx ON public.discussions USING btree (user_id, created_at DESC, id DESC)
CREATE INDEX discussions_user_idx ON public.discussions USING btree (user_id, id)
CREATE INDEX editions_book_idx ON public.editions USING btree (book_id, id)
CREATE INDEX editions_created_by_idx ON public.editions USING btree (created_by_user_id, id) WHERE (created_by_user_id IS NOT NULL)
CREATE UNIQUE INDEX editions_isbn_key ON public.editions USING btree (isbn) WHERE (isbn IS NOT NULL)
CREATE INDEX editions_merged_into_idx ON public.editions USING btree (merged_into) WHERE (merged_into IS NOT NULL)
CREATE UNIQUE INDEX editions_pkey ON public.editions USING btree (id)
CREATE INDEX editions_unclaimed_isbn_idx ON public.editions USING btree (unclaimed_isbn) WHERE (unclaimed_isbn IS NOT NULL)
CREATE INDEX feed_items_actor_idx ON public.feed_items USING btree (actor_id)
CREATE UNIQUE INDEX feed_items_pkey ON public.feed_items USING btree (owner_id, at, rank, item_id)
CREATE INDEX feed_outbox_due_idx ON public.feed_outbox USING btree (lease_until)
CREATE UNIQUE INDEX feed_outbox_pkey ON public.feed_outbox USING btree (id)
CREATE INDEX feed_outbox_subject_idx ON public.feed_outbox USING btree (subject_id)
CREATE UNIQUE INDEX feed_owners_pkey ON public.feed_owners USING btree (owner_id)
CREATE INDEX feed_owners_trimmed_idx ON public.feed_owners USING btree (trimmed_at)
CREATE INDEX follows_followee_created_idx ON public.follows USING btree (followee_id, created_at DESC, follower_id DESC)
CREATE INDEX follows_follower_created_idx ON public.follows USING btree (follower_id, created_at DESC, followee_id DESC)
CREATE UNIQUE INDEX follows_pkey ON public.follows USING btree (follower_id, followee_id)
CREATE INDEX hidden_items_hidden_by_idx ON public.hidden_items USING btree (hidden_by_user_id)
CREATE UNIQUE INDEX hidden_items_pkey ON public.hidden_items USING btree (target_type, target_id)
CREATE INDEX import_allowances_day_idx ON public.import_allowances USING btree (day)
CREATE UNIQUE INDEX import_allowances_pkey ON public.import_allowances USING btree (user_id, day)
CREATE UNIQUE INDEX import_files_pkey ON public.import_files USING btree (import_id, part)
CREATE INDEX import_row_notes_kind_idx ON public.import_row_notes USING btree (import_id, kind, line)
CREATE UNIQUE INDEX import_row_notes_pkey ON public.import_row_notes USING btree (import_id, line, "position")
CREATE INDEX import_rows_book_idx ON public.import_rows USING btree (book_id)
CREATE INDEX import_rows_outcome_idx ON public.import_rows USING btree (import_id, outcome, line)
CREATE UNIQUE INDEX import_rows_pkey ON public.import_rows USING btree (import_id, line)
CREATE INDEX imports_finished_idx ON public.imports USING btree (finished_at) WHERE (finished_at IS NOT NULL)
CREATE UNIQUE INDEX imports_one_unsettled_idx ON public.imports USING btree (user_id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]))
CREATE UNIQUE INDEX imports_pkey ON public.imports USING btree (id)
CREATE INDEX imports_unfinished_idx ON public.imports USING btree (status, created_at) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]))
CREATE INDEX imports_user_idx ON public.imports USING btree (user_id, created_at DESC, id DESC)
CREATE UNIQUE INDEX kept_tokens_pkey ON public.kept_tokens USING btree (jti)
CREATE INDEX kept_tokens_user_idx ON public.kept_tokens USING btree (user_id)
CREATE UNIQUE INDEX kosync_progress_pkey ON public.kosync_progress USING btree (user_id, document)
CREATE UNIQUE INDEX kysely_migration_pkey ON public.kysely_migration USING btree (name)
CREATE UNIQUE INDEX kysely_migration_lock_pkey ON public.kysely_migration_lock USING btree (id)
CREATE INDEX merge_proposals_first_idx ON public.merge_proposals USING btree (first_id, id)
CREATE UNIQUE INDEX merge_proposals_open_pair_key ON public.merge_proposals USING btree (kind, pair_key) WHERE (status = 'open'::text)
CREATE UNIQUE INDEX merge_proposals_pkey ON public.merge_proposals USING btree (id)
CREATE INDEX merge_proposals_proposer_idx ON public.merge_proposals USING btree (proposed_by_user_id)
CREATE INDEX merge_proposals_second_idx ON public.merge_proposals USING btree (second_id, id)
CREATE INDEX merge_proposals_status_idx ON public.merge_proposals USING btree (status, id)
CREATE INDEX merge_proposals_work_idx ON public.merge_proposals USING btree (work_id, id) WHERE (work_id IS NOT NULL)
CREATE UNIQUE INDEX muted_words_pkey ON public.muted_words USING btree (user_id, word)
CREATE INDEX notification_actors_actor_idx ON public.notification_actors USING btree (actor_id)
CREATE UNIQUE INDEX notification_actors_pk ON public.notification_actors USING btree (notification_id, actor_id)
CREATE INDEX notification_actors_recent_idx ON public.notification_actors USING btree (notification_id, created_at DESC, actor_id)
CREATE UNIQUE INDEX notification_counts_pkey ON public.notification_counts USING btree (user_id)
CREATE UNIQUE INDEX notification_settings_pk ON public.notification_settings USING btree (user_id, type)
CREATE UNIQUE INDEX notification_tickets_pkey ON public.notification_tickets USING btree (hash)
CREATE INDEX notification_tickets_user_idx ON public.notification_tickets USING btree (user_id)
CREATE UNIQUE INDEX notifications_group_idx ON public.notifications USING btree (user_id, type, target_type, target_id) WHERE (read_at IS NULL)
CREATE INDEX notifications_live_idx ON public.notifications USING btree (user_id, read_at) WHERE (actor_count > 0)
CREATE INDEX notifications_parent_idx ON public.notifications USING btree (target_type, parent_id) WHERE ((read_at IS NULL) AND (parent_id IS NOT NULL))
CREATE UNIQUE INDEX notifications_pkey ON public.notifications USING btree (id)
CREATE INDEX notifications_target_idx ON public.notifications USING btree (target_type, target_id, type) WHERE (read_at IS NULL)
CREATE INDEX notifications_user_idx ON public.notifications USING btree (user_id, updated_at DESC, id DESC)
CREATE UNIQUE INDEX personal_tokens_pkey ON public.personal_tokens USING btree (id)
CREATE UNIQUE INDEX personal_tokens_token_hash_key ON public.personal_tokens USING btree (token_hash)
CREATE INDEX personal_tokens_user_idx ON public.personal_tokens USING btree (user_id, id)
CREATE UNIQUE INDEX progress_updates_pkey ON public.progress_updates USING btree (id)
CREATE INDEX progress_updates_read_idx ON public.progress_updates USING btree (read_id, created_at)
CREATE INDEX read_throughs_book_idx ON public.read_throughs USING btree (book_id)
CREATE INDEX read_throughs_entry_idx ON public.read_throughs USING btree (user_id, book_id)
CREATE INDEX read_throughs_finished_idx ON public.read_throughs USING btree (user_id, finished_on, book_id) WHERE ((outcome = 'finished'::text) AND (removed_at IS NULL))
CREATE UNIQUE INDEX read_throughs_pkey ON public.read_throughs USING btree (id)
CREATE INDEX read_throughs_user_finished_at_idx ON public.read_throughs USING btree (user_id, finished_at DESC, id DESC) WHERE ((outcome = 'finished'::text) AND (removed_at IS NULL))
CREATE INDEX read_throughs_user_started_idx ON public.read_throughs USING btree (user_id, created_at DESC, id DESC) WHERE ((started_on IS NOT NULL) AND (removed_at IS NULL) AND (imported = 0))
CREATE INDEX read_throughs_user_stopped_idx ON public.read_throughs USING btree (user_id, updated_at DESC, id DESC) WHERE ((outcome = 'stopped'::text) AND (removed_at IS NULL))
CREATE INDEX reading_entries_book_idx ON public.reading_entries USING btree (book_id)
CREATE INDEX reading_entries_edition_idx ON public.reading_entries USING btree (edition_id) WHERE (edition_id IS NOT NULL)
CREATE UNIQUE INDEX reading_entries_pkey ON public.reading_entries USING btree (user_id, book_id)
CREATE INDEX reading_entries_user_status_idx ON public.reading_entries USING btree (user_id, status, updated_at DESC, book_id DESC)
CREATE INDEX reading_entries_user_updated_idx ON public.reading_entries USING btree (user_id, updated_at DESC, book_id DESC)
CREATE INDEX reading_entries_user_visibility_idx ON public.reading_entries USING btree (user_id, visibility, book_id) WHERE (visibility IS NOT NULL)
CREATE UNIQUE INDEX reading_goals_pkey ON public.reading_goals USING btree (user_id, year)
CREATE INDEX reads_book_idx ON public.reads USING btree (book_id)
CREATE UNIQUE INDEX reads_pkey ON public.reads USING btree (user_id, book_id)
CREATE INDEX reads_user_read_idx ON public.reads USING btree (user_id, read_at DESC, book_id)
CREATE INDEX reports_decided_by_idx ON public.reports USING btree (decided_by_user_id)
CREATE UNIQUE INDEX reports_open_key ON public.reports USING btree (reporter_id, target_type, target_id) WHERE (status = 'open'::text)
CREATE UNIQUE INDEX reports_pkey ON public.reports USING btree (id)
CREATE INDEX reports_reporter_idx ON public.reports USING btree (reporter_id, created_at DESC, id DESC)
CREATE INDEX reports_status_idx ON public.reports USING btree (status, created_at, id)
CREATE INDEX reports_target_idx ON public.reports USING btree (target_type, target_id)
CREATE INDEX review_comments_created_idx ON public.review_comments USING btree (created_at DESC, id DESC)
CREATE INDEX review_comments_parent_idx ON public.review_comments USING btree (parent_id)
CREATE UNIQUE INDEX review_comments_pkey ON public.review_comments USING btree (id)
CREATE INDEX review_comments_thread_idx ON public.review_comments USING btree (review_id, thread_id, id)
CREATE INDEX review_comments_user_created_idx ON public.review_comments USING btree (user_id, created_at)
CREATE UNIQUE INDEX review_likes_pkey ON public.review_likes USING btree (review_id, user_id)
CREATE INDEX review_likes_review_created_idx ON public.review_likes USING btree (review_id, created_at DESC, user_id DESC)
CREATE INDEX review_likes_user_created_idx ON public.review_likes USING btree (user_id, created_at)
CREATE INDEX reviews_book_created_idx ON public.reviews USING btree (book_id, created_at DESC, id DESC)
CREATE INDEX reviews_book_likes_idx ON public.reviews USING btree (book_id, likes DESC, created_at DESC, id DESC)
CREATE UNIQUE INDEX reviews_book_user_key ON public.reviews USING btree (book_id, user_id)
CREATE INDEX reviews_created_idx ON public.reviews USING btree (created_at DESC, id DESC, book_id)
CREATE UNIQUE INDEX reviews_pkey ON public.reviews USING btree (id)
CREATE INDEX reviews_user_created_idx ON public.reviews USING btree (user_id, created_at DESC, id DESC, book_id, rating)
CREATE INDEX reviews_written_here_created_idx ON public.reviews USING btree (created_at DESC, id DESC) WHERE (imported = 0)
CREATE UNIQUE INDEX revoked_tokens_pkey ON public.revoked_tokens USING btree (jti)
CREATE INDEX shelf_books_book_idx ON public.shelf_books USING btree (book_id)
CREATE UNIQUE INDEX shelf_books_pkey ON public.shelf_books USING btree (shelf_id, book_id)
CREATE INDEX shelf_books_user_book_idx ON public.shelf_books USING btree (user_id, book_id, shelf_id, "position", added_at)
CREATE INDEX shelf_books_user_shelf_position_idx ON public.shelf_books USING btree (user_id, shelf_id, "position", book_id)
CREATE UNIQUE INDEX shelves_id_user_key ON public.shelves USING btree (id, user_id)
CREATE UNIQUE INDEX shelves_pkey ON public.shelves USING btree (id)
CREATE UNIQUE INDEX shelves_user_name_key ON public.shelves USING btree (user_id, name_key)
CREATE INDEX sync_inbox_book_idx ON public.sync_inbox USING btree (book_id)
CREATE UNIQUE INDEX sync_inbox_identifier_key ON public.sync_inbox USING btree (user_id, kind, identifier)
CREATE UNIQUE INDEX sync_inbox_pkey ON public.sync_inbox USING btree (id)
CREATE INDEX sync_inbox_user_idx ON public.sync_inbox USING btree (user_id, id)
CREATE INDEX sync_requests_created_idx ON public.sync_requests USING btree (created_at)
CREATE UNIQUE INDEX sync_requests_pkey ON public.sync_requests USING btree (user_id, idempotency_key)
CREATE UNIQUE INDEX sync_settings_pkey ON public.sync_settings USING btree (user_id)
CREATE UNIQUE INDEX uploads_pkey ON public.uploads USING btree (name)
CREATE INDEX uploads_released_idx ON public.uploads USING btree (released_at) WHERE ((removed_at IS NULL) AND (released_at IS NOT NULL))
CREATE INDEX uploads_removed_idx ON public.uploads USING btree (removed_at) WHERE (removed_at IS NOT NULL)
CREATE INDEX uploads_unused_idx ON public.uploads USING btree (created_at) WHERE ((removed_at IS NULL) AND (referenced_at IS NULL) AND (released_at IS NULL))
CREATE INDEX uploads_user_created_idx ON public.uploads USING btree (user_id, created_at)
CREATE INDEX user_mutes_muted_idx ON public.user_mutes USING btree (muted_id)
CREATE UNIQUE INDEX user_mutes_pkey ON public.user_mutes USING btree (user_id, muted_id)
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email)
CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id)
CREATE INDEX users_profile_upload_idx ON public.users USING btree (profile_image) WHERE (profile_image ~~ '/uploads/%'::text)
CREATE INDEX users_profile_upload_other_idx ON public.users USING btree (id) WHERE ((profile_image !~~ '/uploads/%'::text) AND (profile_image ~~ '%.webp%'::text))
CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username))
CREATE INDEX users_username_skeleton_idx ON public.users USING btree (replace(replace(replace(replace(replace(lower(replace(replace(replace(username, '.'::text, ''::text), '_'::text, ''::text), '-'::text, ''::text)), '1'::text, 'l'::text), 'i'::text, 'l'::text), '0'::text, 'o'::text), 'rn'::text, 'm'::text), 'vv'::text, 'w'::text))
CREATE INDEX webhook_deliveries_due_idx ON public.webhook_deliveries USING btree (next_attempt_at) WHERE (next_attempt_at IS NOT NULL)
CREATE INDEX webhook_deliveries_hook_idx ON public.webhook_deliveries USING btree (webhook_id, created_at DESC, id DESC)
CREATE UNIQUE INDEX webhook_deliveries_pkey ON public.webhook_deliveries USING btree (id)
CREATE INDEX webhook_deliveries_settled_idx ON public.webhook_deliveries USING btree (created_at) WHERE (next_attempt_at IS NULL)
CREATE INDEX webhook_deliveries_user_idx ON public.webhook_deliveries USING btree (user_id)
CREATE UNIQUE INDEX webhooks_pkey ON public.webhooks USING btree (id)
CREATE INDEX webhooks_user_idx ON public.webhooks USING btree (user_id, created_at)
CREATE INDEX wishlist_book_idx ON public.wishlist USING btree (book_id)
CREATE UNIQUE INDEX wishlist_pkey ON public.wishlist USING btree (user_id, book_id)
CREATE INDEX wishlist_user_added_idx ON public.wishlist USING btree (user_id, added_at DESC)

-- triggers
CREATE TRIGGER book_genres_search_del AFTER DELETE ON public.book_genres REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_genres_search_refresh()
CREATE TRIGGER book_genres_search_ins AFTER INSERT ON public.book_genres REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_genres_search_refresh()
CREATE TRIGGER book_genres_search_upd AFTER UPDATE ON public.book_genres REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_genres_search_refresh()
CREATE TRIGGER books_changes AFTER INSERT OR DELETE ON public.books FOR EACH STATEMENT EXECUTE FUNCTION shelfwise_tell_topic('catalogue')
CREATE TRIGGER books_search_refresh BEFORE INSERT OR UPDATE OF title, author, description, isbn, language, category ON public.books FOR EACH ROW EXECUTE FUNCTION books_search_refresh()
CREATE TRIGGER catalogue_edits_changes AFTER UPDATE ON public.catalogue_edits FOR EACH STATEMENT EXECUTE FUNCTION shelfwise_tell_topic('catalogue')
CREATE TRIGGER discussions_changes AFTER INSERT OR DELETE OR UPDATE OF book_id ON public.discussions FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_threads()
CREATE TRIGGER follows_profile_version AFTER INSERT OR DELETE OR UPDATE ON public.follows FOR EACH ROW EXECUTE FUNCTION follows_profile_version()
CREATE TRIGGER hidden_items_changes AFTER INSERT OR DELETE OR UPDATE ON public.hidden_items FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_hidden_threads()
CREATE TRIGGER kept_tokens_changes AFTER INSERT OR DELETE OR UPDATE ON public.kept_tokens FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_token()
CREATE TRIGGER notification_counts_ad AFTER DELETE ON public.notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_keep()
CREATE TRIGGER notification_counts_ai AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_keep()
CREATE TRIGGER notification_counts_au AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_keep()
CREATE TRIGGER personal_tokens_changes AFTER DELETE OR UPDATE OF token_hash, user_id, scopes, expires_at ON public.personal_tokens FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_personal_token()
CREATE TRIGGER reviews_profile_version AFTER INSERT OR DELETE OR UPDATE OF rating, book_id, user_id ON public.reviews FOR EACH ROW EXECUTE FUNCTION reviews_profile_version()
CREATE TRIGGER revoked_tokens_changes AFTER INSERT ON public.revoked_tokens FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_token()
CREATE TRIGGER users_profile_changes AFTER DELETE OR UPDATE OF username, profile_image, profile_hidden ON public.users FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_profile()
CREATE TRIGGER users_profile_version BEFORE UPDATE OF name, username, email, user_type, bio, profile_image, created_at ON public.users FOR EACH ROW EXECUTE FUNCTION users_profile_version()
CREATE TRIGGER users_tokens_changes AFTER UPDATE OF token_version ON public.users FOR EACH ROW WHEN ((old.token_version IS DISTINCT FROM new.token_version)) EXECUTE FUNCTION shelfwise_tell_reader_tokens()
CREATE TRIGGER users_tokens_gone AFTER DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_reader_tokens()
CREATE TRIGGER webhooks_changes AFTER INSERT OR DELETE OR UPDATE ON public.webhooks FOR EACH ROW EXECUTE FUNCTION shelfwise_tell_hooks()

-- functions
CREATE OR REPLACE FUNCTION public.book_genres_search_refresh()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    declare ids text[];
    begin
      if tg_op = 'INSERT' then
        ids := array(select distinct book_id from new_rows);
      elsif tg_op = 'DELETE' then
        ids := array(select distinct book_id from old_rows);
      else
        ids := array(select book_id from old_rows union select book_id from new_rows);
      end if;
      update books b set search_vector = books_search_vector(b.id, b.title, b.author, b.description, b.isbn, b.language, b.category)
        where b.id = any(ids);
      if tg_op <> 'DELETE' then
        insert into book_search_terms (term)
          select distinct lexeme from books b, unnest(b.search_vector) where b.id = any(ids) order by 1
          on conflict do nothing;
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.books_match_key(t text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select array_to_string(tsvector_to_array(to_tsvector('simple', shelfwise_unaccent(coalesce(t, '')))), ' ') $function$

CREATE OR REPLACE FUNCTION public.books_search_document(title text, author text, genres text, description text, isbn text)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(title, '')), '-', ' ')), 'A') ||
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(author, '')), '-', ' ')), 'B') ||
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(genres, '') || ' ' || replace(coalesce(isbn, ''), '-', '')), '-', ' ')), 'C') ||
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(description, '')), '-', ' ')), 'D') $function$

CREATE OR REPLACE FUNCTION public.books_search_refresh()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      new.search_vector := books_search_vector(new.id, new.title, new.author, new.description, new.isbn, new.language, new.category);
      -- sorted, so two writers adding new words never wait on each other in opposite orders
      insert into book_search_terms (term) select lexeme from unnest(new.search_vector) order by 1 on conflict do nothing;
      return new;
    end $function$

CREATE OR REPLACE FUNCTION public.books_search_vector(book_id text, title text, author text, description text, isbn text, language text, category text)
 RETURNS tsvector
 LANGUAGE sql
 STABLE
AS $function$ select books_search_document(title, author,
        (select string_agg(g.genre, ' ') from book_genres g where g.book_id = $1), description, isbn)
      || setweight(to_tsvector('simple', 'xl' || lower(replace(replace(coalesce(language, ''), ' ', ''), '-', '')) || ' xc' || lower(replace(replace(coalesce(category, ''), ' ', ''), '-', ''))
        || coalesce((select ' ' || string_agg('xg' || lower(replace(replace(coalesce(g.genre, ''), ' ', ''), '-', '')), ' ') from book_genres g where g.book_id = $1), '')), 'D') $function$

CREATE OR REPLACE FUNCTION public.follows_profile_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op = 'INSERT' then
        update users set profile_version = profile_version + 1 where id in (new.follower_id, new.followee_id);
      elsif tg_op = 'DELETE' then
        update users set profile_version = profile_version + 1 where id in (old.follower_id, old.followee_id);
      else
        update users set profile_version = profile_version + 1
          where id in (old.follower_id, old.followee_id, new.follower_id, new.followee_id);
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.notification_counts_keep()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    declare
      moved record;
    begin
      if tg_op = 'INSERT' then
        for moved in select user_id, count(*)::integer as n from new_rows where actor_count > 0 group by user_id order by user_id loop
          perform notification_counts_move(moved.user_id, moved.n);
        end loop;
      elsif tg_op = 'DELETE' then
        for moved in select user_id, -count(*)::integer as n from old_rows where actor_count > 0 group by user_id order by user_id loop
          perform notification_counts_move(moved.user_id, moved.n);
        end loop;
      else
        for moved in
          select user_id, sum(n)::integer as n from (
            select user_id, 1 as n from new_rows where actor_count > 0
            union all
            select user_id, -1 from old_rows where actor_count > 0
          ) d group by user_id having sum(n) <> 0 order by user_id
        loop
          perform notification_counts_move(moved.user_id, moved.n);
        end loop;
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.notification_counts_move(reader text, n integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    begin
      if n > 0 then
        insert into notification_counts (user_id, listed) values (reader, n)
          on conflict (user_id) do update set listed = notification_counts.listed + excluded.listed;
      else
        update notification_counts set listed = listed + n where user_id = reader;
      end if;
    end $function$

CREATE OR REPLACE FUNCTION public.reviews_profile_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op = 'INSERT' then
        update users set profile_version = profile_version + 1 where id = new.user_id;
      elsif tg_op = 'DELETE' then
        update users set profile_version = profile_version + 1 where id = old.user_id;
      else
        update users set profile_version = profile_version + 1 where id in (old.user_id, new.user_id);
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell(topic text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    begin
      perform pg_notify('shelfwise_changes', topic);
      perform pg_notify('shelfwise_self_' || pg_backend_pid(), topic);
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_hidden_threads()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.target_type = 'discussion' then
        perform shelfwise_tell('discussions:' || d.book_id) from discussions d where d.id = old.target_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.target_type = 'discussion' then
        perform shelfwise_tell('discussions:' || d.book_id) from discussions d where d.id = new.target_id;
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_hooks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform shelfwise_tell('hooks-of:' || old.user_id);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform shelfwise_tell('hooks-of:' || new.user_id);
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_personal_token()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      perform shelfwise_tell('pat:' || old.token_hash);
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_profile()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      perform shelfwise_tell('profile-of:' || old.id);
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_reader_tokens()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      perform shelfwise_tell('tokens-of:' || old.id);
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_threads()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform shelfwise_tell('discussions:' || old.book_id);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform shelfwise_tell('discussions:' || new.book_id);
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_token()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform shelfwise_tell('token:' || old.jti);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform shelfwise_tell('token:' || new.jti);
      end if;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_tell_topic()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      perform shelfwise_tell(tg_argv[0]);
      return null;
    end $function$

CREATE OR REPLACE FUNCTION public.shelfwise_unaccent(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ select public.unaccent('public.unaccent'::regdictionary, $1) $function$

CREATE OR REPLACE FUNCTION public.users_profile_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      new.profile_version := old.profile_version + 1;
      return new;
    end $function$


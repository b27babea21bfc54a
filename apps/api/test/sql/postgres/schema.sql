-- columns
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
catalogue_edits.id integer not null
catalogue_edits.edits integer not null default 0
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
follows.follower_id text not null
follows.followee_id text not null
follows.created_at timestamp with time zone not null
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
reading_goals.user_id text not null
reading_goals.year integer not null
reading_goals.books integer
reading_goals.pages integer
reading_goals.created_at timestamp with time zone not null
reading_goals.updated_at timestamp with time zone not null
reads.user_id text not null
reads.book_id text not null
reads.read_at timestamp with time zone not null
reviews.id text not null
reviews.book_id text not null
reviews.user_id text not null
reviews.rating integer
reviews.comment text not null
reviews.created_at timestamp with time zone not null
reviews.updated_at timestamp with time zone not null
reviews.spoiler integer not null default 0
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
uploads.name text not null
uploads.user_id text not null
uploads.bytes integer not null
uploads.created_at timestamp with time zone not null
uploads.referenced_at timestamp with time zone
uploads.released_at timestamp with time zone
uploads.removed_at timestamp with time zone
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
wishlist.user_id text not null
wishlist.book_id text not null
wishlist.added_at timestamp with time zone not null

-- constraints
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
editions editions_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
editions editions_created_by_user_id_fkey: FOREIGN KEY (created_by_user_id) REFERENCES users(id) ON DELETE SET NULL
editions editions_format_check: CHECK (((format IS NULL) OR (format = ANY (ARRAY['hardcover'::text, 'paperback'::text, 'ebook'::text, 'audiobook'::text]))))
editions editions_pkey: PRIMARY KEY (id)
follows follows_followee_id_fkey: FOREIGN KEY (followee_id) REFERENCES users(id) ON DELETE CASCADE
follows follows_follower_id_fkey: FOREIGN KEY (follower_id) REFERENCES users(id) ON DELETE CASCADE
follows follows_not_self: CHECK ((follower_id <> followee_id))
follows follows_pkey: PRIMARY KEY (follower_id, followee_id)
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
kysely_migration kysely_migration_pkey: PRIMARY KEY (name)
kysely_migration_lock kysely_migration_lock_pkey: PRIMARY KEY (id)
merge_proposals merge_proposals_kind_check: CHECK ((kind = ANY (ARRAY['work'::text, 'edition'::text])))
merge_proposals merge_proposals_origin_check: CHECK ((origin = ANY (ARRAY['reader'::text, 'import'::text])))
merge_proposals merge_proposals_pkey: PRIMARY KEY (id)
merge_proposals merge_proposals_proposed_by_user_id_fkey: FOREIGN KEY (proposed_by_user_id) REFERENCES users(id) ON DELETE SET NULL
merge_proposals merge_proposals_status_check: CHECK ((status = ANY (ARRAY['open'::text, 'applied'::text, 'reverted'::text])))
merge_proposals merge_proposals_two_check: CHECK ((first_id <> second_id))
progress_updates progress_updates_pkey: PRIMARY KEY (id)
progress_updates progress_updates_read_id_fkey: FOREIGN KEY (read_id) REFERENCES read_throughs(id) ON DELETE CASCADE
read_throughs read_throughs_entry_fkey: FOREIGN KEY (user_id, book_id) REFERENCES reading_entries(user_id, book_id) ON DELETE CASCADE
read_throughs read_throughs_outcome_check: CHECK (((outcome IS NULL) OR (outcome = ANY (ARRAY['finished'::text, 'stopped'::text]))))
read_throughs read_throughs_pkey: PRIMARY KEY (id)
reading_entries reading_entries_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
reading_entries reading_entries_edition_id_fkey: FOREIGN KEY (edition_id) REFERENCES editions(id) ON DELETE SET NULL
reading_entries reading_entries_owned_copies_check: CHECK (((owned_copies IS NULL) OR (owned_copies >= 1)))
reading_entries reading_entries_owned_format_check: CHECK (((owned_format IS NULL) OR (owned_format = ANY (ARRAY['hardcover'::text, 'paperback'::text, 'ebook'::text, 'audiobook'::text]))))
reading_entries reading_entries_pkey: PRIMARY KEY (user_id, book_id)
reading_entries reading_entries_rating_check: CHECK (((rating IS NULL) OR ((rating >= 1) AND (rating <= 5))))
reading_entries reading_entries_status_check: CHECK (((status IS NULL) OR (status = ANY (ARRAY['want'::text, 'reading'::text, 'read'::text, 'paused'::text, 'dnf'::text]))))
reading_entries reading_entries_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
reading_goals reading_goals_pkey: PRIMARY KEY (user_id, year)
reading_goals reading_goals_targets_check: CHECK ((((books IS NULL) OR (books > 0)) AND ((pages IS NULL) OR (pages > 0))))
reading_goals reading_goals_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
reads reads_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
reads reads_pkey: PRIMARY KEY (user_id, book_id)
reads reads_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
reviews reviews_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
reviews reviews_book_user_key: UNIQUE (book_id, user_id)
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
uploads uploads_pkey: PRIMARY KEY (name)
users users_email_key: UNIQUE (email)
users users_pkey: PRIMARY KEY (id)
users users_role_check: CHECK ((role = ANY (ARRAY['reader'::text, 'moderator'::text])))
users users_user_type_check: CHECK ((user_type = ANY (ARRAY['Reader'::text, 'Author'::text, 'Seller'::text])))
wishlist wishlist_book_id_fkey: FOREIGN KEY (book_id) REFERENCES books(id) ON DELETE CASCADE
wishlist wishlist_pkey: PRIMARY KEY (user_id, book_id)
wishlist wishlist_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE

-- indexes
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
CREATE UNIQUE INDEX book_search_terms_pkey ON public.book_search_terms USING btree (term)
CREATE INDEX books_author_key_idx ON public.books USING btree (lower(shelfwise_unaccent(author)), lower(title), id) INCLUDE (author, title)
CREATE INDEX books_author_user_idx ON public.books USING btree (author_user_id)
CREATE INDEX books_category_idx ON public.books USING btree (category)
CREATE INDEX books_cover_upload_idx ON public.books USING btree (id) WHERE (cover_image ~~ '%/uploads/%.webp%'::text)
CREATE INDEX books_created_at_idx ON public.books USING btree (created_at DESC, id DESC)
CREATE INDEX books_created_by_idx ON public.books USING btree (created_by_user_id)
CREATE INDEX books_imported_by_idx ON public.books USING btree (imported_by_user_id, id) WHERE (imported_by_user_id IS NOT NULL)
CREATE UNIQUE INDEX books_isbn_key ON public.books USING btree (isbn) WHERE (isbn IS NOT NULL)
CREATE INDEX books_listed_by_idx ON public.books USING btree (listed_by_user_id)
CREATE INDEX books_match_key_idx ON public.books USING btree (books_match_key(title), books_match_key(author))
CREATE INDEX books_page_count_idx ON public.books USING btree (page_count)
CREATE UNIQUE INDEX books_pkey ON public.books USING btree (id)
CREATE INDEX books_popularity_idx ON public.books USING btree (total_reviews DESC, id DESC)
CREATE INDEX books_published_date_idx ON public.books USING btree (published_date DESC, id DESC)
CREATE INDEX books_published_key_idx ON public.books USING btree (COALESCE(published_date, ''::text) DESC, id DESC)
CREATE INDEX books_publisher_key_idx ON public.books USING btree (lower(shelfwise_unaccent(publisher)), lower(title), id) INCLUDE (publisher, title)
CREATE INDEX books_publisher_user_idx ON public.books USING btree (publisher_user_id)
CREATE INDEX books_rating_idx ON public.books USING btree (average_rating DESC, id DESC)
CREATE INDEX books_rating_reviews_idx ON public.books USING btree (average_rating DESC, total_reviews DESC, id DESC)
CREATE INDEX books_search_vector_idx ON public.books USING gin (search_vector)
CREATE INDEX books_title_idx ON public.books USING btree (title, id)
CREATE INDEX books_title_lower_idx ON public.books USING btree (lower(title), id)
CREATE INDEX books_unclaimed_isbn_idx ON public.books USING btree (unclaimed_isbn) WHERE (unclaimed_isbn IS NOT NULL)
CREATE INDEX books_weighted_rating_idx ON public.books USING btree (((((average_rating * (total_reviews)::double precision) + (17.5)::double precision) / ((total_reviews + 5))::double precision)) DESC, total_reviews DESC, id DESC)
CREATE UNIQUE INDEX catalogue_edits_pkey ON public.catalogue_edits USING btree (id)
CREATE INDEX editions_book_idx ON public.editions USING btree (book_id, id)
CREATE INDEX editions_created_by_idx ON public.editions USING btree (created_by_user_id, id) WHERE (created_by_user_id IS NOT NULL)
CREATE UNIQUE INDEX editions_isbn_key ON public.editions USING btree (isbn) WHERE (isbn IS NOT NULL)
CREATE INDEX editions_merged_into_idx ON public.editions USING btree (merged_into) WHERE (merged_into IS NOT NULL)
CREATE UNIQUE INDEX editions_pkey ON public.editions USING btree (id)
CREATE INDEX editions_unclaimed_isbn_idx ON public.editions USING btree (unclaimed_isbn) WHERE (unclaimed_isbn IS NOT NULL)
CREATE INDEX follows_followee_created_idx ON public.follows USING btree (followee_id, created_at DESC, follower_id DESC)
CREATE INDEX follows_follower_created_idx ON public.follows USING btree (follower_id, created_at DESC, followee_id DESC)
CREATE UNIQUE INDEX follows_pkey ON public.follows USING btree (follower_id, followee_id)
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
CREATE UNIQUE INDEX kysely_migration_pkey ON public.kysely_migration USING btree (name)
CREATE UNIQUE INDEX kysely_migration_lock_pkey ON public.kysely_migration_lock USING btree (id)
CREATE INDEX merge_proposals_first_idx ON public.merge_proposals USING btree (first_id, id)
CREATE UNIQUE INDEX merge_proposals_open_pair_key ON public.merge_proposals USING btree (kind, pair_key) WHERE (status = 'open'::text)
CREATE UNIQUE INDEX merge_proposals_pkey ON public.merge_proposals USING btree (id)
CREATE INDEX merge_proposals_proposer_idx ON public.merge_proposals USING btree (proposed_by_user_id)
CREATE INDEX merge_proposals_second_idx ON public.merge_proposals USING btree (second_id, id)
CREATE INDEX merge_proposals_status_idx ON public.merge_proposals USING btree (status, id)
CREATE INDEX merge_proposals_work_idx ON public.merge_proposals USING btree (work_id, id) WHERE (work_id IS NOT NULL)
CREATE UNIQUE INDEX progress_updates_pkey ON public.progress_updates USING btree (id)
CREATE INDEX progress_updates_read_idx ON public.progress_updates USING btree (read_id, created_at)
CREATE INDEX read_throughs_book_idx ON public.read_throughs USING btree (book_id)
CREATE INDEX read_throughs_entry_idx ON public.read_throughs USING btree (user_id, book_id)
CREATE INDEX read_throughs_finished_idx ON public.read_throughs USING btree (user_id, finished_on, book_id) WHERE ((outcome = 'finished'::text) AND (removed_at IS NULL))
CREATE UNIQUE INDEX read_throughs_pkey ON public.read_throughs USING btree (id)
CREATE INDEX reading_entries_book_idx ON public.reading_entries USING btree (book_id)
CREATE INDEX reading_entries_edition_idx ON public.reading_entries USING btree (edition_id) WHERE (edition_id IS NOT NULL)
CREATE UNIQUE INDEX reading_entries_pkey ON public.reading_entries USING btree (user_id, book_id)
CREATE INDEX reading_entries_user_status_idx ON public.reading_entries USING btree (user_id, status, updated_at DESC, book_id DESC)
CREATE INDEX reading_entries_user_updated_idx ON public.reading_entries USING btree (user_id, updated_at DESC, book_id DESC)
CREATE UNIQUE INDEX reading_goals_pkey ON public.reading_goals USING btree (user_id, year)
CREATE INDEX reads_book_idx ON public.reads USING btree (book_id)
CREATE UNIQUE INDEX reads_pkey ON public.reads USING btree (user_id, book_id)
CREATE INDEX reads_user_read_idx ON public.reads USING btree (user_id, read_at DESC, book_id)
CREATE INDEX reviews_book_created_idx ON public.reviews USING btree (book_id, created_at DESC, id DESC)
CREATE UNIQUE INDEX reviews_book_user_key ON public.reviews USING btree (book_id, user_id)
CREATE INDEX reviews_created_idx ON public.reviews USING btree (created_at DESC, id DESC, book_id)
CREATE UNIQUE INDEX reviews_pkey ON public.reviews USING btree (id)
CREATE INDEX reviews_user_created_idx ON public.reviews USING btree (user_id, created_at DESC, id DESC, book_id, rating)
CREATE UNIQUE INDEX revoked_tokens_pkey ON public.revoked_tokens USING btree (jti)
CREATE INDEX shelf_books_book_idx ON public.shelf_books USING btree (book_id)
CREATE UNIQUE INDEX shelf_books_pkey ON public.shelf_books USING btree (shelf_id, book_id)
CREATE INDEX shelf_books_user_book_idx ON public.shelf_books USING btree (user_id, book_id, shelf_id, "position", added_at)
CREATE INDEX shelf_books_user_shelf_position_idx ON public.shelf_books USING btree (user_id, shelf_id, "position", book_id)
CREATE UNIQUE INDEX shelves_id_user_key ON public.shelves USING btree (id, user_id)
CREATE UNIQUE INDEX shelves_pkey ON public.shelves USING btree (id)
CREATE UNIQUE INDEX shelves_user_name_key ON public.shelves USING btree (user_id, name_key)
CREATE UNIQUE INDEX uploads_pkey ON public.uploads USING btree (name)
CREATE INDEX uploads_released_idx ON public.uploads USING btree (released_at) WHERE ((removed_at IS NULL) AND (released_at IS NOT NULL))
CREATE INDEX uploads_removed_idx ON public.uploads USING btree (removed_at) WHERE (removed_at IS NOT NULL)
CREATE INDEX uploads_unused_idx ON public.uploads USING btree (created_at) WHERE ((removed_at IS NULL) AND (referenced_at IS NULL) AND (released_at IS NULL))
CREATE INDEX uploads_user_created_idx ON public.uploads USING btree (user_id, created_at)
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email)
CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id)
CREATE INDEX users_profile_upload_idx ON public.users USING btree (profile_image) WHERE (profile_image ~~ '/uploads/%'::text)
CREATE INDEX users_profile_upload_other_idx ON public.users USING btree (id) WHERE ((profile_image !~~ '/uploads/%'::text) AND (profile_image ~~ '%.webp%'::text))
CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username))
CREATE INDEX users_username_skeleton_idx ON public.users USING btree (replace(replace(replace(replace(replace(lower(replace(replace(replace(username, '.'::text, ''::text), '_'::text, ''::text), '-'::text, ''::text)), '1'::text, 'l'::text), 'i'::text, 'l'::text), '0'::text, 'o'::text), 'rn'::text, 'm'::text), 'vv'::text, 'w'::text))
CREATE INDEX wishlist_book_idx ON public.wishlist USING btree (book_id)
CREATE UNIQUE INDEX wishlist_pkey ON public.wishlist USING btree (user_id, book_id)
CREATE INDEX wishlist_user_added_idx ON public.wishlist USING btree (user_id, added_at DESC)

-- triggers
CREATE TRIGGER book_genres_search_del AFTER DELETE ON public.book_genres REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_genres_search_refresh()
CREATE TRIGGER book_genres_search_ins AFTER INSERT ON public.book_genres REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_genres_search_refresh()
CREATE TRIGGER book_genres_search_upd AFTER UPDATE ON public.book_genres REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_genres_search_refresh()
CREATE TRIGGER books_search_refresh BEFORE INSERT OR UPDATE OF title, author, description, isbn, language, category ON public.books FOR EACH ROW EXECUTE FUNCTION books_search_refresh()
CREATE TRIGGER follows_profile_version AFTER INSERT OR DELETE OR UPDATE ON public.follows FOR EACH ROW EXECUTE FUNCTION follows_profile_version()
CREATE TRIGGER reviews_profile_version AFTER INSERT OR DELETE OR UPDATE OF rating, book_id, user_id ON public.reviews FOR EACH ROW EXECUTE FUNCTION reviews_profile_version()
CREATE TRIGGER users_profile_version BEFORE UPDATE OF name, username, email, user_type, bio, profile_image, created_at ON public.users FOR EACH ROW EXECUTE FUNCTION users_profile_version()

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


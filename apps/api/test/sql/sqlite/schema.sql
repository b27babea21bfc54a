-- index blocks_blocked_idx
CREATE INDEX "blocks_blocked_idx" on "blocks" ("blocked_id", "blocker_id");

-- index blocks_blocker_created_idx
CREATE INDEX "blocks_blocker_created_idx" on "blocks" ("blocker_id", "created_at" desc, "blocked_id" desc);

-- index book_edits_book_idx
CREATE INDEX "book_edits_book_idx" on "book_edits" ("book_id", "id");

-- index book_edits_user_idx
CREATE INDEX "book_edits_user_idx" on "book_edits" ("user_id", "id");

-- index book_genres_genre_idx
CREATE INDEX "book_genres_genre_idx" on "book_genres" ("genre", "book_id");

-- index book_merges_absorbed_idx
CREATE INDEX "book_merges_absorbed_idx" on "book_merges" ("absorbed_id", "id");

-- index book_merges_applied_by_idx
CREATE INDEX "book_merges_applied_by_idx" on "book_merges" ("applied_by_user_id");

-- index book_merges_reverted_by_idx
CREATE INDEX "book_merges_reverted_by_idx" on "book_merges" ("reverted_by_user_id");

-- index book_merges_survivor_idx
CREATE INDEX "book_merges_survivor_idx" on "book_merges" ("survivor_id", "id");

-- index book_merges_work_idx
CREATE INDEX "book_merges_work_idx" on "book_merges" ("work_id", "id");

-- index book_mutes_book_idx
CREATE INDEX "book_mutes_book_idx" on "book_mutes" ("book_id");

-- index books_author_key_idx
CREATE INDEX books_author_key_idx on books ((replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(author), 'À', 'a'), 'Á', 'a'), 'Â', 'a'), 'Ã', 'a'), 'Ä', 'a'), 'Å', 'a'), 'Ç', 'c'), 'È', 'e'), 'É', 'e'), 'Ê', 'e'), 'Ë', 'e'), 'Ì', 'i'), 'Í', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ñ', 'n'), 'Ò', 'o'), 'Ó', 'o'), 'Ô', 'o'), 'Õ', 'o'), 'Ö', 'o'), 'Ù', 'u'), 'Ú', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ý', 'y'), 'à', 'a'), 'á', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'å', 'a'), 'ç', 'c'), 'è', 'e'), 'é', 'e'), 'ê', 'e'), 'ë', 'e'), 'ì', 'i'), 'í', 'i'), 'î', 'i'), 'ï', 'i'), 'ñ', 'n'), 'ò', 'o'), 'ó', 'o'), 'ô', 'o'), 'õ', 'o'), 'ö', 'o'), 'ù', 'u'), 'ú', 'u'), 'û', 'u'), 'ü', 'u'), 'ý', 'y'), 'ÿ', 'y'), 'Ā', 'a'), 'ā', 'a'), 'Ă', 'a'), 'ă', 'a'), 'Ą', 'a'), 'ą', 'a'), 'Ć', 'c'), 'ć', 'c'), 'Ĉ', 'c'), 'ĉ', 'c'), 'Ċ', 'c'), 'ċ', 'c'), 'Č', 'c'), 'č', 'c'), 'Ď', 'd'), 'ď', 'd'), 'Ē', 'e'), 'ē', 'e'), 'Ĕ', 'e'), 'ĕ', 'e'), 'Ė', 'e'), 'ė', 'e'), 'Ę', 'e'), 'ę', 'e'), 'Ě', 'e'), 'ě', 'e'), 'Ĝ', 'g'), 'ĝ', 'g'), 'Ğ', 'g'), 'ğ', 'g'), 'Ġ', 'g'), 'ġ', 'g'), 'Ģ', 'g'), 'ģ', 'g'), 'Ĥ', 'h'), 'ĥ', 'h'), 'Ĩ', 'i'), 'ĩ', 'i'), 'Ī', 'i'), 'ī', 'i'), 'Ĭ', 'i'), 'ĭ', 'i'), 'Į', 'i'), 'į', 'i'), 'İ', 'i'), 'Ĵ', 'j'), 'ĵ', 'j'), 'Ķ', 'k'), 'ķ', 'k'), 'Ĺ', 'l'), 'ĺ', 'l'), 'Ļ', 'l'), 'ļ', 'l'), 'Ľ', 'l'), 'ľ', 'l'), 'Ń', 'n'), 'ń', 'n'), 'Ņ', 'n'), 'ņ', 'n'), 'Ň', 'n'), 'ň', 'n'), 'Ō', 'o'), 'ō', 'o'), 'Ŏ', 'o'), 'ŏ', 'o'), 'Ő', 'o'), 'ő', 'o'), 'Ŕ', 'r'), 'ŕ', 'r'), 'Ŗ', 'r'), 'ŗ', 'r'), 'Ř', 'r'), 'ř', 'r'), 'Ś', 's'), 'ś', 's'), 'Ŝ', 's'), 'ŝ', 's'), 'Ş', 's'), 'ş', 's'), 'Š', 's'), 'š', 's'), 'Ţ', 't'), 'ţ', 't'), 'Ť', 't'), 'ť', 't'), 'Ũ', 'u'), 'ũ', 'u'), 'Ū', 'u'), 'ū', 'u'), 'Ŭ', 'u'), 'ŭ', 'u'), 'Ů', 'u'), 'ů', 'u'), 'Ű', 'u'), 'ű', 'u'), 'Ų', 'u'), 'ų', 'u'), 'Ŵ', 'w'), 'ŵ', 'w'), 'Ŷ', 'y'), 'ŷ', 'y'), 'Ÿ', 'y'), 'Ź', 'z'), 'ź', 'z'), 'Ż', 'z'), 'ż', 'z'), 'Ž', 'z'), 'ž', 'z'), 'Ơ', 'o'), 'ơ', 'o'), 'Ư', 'u'), 'ư', 'u'), 'Ǎ', 'a'), 'ǎ', 'a'), 'Ǐ', 'i'), 'ǐ', 'i'), 'Ǒ', 'o'), 'ǒ', 'o'), 'Ǔ', 'u'), 'ǔ', 'u'), 'Ǖ', 'u'), 'ǖ', 'u'), 'Ǘ', 'u'), 'ǘ', 'u'), 'Ǚ', 'u'), 'ǚ', 'u'), 'Ǜ', 'u'), 'ǜ', 'u'), 'Ǟ', 'a'), 'ǟ', 'a'), 'Ǡ', 'a'), 'ǡ', 'a'), 'Ǧ', 'g'), 'ǧ', 'g'), 'Ǩ', 'k'), 'ǩ', 'k'), 'Ǫ', 'o'), 'ǫ', 'o'), 'Ǭ', 'o'), 'ǭ', 'o'), 'ǰ', 'j'), 'Ǵ', 'g'), 'ǵ', 'g'), 'Ǹ', 'n'), 'ǹ', 'n'), 'Ǻ', 'a'), 'ǻ', 'a'), 'Ȁ', 'a'), 'ȁ', 'a'), 'Ȃ', 'a'), 'ȃ', 'a'), 'Ȅ', 'e'), 'ȅ', 'e'), 'Ȇ', 'e'), 'ȇ', 'e'), 'Ȉ', 'i'), 'ȉ', 'i'), 'Ȋ', 'i'), 'ȋ', 'i'), 'Ȍ', 'o'), 'ȍ', 'o'), 'Ȏ', 'o'), 'ȏ', 'o'), 'Ȑ', 'r'), 'ȑ', 'r'), 'Ȓ', 'r'), 'ȓ', 'r'), 'Ȕ', 'u'), 'ȕ', 'u'), 'Ȗ', 'u'), 'ȗ', 'u'), 'Ș', 's'), 'ș', 's'), 'Ț', 't'), 'ț', 't'), 'Ȟ', 'h'), 'ȟ', 'h'), 'Ȧ', 'a'), 'ȧ', 'a'), 'Ȩ', 'e'), 'ȩ', 'e'), 'Ȫ', 'o'), 'ȫ', 'o'), 'Ȭ', 'o'), 'ȭ', 'o'), 'Ȯ', 'o'), 'ȯ', 'o'), 'Ȱ', 'o'), 'ȱ', 'o'), 'Ȳ', 'y'), 'ȳ', 'y'), 'Æ', 'ae'), 'æ', 'ae'), 'Ø', 'o'), 'ø', 'o'), 'Œ', 'oe'), 'œ', 'oe'), 'Đ', 'd'), 'đ', 'd'), 'Ł', 'l'), 'ł', 'l'), 'ß', 'ss'), 'ı', 'i')), lower(title), id, hidden) where hidden = 0;

-- index books_author_user_idx
CREATE INDEX "books_author_user_idx" on "books" ("author_user_id");

-- index books_category_idx
CREATE INDEX "books_category_idx" on "books" ("category");

-- index books_cover_upload_idx
CREATE INDEX "books_cover_upload_idx" on "books" ("id") where cover_image like '%/uploads/%.webp%';

-- index books_created_at_idx
CREATE INDEX books_created_at_idx on books (created_at desc, id desc) where hidden = 0;

-- index books_created_by_idx
CREATE INDEX "books_created_by_idx" on "books" ("created_by_user_id");

-- index books_hidden_idx
CREATE INDEX books_hidden_idx on books (id) where hidden = 1;

-- index books_imported_by_idx
CREATE INDEX "books_imported_by_idx" on "books" ("imported_by_user_id", "id") where imported_by_user_id is not null;

-- index books_isbn_key
CREATE UNIQUE INDEX "books_isbn_key" on "books" ("isbn") where "isbn" is not null;

-- index books_listed_by_idx
CREATE INDEX "books_listed_by_idx" on "books" ("listed_by_user_id");

-- index books_page_count_idx
CREATE INDEX "books_page_count_idx" on "books" ("page_count");

-- index books_popularity_idx
CREATE INDEX books_popularity_idx on books (total_reviews desc, id desc) where hidden = 0;

-- index books_published_date_idx
CREATE INDEX "books_published_date_idx" on "books" ("published_date" desc, "id" desc);

-- index books_published_key_idx
CREATE INDEX books_published_key_idx on books (coalesce(published_date, '') desc, id desc) where hidden = 0;

-- index books_publisher_key_idx
CREATE INDEX books_publisher_key_idx on books ((replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(publisher), 'À', 'a'), 'Á', 'a'), 'Â', 'a'), 'Ã', 'a'), 'Ä', 'a'), 'Å', 'a'), 'Ç', 'c'), 'È', 'e'), 'É', 'e'), 'Ê', 'e'), 'Ë', 'e'), 'Ì', 'i'), 'Í', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ñ', 'n'), 'Ò', 'o'), 'Ó', 'o'), 'Ô', 'o'), 'Õ', 'o'), 'Ö', 'o'), 'Ù', 'u'), 'Ú', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ý', 'y'), 'à', 'a'), 'á', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'å', 'a'), 'ç', 'c'), 'è', 'e'), 'é', 'e'), 'ê', 'e'), 'ë', 'e'), 'ì', 'i'), 'í', 'i'), 'î', 'i'), 'ï', 'i'), 'ñ', 'n'), 'ò', 'o'), 'ó', 'o'), 'ô', 'o'), 'õ', 'o'), 'ö', 'o'), 'ù', 'u'), 'ú', 'u'), 'û', 'u'), 'ü', 'u'), 'ý', 'y'), 'ÿ', 'y'), 'Ā', 'a'), 'ā', 'a'), 'Ă', 'a'), 'ă', 'a'), 'Ą', 'a'), 'ą', 'a'), 'Ć', 'c'), 'ć', 'c'), 'Ĉ', 'c'), 'ĉ', 'c'), 'Ċ', 'c'), 'ċ', 'c'), 'Č', 'c'), 'č', 'c'), 'Ď', 'd'), 'ď', 'd'), 'Ē', 'e'), 'ē', 'e'), 'Ĕ', 'e'), 'ĕ', 'e'), 'Ė', 'e'), 'ė', 'e'), 'Ę', 'e'), 'ę', 'e'), 'Ě', 'e'), 'ě', 'e'), 'Ĝ', 'g'), 'ĝ', 'g'), 'Ğ', 'g'), 'ğ', 'g'), 'Ġ', 'g'), 'ġ', 'g'), 'Ģ', 'g'), 'ģ', 'g'), 'Ĥ', 'h'), 'ĥ', 'h'), 'Ĩ', 'i'), 'ĩ', 'i'), 'Ī', 'i'), 'ī', 'i'), 'Ĭ', 'i'), 'ĭ', 'i'), 'Į', 'i'), 'į', 'i'), 'İ', 'i'), 'Ĵ', 'j'), 'ĵ', 'j'), 'Ķ', 'k'), 'ķ', 'k'), 'Ĺ', 'l'), 'ĺ', 'l'), 'Ļ', 'l'), 'ļ', 'l'), 'Ľ', 'l'), 'ľ', 'l'), 'Ń', 'n'), 'ń', 'n'), 'Ņ', 'n'), 'ņ', 'n'), 'Ň', 'n'), 'ň', 'n'), 'Ō', 'o'), 'ō', 'o'), 'Ŏ', 'o'), 'ŏ', 'o'), 'Ő', 'o'), 'ő', 'o'), 'Ŕ', 'r'), 'ŕ', 'r'), 'Ŗ', 'r'), 'ŗ', 'r'), 'Ř', 'r'), 'ř', 'r'), 'Ś', 's'), 'ś', 's'), 'Ŝ', 's'), 'ŝ', 's'), 'Ş', 's'), 'ş', 's'), 'Š', 's'), 'š', 's'), 'Ţ', 't'), 'ţ', 't'), 'Ť', 't'), 'ť', 't'), 'Ũ', 'u'), 'ũ', 'u'), 'Ū', 'u'), 'ū', 'u'), 'Ŭ', 'u'), 'ŭ', 'u'), 'Ů', 'u'), 'ů', 'u'), 'Ű', 'u'), 'ű', 'u'), 'Ų', 'u'), 'ų', 'u'), 'Ŵ', 'w'), 'ŵ', 'w'), 'Ŷ', 'y'), 'ŷ', 'y'), 'Ÿ', 'y'), 'Ź', 'z'), 'ź', 'z'), 'Ż', 'z'), 'ż', 'z'), 'Ž', 'z'), 'ž', 'z'), 'Ơ', 'o'), 'ơ', 'o'), 'Ư', 'u'), 'ư', 'u'), 'Ǎ', 'a'), 'ǎ', 'a'), 'Ǐ', 'i'), 'ǐ', 'i'), 'Ǒ', 'o'), 'ǒ', 'o'), 'Ǔ', 'u'), 'ǔ', 'u'), 'Ǖ', 'u'), 'ǖ', 'u'), 'Ǘ', 'u'), 'ǘ', 'u'), 'Ǚ', 'u'), 'ǚ', 'u'), 'Ǜ', 'u'), 'ǜ', 'u'), 'Ǟ', 'a'), 'ǟ', 'a'), 'Ǡ', 'a'), 'ǡ', 'a'), 'Ǧ', 'g'), 'ǧ', 'g'), 'Ǩ', 'k'), 'ǩ', 'k'), 'Ǫ', 'o'), 'ǫ', 'o'), 'Ǭ', 'o'), 'ǭ', 'o'), 'ǰ', 'j'), 'Ǵ', 'g'), 'ǵ', 'g'), 'Ǹ', 'n'), 'ǹ', 'n'), 'Ǻ', 'a'), 'ǻ', 'a'), 'Ȁ', 'a'), 'ȁ', 'a'), 'Ȃ', 'a'), 'ȃ', 'a'), 'Ȅ', 'e'), 'ȅ', 'e'), 'Ȇ', 'e'), 'ȇ', 'e'), 'Ȉ', 'i'), 'ȉ', 'i'), 'Ȋ', 'i'), 'ȋ', 'i'), 'Ȍ', 'o'), 'ȍ', 'o'), 'Ȏ', 'o'), 'ȏ', 'o'), 'Ȑ', 'r'), 'ȑ', 'r'), 'Ȓ', 'r'), 'ȓ', 'r'), 'Ȕ', 'u'), 'ȕ', 'u'), 'Ȗ', 'u'), 'ȗ', 'u'), 'Ș', 's'), 'ș', 's'), 'Ț', 't'), 'ț', 't'), 'Ȟ', 'h'), 'ȟ', 'h'), 'Ȧ', 'a'), 'ȧ', 'a'), 'Ȩ', 'e'), 'ȩ', 'e'), 'Ȫ', 'o'), 'ȫ', 'o'), 'Ȭ', 'o'), 'ȭ', 'o'), 'Ȯ', 'o'), 'ȯ', 'o'), 'Ȱ', 'o'), 'ȱ', 'o'), 'Ȳ', 'y'), 'ȳ', 'y'), 'Æ', 'ae'), 'æ', 'ae'), 'Ø', 'o'), 'ø', 'o'), 'Œ', 'oe'), 'œ', 'oe'), 'Đ', 'd'), 'đ', 'd'), 'Ł', 'l'), 'ł', 'l'), 'ß', 'ss'), 'ı', 'i')), lower(title), id, hidden) where hidden = 0;

-- index books_publisher_user_idx
CREATE INDEX "books_publisher_user_idx" on "books" ("publisher_user_id");

-- index books_rating_reviews_idx
CREATE INDEX books_rating_reviews_idx on books (average_rating desc, total_reviews desc, id desc);

-- index books_title_lower_idx
CREATE INDEX books_title_lower_idx on books (lower(title), id) where hidden = 0;

-- index books_unclaimed_isbn_idx
CREATE INDEX "books_unclaimed_isbn_idx" on "books" ("unclaimed_isbn") where unclaimed_isbn is not null;

-- index books_weighted_rating_idx
CREATE INDEX books_weighted_rating_idx on books (((average_rating * total_reviews + 17.5) / (total_reviews + 5)) desc, total_reviews desc, id desc) where hidden = 0;

-- index comment_likes_user_created_idx
CREATE INDEX "comment_likes_user_created_idx" on "comment_likes" ("user_id", "created_at");

-- index device_codes_expires_idx
CREATE INDEX "device_codes_expires_idx" on "device_codes" ("expires_at");

-- index device_codes_user_idx
CREATE INDEX "device_codes_user_idx" on "device_codes" ("user_id");

-- index devices_user_idx
CREATE INDEX "devices_user_idx" on "devices" ("user_id", "id");

-- index discussion_posts_parent_idx
CREATE INDEX "discussion_posts_parent_idx" on "discussion_posts" ("parent_id");

-- index discussion_posts_thread_idx
CREATE INDEX "discussion_posts_thread_idx" on "discussion_posts" ("discussion_id", "root_id", "id");

-- index discussion_posts_tombstones_idx
CREATE INDEX "discussion_posts_tombstones_idx" on "discussion_posts" ("discussion_id") where deleted_at is not null;

-- index discussion_posts_user_idx
CREATE INDEX "discussion_posts_user_idx" on "discussion_posts" ("user_id", "id");

-- index discussions_book_activity_idx
CREATE INDEX "discussions_book_activity_idx" on "discussions" ("book_id", "last_activity_at" desc, "id" desc);

-- index discussions_created_idx
CREATE INDEX "discussions_created_idx" on "discussions" ("created_at" desc, "id" desc);

-- index discussions_user_created_idx
CREATE INDEX "discussions_user_created_idx" on "discussions" ("user_id", "created_at" desc, "id" desc);

-- index discussions_user_idx
CREATE INDEX "discussions_user_idx" on "discussions" ("user_id", "id");

-- index editions_book_idx
CREATE INDEX "editions_book_idx" on "editions" ("book_id", "id");

-- index editions_created_by_idx
CREATE INDEX "editions_created_by_idx" on "editions" ("created_by_user_id", "id") where created_by_user_id is not null;

-- index editions_isbn_key
CREATE UNIQUE INDEX "editions_isbn_key" on "editions" ("isbn") where isbn is not null;

-- index editions_merged_into_idx
CREATE INDEX "editions_merged_into_idx" on "editions" ("merged_into") where merged_into is not null;

-- index editions_unclaimed_isbn_idx
CREATE INDEX "editions_unclaimed_isbn_idx" on "editions" ("unclaimed_isbn") where unclaimed_isbn is not null;

-- index feed_items_actor_idx
CREATE INDEX "feed_items_actor_idx" on "feed_items" ("actor_id");

-- index feed_outbox_due_idx
CREATE INDEX "feed_outbox_due_idx" on "feed_outbox" ("lease_until");

-- index feed_outbox_subject_idx
CREATE INDEX "feed_outbox_subject_idx" on "feed_outbox" ("subject_id");

-- index feed_owners_trimmed_idx
CREATE INDEX "feed_owners_trimmed_idx" on "feed_owners" ("trimmed_at");

-- index follows_followee_created_idx
CREATE INDEX "follows_followee_created_idx" on "follows" ("followee_id", "created_at" desc, "follower_id" desc);

-- index follows_follower_created_idx
CREATE INDEX "follows_follower_created_idx" on "follows" ("follower_id", "created_at" desc, "followee_id" desc);

-- index hidden_items_hidden_by_idx
CREATE INDEX "hidden_items_hidden_by_idx" on "hidden_items" ("hidden_by_user_id");

-- index import_allowances_day_idx
CREATE INDEX "import_allowances_day_idx" on "import_allowances" ("day");

-- index import_row_notes_kind_idx
CREATE INDEX "import_row_notes_kind_idx" on "import_row_notes" ("import_id", "kind", "line");

-- index import_rows_book_idx
CREATE INDEX "import_rows_book_idx" on "import_rows" ("book_id");

-- index import_rows_outcome_idx
CREATE INDEX "import_rows_outcome_idx" on "import_rows" ("import_id", "outcome", "line");

-- index imports_finished_idx
CREATE INDEX "imports_finished_idx" on "imports" ("finished_at") where "finished_at" is not null;

-- index imports_one_unsettled_idx
CREATE UNIQUE INDEX "imports_one_unsettled_idx" on "imports" ("user_id") where "status" in ('queued', 'running');

-- index imports_unfinished_idx
CREATE INDEX "imports_unfinished_idx" on "imports" ("status", "created_at") where "status" in ('queued', 'running');

-- index imports_user_idx
CREATE INDEX "imports_user_idx" on "imports" ("user_id", "created_at" desc, "id" desc);

-- index kept_tokens_user_idx
CREATE INDEX "kept_tokens_user_idx" on "kept_tokens" ("user_id");

-- index merge_proposals_first_idx
CREATE INDEX "merge_proposals_first_idx" on "merge_proposals" ("first_id", "id");

-- index merge_proposals_open_pair_key
CREATE UNIQUE INDEX "merge_proposals_open_pair_key" on "merge_proposals" ("kind", "pair_key") where status = 'open';

-- index merge_proposals_proposer_idx
CREATE INDEX "merge_proposals_proposer_idx" on "merge_proposals" ("proposed_by_user_id");

-- index merge_proposals_second_idx
CREATE INDEX "merge_proposals_second_idx" on "merge_proposals" ("second_id", "id");

-- index merge_proposals_status_idx
CREATE INDEX "merge_proposals_status_idx" on "merge_proposals" ("status", "id");

-- index merge_proposals_work_idx
CREATE INDEX "merge_proposals_work_idx" on "merge_proposals" ("work_id", "id") where work_id is not null;

-- index notification_actors_actor_idx
CREATE INDEX "notification_actors_actor_idx" on "notification_actors" ("actor_id");

-- index notification_actors_recent_idx
CREATE INDEX "notification_actors_recent_idx" on "notification_actors" ("notification_id", "created_at" desc, "actor_id");

-- index notification_tickets_user_idx
CREATE INDEX "notification_tickets_user_idx" on "notification_tickets" ("user_id");

-- index notifications_group_idx
CREATE UNIQUE INDEX "notifications_group_idx" on "notifications" ("user_id", "type", "target_type", "target_id") where "read_at" is null;

-- index notifications_live_idx
CREATE INDEX "notifications_live_idx" on "notifications" ("user_id", "read_at") where "actor_count" > 0;

-- index notifications_parent_idx
CREATE INDEX "notifications_parent_idx" on "notifications" ("target_type", "parent_id") where read_at is null and parent_id is not null;

-- index notifications_target_idx
CREATE INDEX "notifications_target_idx" on "notifications" ("target_type", "target_id", "type") where "read_at" is null;

-- index notifications_user_idx
CREATE INDEX "notifications_user_idx" on "notifications" ("user_id", "updated_at" desc, "id" desc);

-- index personal_tokens_user_idx
CREATE INDEX "personal_tokens_user_idx" on "personal_tokens" ("user_id", "id");

-- index progress_updates_read_idx
CREATE INDEX "progress_updates_read_idx" on "progress_updates" ("read_id", "created_at");

-- index read_throughs_book_idx
CREATE INDEX "read_throughs_book_idx" on "read_throughs" ("book_id");

-- index read_throughs_entry_idx
CREATE INDEX "read_throughs_entry_idx" on "read_throughs" ("user_id", "book_id");

-- index read_throughs_finished_idx
CREATE INDEX "read_throughs_finished_idx" on "read_throughs" ("user_id", "finished_on", "book_id") where outcome = 'finished' and removed_at is null;

-- index read_throughs_user_finished_at_idx
CREATE INDEX "read_throughs_user_finished_at_idx" on "read_throughs" ("user_id", "finished_at" desc, "id" desc) where outcome = 'finished' and removed_at is null;

-- index read_throughs_user_started_idx
CREATE INDEX "read_throughs_user_started_idx" on "read_throughs" ("user_id", "created_at" desc, "id" desc) where started_on is not null and removed_at is null and imported = 0;

-- index read_throughs_user_stopped_idx
CREATE INDEX "read_throughs_user_stopped_idx" on "read_throughs" ("user_id", "updated_at" desc, "id" desc) where outcome = 'stopped' and removed_at is null;

-- index reading_entries_book_idx
CREATE INDEX "reading_entries_book_idx" on "reading_entries" ("book_id");

-- index reading_entries_edition_idx
CREATE INDEX "reading_entries_edition_idx" on "reading_entries" ("edition_id") where edition_id is not null;

-- index reading_entries_user_status_idx
CREATE INDEX "reading_entries_user_status_idx" on "reading_entries" ("user_id", "status", "updated_at" desc, "book_id" desc);

-- index reading_entries_user_updated_idx
CREATE INDEX "reading_entries_user_updated_idx" on "reading_entries" ("user_id", "updated_at" desc, "book_id" desc);

-- index reading_entries_user_visibility_idx
CREATE INDEX "reading_entries_user_visibility_idx" on "reading_entries" ("user_id", "visibility", "book_id") where visibility is not null;

-- index reads_book_idx
CREATE INDEX "reads_book_idx" on "reads" ("book_id");

-- index reads_user_read_idx
CREATE INDEX "reads_user_read_idx" on "reads" ("user_id", "read_at" desc, "book_id");

-- index reports_decided_by_idx
CREATE INDEX "reports_decided_by_idx" on "reports" ("decided_by_user_id");

-- index reports_open_key
CREATE UNIQUE INDEX "reports_open_key" on "reports" ("reporter_id", "target_type", "target_id") where status = 'open';

-- index reports_reporter_idx
CREATE INDEX "reports_reporter_idx" on "reports" ("reporter_id", "created_at" desc, "id" desc);

-- index reports_status_idx
CREATE INDEX "reports_status_idx" on "reports" ("status", "created_at", "id");

-- index reports_target_idx
CREATE INDEX "reports_target_idx" on "reports" ("target_type", "target_id");

-- index review_comments_created_idx
CREATE INDEX "review_comments_created_idx" on "review_comments" ("created_at" desc, "id" desc);

-- index review_comments_parent_idx
CREATE INDEX "review_comments_parent_idx" on "review_comments" ("parent_id");

-- index review_comments_thread_idx
CREATE INDEX "review_comments_thread_idx" on "review_comments" ("review_id", "thread_id", "id");

-- index review_comments_user_created_idx
CREATE INDEX "review_comments_user_created_idx" on "review_comments" ("user_id", "created_at");

-- index review_likes_review_created_idx
CREATE INDEX "review_likes_review_created_idx" on "review_likes" ("review_id", "created_at" desc, "user_id" desc);

-- index review_likes_user_created_idx
CREATE INDEX "review_likes_user_created_idx" on "review_likes" ("user_id", "created_at");

-- index reviews_book_created_idx
CREATE INDEX "reviews_book_created_idx" on "reviews" ("book_id", "created_at" desc, "id" desc);

-- index reviews_book_likes_idx
CREATE INDEX "reviews_book_likes_idx" on "reviews" ("book_id", "likes" desc, "created_at" desc, "id" desc);

-- index reviews_created_idx
CREATE INDEX "reviews_created_idx" on "reviews" ("created_at" desc, "id" desc, "book_id");

-- index reviews_user_created_idx
CREATE INDEX "reviews_user_created_idx" on "reviews" ("user_id", "created_at" desc, "id" desc, "book_id", "rating");

-- index reviews_written_here_created_idx
CREATE INDEX "reviews_written_here_created_idx" on "reviews" ("created_at" desc, "id" desc) where "imported" = 0;

-- index shelf_books_book_idx
CREATE INDEX "shelf_books_book_idx" on "shelf_books" ("book_id");

-- index shelf_books_user_book_idx
CREATE INDEX "shelf_books_user_book_idx" on "shelf_books" ("user_id", "book_id", "shelf_id", "position", "added_at");

-- index shelf_books_user_shelf_position_idx
CREATE INDEX "shelf_books_user_shelf_position_idx" on "shelf_books" ("user_id", "shelf_id", "position", "book_id");

-- index sync_inbox_book_idx
CREATE INDEX "sync_inbox_book_idx" on "sync_inbox" ("book_id");

-- index sync_inbox_user_idx
CREATE INDEX "sync_inbox_user_idx" on "sync_inbox" ("user_id", "id");

-- index sync_requests_created_idx
CREATE INDEX "sync_requests_created_idx" on "sync_requests" ("created_at");

-- index uploads_released_idx
CREATE INDEX "uploads_released_idx" on "uploads" ("released_at") where removed_at is null and released_at is not null;

-- index uploads_removed_idx
CREATE INDEX "uploads_removed_idx" on "uploads" ("removed_at") where removed_at is not null;

-- index uploads_unused_idx
CREATE INDEX "uploads_unused_idx" on "uploads" ("created_at") where removed_at is null and referenced_at is null and released_at is null;

-- index uploads_user_created_idx
CREATE INDEX "uploads_user_created_idx" on "uploads" ("user_id", "created_at");

-- index user_mutes_muted_idx
CREATE INDEX "user_mutes_muted_idx" on "user_mutes" ("muted_id");

-- index users_profile_upload_idx
CREATE INDEX "users_profile_upload_idx" on "users" ("profile_image") where profile_image like '/uploads/%';

-- index users_profile_upload_other_idx
CREATE INDEX "users_profile_upload_other_idx" on "users" ("id") where profile_image not like '/uploads/%' and profile_image like '%.webp%';

-- index users_username_lower_key
CREATE UNIQUE INDEX "users_username_lower_key" on "users" (lower(username));

-- index users_username_skeleton_idx
CREATE INDEX users_username_skeleton_idx on users (replace(replace(replace(replace(replace(lower(replace(replace(replace(username, '.', ''), '_', ''), '-', '')), '1', 'l'), 'i', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w'));

-- index webhook_deliveries_due_idx
CREATE INDEX "webhook_deliveries_due_idx" on "webhook_deliveries" ("next_attempt_at") where "next_attempt_at" is not null;

-- index webhook_deliveries_hook_idx
CREATE INDEX "webhook_deliveries_hook_idx" on "webhook_deliveries" ("webhook_id", "created_at" desc, "id" desc);

-- index webhook_deliveries_settled_idx
CREATE INDEX "webhook_deliveries_settled_idx" on "webhook_deliveries" ("created_at") where "next_attempt_at" is null;

-- index webhook_deliveries_user_idx
CREATE INDEX "webhook_deliveries_user_idx" on "webhook_deliveries" ("user_id");

-- index webhooks_user_idx
CREATE INDEX "webhooks_user_idx" on "webhooks" ("user_id", "created_at");

-- index wishlist_book_idx
CREATE INDEX "wishlist_book_idx" on "wishlist" ("book_id");

-- index wishlist_user_added_idx
CREATE INDEX "wishlist_user_added_idx" on "wishlist" ("user_id", "added_at" desc);

-- table blocks
CREATE TABLE "blocks" ("blocker_id" text not null references "users" ("id") on delete cascade, "blocked_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "blocks_pkey" primary key ("blocker_id", "blocked_id"));

-- table book_edits
CREATE TABLE "book_edits" ("id" text primary key, "book_id" text not null references "books" ("id") on delete cascade, "user_id" text references "users" ("id") on delete set null, "field" text not null, "old_value" text, "new_value" text, "edited_at" text not null, constraint "book_edits_field_check" check (field in ('title', 'author', 'author_username', 'publisher', 'publisher_username', 'listed_by_username', 'description', 'coverImage', 'publishedDate', 'language', 'edition', 'pageCount', 'amazonLink', 'isbn', 'genre', 'category')));

-- table book_genres
CREATE TABLE "book_genres" ("book_id" text not null references "books" ("id") on delete cascade, "genre" text not null, constraint "book_genres_pkey" primary key ("book_id", "genre"));

-- table book_merges
CREATE TABLE "book_merges" ("id" text primary key, "proposal_id" text not null unique references "merge_proposals" ("id") on delete cascade, "kind" text not null, "survivor_id" text not null, "absorbed_id" text not null, "work_id" text not null, "moved" text not null, "applied_by_user_id" text references "users" ("id") on delete set null, "applied_at" text not null, "reverted_by_user_id" text references "users" ("id") on delete set null, "reverted_at" text, constraint "book_merges_kind_check" check (kind in ('work', 'edition')));

-- table book_mutes
CREATE TABLE "book_mutes" ("user_id" text not null references "users" ("id") on delete cascade, "book_id" text not null references "books" ("id") on delete cascade, "created_at" text not null, constraint "book_mutes_pkey" primary key ("user_id", "book_id"));

-- table book_search_docs
CREATE TABLE book_search_docs (doc_id integer primary key, book_id text not null unique, "title" text default '' not null, "author" text default '' not null, "isbn" text, "average_rating" real default 0 not null, "total_reviews" integer default 0 not null, "page_count" integer, "published_date" text);

-- table book_search_seq
CREATE TABLE book_search_seq (n integer not null);

-- table books
CREATE TABLE "books" ("id" text primary key, "title" text not null, "author" text not null, "author_user_id" text references "users" ("id") on delete set null, "publisher" text default '' not null, "publisher_user_id" text references "users" ("id") on delete set null, "listed_by_user_id" text references "users" ("id") on delete set null, "created_by_user_id" text references "users" ("id") on delete set null, "description" text default '' not null, "cover_image" text default '' not null, "published_date" text check (published_date is null or length(published_date) = 10), "language" text default '' not null, "edition" text default '' not null, "page_count" integer check (page_count is null or page_count > 0), "amazon_link" text default '' not null, "isbn" text, "category" text default '' not null, "average_rating" real default 0 not null, "total_reviews" integer default 0 not null, "created_at" text not null, "updated_at" text not null, "rating_sum" integer default 0 not null, "lone_ratings" integer default 0 not null, "lone_rating_sum" integer default 0 not null, "unclaimed_isbn" text, "format" text check (format is null or format in ('hardcover', 'paperback', 'ebook', 'audiobook')), "audio_seconds" integer, "edition_count" integer default 1 not null, "imported_by_user_id" text references "users" ("id") on delete set null, "binding" text, "additional_authors" text, "original_year" integer, "hidden" integer default 0 not null);

-- table books_fts
CREATE VIRTUAL TABLE books_fts using fts5(
    title, author, genres, description, isbn, facets,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
  );

-- table books_fts_config
CREATE TABLE 'books_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table books_fts_data
CREATE TABLE 'books_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table books_fts_docsize
CREATE TABLE 'books_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table books_fts_idx
CREATE TABLE 'books_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table books_fts_vocab
CREATE VIRTUAL TABLE books_fts_vocab using fts5vocab(books_fts, 'row');

-- table catalogue_edits
CREATE TABLE "catalogue_edits" ("id" integer primary key, "edits" integer default 0 not null);

-- table comment_likes
CREATE TABLE "comment_likes" ("comment_id" text not null references "review_comments" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "comment_likes_pkey" primary key ("comment_id", "user_id"));

-- table device_codes
CREATE TABLE "device_codes" ("id" text primary key, "device_code_hash" text not null unique, "user_code" text not null unique, "client_name" text not null, "status" text default 'pending' not null, "user_id" text references "users" ("id") on delete cascade, "scopes" text, "token_days" integer, "interval" integer not null, "expires_at" text not null, "last_polled_at" text, "created_at" text not null, constraint "device_codes_status_check" check (status in ('pending', 'approved', 'denied', 'used')));

-- table devices
CREATE TABLE "devices" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "name" text not null, "username" text not null unique, "key_hash" text not null, "created_at" text not null, "last_used_at" text);

-- table discussion_posts
CREATE TABLE "discussion_posts" ("id" text primary key, "discussion_id" text not null references "discussions" ("id") on delete cascade, "user_id" text references "users" ("id") on delete set null, "parent_id" text references "discussion_posts" ("id") on delete cascade, "root_id" text not null, "text" text, "position_kind" text, "position_value" integer, "created_at" text not null, "edited_at" text, "deleted_at" text, "answered_id" text, constraint "discussion_posts_position_check" check ((position_kind is null and position_value is null) or (position_kind in ('page', 'percent') and position_value >= 1) or (position_kind = 'finished' and position_value is null)));

-- table discussions
CREATE TABLE "discussions" ("id" text primary key, "book_id" text not null references "books" ("id") on delete cascade, "user_id" text references "users" ("id") on delete set null, "title" text not null, "post_count" integer default 0 not null, "last_activity_at" text not null, "created_at" text not null, "hidden_post_count" integer default 0 not null);

-- table editions
CREATE TABLE "editions" ("id" text primary key, "book_id" text not null references "books" ("id") on delete cascade, "isbn" text, "unclaimed_isbn" text, "format" text, "page_count" integer, "audio_seconds" integer, "language" text default '' not null, "publisher" text default '' not null, "published_date" text, "edition" text default '' not null, "cover_image" text default '' not null, "created_by_user_id" text references "users" ("id") on delete set null, "created_at" text not null, "merged_into" text, "binding" text, "additional_authors" text, "title" text, "author" text, constraint "editions_format_check" check (format is null or format in ('hardcover', 'paperback', 'ebook', 'audiobook')));

-- table feed_items
CREATE TABLE "feed_items" ("owner_id" text not null references "users" ("id") on delete cascade, "at" text not null, "rank" integer not null, "item_id" text not null, "actor_id" text not null references "users" ("id") on delete cascade, constraint "feed_items_pkey" primary key ("owner_id", "at", "rank", "item_id"));

-- table feed_outbox
CREATE TABLE "feed_outbox" ("id" text primary key, "kind" text not null, "subject_id" text not null references "users" ("id") on delete cascade, "item_id" text not null, "created_at" text not null, "lease_until" text not null, "attempts" integer default 0 not null, constraint "feed_outbox_kind_check" check (kind in ('read', 'review', 'comment', 'discussion', 'follow', 'build')));

-- table feed_owners
CREATE TABLE "feed_owners" ("owner_id" text primary key references "users" ("id") on delete cascade, "built_at" text not null, "trimmed_at" text not null, "complete_after" text);

-- table follows
CREATE TABLE "follows" ("follower_id" text not null references "users" ("id") on delete cascade, "followee_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "follows_pkey" primary key ("follower_id", "followee_id"), constraint "follows_not_self" check (follower_id <> followee_id));

-- table hidden_items
CREATE TABLE "hidden_items" ("target_type" text not null, "target_id" text not null, "hidden_by_user_id" text references "users" ("id") on delete set null, "note" text not null, "hidden_at" text not null, constraint "hidden_items_pkey" primary key ("target_type", "target_id"));

-- table import_allowances
CREATE TABLE "import_allowances" ("user_id" text not null references "users" ("id") on delete cascade, "day" text not null, "books" integer default 0 not null, "reviews" integer default 0 not null, constraint "import_allowances_pkey" primary key ("user_id", "day"));

-- table import_files
CREATE TABLE "import_files" ("import_id" text not null references "imports" ("id") on delete cascade, "part" integer not null, "bytes" blob not null, constraint "import_files_pkey" primary key ("import_id", "part"));

-- table import_row_notes
CREATE TABLE "import_row_notes" ("import_id" text not null, "line" integer not null, "position" integer not null, "kind" text not null, "message" text not null, constraint "import_row_notes_pkey" primary key ("import_id", "line", "position"), constraint "import_row_notes_row_fkey" foreign key ("import_id", "line") references "import_rows" ("import_id", "line") on delete cascade);

-- table import_rows
CREATE TABLE "import_rows" ("import_id" text not null references "imports" ("id") on delete cascade, "line" integer not null, "title" text not null, "author" text not null, "data" text, "fields" text not null, "outcome" text not null, "book_id" text references "books" ("id") on delete set null, "candidates" text default '[]' not null, "message" text, constraint "import_rows_pkey" primary key ("import_id", "line"), constraint "import_rows_outcome_check" check (outcome in ('pending', 'imported', 'unchanged', 'needs_review', 'failed', 'skipped')));

-- table imports
CREATE TABLE "imports" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "source" text not null, "status" text not null, "file_name" text not null, "header" text not null, "total" integer not null, "processed" integer default 0 not null, "imported" integer default 0 not null, "unchanged" integer default 0 not null, "needs_review" integer default 0 not null, "failed" integer default 0 not null, "skipped" integer default 0 not null, "message" text, "lease_until" text, "created_at" text not null, "updated_at" text not null, "finished_at" text, "takeovers" integer default 0 not null, "lease_holder" text, "current_line" integer, "file_bytes" integer default 0 not null, constraint "imports_status_check" check (status in ('queued', 'running', 'done', 'failed')), constraint "imports_source_check" check (source in ('goodreads', 'storygraph')));

-- table kept_tokens
CREATE TABLE "kept_tokens" ("jti" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "token_version" integer not null, "expires_at" text not null);

-- table kosync_progress
CREATE TABLE "kosync_progress" ("user_id" text not null references "users" ("id") on delete cascade, "document" text not null, "progress" text not null, "percentage" real not null, "device" text not null, "device_id" text, "timestamp" bigint not null, constraint "kosync_progress_pkey" primary key ("user_id", "document"));

-- table kysely_migration
CREATE TABLE "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null);

-- table kysely_migration_lock
CREATE TABLE "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null);

-- table merge_proposals
CREATE TABLE "merge_proposals" ("id" text primary key, "kind" text not null, "first_id" text not null, "second_id" text not null, "pair_key" text not null, "status" text default 'open' not null, "proposed_by_user_id" text references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null, "origin" text default 'reader' not null check (origin in ('reader', 'import')), "work_id" text, constraint "merge_proposals_kind_check" check (kind in ('work', 'edition')), constraint "merge_proposals_status_check" check (status in ('open', 'applied', 'reverted')), constraint "merge_proposals_two_check" check (first_id <> second_id));

-- table muted_words
CREATE TABLE "muted_words" ("user_id" text not null references "users" ("id") on delete cascade, "word" text not null, "created_at" text not null, constraint "muted_words_pkey" primary key ("user_id", "word"));

-- table notification_actors
CREATE TABLE "notification_actors" ("notification_id" text not null references "notifications" ("id") on delete cascade, "actor_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "notification_actors_pk" primary key ("notification_id", "actor_id"));

-- table notification_counts
CREATE TABLE "notification_counts" ("user_id" text primary key references "users" ("id") on delete cascade, "listed" integer default 0 not null);

-- table notification_settings
CREATE TABLE "notification_settings" ("user_id" text not null references "users" ("id") on delete cascade, "type" text not null, constraint "notification_settings_pk" primary key ("user_id", "type"));

-- table notification_tickets
CREATE TABLE "notification_tickets" ("hash" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "expires_at" text not null);

-- table notifications
CREATE TABLE "notifications" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "type" text not null, "target_type" text not null, "target_id" text not null, "book_id" text, "parent_id" text, "title" text, "actor_count" integer default 1 not null, "created_at" text not null, "updated_at" text not null, "read_at" text);

-- table personal_tokens
CREATE TABLE "personal_tokens" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "name" text not null, "scopes" text not null, "token_hash" text not null unique, "hint" text not null, "created_at" text not null, "expires_at" text not null, "last_used_at" text, constraint "personal_tokens_name_check" check (length(name) between 1 and 100));

-- table progress_updates
CREATE TABLE "progress_updates" ("id" text primary key, "read_id" text not null references "read_throughs" ("id") on delete cascade, "page" integer, "percent" real, "minutes" integer, "created_at" text not null);

-- table read_throughs
CREATE TABLE "read_throughs" ("id" text primary key, "user_id" text not null, "book_id" text not null, "started_on" text, "finished_on" text, "stopped_on" text, "outcome" text, "finished_at" text, "progress_page" integer, "progress_percent" real, "progress_minutes" integer, "removed_at" text, "created_at" text not null, "updated_at" text not null, "imported" integer default 0 not null check (imported in (0, 1)), constraint "read_throughs_entry_fkey" foreign key ("user_id", "book_id") references "reading_entries" ("user_id", "book_id") on delete cascade, constraint "read_throughs_outcome_check" check (outcome is null or outcome in ('finished', 'stopped')));

-- table reading_entries
CREATE TABLE "reading_entries" ("user_id" text not null references "users" ("id") on delete cascade, "book_id" text not null references "books" ("id") on delete cascade, "status" text, "rating" integer, "created_at" text not null, "updated_at" text not null, "edition_id" text references "editions" ("id") on delete set null, "owned_format" text check (owned_format is null or owned_format in ('hardcover', 'paperback', 'ebook', 'audiobook')), "owned_copies" integer check (owned_copies is null or owned_copies >= 1), "private_notes" text, "status_position" integer, "status_position_of" text, "progress_unit" text check (progress_unit in ('pages', 'percent', 'minutes')), "visibility" text check (visibility in ('public', 'followers', 'private')), constraint "reading_entries_pkey" primary key ("user_id", "book_id"), constraint "reading_entries_status_check" check (status is null or status in ('want', 'reading', 'read', 'paused', 'dnf')), constraint "reading_entries_rating_check" check (rating is null or rating between 1 and 5));

-- table reading_goals
CREATE TABLE "reading_goals" ("user_id" text not null references "users" ("id") on delete cascade, "year" integer not null, "books" integer, "pages" integer, "created_at" text not null, "updated_at" text not null, constraint "reading_goals_pkey" primary key ("user_id", "year"), constraint "reading_goals_targets_check" check ((books is null or books > 0) and (pages is null or pages > 0)));

-- table reads
CREATE TABLE "reads" ("user_id" text not null references "users" ("id") on delete cascade, "book_id" text not null references "books" ("id") on delete cascade, "read_at" text not null, constraint "reads_pkey" primary key ("user_id", "book_id"));

-- table reports
CREATE TABLE "reports" ("id" text primary key, "reporter_id" text not null references "users" ("id") on delete cascade, "target_type" text not null, "target_id" text not null, "reason" text not null, "note" text, "status" text default 'open' not null, "outcome_note" text, "decided_by_user_id" text references "users" ("id") on delete set null, "decided_at" text, "created_at" text not null, constraint "reports_target_type_check" check (target_type in ('review', 'comment', 'post', 'discussion', 'profile', 'book')), constraint "reports_status_check" check (status in ('open', 'hidden', 'restored', 'dismissed')));

-- table review_comments
CREATE TABLE "review_comments" ("id" text primary key, "review_id" text not null references "reviews" ("id") on delete cascade, "thread_id" text not null, "parent_id" text references "review_comments" ("id") on delete cascade, "user_id" text references "users" ("id") on delete set null, "text" text, "deleted" integer default 0 not null check (deleted in (0, 1)), "likes" integer default 0 not null, "reply_count" integer default 0 not null, "created_at" text not null, "edited_at" text, "position_kind" text check (position_kind in ('page', 'percent', 'finished')), "position_value" integer check (position_value >= 1));

-- table review_likes
CREATE TABLE "review_likes" ("review_id" text not null references "reviews" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "review_likes_pkey" primary key ("review_id", "user_id"));

-- table reviews
CREATE TABLE "reviews" ("id" text primary key, "book_id" text not null references "books" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "rating" integer check (rating between 1 and 5), "comment" text not null, "created_at" text not null, "updated_at" text not null, "spoiler" integer default 0 not null check (spoiler in (0, 1)), "imported" integer default 0 not null check (imported in (0, 1)), "likes" integer default 0 not null, "comment_count" integer default 0 not null, constraint "reviews_book_user_key" unique ("book_id", "user_id"));

-- table revoked_tokens
CREATE TABLE "revoked_tokens" ("jti" text primary key, "expires_at" text not null);

-- table shelf_books
CREATE TABLE "shelf_books" ("shelf_id" text not null, "user_id" text not null, "book_id" text not null references "books" ("id") on delete cascade, "position" integer not null, "added_at" text not null, constraint "shelf_books_pkey" primary key ("shelf_id", "book_id"), constraint "shelf_books_shelf_fkey" foreign key ("shelf_id", "user_id") references "shelves" ("id", "user_id") on delete cascade, constraint "shelf_books_position_check" check (position >= 1));

-- table shelves
CREATE TABLE "shelves" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "name" text not null, "name_key" text not null, "is_public" integer default 0 not null, "created_at" text not null, "updated_at" text not null, constraint "shelves_user_name_key" unique ("user_id", "name_key"), constraint "shelves_id_user_key" unique ("id", "user_id"), constraint "shelves_is_public_check" check (is_public in (0, 1)));

-- table sync_inbox
CREATE TABLE "sync_inbox" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "kind" text not null, "identifier" text not null, "device" text, "payload" text not null, "book_id" text references "books" ("id") on delete set null, "created_at" text not null, "updated_at" text not null, constraint "sync_inbox_kind_check" check (kind in ('isbn', 'asin', 'kosync')), constraint "sync_inbox_identifier_key" unique ("user_id", "kind", "identifier"));

-- table sync_requests
CREATE TABLE "sync_requests" ("user_id" text not null references "users" ("id") on delete cascade, "idempotency_key" text not null, "request_hash" text not null, "answer" text not null, "created_at" text not null, constraint "sync_requests_pkey" primary key ("user_id", "idempotency_key"));

-- table sync_settings
CREATE TABLE "sync_settings" ("user_id" text primary key references "users" ("id") on delete cascade, "finish_at_end" integer not null check (finish_at_end in (0, 1)), "updated_at" text not null);

-- table uploads
CREATE TABLE "uploads" ("name" text primary key, "user_id" text not null, "bytes" integer not null, "created_at" text not null, "referenced_at" text, "released_at" text, "removed_at" text);

-- table user_mutes
CREATE TABLE "user_mutes" ("user_id" text not null references "users" ("id") on delete cascade, "muted_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "user_mutes_pkey" primary key ("user_id", "muted_id"));

-- table users
CREATE TABLE "users" ("id" text primary key, "name" text not null, "username" text not null, "email" text not null unique, "password_hash" text not null, "user_type" text not null check (user_type in ('Reader', 'Author', 'Seller')), "bio" text default '' not null, "profile_image" text default '' not null, "token_version" integer default 0 not null, "created_at" text not null, "updated_at" text not null, "profile_version" integer default 0 not null, "log_version" integer default 0 not null, "role" text default 'reader' not null check (role in ('reader', 'moderator')), "reading_log" text default 'public' not null check (reading_log in ('public', 'followers', 'private')), "profile_hidden" integer default 0 not null);

-- table webhook_deliveries
CREATE TABLE "webhook_deliveries" ("id" text primary key, "webhook_id" text not null references "webhooks" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "event" text not null, "payload" text not null, "created_at" text not null, "attempts" integer default 0 not null, "next_attempt_at" text, "last_status" integer, "last_error" text, "delivered_at" text, "failed_at" text, constraint "webhook_deliveries_event_check" check (event in ('reading.progress', 'read.finished', 'review.published', 'library.changed')));

-- table webhooks
CREATE TABLE "webhooks" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "url" text not null, "events" text not null, "secret" text not null, "created_at" text not null, "disabled_at" text, "disabled_reason" text);

-- table wishlist
CREATE TABLE "wishlist" ("user_id" text not null references "users" ("id") on delete cascade, "book_id" text not null references "books" ("id") on delete cascade, "added_at" text not null, constraint "wishlist_pkey" primary key ("user_id", "book_id"));

-- trigger book_genres_search_ad
CREATE TRIGGER book_genres_search_ad after delete on book_genres begin delete from books_fts where rowid = (select doc_id from book_search_docs where book_id = old.book_id); 
  insert into books_fts (rowid, title, author, genres, description, isbn, facets)
    select d.doc_id, b.title, b.author, coalesce((select group_concat(genre, ' ') from book_genres where book_id = b.id), ''), b.description, replace(coalesce(b.isbn, ''), '-', ''), 'xl' || lower(replace(replace(coalesce(b.language, ''), ' ', ''), '-', '')) || ' xc' || lower(replace(replace(coalesce(b.category, ''), ' ', ''), '-', '')) || coalesce((select ' ' || group_concat('xg' || lower(replace(replace(coalesce(genre, ''), ' ', ''), '-', '')), ' ') from book_genres where book_id = b.id), '')
    from books b join book_search_docs d on d.book_id = b.id where b.id = old.book_id; end;

-- trigger book_genres_search_ai
CREATE TRIGGER book_genres_search_ai after insert on book_genres begin delete from books_fts where rowid = (select doc_id from book_search_docs where book_id = new.book_id); 
  insert into books_fts (rowid, title, author, genres, description, isbn, facets)
    select d.doc_id, b.title, b.author, coalesce((select group_concat(genre, ' ') from book_genres where book_id = b.id), ''), b.description, replace(coalesce(b.isbn, ''), '-', ''), 'xl' || lower(replace(replace(coalesce(b.language, ''), ' ', ''), '-', '')) || ' xc' || lower(replace(replace(coalesce(b.category, ''), ' ', ''), '-', '')) || coalesce((select ' ' || group_concat('xg' || lower(replace(replace(coalesce(genre, ''), ' ', ''), '-', '')), ' ') from book_genres where book_id = b.id), '')
    from books b join book_search_docs d on d.book_id = b.id where b.id = new.book_id; end;

-- trigger book_genres_search_au
CREATE TRIGGER book_genres_search_au after update on book_genres begin delete from books_fts where rowid = (select doc_id from book_search_docs where book_id = old.book_id); 
  insert into books_fts (rowid, title, author, genres, description, isbn, facets)
    select d.doc_id, b.title, b.author, coalesce((select group_concat(genre, ' ') from book_genres where book_id = b.id), ''), b.description, replace(coalesce(b.isbn, ''), '-', ''), 'xl' || lower(replace(replace(coalesce(b.language, ''), ' ', ''), '-', '')) || ' xc' || lower(replace(replace(coalesce(b.category, ''), ' ', ''), '-', '')) || coalesce((select ' ' || group_concat('xg' || lower(replace(replace(coalesce(genre, ''), ' ', ''), '-', '')), ' ') from book_genres where book_id = b.id), '')
    from books b join book_search_docs d on d.book_id = b.id where b.id = old.book_id; delete from books_fts where rowid = (select doc_id from book_search_docs where book_id = new.book_id); 
  insert into books_fts (rowid, title, author, genres, description, isbn, facets)
    select d.doc_id, b.title, b.author, coalesce((select group_concat(genre, ' ') from book_genres where book_id = b.id), ''), b.description, replace(coalesce(b.isbn, ''), '-', ''), 'xl' || lower(replace(replace(coalesce(b.language, ''), ' ', ''), '-', '')) || ' xc' || lower(replace(replace(coalesce(b.category, ''), ' ', ''), '-', '')) || coalesce((select ' ' || group_concat('xg' || lower(replace(replace(coalesce(genre, ''), ' ', ''), '-', '')), ' ') from book_genres where book_id = b.id), '')
    from books b join book_search_docs d on d.book_id = b.id where b.id = new.book_id; end;

-- trigger book_search_docs_keys_ai
CREATE TRIGGER book_search_docs_keys_ai after insert on book_search_docs begin
    update book_search_docs set (title, author, isbn, average_rating, total_reviews, page_count, published_date) = (select title, author, isbn, average_rating, total_reviews, page_count, published_date from books b where b.id = new.book_id) where doc_id = new.doc_id;
  end;

-- trigger books_changes_ad
CREATE TRIGGER books_changes_ad after delete on books begin select pg_notify('shelfwise_changes', 'catalogue'); end;

-- trigger books_changes_ai
CREATE TRIGGER books_changes_ai after insert on books begin select pg_notify('shelfwise_changes', 'catalogue'); end;

-- trigger books_search_ai
CREATE TRIGGER books_search_ai after insert on books begin
    update book_search_seq set n = n + 1;
    insert into book_search_docs (doc_id, book_id) values (((32 - (case when new.total_reviews < 8 then 0 when new.total_reviews < 16 then 1 when new.total_reviews < 32 then 2 when new.total_reviews < 64 then 3 when new.total_reviews < 128 then 4 when new.total_reviews < 256 then 5 when new.total_reviews < 512 then 6 when new.total_reviews < 1024 then 7 when new.total_reviews < 2048 then 8 when new.total_reviews < 4096 then 9 when new.total_reviews < 8192 then 10 when new.total_reviews < 16384 then 11 when new.total_reviews < 32768 then 12 when new.total_reviews < 65536 then 13 when new.total_reviews < 131072 then 14 when new.total_reviews < 262144 then 15 when new.total_reviews < 524288 then 16 when new.total_reviews < 1048576 then 17 else 18 end)) * 4294967296 + (select n from book_search_seq)), new.id);
    insert into books_fts (rowid, title, author, genres, description, isbn, facets)
      values ((select doc_id from book_search_docs where book_id = new.id), new.title, new.author, coalesce((select group_concat(genre, ' ') from book_genres where book_id = new.id), ''), new.description, replace(coalesce(new.isbn, ''), '-', ''), 'xl' || lower(replace(replace(coalesce(new.language, ''), ' ', ''), '-', '')) || ' xc' || lower(replace(replace(coalesce(new.category, ''), ' ', ''), '-', '')) || coalesce((select ' ' || group_concat('xg' || lower(replace(replace(coalesce(genre, ''), ' ', ''), '-', '')), ' ') from book_genres where book_id = new.id), ''));
  end;

-- trigger books_search_au
CREATE TRIGGER books_search_au after update of title, author, description, isbn, language, category, total_reviews on books
    when old.title is not new.title or old.author is not new.author or old.description is not new.description
      or old.isbn is not new.isbn or old.language is not new.language or old.category is not new.category or (case when old.total_reviews < 8 then 0 when old.total_reviews < 16 then 1 when old.total_reviews < 32 then 2 when old.total_reviews < 64 then 3 when old.total_reviews < 128 then 4 when old.total_reviews < 256 then 5 when old.total_reviews < 512 then 6 when old.total_reviews < 1024 then 7 when old.total_reviews < 2048 then 8 when old.total_reviews < 4096 then 9 when old.total_reviews < 8192 then 10 when old.total_reviews < 16384 then 11 when old.total_reviews < 32768 then 12 when old.total_reviews < 65536 then 13 when old.total_reviews < 131072 then 14 when old.total_reviews < 262144 then 15 when old.total_reviews < 524288 then 16 when old.total_reviews < 1048576 then 17 else 18 end) <> (case when new.total_reviews < 8 then 0 when new.total_reviews < 16 then 1 when new.total_reviews < 32 then 2 when new.total_reviews < 64 then 3 when new.total_reviews < 128 then 4 when new.total_reviews < 256 then 5 when new.total_reviews < 512 then 6 when new.total_reviews < 1024 then 7 when new.total_reviews < 2048 then 8 when new.total_reviews < 4096 then 9 when new.total_reviews < 8192 then 10 when new.total_reviews < 16384 then 11 when new.total_reviews < 32768 then 12 when new.total_reviews < 65536 then 13 when new.total_reviews < 131072 then 14 when new.total_reviews < 262144 then 15 when new.total_reviews < 524288 then 16 when new.total_reviews < 1048576 then 17 else 18 end)
  begin
    delete from books_fts where rowid = (select doc_id from book_search_docs where book_id = old.id);
    update book_search_seq set n = n + 1 where (case when old.total_reviews < 8 then 0 when old.total_reviews < 16 then 1 when old.total_reviews < 32 then 2 when old.total_reviews < 64 then 3 when old.total_reviews < 128 then 4 when old.total_reviews < 256 then 5 when old.total_reviews < 512 then 6 when old.total_reviews < 1024 then 7 when old.total_reviews < 2048 then 8 when old.total_reviews < 4096 then 9 when old.total_reviews < 8192 then 10 when old.total_reviews < 16384 then 11 when old.total_reviews < 32768 then 12 when old.total_reviews < 65536 then 13 when old.total_reviews < 131072 then 14 when old.total_reviews < 262144 then 15 when old.total_reviews < 524288 then 16 when old.total_reviews < 1048576 then 17 else 18 end) <> (case when new.total_reviews < 8 then 0 when new.total_reviews < 16 then 1 when new.total_reviews < 32 then 2 when new.total_reviews < 64 then 3 when new.total_reviews < 128 then 4 when new.total_reviews < 256 then 5 when new.total_reviews < 512 then 6 when new.total_reviews < 1024 then 7 when new.total_reviews < 2048 then 8 when new.total_reviews < 4096 then 9 when new.total_reviews < 8192 then 10 when new.total_reviews < 16384 then 11 when new.total_reviews < 32768 then 12 when new.total_reviews < 65536 then 13 when new.total_reviews < 131072 then 14 when new.total_reviews < 262144 then 15 when new.total_reviews < 524288 then 16 when new.total_reviews < 1048576 then 17 else 18 end);
    update book_search_docs set doc_id = ((32 - (case when new.total_reviews < 8 then 0 when new.total_reviews < 16 then 1 when new.total_reviews < 32 then 2 when new.total_reviews < 64 then 3 when new.total_reviews < 128 then 4 when new.total_reviews < 256 then 5 when new.total_reviews < 512 then 6 when new.total_reviews < 1024 then 7 when new.total_reviews < 2048 then 8 when new.total_reviews < 4096 then 9 when new.total_reviews < 8192 then 10 when new.total_reviews < 16384 then 11 when new.total_reviews < 32768 then 12 when new.total_reviews < 65536 then 13 when new.total_reviews < 131072 then 14 when new.total_reviews < 262144 then 15 when new.total_reviews < 524288 then 16 when new.total_reviews < 1048576 then 17 else 18 end)) * 4294967296 + (select n from book_search_seq)) where book_id = new.id and (case when old.total_reviews < 8 then 0 when old.total_reviews < 16 then 1 when old.total_reviews < 32 then 2 when old.total_reviews < 64 then 3 when old.total_reviews < 128 then 4 when old.total_reviews < 256 then 5 when old.total_reviews < 512 then 6 when old.total_reviews < 1024 then 7 when old.total_reviews < 2048 then 8 when old.total_reviews < 4096 then 9 when old.total_reviews < 8192 then 10 when old.total_reviews < 16384 then 11 when old.total_reviews < 32768 then 12 when old.total_reviews < 65536 then 13 when old.total_reviews < 131072 then 14 when old.total_reviews < 262144 then 15 when old.total_reviews < 524288 then 16 when old.total_reviews < 1048576 then 17 else 18 end) <> (case when new.total_reviews < 8 then 0 when new.total_reviews < 16 then 1 when new.total_reviews < 32 then 2 when new.total_reviews < 64 then 3 when new.total_reviews < 128 then 4 when new.total_reviews < 256 then 5 when new.total_reviews < 512 then 6 when new.total_reviews < 1024 then 7 when new.total_reviews < 2048 then 8 when new.total_reviews < 4096 then 9 when new.total_reviews < 8192 then 10 when new.total_reviews < 16384 then 11 when new.total_reviews < 32768 then 12 when new.total_reviews < 65536 then 13 when new.total_reviews < 131072 then 14 when new.total_reviews < 262144 then 15 when new.total_reviews < 524288 then 16 when new.total_reviews < 1048576 then 17 else 18 end);
    insert into books_fts (rowid, title, author, genres, description, isbn, facets)
      values ((select doc_id from book_search_docs where book_id = new.id), new.title, new.author, coalesce((select group_concat(genre, ' ') from book_genres where book_id = new.id), ''), new.description, replace(coalesce(new.isbn, ''), '-', ''), 'xl' || lower(replace(replace(coalesce(new.language, ''), ' ', ''), '-', '')) || ' xc' || lower(replace(replace(coalesce(new.category, ''), ' ', ''), '-', '')) || coalesce((select ' ' || group_concat('xg' || lower(replace(replace(coalesce(genre, ''), ' ', ''), '-', '')), ' ') from book_genres where book_id = new.id), ''));
  end;

-- trigger books_search_bd
CREATE TRIGGER books_search_bd before delete on books begin
    delete from books_fts where rowid = (select doc_id from book_search_docs where book_id = old.id);
    delete from book_search_docs where book_id = old.id;
  end;

-- trigger books_search_keys_au
CREATE TRIGGER books_search_keys_au after update of title, author, isbn, average_rating, total_reviews, page_count, published_date on books begin
    update book_search_docs set title = new.title, author = new.author, isbn = new.isbn, average_rating = new.average_rating, total_reviews = new.total_reviews, page_count = new.page_count, published_date = new.published_date where book_id = new.id;
  end;

-- trigger catalogue_edits_changes_au
CREATE TRIGGER catalogue_edits_changes_au after update on catalogue_edits begin select pg_notify('shelfwise_changes', 'catalogue'); end;

-- trigger discussions_changes_ad
CREATE TRIGGER discussions_changes_ad after delete on discussions begin select pg_notify('shelfwise_changes', 'discussions:' || old.book_id); end;

-- trigger discussions_changes_ai
CREATE TRIGGER discussions_changes_ai after insert on discussions begin select pg_notify('shelfwise_changes', 'discussions:' || new.book_id); end;

-- trigger discussions_changes_au
CREATE TRIGGER discussions_changes_au after update of book_id on discussions begin
    select pg_notify('shelfwise_changes', 'discussions:' || old.book_id); select pg_notify('shelfwise_changes', 'discussions:' || new.book_id); end;

-- trigger follows_profile_version_ad
CREATE TRIGGER follows_profile_version_ad after delete on follows begin update users set profile_version = profile_version + 1 where id in (old.follower_id, old.followee_id); end;

-- trigger follows_profile_version_ai
CREATE TRIGGER follows_profile_version_ai after insert on follows begin update users set profile_version = profile_version + 1 where id in (new.follower_id, new.followee_id); end;

-- trigger follows_profile_version_au
CREATE TRIGGER follows_profile_version_au after update on follows begin
    update users set profile_version = profile_version + 1 where id in (old.follower_id, old.followee_id, new.follower_id, new.followee_id); end;

-- trigger hidden_items_changes_ad
CREATE TRIGGER hidden_items_changes_ad after delete on hidden_items begin select pg_notify('shelfwise_changes', 'discussions:' || d.book_id) from discussions d where old.target_type = 'discussion' and d.id = old.target_id; end;

-- trigger hidden_items_changes_ai
CREATE TRIGGER hidden_items_changes_ai after insert on hidden_items begin select pg_notify('shelfwise_changes', 'discussions:' || d.book_id) from discussions d where new.target_type = 'discussion' and d.id = new.target_id; end;

-- trigger hidden_items_changes_au
CREATE TRIGGER hidden_items_changes_au after update on hidden_items begin select pg_notify('shelfwise_changes', 'discussions:' || d.book_id) from discussions d where old.target_type = 'discussion' and d.id = old.target_id; select pg_notify('shelfwise_changes', 'discussions:' || d.book_id) from discussions d where new.target_type = 'discussion' and d.id = new.target_id; end;

-- trigger kept_tokens_changes_ad
CREATE TRIGGER kept_tokens_changes_ad after delete on kept_tokens begin select pg_notify('shelfwise_changes', 'token:' || old.jti); end;

-- trigger kept_tokens_changes_ai
CREATE TRIGGER kept_tokens_changes_ai after insert on kept_tokens begin select pg_notify('shelfwise_changes', 'token:' || new.jti); end;

-- trigger kept_tokens_changes_au
CREATE TRIGGER kept_tokens_changes_au after update on kept_tokens begin select pg_notify('shelfwise_changes', 'token:' || old.jti); select pg_notify('shelfwise_changes', 'token:' || new.jti); end;

-- trigger notification_counts_ad
CREATE TRIGGER notification_counts_ad after delete on notifications when old.actor_count > 0 begin
    update notification_counts set listed = listed - 1 where user_id = old.user_id and old.actor_count > 0;
  end;

-- trigger notification_counts_ai
CREATE TRIGGER notification_counts_ai after insert on notifications when new.actor_count > 0 begin
    insert into notification_counts (user_id, listed) select new.user_id, 1 where new.actor_count > 0
      on conflict (user_id) do update set listed = listed + 1;
  end;

-- trigger notification_counts_au
CREATE TRIGGER notification_counts_au after update of actor_count, user_id on notifications
    when (old.actor_count > 0) <> (new.actor_count > 0) or old.user_id <> new.user_id begin
    update notification_counts set listed = listed - 1 where user_id = old.user_id and old.actor_count > 0;
    insert into notification_counts (user_id, listed) select new.user_id, 1 where new.actor_count > 0
      on conflict (user_id) do update set listed = listed + 1;
  end;

-- trigger personal_tokens_changes_ad
CREATE TRIGGER personal_tokens_changes_ad after delete on personal_tokens begin select pg_notify('shelfwise_changes', 'pat:' || old.token_hash); end;

-- trigger personal_tokens_changes_au
CREATE TRIGGER personal_tokens_changes_au after update of token_hash, user_id, scopes, expires_at on personal_tokens begin select pg_notify('shelfwise_changes', 'pat:' || old.token_hash); end;

-- trigger reviews_profile_version_ad
CREATE TRIGGER reviews_profile_version_ad after delete on reviews begin update users set profile_version = profile_version + 1 where id in (old.user_id); end;

-- trigger reviews_profile_version_ai
CREATE TRIGGER reviews_profile_version_ai after insert on reviews begin update users set profile_version = profile_version + 1 where id in (new.user_id); end;

-- trigger reviews_profile_version_au
CREATE TRIGGER reviews_profile_version_au after update of rating, book_id, user_id on reviews begin update users set profile_version = profile_version + 1 where id in (old.user_id, new.user_id); end;

-- trigger revoked_tokens_changes_ai
CREATE TRIGGER revoked_tokens_changes_ai after insert on revoked_tokens begin select pg_notify('shelfwise_changes', 'token:' || new.jti); end;

-- trigger users_profile_changes_ad
CREATE TRIGGER users_profile_changes_ad after delete on users begin select pg_notify('shelfwise_changes', 'profile-of:' || old.id); end;

-- trigger users_profile_changes_au
CREATE TRIGGER users_profile_changes_au after update of username, profile_image, profile_hidden on users begin select pg_notify('shelfwise_changes', 'profile-of:' || old.id); end;

-- trigger users_profile_version_au
CREATE TRIGGER users_profile_version_au after update of name, username, email, user_type, bio, profile_image, created_at on users begin update users set profile_version = profile_version + 1 where id in (new.id); end;

-- trigger users_tokens_changes_ad
CREATE TRIGGER users_tokens_changes_ad after delete on users begin select pg_notify('shelfwise_changes', 'tokens-of:' || old.id); end;

-- trigger users_tokens_changes_au
CREATE TRIGGER users_tokens_changes_au after update of token_version on users
    when old.token_version is not new.token_version begin select pg_notify('shelfwise_changes', 'tokens-of:' || new.id); end;

-- trigger webhooks_changes_ad
CREATE TRIGGER webhooks_changes_ad after delete on webhooks begin select pg_notify('shelfwise_changes', 'hooks-of:' || old.user_id); end;

-- trigger webhooks_changes_ai
CREATE TRIGGER webhooks_changes_ai after insert on webhooks begin select pg_notify('shelfwise_changes', 'hooks-of:' || new.user_id); end;

-- trigger webhooks_changes_au
CREATE TRIGGER webhooks_changes_au after update on webhooks begin select pg_notify('shelfwise_changes', 'hooks-of:' || old.user_id); select pg_notify('shelfwise_changes', 'hooks-of:' || new.user_id); end;

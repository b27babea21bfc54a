select "bb"."author_user_id" as "book_author_user_id", "bb"."publisher_user_id" as "book_publisher_user_id", "p"."id", "p"."discussion_id", "p"."parent_id", "p"."root_id", "p"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "p"."text", "p"."position_kind", "p"."position_value", "p"."created_at", "p"."edited_at", "p"."deleted_at" from "discussion_posts" as "p" left join "users" as "u" on "u"."id" = "p"."user_id" inner join "discussions" as "dd" on "dd"."id" = "p"."discussion_id" inner join "books" as "bb" on "bb"."id" = "dd"."book_id" where "p"."discussion_id" = ? order by "p"."root_id", "p"."id" limit ?;

select "bb"."author_user_id" as "book_author_user_id", "bb"."publisher_user_id" as "book_publisher_user_id", "p"."id", "p"."discussion_id", "p"."parent_id", "p"."root_id", "p"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "p"."text", "p"."position_kind", "p"."position_value", "p"."created_at", "p"."edited_at", "p"."deleted_at" from "discussion_posts" as "p" left join "users" as "u" on "u"."id" = "p"."user_id" inner join "discussions" as "dd" on "dd"."id" = "p"."discussion_id" inner join "books" as "bb" on "bb"."id" = "dd"."book_id" where "p"."id" in (?);

select "book_id" from "reads" where "user_id" = ? and "book_id" = ?;

select "d"."id", "d"."book_id", "d"."title", "d"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "d"."post_count", "d"."hidden_post_count", "d"."last_activity_at", "d"."created_at" from "discussions" as "d" left join "users" as "u" on "u"."id" = "d"."user_id" where "d"."book_id" = ? order by "d"."last_activity_at" desc, "d"."id" desc limit ?;

select "d"."id", "d"."book_id", "d"."title", "d"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "d"."post_count", "d"."hidden_post_count", "d"."last_activity_at", "d"."created_at" from "discussions" as "d" left join "users" as "u" on "u"."id" = "d"."user_id" where "d"."id" = ?;

select "d"."post_count", (select count(*) as "n" from "discussion_posts" as "p" where "p"."discussion_id" = "d"."id" and "p"."deleted_at" is not null) as "tombstones" from "discussions" as "d" where "d"."id" = ?;

select "id" as "work_id" from "books" where "id" = ? union all select "book_id" as "work_id" from "editions" where "id" = ?;

select "id" from "books" where "id" = ?;

select "page_count" from "books" where "id" = ?;

select "status", "edition_id" from "reading_entries" where "user_id" = ? and "book_id" = ?;

select "target_id" from "hidden_items" where "target_type" = ? and "target_id" in (?);

select 'blocked' as "kind", "blocked_id" as "id" from "blocks" where "blocker_id" = ? and "blocked_id" in (?) union all select 'blocked' as "kind", "blocker_id" as "id" from "blocks" where "blocked_id" = ? and "blocker_id" in (?) union all select 'muted' as "kind", "muted_id" as "id" from "user_mutes" where "user_id" = ? and "muted_id" in (?) union all select 'word' as "kind", "word" as "id" from "muted_words" where "user_id" = ?;

select count(*) as "n" from "discussions" where "book_id" = ?;

select max("progress_page") as "page", max("progress_percent") as "percent" from "read_throughs" where "user_id" = ? and "book_id" = ? and "removed_at" is null;

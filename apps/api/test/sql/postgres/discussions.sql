select "bb"."author_user_id" as "book_author_user_id", "bb"."publisher_user_id" as "book_publisher_user_id", "p"."id", "p"."discussion_id", "p"."parent_id", "p"."root_id", "p"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "p"."text", "p"."position_kind", "p"."position_value", "p"."created_at", "p"."edited_at", "p"."deleted_at" from "discussion_posts" as "p" left join "users" as "u" on "u"."id" = "p"."user_id" inner join "discussions" as "dd" on "dd"."id" = "p"."discussion_id" inner join "books" as "bb" on "bb"."id" = "dd"."book_id" where "p"."discussion_id" = $1 order by "p"."root_id", "p"."id" limit $2;

select "bb"."author_user_id" as "book_author_user_id", "bb"."publisher_user_id" as "book_publisher_user_id", "p"."id", "p"."discussion_id", "p"."parent_id", "p"."root_id", "p"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "p"."text", "p"."position_kind", "p"."position_value", "p"."created_at", "p"."edited_at", "p"."deleted_at" from "discussion_posts" as "p" left join "users" as "u" on "u"."id" = "p"."user_id" inner join "discussions" as "dd" on "dd"."id" = "p"."discussion_id" inner join "books" as "bb" on "bb"."id" = "dd"."book_id" where "p"."id" in ($1);

select "book_id" from "reads" where "user_id" = $1 and "book_id" = $2;

select "d"."id", "d"."book_id", "d"."title", "d"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "d"."post_count", "d"."hidden_post_count", "d"."last_activity_at", "d"."created_at" from "discussions" as "d" left join "users" as "u" on "u"."id" = "d"."user_id" where "d"."book_id" = $1 order by "d"."last_activity_at" desc, "d"."id" desc limit $2;

select "d"."id", "d"."book_id", "d"."title", "d"."user_id", "u"."username", case when "u"."profile_hidden" = 1 then '' else "u"."profile_image" end as "profile_image", "d"."post_count", "d"."hidden_post_count", "d"."last_activity_at", "d"."created_at" from "discussions" as "d" left join "users" as "u" on "u"."id" = "d"."user_id" where "d"."id" = $1;

select "d"."post_count", (select count(*) as "n" from "discussion_posts" as "p" where "p"."discussion_id" = "d"."id" and "p"."deleted_at" is not null) as "tombstones" from "discussions" as "d" where "d"."id" = $1;

select "id" as "work_id" from "books" where "id" = $1 union all select "book_id" as "work_id" from "editions" where "id" = $2;

select "id" from "books" where "id" = $1;

select "page_count" from "books" where "id" = $1;

select "status", "edition_id" from "reading_entries" where "user_id" = $1 and "book_id" = $2;

select "target_id" from "hidden_items" where "target_type" = $1 and "target_id" in ($2);

select 'blocked' as "kind", "blocked_id" as "id" from "blocks" where "blocker_id" = $1 and "blocked_id" in ($2) union all select 'blocked' as "kind", "blocker_id" as "id" from "blocks" where "blocked_id" = $3 and "blocker_id" in ($4) union all select 'muted' as "kind", "muted_id" as "id" from "user_mutes" where "user_id" = $5 and "muted_id" in ($6) union all select 'word' as "kind", "word" as "id" from "muted_words" where "user_id" = $7;

select count(*) as "n" from "discussions" where "book_id" = $1;

select max("progress_page") as "page", max("progress_percent") as "percent" from "read_throughs" where "user_id" = $1 and "book_id" = $2 and "removed_at" is null;

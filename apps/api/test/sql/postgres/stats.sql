select "log_version" from "users" where "id" = $1;

select "profile_version" from "users" where "id" = $1;

select "reading_log" from "users" where "id" = $1;

select (select count(*) as "n" from "follows" where "followee_id" = $1) as "followers", (select count(*) as "n" from "follows" where "follower_id" = $2) as "following", (select count(*) as "n" from "reviews" where "user_id" = $3) as "reviews", (select count(*) from reads where user_id = $4) as "read_books", (select count(*) as "n" from "books" where "listed_by_user_id" = $5) as "listed_books", (select count(*) as "n" from "books" where "created_by_user_id" = $6 and "listed_by_user_id" is null) as "created_books", (select count(*) as "n" from "wishlist" where "user_id" = $7) as "wishlist_count" from "users" as "u" where "u"."id" = $8;

select substr(rt.finished_on, 1, 4) as "year", count(*) as "reads", coalesce(sum(b.page_count), 0) as "pages" from "read_throughs" as "rt" inner join "books" as "b" on "b"."id" = "rt"."book_id" where "rt"."user_id" = $1 and 1 = 1 and rt.outcome = 'finished' and "rt"."removed_at" is null group by substr(rt.finished_on, 1, 4);

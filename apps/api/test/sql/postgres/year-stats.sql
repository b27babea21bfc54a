select "books", "pages" from "reading_goals" where "user_id" = $1 and "year" = $2;

select "profile_version" from "users" where "id" = $1;

select "rt"."book_id", "rt"."finished_on", "b"."title", "b"."author", "b"."page_count", "b"."cover_image", coalesce(r.rating, e.rating) as "rating" from "read_throughs" as "rt" inner join "books" as "b" on "b"."id" = "rt"."book_id" left join "reviews" as "r" on "r"."book_id" = "rt"."book_id" and "r"."user_id" = $1 left join "reading_entries" as "e" on "e"."book_id" = "rt"."book_id" and "e"."user_id" = $2 where "rt"."user_id" = $3 and rt.outcome = 'finished' and "rt"."removed_at" is null and "rt"."finished_on" >= $4 and "rt"."finished_on" < $5;

select "updated_at" from "reading_entries" where "user_id" = $1 order by "updated_at" desc limit $2;

select (select max("id") as "id" from "books") as "newest", (select "edits" from "catalogue_edits" where "id" = $1) as "edits";

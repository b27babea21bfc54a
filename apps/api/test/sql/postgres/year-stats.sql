select "b"."id", "b"."title", "b"."author", "b"."page_count", "b"."cover_image" from "books" as "b" where "b"."page_count" = $1 and exists (select 1 as "one" from "read_throughs" as "rt" where "rt"."user_id" = $2 and "rt"."book_id" = "b"."id" and 1 = 1 and rt.outcome = 'finished' and "rt"."removed_at" is null and substr(rt.finished_on, 1, 4) = $3) order by "b"."title" asc, "b"."id" asc limit $4;

select "b"."id", "b"."title", "b"."author", "b"."page_count", "b"."cover_image" from "books" as "b" where "b"."page_count" = $1 and exists (select 1 as "one" from "read_throughs" as "rt" where "rt"."user_id" = $2 and "rt"."book_id" = "b"."id" and 1 = 1 and rt.outcome = 'finished' and "rt"."removed_at" is null and substr(rt.finished_on, 1, 4) = $3) order by "b"."title" desc, "b"."id" desc limit $4;

select "books", "pages" from "reading_goals" where "user_id" = $1 and "year" = $2;

select "g"."genre", count(*) as "books" from (select "rt"."book_id" from "read_throughs" as "rt" where "rt"."user_id" = $1 and 1 = 1 and rt.outcome = 'finished' and "rt"."removed_at" is null and "rt"."finished_on" >= $2 and "rt"."finished_on" < $3 group by "rt"."book_id") as "yb" inner join "book_genres" as "g" on "g"."book_id" = "yb"."book_id" group by "g"."genre" order by "books" desc, "g"."genre" limit $4;

select "log_version" from "users" where "id" = $1;

select "profile_version" from "users" where "id" = $1;

select "reading_log" from "users" where "id" = $1;

select "rt"."book_id" from "read_throughs" as "rt" where "rt"."user_id" = $1 and 1 = 1 and rt.outcome = 'finished' and "rt"."removed_at" is null and "rt"."finished_on" >= $2 and "rt"."finished_on" < $3 group by "rt"."book_id" order by "rt"."book_id" limit $4 offset $5;

select coalesce(r.rating, e.rating) as "rating", count(*) as "books" from (select "rt"."book_id" from "read_throughs" as "rt" where "rt"."user_id" = $1 and 1 = 1 and rt.outcome = 'finished' and "rt"."removed_at" is null and "rt"."finished_on" >= $2 and "rt"."finished_on" < $3 group by "rt"."book_id") as "yb" left join "reviews" as "r" on "r"."book_id" = "yb"."book_id" and "r"."user_id" = $4 left join "reading_entries" as "e" on "e"."book_id" = "yb"."book_id" and "e"."user_id" = $5 group by coalesce(r.rating, e.rating);

select substr(rt.finished_on, 6, 2) as "month", count(*) as "reads", coalesce(sum(b.page_count), 0) as "pages", max(case when b.page_count > 0 then b.page_count end) as "most", min(case when b.page_count > 0 then b.page_count end) as "least" from "read_throughs" as "rt" inner join "books" as "b" on "b"."id" = "rt"."book_id" where "rt"."user_id" = $1 and 1 = 1 and rt.outcome = 'finished' and "rt"."removed_at" is null and "rt"."finished_on" >= $2 and "rt"."finished_on" < $3 group by substr(rt.finished_on, 6, 2);

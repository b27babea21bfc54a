select "b"."id", "b"."title", "b"."author", "b"."publisher", "b"."description", "b"."cover_image", "b"."published_date", "b"."language", "b"."edition", "b"."page_count", "b"."amazon_link", coalesce(b.isbn, b.unclaimed_isbn) as "isbn", "b"."category", "b"."format", "b"."audio_seconds", "b"."edition_count", "b"."average_rating", "b"."total_reviews", "b"."lone_ratings", "b"."created_at", "b"."updated_at", "au"."username" as "author_username", "pu"."username" as "publisher_username", "lu"."username" as "listed_by_username", (select json_group_array("bg"."genre" order by "bg"."genre") from book_genres as bg where bg.book_id = b.id) as "genres" from "books" as "b" left join "users" as "au" on "au"."id" = "b"."author_user_id" left join "users" as "pu" on "pu"."id" = "b"."publisher_user_id" left join "users" as "lu" on "lu"."id" = "b"."listed_by_user_id" where "b"."id" in (?);

select "b"."id", "b"."title", "b"."author", "b"."publisher", "b"."description", "b"."cover_image", "b"."published_date", "b"."language", "b"."edition", "b"."page_count", "b"."amazon_link", coalesce(b.isbn, b.unclaimed_isbn) as "isbn", "b"."category", "b"."format", "b"."audio_seconds", "b"."edition_count", "b"."average_rating", "b"."total_reviews", "b"."lone_ratings", "b"."created_at", "b"."updated_at", "au"."username" as "author_username", "pu"."username" as "publisher_username", "lu"."username" as "listed_by_username", (select json_group_array("bg"."genre" order by "bg"."genre") from book_genres as bg where bg.book_id = b.id) as "genres" from "books" as "b" left join "users" as "au" on "au"."id" = "b"."author_user_id" left join "users" as "pu" on "pu"."id" = "b"."publisher_user_id" left join "users" as "lu" on "lu"."id" = "b"."listed_by_user_id" where "b"."id" in (?, ?, ?, ?, ?, ?, ?, ?);

select "d"."book_id" as "id", "d"."title", "d"."author", "d"."isbn", "d"."average_rating" as "rating", "d"."total_reviews" as "reviews", "d"."published_date" as "published", "d"."doc_id" as "doc" from "books_fts" inner join "book_search_docs" as "d" on "d"."doc_id" = "books_fts"."rowid" where books_fts match ? and ("d"."page_count" >= ?) order by "books_fts"."rowid" limit ?;

select "d"."book_id" as "id", "d"."title", "d"."author", "d"."isbn", "d"."average_rating" as "rating", "d"."total_reviews" as "reviews", "d"."published_date" as "published", "d"."doc_id" as "doc" from "books_fts" inner join "book_search_docs" as "d" on "d"."doc_id" = "books_fts"."rowid" where books_fts match ? and 1 = 1 order by "books_fts"."rowid" limit ?;

select "id", "book_id", "isbn", "unclaimed_isbn", "format", "page_count", "audio_seconds", "language", "publisher", "published_date", "edition", "cover_image" from "editions" where "isbn" = ?;

select (select max("id") as "id" from "books") as "newest", (select "edits" from "catalogue_edits" where "id" = ?) as "edits";

select 1 from books_fts where books_fts match ? limit 1;

select count(*) as n from books_fts where books_fts match ?;

select max(s.doc) as hi, count(*) as n, sum(case when ("d"."page_count" >= ?) then 1 else 0 end) as k from (select rowid as doc from books_fts where books_fts match ? and rowid > ? order by rowid limit ?) as s join book_search_docs d on d.doc_id = s.doc;

select term from books_fts_vocab where term in (select value from json_each(?));

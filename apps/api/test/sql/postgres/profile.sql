select "blocked_id" as "id" from "blocks" where "blocker_id" = $1 and "blocked_id" in ($2) union all select "blocker_id" as "id" from "blocks" where "blocked_id" = $3 and "blocker_id" in ($4);

select "followee_id" from "follows" where "follower_id" = $1 order by "created_at" desc;

select "follower_id" from "follows" where "followee_id" = $1 order by "created_at" desc;

select "id", "name", "username", "email", "user_type", "bio", "profile_image", "created_at", "profile_version", "profile_hidden" from "users" where "id" = $1;

select "token_version", exists (select "jti" from "revoked_tokens" where "jti" = $1) as "revoked", exists (select "jti" from "kept_tokens" where "jti" = $2 and "kept_tokens"."user_id" = "users"."id" and "kept_tokens"."token_version" = "users"."token_version") as "kept" from "users" where "id" = $3;

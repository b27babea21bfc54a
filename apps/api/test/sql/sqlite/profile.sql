select "blocked_id" as "id" from "blocks" where "blocker_id" = ? and "blocked_id" in (?) union all select "blocker_id" as "id" from "blocks" where "blocked_id" = ? and "blocker_id" in (?);

select "followee_id" from "follows" where "follower_id" = ? order by "created_at" desc;

select "follower_id" from "follows" where "followee_id" = ? order by "created_at" desc;

select "id", "name", "username", "email", "user_type", "bio", "profile_image", "created_at", "profile_version", "profile_hidden" from "users" where "id" = ?;

select "token_version", exists (select "jti" from "revoked_tokens" where "jti" = ?) as "revoked", exists (select "jti" from "kept_tokens" where "jti" = ? and "kept_tokens"."user_id" = "users"."id" and "kept_tokens"."token_version" = "users"."token_version") as "kept" from "users" where "id" = ?;

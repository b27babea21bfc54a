import { sql, type RawBuilder } from 'kysely'

/**
 * The picture a reader's summary carries wherever it stands beside their work (reviews, comments,
 * posts, notifications' actors, follow lists, user search, feed items, likers, blocks): their
 * `profile_image`, blank while the moderators hide their profile (decision 0058, "Hidden profiles").
 * Every query that selects a user summary takes its image from here, so no list can forget it; the
 * summary is marked with nothing else (the name and username stay: others must know who wrote what).
 * `users` is the table's name or alias in the query. Use as `summaryImage('u').as('profileImage')`.
 */
export const summaryImage = (users: string): RawBuilder<string> =>
  sql<string>`case when ${sql.ref(`${users}.profileHidden`)} = 1 then '' else ${sql.ref(`${users}.profileImage`)} end`

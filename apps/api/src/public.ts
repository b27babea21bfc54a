// The API's public entry for the tools beside it (bench/, scripts/): what they may use of the
// server's code, and nothing deeper. A tool that needs more adds it here, where it is seen.

import { fileURLToPath } from 'node:url'

/** The server's entry file, to start it as its own process. */
export const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))

export { loadConfig } from '#/config.ts'
export { createDb } from '#/db/connect.ts'
export { migrateToLatest } from '#/db/migrate.ts'
export { buildApp } from '#/app.ts'
export { createTokens } from '#/security/tokens.ts'
export { hashPassword } from '#/security/passwords.ts'
export { CLASSICS } from '#/db/seed/classics.ts'
export { createRandom, type Random } from '#/db/seed/random.ts'
// The data generator loads books with the search triggers off and builds the search index once.
export { fillSearchKeys, rebuildPostgresSearch, rebuildSqliteSearch } from '#/db/search-rebuild.ts'
// The data generator fills the feed inboxes of its follows in bulk (decision 0060).
export { countAllInboxRowsSince, fillAllInboxesSince } from '#/modules/feed/feed.inbox.ts'

import { ConfigError, loadConfig } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { isConnectionError } from '#/db/portable.ts'

// `npm run db:migrate`: brings the database named by the server's own settings up to date.

async function main(): Promise<number> {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      return 1
    }
    throw err
  }
  const where = config.isEmbedded ? `SQLite at ${config.databaseUrl}` : 'PostgreSQL'
  const db = createDb({ url: config.databaseUrl, poolSize: 1 })
  try {
    const applied = await migrateToLatest(db)
    if (applied.length) {
      console.log(`Migrated ${where}: ${applied.length} migration(s) applied:`)
      for (const name of applied) console.log(`  ${name}`)
    } else {
      console.log(`${where} is already up to date; no migrations to apply.`)
    }
    return 0
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause ?? err
    // A refused connection is the common case; say so plainly rather than blame a migration.
    if (isConnectionError(cause)) console.error(`Cannot reach the database (${where}): ${(cause as Error).message}`)
    else console.error(`Migration failed on ${where}: ${(err as Error).message ?? String(err)}`)
    return 1
  } finally {
    await db.destroy()
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)

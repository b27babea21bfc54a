import { ConfigError, loadConfig } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { isConnectionError } from '#/db/portable.ts'
import { seedDemoIfEmpty } from '#/db/seed/demo.ts'

// `npm run db:seed`: migrates the database named by the server's own settings and, when it is
// empty, fills it with the demo community. SEED_DEMO is the server's switch; running this is asking.

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
  const db = createDb({ url: config.databaseUrl, poolSize: 2 })
  try {
    const applied = await migrateToLatest(db)
    if (applied.length) console.log(`Migrated ${where}: ${applied.join(', ')}`)
    let seeded = false
    const demo = await seedDemoIfEmpty(db, { log: (msg) => { seeded = true; console.log(msg) } })
    if (!seeded) console.log(`${where} already holds books or users; nothing was seeded.`)
    if (demo) console.log(`Demo sign-in: ${demo.email} / ${demo.password}`)
    return 0
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause ?? err
    if (isConnectionError(cause)) console.error(`Cannot reach the database (${where}): ${(cause as Error).message}`)
    else console.error(`Seeding ${where} failed: ${(err as Error).message ?? String(err)}`)
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

import { runDbCommand } from '#/db/cli.ts'
import { migrateToLatest } from '#/db/migrate.ts'

// `npm run db:migrate`: brings the database named by the server's own settings up to date.

runDbCommand({
  poolSize: 1,
  failure: 'Migration failed',
  async run(db, where) {
    const applied = await migrateToLatest(db)
    if (!applied.length) {
      console.log(`${where} is already up to date; no migrations to apply.`)
      return
    }
    console.log(`Migrated ${where}: ${applied.length} migration(s) applied:`)
    for (const name of applied) console.log(`  ${name}`)
  },
})

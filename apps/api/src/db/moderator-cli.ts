import { runDbCommand } from '#/db/cli.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { MODERATOR_USAGE, moderatorCommand, runModeratorCommand } from '#/db/moderators.ts'

// `npm run moderator -- add EMAIL | remove EMAIL | list`: gives or takes back the moderator role
// (decision 0030) on the database named by the server's own settings, migrating it first.

const command = moderatorCommand(process.argv.slice(2))
if (!command) {
  console.error(MODERATOR_USAGE)
  process.exit(2)
}

runDbCommand({
  poolSize: 1,
  failure: 'The moderator command failed',
  async run(db) {
    await migrateToLatest(db)
    const { ok, message } = await runModeratorCommand(db, command)
    if (!ok) throw new Error(message)
    console.log(message)
  },
})

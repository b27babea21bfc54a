import { runDbCommand } from '#/db/cli.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { seedDemoIfEmpty } from '#/db/seed/demo.ts'

// `npm run db:seed`: migrates the database named by the server's own settings and, when it is
// empty, fills it with the demo community. SEED_DEMO is the server's switch; running this is asking.

runDbCommand({
  poolSize: 2,
  failure: 'Seeding failed',
  async run(db, where) {
    const applied = await migrateToLatest(db)
    if (applied.length) console.log(`Migrated ${where}: ${applied.join(', ')}`)
    let seeded = false
    const demo = await seedDemoIfEmpty(db, { log: (msg) => { seeded = true; console.log(msg) } })
    if (!seeded) console.log(`${where} already holds books or users; nothing was seeded.`)
    if (demo) console.log(`Demo sign-in: ${demo.email} / ${demo.password}`)
  },
})

import { runDbCommand } from '#/db/cli.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { retirePublishedDemoPassword, seedDemoIfEmpty } from '#/db/seed/demo.ts'
import { demoPasswordFile } from '#/db/seed/demo-password.ts'

// `npm run db:seed`: migrates the database named by the server's own settings and, when it is
// empty, fills it with the demo community (its password made and kept in DATA_DIR/demo-password).
// SEED_DEMO is the server's switch; running this is asking.

runDbCommand({
  poolSize: 2,
  failure: 'Seeding failed',
  async run(db, where, config) {
    const applied = await migrateToLatest(db)
    if (applied.length) console.log(`Migrated ${where}: ${applied.join(', ')}`)
    let seeded = false
    const passwordFile = demoPasswordFile(config.dataDir)
    await retirePublishedDemoPassword(db, { log: (msg) => console.log(msg), passwordFile })
    const demo = await seedDemoIfEmpty(db, {
      log: (msg) => {
        seeded = true
        console.log(msg)
      },
      passwordFile,
    })
    if (!seeded) console.log(`${where} already holds books or users; nothing was seeded.`)
    if (demo) console.log(`Demo sign-in: ${demo.email} / ${demo.password}`)
  },
})

import { ConfigError, loadConfig, type Config } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { seedDemoIfEmpty } from '#/db/seed/demo.ts'
import { buildApp } from '#/app.ts'
import { resolveSecret } from '#/secret.ts'

async function main() {
  let config: Config
  let jwtSecret: string
  try {
    config = loadConfig()
    jwtSecret = resolveSecret(config)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  const logger = config.logPretty
    ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
    : { level: config.logLevel }
  const db = createDb({ url: config.databaseUrl, poolSize: config.dbPoolSize })
  const applied = await migrateToLatest(db)
  const app = await buildApp({ config, db, jwtSecret, logger })
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated')
  const demo = config.seedDemo ? await seedDemoIfEmpty(db, { log: (m) => app.log.info(m) }) : undefined

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    try {
      await app.close()
    } finally {
      await db.destroy()
      process.exit(0)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  const port = (app.server.address() as { port: number }).port
  const where = config.isEmbedded ? `SQLite at ${config.databaseUrl}` : 'PostgreSQL'
  console.log(`\nShelfwise is running at http://${shown}:${port}  (API: /api, docs: /api/docs, data: ${where})`)
  if (demo) console.log(`Demo sign-in: ${demo.email} / ${demo.password}\n`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})

import { ConfigError, loadConfig, type Config } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { retirePublishedDemoPassword, seedDemoIfEmpty } from '#/db/seed/demo.ts'
import { demoPasswordFile } from '#/db/seed/demo-password.ts'
import { buildApp } from '#/app.ts'
import { closeListener, watchConnections } from '#/drain.ts'
import { resolveSecret } from '#/security/secret.ts'
import { logFormatOf, loggerOptions } from '#/logging/logging.ts'

/** How long a shutdown waits for requests in flight before it cuts their connections. */
const DRAIN_DEADLINE_MS = 10_000
/**
 * PostgreSQL: how much longer than the statement timeout a request waits for one query's answer
 * before it answers 503 (a frozen server or a dead network, which cannot cancel anything itself).
 */
const QUERY_TIMEOUT_MARGIN_MS = 1000

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
  const logger = loggerOptions(config.logLevel, logFormatOf(config.logFormat, Boolean(process.stdout.isTTY)))
  // The app's logger exists only once the app does; a replica's change of health before then is not lost, only unlogged.
  let logReplica: (replica: string, healthy: boolean, reason: string) => void = () => {}
  const db = createDb({
    url: config.databaseUrl,
    poolSize: config.dbPoolSize,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    queryTimeoutMs: config.dbStatementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    replicaUrls: config.databaseReplicaUrls,
    onReplicaHealth: (replica, healthy, reason) => logReplica(replica, healthy, reason),
  })
  const app = await buildApp({ config, db, jwtSecret, logger })
  logReplica = (replica, healthy, reason) =>
    healthy ? app.log.info({ replica, reason }, 'read replica in use') : app.log.warn({ replica, reason }, 'read replica skipped')
  // Migrations and the demo seed run on a connection of their own without the timeouts: on a large
  // database one statement may rightly take longer.
  const setupDb = createDb({ url: config.databaseUrl, poolSize: 1 })
  let demo: Awaited<ReturnType<typeof seedDemoIfEmpty>>
  try {
    const applied = await migrateToLatest(setupDb)
    if (applied.length) app.log.info({ migrations: applied.length, latest: applied.at(-1) }, 'database migrated')
    const demoOptions = { log: (m: string) => app.log.info(m), passwordFile: demoPasswordFile(config.dataDir) }
    // Whether seeding is on or not: a demo community seeded by an earlier version must not keep its published password.
    const retired = await retirePublishedDemoPassword(setupDb, demoOptions)
    demo = config.seedDemo || retired ? await seedDemoIfEmpty(setupDb, demoOptions) : undefined
  } finally {
    await setupDb.destroy()
  }

  // SIGTERM (or Ctrl-C) stops taking connections, lets the requests in flight finish, then closes the
  // database, so a deploy or a scale-in loses no acknowledged write.
  let closingSince = 0
  let port = 0
  const shutdown = async (signal: string) => {
    if (closingSince) {
      // npm forwards the terminal's Ctrl-C, so one press can arrive twice: only a later one cuts the drain short.
      if (Date.now() - closingSince < 1000) return
      app.log.warn({ signal }, 'second signal: exiting without waiting for requests in flight')
      process.exit(1)
    }
    closingSince = Date.now()
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    let forced = false
    // A client that never finishes its request must not hold the process: cut it at the deadline.
    const deadline = setTimeout(() => {
      forced = true
      app.log.error({ deadlineMs: DRAIN_DEADLINE_MS }, 'requests still in flight at the shutdown deadline: closing their connections')
      app.server.closeAllConnections()
    }, DRAIN_DEADLINE_MS)
    // And if closing itself hangs (a pool waiting on a lost connection), exit all the same.
    setTimeout(() => process.exit(1), DRAIN_DEADLINE_MS + 5000).unref()
    // New connections are refused; the ones open finish (drain.ts says why not Node's own close).
    connections.startDraining()
    await closeListener(app.server, port)
    // Live streams never finish by themselves: they end now, and their browsers reconnect elsewhere.
    // Only once the listener is closed: a stream ending makes this instance the one with the fewest
    // connections, so nginx (least_conn) sent the next request here, and one that met the listener's
    // close was reset after nginx had sent it (a POST then answers 502; seen in the cluster test).
    // With the listener closed first, that request's connect is refused and nginx passes it on.
    app.notificationStreams.closeAll()
    // A keep-alive connection whose request just finished would otherwise stay open for the
    // keep-alive timeout and hold the close: shut each one as soon as it has been answered.
    const reaper = setInterval(() => connections.closeIdle(), 50)
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (connections.open > 0) return
        clearInterval(check)
        resolve()
      }, 20)
    })
    try {
      await app.close()
    } catch (err) {
      forced = true
      app.log.error({ err }, 'error while closing the server')
    }
    clearInterval(reaper)
    clearTimeout(deadline)
    try {
      await db.destroy()
    } catch (err) {
      forced = true
      app.log.error({ err }, 'error while closing the database')
    }
    app.log.info({ signal, clean: !forced }, 'stopped')
    process.exit(forced ? 1 : 0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  const connections = watchConnections(app.server)
  await app.listen({ port: config.port, host: config.host })
  port = (app.server.address() as { port: number }).port
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  const where = config.isEmbedded ? `SQLite at ${config.databaseUrl}` : 'PostgreSQL'
  console.log(`\nShelfwise is running at http://${shown}:${port}  (API: /api, docs: /api/docs, data: ${where})`)
  if (demo) console.log(`Demo sign-in: ${demo.email} / ${demo.password}\n`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})

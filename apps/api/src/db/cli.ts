import { ConfigError, loadConfig, type Config } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import type { Db } from '#/db/portable.ts'
import { isConnectionError } from '#/db/portable.ts'

// The shared frame of the database commands (`npm run db:migrate`, `npm run db:seed`): settings read
// as the server reads them, one clear line on failure, and an exit code a script can test.

export interface DbCommand {
  /** How many connections the command needs (PostgreSQL). */
  poolSize: number
  /** Completes "<failure> on SQLite at …: …" when the work throws. */
  failure: string
  /** The work; `where` names the database for messages. */
  run: (db: Db, where: string, config: Config) => Promise<void>
}

async function main({ poolSize, failure, run }: DbCommand): Promise<number> {
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
  const db = createDb({ url: config.databaseUrl, poolSize })
  try {
    await run(db, where, config)
    return 0
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause ?? err
    // A refused connection is the common case; say so plainly rather than blame the work.
    if (isConnectionError(cause)) console.error(`Cannot reach the database (${where}): ${(cause as Error).message}`)
    else console.error(`${failure} on ${where}: ${(err as Error).message ?? String(err)}`)
    return 1
  } finally {
    await db.destroy()
  }
}

/** Runs a database command and exits with its code. */
export function runDbCommand(command: DbCommand): void {
  main(command).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err)
      process.exit(1)
    },
  )
}

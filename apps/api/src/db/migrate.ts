import type { Kysely } from 'kysely'
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'
import { columnTypes, dialectOf } from '#/db/portable.ts'
import { migrations } from '#/db/migrations/index.ts'

// Adapts our `up(db, t)` migrations to Kysely's `up(db)`, handing each the dialect's column types.
class AppMigrationProvider implements MigrationProvider {
  readonly #db: Kysely<any>
  constructor(db: Kysely<any>) {
    this.#db = db
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const t = columnTypes(dialectOf(this.#db))
    return Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, t) }]))
  }
}

/** Brings the schema up to date; throws with the failing migration's name if one fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Migrations are written against raw snake_case names, so they run without the CamelCasePlugin.
  const raw = db.withoutPlugins()
  const migrator = new Migrator({ db: raw, provider: new AppMigrationProvider(raw) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

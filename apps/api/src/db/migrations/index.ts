import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'
import * as initialSchema from './2026_11_21_1400_initial_schema.ts'

export interface AppMigration {
  up(db: Kysely<any>, t: ColumnTypes): Promise<void>
}

/** Every migration, by name, in the order they run. Append only. */
export const migrations: Record<string, AppMigration> = {
  '2026_11_21_1400_initial_schema': initialSchema,
}

import pg from 'pg'

// Test databases are made and dropped on the server TEST_DATABASE_URL points at.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL template database of this run, or '' when PostgreSQL is not tested. */
    pgTemplate: string
  }
}

export const testPgUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined

export const urlForDatabase = (base: string, name: string): string => {
  const u = new URL(base)
  u.pathname = `/${name}`
  return u.toString()
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPgUrl() })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

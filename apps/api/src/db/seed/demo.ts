import type { Db } from '#/db/portable.ts'

export interface DemoSignIn {
  email: string
  password: string
}

/** Fills an empty database with the demo community; answers the demo sign-in (also when already seeded). */
export async function seedDemoIfEmpty(_db: Db, _opts: { log: (msg: string) => void }): Promise<DemoSignIn | undefined> {
  // Filled in by the demo-community work (issue 2); until then nothing is seeded.
  return undefined
}

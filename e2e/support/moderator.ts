import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { TestUser } from './api.ts'
import { myServer } from './my-server.ts'
import { repoRoot } from './paths.ts'

/** `npm run moderator -- add EMAIL` on this spec file's server database, as its operator would run it. */
export function makeModerator(user: TestUser): void {
  execFileSync(process.execPath, [join(repoRoot, 'apps/api/src/db/moderator-cli.ts'), 'add', user.email], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: myServer().dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  })
}

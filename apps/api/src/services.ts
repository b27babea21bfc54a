import type { Config } from '#/config.ts'
import type { Db } from '#/db/portable.ts'
import type { Tokens } from '#/modules/auth/tokens.ts'
import { createAuthService } from '#/modules/auth/auth.service.ts'
import { createUsersService } from '#/modules/users/users.service.ts'

export interface ServiceDeps {
  db: Db
  config: Config
  tokens: Tokens
}

/** Every domain service, wired explicitly: a module reaches another only through its service. */
export function createServices({ db, config, tokens }: ServiceDeps) {
  const users = createUsersService({ db })
  const auth = createAuthService({ db, tokens, users })
  return { config, users, auth }
}

export type Services = ReturnType<typeof createServices>

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { ConfigError, type Config } from '#/config.ts'

/** The signing secret: JWT_SECRET, or in embedded mode one made once and kept in DATA_DIR/secret (0600). */
export function resolveSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret
  if (!config.isEmbedded) {
    throw new ConfigError('JWT_SECRET: must be set when DATABASE_URL points at PostgreSQL, so every instance signs with the same secret')
  }
  const file = join(config.dataDir, 'secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(config.dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}

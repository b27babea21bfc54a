import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#/config.ts'
import { MIN_SECRET_BITS, resolveSecret, secretStrength } from '#/security/secret.ts'

// The JWT secret a PostgreSQL deployment is given (issue 19): anything a person made up is refused at
// start, however long, and what a random generator gives is taken, whatever letters it happened to draw.

const onPostgres = (secret: string) => loadConfig({ DATABASE_URL: 'postgres://u@db/shelfwise', JWT_SECRET: secret })

describe('JWT_SECRET on PostgreSQL', () => {
  it.each([
    ['Tr0ub4dor&3'.repeat(3), 'a piece repeated'],
    ['MySuperSecretJwtKeyForShelfwise2026', 'dictionary words'],
    ['shelfwise-production-jwt-secret-2026', 'dictionary words'],
    ['ThisIsMyVeryLongAndSecureSecretKeyForSigningTokens123!', 'dictionary words'],
    ['sup3r-s3cr3t-k3y-f0r-sh3lfw1s3-pr0duct10n', 'dictionary words'],
    ['harbour-violet-copper-meadow-lantern-quartz-ember', 'dictionary words'],
  ])('refuses %j at start, naming what is wrong and how far it falls short', (secret, what) => {
    expect(() => resolveSecret(onPostgres(secret))).toThrow(ConfigError)
    expect(() => resolveSecret(onPostgres(secret))).toThrow(
      new RegExp(`^JWT_SECRET: has too little variety to sign tokens safely \\(it is mostly ${what}; about \\d+ bits of the 140 needed, `),
    )
  })

  it('draws the line between 16 and 24 random bytes: refuses 16 in hex (128 bits at most), takes 24 or more in every encoding a generator uses, whatever letters it drew', () => {
    for (let i = 0; i < 50; i++) {
      const secret = randomBytes(16).toString('hex')
      expect(secretStrength(secret).bits).toBeLessThanOrEqual(128)
      expect(() => resolveSecret(onPostgres(secret))).toThrow('use a random one, e.g. the output of `openssl rand -base64 48`')
    }
    const alphanumeric = (n: number) => [...randomBytes(n)].map((b) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[b % 62]).join('')
    for (let i = 0; i < 300; i++) {
      for (const secret of [
        randomBytes(24).toString('base64'),
        randomBytes(24).toString('base64url'),
        randomBytes(24).toString('hex'),
        randomBytes(32).toString('hex').toUpperCase(),
        randomBytes(48).toString('base64'),
        alphanumeric(32),
      ]) {
        expect(secretStrength(secret).bits, secret).toBeGreaterThanOrEqual(MIN_SECRET_BITS)
        expect(resolveSecret(onPostgres(secret))).toBe(secret)
      }
    }
  })
})

import { randomUUID } from 'node:crypto'
import { createSigner, createVerifier } from 'fast-jwt'
import { LIMITS } from '@shelfwise/contracts'

interface TokenClaims {
  /** User id. */
  sub: string
  /** The user's token version when the token was made; a password change bumps it. */
  ver: number
  /** Unique token id, so one token can be revoked at logout. */
  jti: string
  iat: number
  /** Expiry, in seconds since the epoch. */
  exp: number
}

export interface Tokens {
  sign(userId: string, tokenVersion: number): string
  /** The token's claims, or undefined when it is malformed, tampered with, unsigned or expired. */
  verify(token: string): TokenClaims | undefined
}

/** HS256 tokens that expire after 7 days. */
export function createTokens(secret: string, lifetimeMs = LIMITS.tokenDays * 24 * 3600 * 1000): Tokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimeMs })
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 })
  return {
    sign: (userId, tokenVersion) => signer({ sub: userId, ver: tokenVersion, jti: randomUUID() }),
    verify: (token) => {
      try {
        const claims = verifier(token) as Partial<TokenClaims>
        if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number')
          return undefined
        return claims as TokenClaims
      } catch {
        return undefined
      }
    },
  }
}

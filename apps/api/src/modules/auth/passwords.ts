import { hash, verify } from '@node-rs/argon2'
import { dictionary as commonPasswords } from '@zxcvbn-ts/language-common'

// argon2id with OWASP's second recommended profile: 19 MiB of memory, 2 passes, 1 lane.
const PARAMS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string): Promise<string> => hash(password, PARAMS)

// Checked against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
let dummy: Promise<string> | undefined

/** True when the password matches the hash; never throws on a malformed hash. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    if (!passwordHash) {
      dummy ??= hashPassword('not-a-real-password')
      await verify(await dummy, password)
      return false
    }
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// The zxcvbn-ts project's list of the most used passwords (from public breach corpora), lower-case,
// kept up to date by that project; made into a set on the first check.
let common: Set<string> | undefined

/** True when the password (in any letter case) is one of the ~49,000 most used passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(commonPasswords['passwords-common'])
  return common.has(password.toLowerCase())
}

export const TOO_COMMON = 'is too common; choose something harder to guess'

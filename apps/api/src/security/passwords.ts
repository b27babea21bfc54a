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
function isCommonPassword(password: string): boolean {
  common ??= new Set(commonPasswords['passwords-common'])
  return common.has(password.toLowerCase())
}

// Why a password is refused, in words that follow its field's name ('Password is too common; …').
const TOO_COMMON = 'is too common; choose something harder to guess'
export const ONLY_SPACES = 'is only spaces; choose something harder to guess'
export const ONE_CHARACTER = 'is one character repeated; choose something harder to guess'
export const SHORT_PATTERN = 'is a short pattern repeated; choose something harder to guess'
export const SEQUENCE = 'is a simple sequence such as abcdef, 654321 or qwerty; choose something harder to guess'
export const OWN_IDENTITY = 'is your username or e-mail address; choose something else'
export const SITE_NAME = 'is this site’s name; choose something harder to guess'

// Rows of the keyboard and the digits, read forwards and backwards, for sequences like 'asdfgh'.
const ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz']
const ROWS_BOTH_WAYS = [...ROWS, ...ROWS.map((r) => [...r].reverse().join(''))]

/** True when each character's code point is one more (or one less) than the one before: 'abcdef', '987654'. */
function isStepSequence(chars: string[]): boolean {
  if (chars.length < 2) return false
  const step = chars[1]!.codePointAt(0)! - chars[0]!.codePointAt(0)!
  if (Math.abs(step) !== 1) return false
  return chars.every((c, i) => i === 0 || c.codePointAt(0)! - chars[i - 1]!.codePointAt(0)! === step)
}

// What each letter of the site's name may be written as: the substitutions every guessing list
// tries first (sh3lfw1se, $helfwi$e).
const LOOKALIKES: Record<string, string> = { s: 's5$', e: 'e3€', l: 'l1!|i', i: 'i1!|l', o: 'o0', a: 'a4@' }
const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&')

/**
 * The site's name in any letter case and look-alike spelling, with separators between its letters and
 * anything but letters around it ('Shelfwise!', 'shelfwise2024', 'Shelf-Wise', 'SH3LFW1SE').
 * Every guesser of a site's accounts tries its name first. The work is linear: one run of
 * non-letters at each end and one character per letter between them, where the only overlap (a
 * leading '5' or '$' either the run or the first letter may take) costs a step back per character.
 */
const SITE_NAME_PATTERN = new RegExp(`^[^\\p{L}]*${[...'shelfwise'].map((c) => `[${escapeClass(LOOKALIKES[c] ?? c)}]`).join('[\\s._-]?')}[^\\p{L}]*$`, 'iu')

/**
 * Why a password is too easy to guess, in words that follow its field's name, or undefined when it
 * is not: one of the most used passwords, the site's name, only spaces, one character repeated, a
 * short pattern repeated ('abcabc'), or a simple sequence of letters, digits or a keyboard row
 * ('abcdef', '654321', 'asdfgh').
 */
export function passwordWeakness(password: string): string | undefined {
  if (isCommonPassword(password)) return TOO_COMMON
  if (SITE_NAME_PATTERN.test(password)) return SITE_NAME
  if (password.trim() === '') return ONLY_SPACES
  const chars = [...password.toLowerCase()]
  if (chars.every((c) => c === chars[0])) return ONE_CHARACTER
  for (let size = 2; size <= 3 && size * 2 <= chars.length; size++) {
    if (chars.every((c, i) => c === chars[i % size])) return SHORT_PATTERN
  }
  const lower = chars.join('')
  if (isStepSequence(chars) || ROWS_BOTH_WAYS.some((row) => row.includes(lower))) return SEQUENCE
  return undefined
}

// Letters and digits only, lower-case: 'Maya_Reads' and 'maya.reads' are one name.
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

/**
 * True when the password is the reader's own username or e-mail address (or its part before the
 * '@'), in any letter case, with or without separators and a number after it ('Maya_Reads2024').
 */
export function isOwnIdentity(password: string, own: { username: string; email: string }): boolean {
  const names = [own.username, own.email, own.email.split('@')[0] ?? ''].map(bare).filter((n) => n.length >= 3)
  const p = bare(password)
  return names.some((n) => p.startsWith(n) && /^\d*$/.test(p.slice(n.length)))
}

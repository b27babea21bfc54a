import { randomInt } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

// The demo account's password: made at random when the demo community is first seeded and kept in
// DATA_DIR (mode 0600), so no published default password opens any account.

/** Where the demo password is kept: DATA_DIR/demo-password. */
export const demoPasswordFile = (dataDir: string) => join(dataDir, 'demo-password')

// No look-alikes (0/o, 1/l/i), so it can be read off a console and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A fresh password of four groups of four characters, e.g. 'k7dq-m2xv-9pwa-hu4e' (about 79 bits). */
export function newDemoPassword(): string {
  return Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-')
}

/** The kept demo password, if there is one. */
export function readDemoPassword(file: string): string | undefined {
  if (!existsSync(file)) return undefined
  return readFileSync(file, 'utf8').trim() || undefined
}

/** The kept demo password, made and kept now when there is none yet (or `replace`: in any case). */
export function keepDemoPassword(file: string, { replace = false } = {}): string {
  const kept = replace ? undefined : readDemoPassword(file)
  if (kept) return kept
  mkdirSync(dirname(file), { recursive: true })
  const password = newDemoPassword()
  try {
    // 'wx': another instance starting on the same folder may have just made one; then it is read.
    writeFileSync(file, `${password}\n`, { mode: 0o600, flag: replace ? 'w' : 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readDemoPassword(file) ?? password
    throw err
  }
  chmodSync(file, 0o600)
  return password
}

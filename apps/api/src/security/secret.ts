import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { dictionary } from '@zxcvbn-ts/language-common'
import { ConfigError, type Config } from '#/config.ts'

// ---- variety of a given secret (PostgreSQL) ----
//
// HS256 tokens can be checked against guesses offline by anyone who holds one token, so a secret
// built from a repeated character, a sequence or dictionary words falls to a plain guessing run
// however long it is. A secret is read as the cheapest mix of such pieces (zxcvbn's idea, in small)
// and refused when that mix is worth fewer than 80 bits; a random one of 32+ characters is worth
// well over 150.

const MIN_BITS = 80
const LONGEST_WORD = 20
// The zxcvbn-ts lists (diceware words and the most used passwords), as letters-only words; made on
// the first check only, since an embedded server never needs them.
let words: Set<string> | undefined

type Piece = 'character' | 'run' | 'repeat' | 'sequence' | 'word'

/** How many bits a guesser must cover for this secret, and the kind of piece that saved them the most. */
function secretStrength(secret: string): { bits: number; weakness: Piece | undefined } {
  words ??= new Set([...dictionary['diceware-common'], ...dictionary['passwords-common']].filter((w) => w.length >= 3 && /^[a-z]+$/.test(w)))
  const WORDS = words
  const WORD_BITS = Math.log2(WORDS.size)
  const s = secret.slice(0, 512)
  const t = s.toLowerCase()
  const n = t.length
  const pool = (/[0-9]/.test(s) ? 10 : 0) + (/[a-z]/.test(s) ? 26 : 0) + (/[A-Z]/.test(s) ? 26 : 0) + (/[^0-9A-Za-z]/.test(s) ? 33 : 0)
  const charBits = Math.log2(Math.max(pool, 2))
  const best = [{ bits: 0, saved: new Map<Piece, number>() }]
  for (let i = 1; i <= n; i++) best.push({ bits: Infinity, saved: new Map() })
  const offer = (from: number, to: number, bits: number, piece: Piece) => {
    const total = best[from]!.bits + bits
    if (total >= best[to]!.bits) return
    const saved = new Map(best[from]!.saved)
    if (piece !== 'character') saved.set(piece, (saved.get(piece) ?? 0) + (to - from) * charBits - bits)
    best[to] = { bits: total, saved }
  }
  const code = (k: number) => t.codePointAt(k)!
  for (let i = 0; i < n; i++) {
    if (best[i]!.bits === Infinity) continue
    offer(i, i + 1, charBits, 'character')
    for (let j = i + 1; j < n && t[j] === t[i]; j++) if (j - i >= 2) offer(i, j + 1, charBits + Math.log2(j - i + 1), 'run')
    const step = code(i + 1) - code(i)
    if (Math.abs(step) === 1) {
      for (let j = i + 1; j < n && code(j) - code(j - 1) === step; j++) if (j - i >= 2) offer(i, j + 1, charBits + Math.log2(j - i + 1) + 1, 'sequence')
    }
    // A word, with a bit for each capital it has.
    for (let len = 3; len <= Math.min(LONGEST_WORD, n - i); len++) {
      if (WORDS.has(t.slice(i, i + len))) offer(i, i + len, WORD_BITS + (s.slice(i, i + len).match(/[A-Z]/g)?.length ?? 0), 'word')
    }
    // A separator between pieces is one of a few.
    if (/[-_. ]/.test(t[i]!)) offer(i, i + 1, 2, 'word')
    // A copy of something earlier: where it starts and how long it is.
    for (let len = 2; i + len <= n && len <= Math.min(i, 64); len++) {
      if (t.slice(0, i).includes(t.slice(i, i + len))) offer(i, i + len, Math.log2(i) + Math.log2(len), 'repeat')
    }
  }
  const { bits, saved } = best[n]!
  let weakness: Piece | undefined
  for (const [piece, amount] of saved) if (amount > 0 && (!weakness || amount > saved.get(weakness)!)) weakness = piece
  return { bits, weakness }
}

const WEAKNESS: Record<Exclude<Piece, 'character'>, string> = {
  run: 'one character repeated',
  repeat: 'a piece repeated',
  sequence: 'a simple sequence',
  word: 'dictionary words',
}

/**
 * The signing secret: JWT_SECRET, or in embedded mode one made once and kept in DATA_DIR/secret
 * (0600). With PostgreSQL a JWT_SECRET of low variety is refused, naming what is wrong with it.
 */
export function resolveSecret(config: Config): string {
  if (config.jwtSecret) {
    if (!config.isEmbedded) {
      const { bits, weakness } = secretStrength(config.jwtSecret)
      if (bits < MIN_BITS) {
        const what = weakness && weakness !== 'character' ? `it is mostly ${WEAKNESS[weakness]}` : 'it uses too few different characters'
        throw new ConfigError(
          `JWT_SECRET: has too little variety to sign tokens safely (${what}; anyone holding one token could guess it offline); use a random one, e.g. the output of \`openssl rand -base64 48\``,
        )
      }
    }
    return config.jwtSecret
  }
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

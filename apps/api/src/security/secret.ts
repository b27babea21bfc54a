import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { dictionary } from '@zxcvbn-ts/language-common'
import { ConfigError, type Config } from '#/config.ts'

// ---- variety of a given secret (PostgreSQL) ----
//
// HS256 tokens can be checked against guesses offline by anyone who holds one token, so a secret
// built from a repeated character, a sequence, dictionary words, the site's name or a year falls to a
// plain guessing run however long it is. A secret is read as the cheapest mix of such pieces
// (zxcvbn's idea, in small: a word costs what its rank in a list of the most used passwords costs a
// guesser, with a bit for each capital and each look-alike digit) and refused when that mix is worth
// fewer than 140 bits. The bar sits between what random generators give: 16 random bytes are worth
// 128 bits at most (`openssl rand -hex 16` is refused), while 24 or more (32 characters of base64, 48
// of hex, or 32 random letters and digits) scored 149 or more in 20,000 tries of each, so
// `openssl rand -base64 48` always passes. Whatever a person makes up scores far lower ('Tr0ub4dor&3'
// three times 80, 'MySuperSecretJwtKeyForShelfwise2026' 56, seven dictionary words 97), and the
// margin leaves room for the words and spellings no list holds.

export const MIN_SECRET_BITS = 140
const LONGEST_WORD = 20

// What people build a signing secret from, tried first by anyone guessing one of this site's: its
// name, the setting's own words, and the small words that join them.
const SETTING_WORDS = (
  'shelfwise shelf wise books book jwt jws hmac hs256 sha256 secret secrets key keys token tokens sign signing signature auth ' +
  'session app api server prod production staging dev test local change changeme default super very long secure strong random ' +
  'private password pass my our the this that is it for and of to me not do use'
).split(' ')

// Each word of the zxcvbn-ts lists (the most used passwords, by rank, and the diceware words) and of
// SETTING_WORDS, with the bits a guesser spends to reach it; made on the first check only, since an
// embedded server never needs them.
let wordBits: Map<string, number> | undefined

function wordList(): Map<string, number> {
  if (wordBits) return wordBits
  const bits = new Map<string, number>()
  const offer = (word: string, b: number) => {
    if (/^[a-z0-9]+$/.test(word) && word.length >= 2 && b < (bits.get(word) ?? Infinity)) bits.set(word, b)
  }
  dictionary['passwords-common'].forEach((w, rank) => /^[a-z]{4,}$/.test(w) && offer(w, Math.log2(rank + 2)))
  const diceware = dictionary['diceware-common']
  for (const w of diceware) if (/^[a-z]{3,}$/.test(w)) offer(w, Math.log2(diceware.length))
  for (const w of SETTING_WORDS) offer(w, Math.log2(SETTING_WORDS.length))
  wordBits = bits
  return bits
}

// Digits and signs read as the letters they stand for ('Tr0ub4dor', 'p@ss'); '1' as 'i' and as 'l'.
const LEET_I: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' }
const LEET_L: Record<string, string> = { ...LEET_I, '1': 'l', '!': 'l' }
const unleet = (text: string, table: Record<string, string>) => [...text].map((c) => table[c] ?? c).join('')

type Piece = 'character' | 'run' | 'repeat' | 'sequence' | 'word' | 'year'

/** How many bits a guesser must cover for this secret, and the kind of piece that saved them the most. */
export function secretStrength(secret: string): { bits: number; weakness: Piece | undefined } {
  const WORDS = wordList()
  const s = secret.slice(0, 512)
  const t = s.toLowerCase()
  const forms = [t, unleet(t, LEET_I), unleet(t, LEET_L)]
  const n = t.length
  // Hex digits in one letter case are what `openssl rand -hex` writes: 4 bits each, not the 5 that
  // digits and letters would be.
  const isHex = /^[0-9a-f]+$/.test(s) || /^[0-9A-F]+$/.test(s)
  const pool = isHex ? 16 : (/[0-9]/.test(s) ? 10 : 0) + (/[a-z]/.test(s) ? 26 : 0) + (/[A-Z]/.test(s) ? 26 : 0) + (/[^0-9A-Za-z]/.test(s) ? 33 : 0)
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
    // A word, plain or in look-alike spelling: its own bits, one for each capital and each look-alike.
    for (let len = 2; len <= Math.min(LONGEST_WORD, n - i); len++) {
      for (const form of forms) {
        const bits = WORDS.get(form.slice(i, i + len))
        if (bits === undefined) continue
        const capitals = s.slice(i, i + len).match(/[A-Z]/g)?.length ?? 0
        let lookalikes = 0
        for (let k = i; k < i + len; k++) if (form[k] !== t[k]) lookalikes++
        offer(i, i + len, bits + capitals + lookalikes, 'word')
      }
    }
    // A year of the last two centuries.
    if (/^(19|20)\d\d$/.test(t.slice(i, i + 4))) offer(i, i + 4, Math.log2(200), 'year')
    // A separator between pieces is one of a few.
    if (/[-_. ]/.test(t[i]!)) offer(i, i + 1, 2, 'word')
    // A copy of something earlier: where it starts and how long it is.
    for (let len = 3; i + len <= n && len <= Math.min(i, 64); len++) {
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
  year: 'years',
}

/**
 * The signing secret: JWT_SECRET, or in embedded mode one made once and kept in DATA_DIR/secret
 * (0600). With PostgreSQL a JWT_SECRET of low variety is refused, naming what is wrong with it.
 */
export function resolveSecret(config: Config): string {
  if (config.jwtSecret) {
    if (!config.isEmbedded) {
      const { bits, weakness } = secretStrength(config.jwtSecret)
      if (bits < MIN_SECRET_BITS) {
        const what = weakness && weakness !== 'character' ? `it is mostly ${WEAKNESS[weakness]}` : 'it is too short for the characters it uses'
        throw new ConfigError(
          `JWT_SECRET: has too little variety to sign tokens safely (${what}; about ${Math.floor(bits)} bits of the ${MIN_SECRET_BITS} needed, and anyone holding one token could guess it offline); use a random one, e.g. the output of \`openssl rand -base64 48\``,
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

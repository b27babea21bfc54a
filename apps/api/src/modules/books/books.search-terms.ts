import { compactIsbn, isIsbnShape } from '@shelfwise/library-files'

// Turns a search box's text into plain words and corrects small typos against the index's
// vocabulary. Nothing the user types reaches a search engine's query syntax: the words are letters
// and digits only, and each dialect quotes them itself.

/** At most this many words of a query are used. */
export const MAX_WORDS = 8
/** Words shorter than this are never typo-corrected (too many near neighbours). */
const FUZZY_MIN = 4
const FUZZY_MAX = 24
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** One required word of a query: the word itself (a prefix when it is the last one) or a correction. */
export interface WordGroup {
  word: string
  prefix: boolean
  /** Indexed words one edit away, used when the word itself is not in the index. */
  corrections: string[]
}

/** How a dialect looks words up in its search index's vocabulary. */
export interface Vocabulary {
  /** The given words that occur in the index. */
  existing(words: string[]): Promise<Set<string>>
  /** True when some indexed word starts with this one. */
  hasPrefix(word: string): Promise<boolean>
}

/** Drops the diacritics of Latin letters ('Brontë' → 'Bronte'), as both indexes do. */
export const foldAccents = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')

/** The words of a query: lower-cased, accents folded, punctuation dropped; an ISBN with hyphens is one word. */
export function toSearchWords(query: string): string[] {
  const isbn = compactIsbn(query)
  if (isIsbnShape(isbn)) return [isbn.toLowerCase()]
  // "978-0-14" is the start of an ISBN, not three numbers.
  const text = foldAccents(query.replace(/(\d)-(?=\d)/g, '$1')).toLowerCase()
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []
  return [...new Set(words.map((w) => w.slice(0, 64)))].slice(0, MAX_WORDS)
}

/**
 * Every word of a text as both search indexes see it: accents folded, lower-cased, punctuation
 * dropped, in order and with repeats ('Brontë's  Poems' → ['bronte', 's', 'poems']).
 */
export const wordsOf = (text: string): string[] =>
  foldAccents(text)
    .toLowerCase()
    .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []

/** At most this many spellings of one word are looked up (a 24-letter word has ~1,750 one edit away). */
export const MAX_VARIANTS_PER_WORD = 1_200
/** At most this many spellings of all of a query's unknown words together: one statement, a few ms. */
export const MAX_VARIANTS_PER_QUERY = 2_000

const LATIN_OR_DIGIT = /^[\p{Script=Latin}\p{N}]+$/u

/**
 * Strings one edit (delete, swap of neighbours, replace, insert) away from a word, at most
 * MAX_VARIANTS_PER_WORD of them, the likeliest edits first (deletes and swaps, then replacements, then
 * insertions). Letters put in come from the word's own script: a-z, digits and the word's own letters
 * for a Latin word, the word's own letters otherwise (a Latin letter in a Greek word never makes an
 * indexed word, and a whole foreign alphabet would make thousands of spellings per word).
 */
export function typoVariants(word: string): string[] {
  const chars = [...word]
  if (chars.length < FUZZY_MIN || chars.length > FUZZY_MAX || /^\d+$/.test(word)) return []
  const letters = LATIN_OR_DIGIT.test(word) ? [...new Set([...ALPHABET, ...chars])] : [...new Set(chars)]
  const out = new Set<string>()
  const add = (v: string) => {
    if (v !== word && [...v].length >= 3 && out.size < MAX_VARIANTS_PER_WORD) out.add(v)
  }
  const head = (i: number) => chars.slice(0, i).join('')
  const tail = (i: number) => chars.slice(i).join('')
  for (let i = 0; i < chars.length; i++) {
    add(head(i) + tail(i + 1))
    if (i + 1 < chars.length && chars[i] !== chars[i + 1]) add(head(i) + chars[i + 1] + chars[i] + tail(i + 2))
  }
  for (let i = 0; i < chars.length && out.size < MAX_VARIANTS_PER_WORD; i++) {
    for (const c of letters) if (c !== chars[i]) add(head(i) + c + tail(i + 1))
  }
  for (let i = 0; i <= chars.length && out.size < MAX_VARIANTS_PER_WORD; i++) {
    for (const c of letters) add(head(i) + c + tail(i))
  }
  return [...out]
}

/**
 * The query's words, each with its typo corrections: a word found in the index (the last one as a
 * prefix) is used as it is; one that is not is replaced by the indexed words one edit away.
 */
export async function resolveWords(words: string[], vocabulary: Vocabulary): Promise<WordGroup[]> {
  if (!words.length) return []
  const last = words.length - 1
  const [found, lastIsPrefix] = await Promise.all([vocabulary.existing(words.slice(0, last)), vocabulary.hasPrefix(words[last]!)])
  const missing = words.filter((w, i) => (i === last ? !lastIsPrefix : !found.has(w)))
  // Only the unknown words are corrected, so a query of known words costs one small lookup; and only
  // as many spellings as MAX_VARIANTS_PER_QUERY allow, in the query's order, so no query of any
  // script looks up more than that (an unknown word left without corrections simply matches nothing).
  const variants = new Map<string, string[]>()
  let budget = MAX_VARIANTS_PER_QUERY
  for (const w of missing) {
    const v = budget > 0 ? typoVariants(w).slice(0, budget) : []
    budget -= v.length
    variants.set(w, v)
  }
  const all = [...new Set([...variants.values()].flat())]
  const corrections = all.length ? await vocabulary.existing(all) : new Set<string>()
  return words.map((word, i) => ({
    word,
    prefix: i === last,
    corrections: (variants.get(word) ?? []).filter((v) => corrections.has(v)),
  }))
}

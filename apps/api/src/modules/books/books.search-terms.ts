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
  s.normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1').normalize('NFC')

const ISBN = /^(\d{9}[\dX]|\d{13})$/i

/** The words of a query: lower-cased, accents folded, punctuation dropped; an ISBN with hyphens is one word. */
export function toSearchWords(query: string): string[] {
  const compact = query.replace(/[\s-]/g, '')
  if (ISBN.test(compact)) return [compact.toLowerCase()]
  // "978-0-14" is the start of an ISBN, not three numbers.
  const text = foldAccents(query.replace(/(\d)-(?=\d)/g, '$1')).toLowerCase()
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []
  return [...new Set(words.map((w) => w.slice(0, 64)))].slice(0, MAX_WORDS)
}

/** Every string one edit (delete, swap of neighbours, replace, insert) away from a word. */
export function typoVariants(word: string): string[] {
  const chars = [...word]
  if (chars.length < FUZZY_MIN || chars.length > FUZZY_MAX || /^\d+$/.test(word)) return []
  const letters = [...new Set([...ALPHABET, ...chars])]
  const out = new Set<string>()
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('')
    const tail = chars.slice(i).join('')
    for (const c of letters) out.add(head + c + tail)
    if (i === chars.length) break
    const rest = chars.slice(i + 1).join('')
    out.add(head + rest)
    for (const c of letters) if (c !== chars[i]) out.add(head + c + rest)
    if (i + 1 < chars.length && chars[i] !== chars[i + 1]) out.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''))
  }
  out.delete(word)
  return [...out].filter((v) => v.length >= 3)
}

/**
 * The query's words, each with its typo corrections: a word found in the index (the last one as a
 * prefix) is used as it is; one that is not is replaced by the indexed words one edit away.
 */
export async function resolveWords(words: string[], vocabulary: Vocabulary): Promise<WordGroup[]> {
  if (!words.length) return []
  const last = words.length - 1
  const [found, lastIsPrefix] = await Promise.all([
    vocabulary.existing(words.slice(0, last)),
    vocabulary.hasPrefix(words[last]!),
  ])
  const missing = words.filter((w, i) => (i === last ? !lastIsPrefix : !found.has(w)))
  // Only the unknown words are corrected, so a query of known words costs one small lookup.
  const variants = new Map(missing.map((w) => [w, typoVariants(w)]))
  const all = [...new Set([...variants.values()].flat())]
  const corrections = all.length ? await vocabulary.existing(all) : new Set<string>()
  return words.map((word, i) => ({
    word,
    prefix: i === last,
    corrections: (variants.get(word) ?? []).filter((v) => corrections.has(v)),
  }))
}

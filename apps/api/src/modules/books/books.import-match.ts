import { foldAccents, wordsOf } from '#/modules/books/books.search-terms.ts'

// When a row of an imported file is a catalogue book by its title and author (issue 14, decision
// 0020). The rule is strict on purpose, since a wrong match files a reader's history under another
// book: the titles' words must be equal (series in brackets aside), the authors' family names equal
// and their given names agree name by name, where an initial agrees with any name it starts.

/**
 * A series note at the end of a title, as Goodreads writes it: "(The Broken Earth, #1)". It starts at
 * a bracket, not at the spaces before it (the trim below takes those): a leading \s* was tried from
 * every space of a long run, 40 KB of spaces 1.7 s.
 */
const SERIES = /\([^()]*#\s*\d[\d.,–-]*\)\s*$/u

const PARTICLES = new Set(['de', 'da', 'di', 'du', 'del', 'della', 'der', 'den', 'des', 'la', 'le', 'van', 'von', 'ter', 'ten', 'st', 'bin', 'al', 'el'])

/** The title without its series note ('The Fifth Season (The Broken Earth, #1)' → 'The Fifth Season'). */
export const withoutSeries = (title: string): string => {
  const bare = title.replace(SERIES, '').trim()
  return bare === '' ? title.trim() : bare
}

/** The words of a title once its series note, case, accents, apostrophes and punctuation are set aside. */
export const titleKey = (title: string): string => wordsOf(withoutSeries(title).replace(/['’ʼ]/g, '')).join(' ')

/**
 * A person's name as given names and a family name. Given names are words, or initials: single
 * letters ('J. R. R.') and short upper-case runs written together ('JRR', 'JK') are each letter an
 * initial. Names written family name first ('Tolkien, J.R.R.') are turned around.
 */
function nameParts(name: string, keepApostrophes = false): { given: string[]; family: string } | undefined {
  const [before, after] = name.split(',', 2)
  // 'Family, Given' only when what comes before the comma is one word: 'Gaiman, Neil', not 'Neil Gaiman, Terry Pratchett'.
  const familyFirst = after !== undefined && after.trim() !== '' && /^\s*\S+\s*$/.test(before!) && !/^\s*(jr|sr|ii|iii|iv)\.?\s*$/i.test(after)
  const ordered = familyFirst ? `${after} ${before}` : name
  const folded = foldAccents(keepApostrophes ? ordered : ordered.replace(/['’ʼ]/g, ''))
  const tokens = (keepApostrophes ? folded.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’ʼ]*/gu) : folded.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu)) ?? []
  if (!tokens.length) return undefined
  // Particles before the last word belong to the family name: 'Ursula K. Le Guin' is a Le Guin.
  let start = tokens.length - 1
  while (start > 1 && PARTICLES.has(tokens[start - 1]!.toLowerCase())) start--
  const family = tokens.slice(start).join(' ').toLowerCase()
  const given = tokens
    .slice(0, start)
    .flatMap((t) => (t.length <= 3 && t === t.toUpperCase() && /^\p{L}+$/u.test(t) ? [...t.toLowerCase()] : [t.toLowerCase()]))
  return { given, family }
}

const agree = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))

/**
 * Whether two author names are the same person by the rule above: 'J.R.R. Tolkien', 'J. R. R.
 * Tolkien', 'JRR Tolkien' and 'John Ronald Reuel Tolkien' agree; 'Tolkien' alone does not agree with
 * any of them (too little to tell), and neither do 'Jane Austen' and 'J. Austin'.
 */
export function sameAuthor(a: string, b: string): boolean {
  const x = nameParts(a)
  const y = nameParts(b)
  if (!x || !y || x.family !== y.family) return false
  if (x.given.length === 0 || y.given.length === 0) return x.given.length === y.given.length
  // Name by name from the first; a middle name one side leaves out is allowed only after the first.
  const n = Math.min(x.given.length, y.given.length)
  for (let i = 0; i < n; i++) if (!agree(x.given[i]!, y.given[i]!)) return false
  return true
}

/**
 * The word the catalogue is searched by for an author: the longest word of the family name as the
 * search index splits it (at apostrophes too: 'Cheng’en' is 'cheng' and 'en' there).
 */
export const familyName = (author: string): string | undefined => {
  const parts = nameParts(author, true)
  const words = parts ? wordsOf(parts.family) : []
  return words.reduce<string | undefined>((best, w) => (best === undefined || w.length > best.length ? w : best), undefined)
}

/** The book an imported row's ISBNs find among `found` (the books holding one): the first ISBN's, an ISBN-13 before its ISBN-10 as the row lists them. */
export const firstByIsbn = (isbns: string[], found: { id: string; isbn: string }[]): string | undefined =>
  isbns.map((i) => found.find((b) => b.isbn === i)).find((b) => b !== undefined)?.id

/** Whether a catalogue book is the imported row's by the rule above: the same title key and the same author. */
export const isImportMatch = (row: { title: string; author: string }) => {
  const key = titleKey(row.title)
  return (c: { title: string; author: string }) => titleKey(c.title) === key && sameAuthor(c.author, row.author)
}

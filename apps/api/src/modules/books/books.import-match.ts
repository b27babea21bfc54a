import { foldAccents, wordsOf } from '#/modules/books/books.search-terms.ts'

// When a row of an imported file is a catalogue work by its title and author (issue 14, decision
// 0020; issue 21, decision 0029). A wrong match files a reader's history under another book, and a
// missed one adds a duplicate work to the catalogue everyone shares, so titles and authors are
// compared as a reader would, and whatever stays in doubt is left to the reader:
// - a title's notes in brackets at its end are set aside ("Emma (Penguin Classics)", "(The Broken
//   Earth, #1)"), and so is a subtitle after a colon, a spaced dash or an alternative title after
//   "or," ("Frankenstein: The 1818 Text", "Moby-Dick or, The Whale") when the other title has none;
//   two different subtitles are two works;
// - an author is the same person when the first names agree (an initial agrees with any name it
//   starts), the shorter name's family name is a word of the longer one's, and its other names come
//   in order: extra middle names ("Mary Wollstonecraft Shelley" = "Mary Shelley") and a second family
//   name ("Miguel de Cervantes Saavedra" = "Miguel de Cervantes") are recognised; a family name alone
//   ("Austen") is never enough to decide;
// - one work found: the row's; several, a family name alone, or a subtitle whose siblings are in the
//   catalogue: the row waits for the reader with its candidates; none: the row's book is new.
// Every step is linear in the text's length (issue 19: patterns that rescan a run of spaces held the
// server for seconds).

// ---- Titles ------------------------------------------------------------------------------------

/**
 * A series note at the end of a title, as Goodreads writes it: "(The Broken Earth, #1)". It starts at
 * a bracket, not at the spaces before it (the trim below takes those): a leading \s* was tried from
 * every space of a long run, 40 KB of spaces 1.7 s.
 */
const SERIES = /\([^()]*#\s*\d[\d.,–-]*\)\s*$/u

/** The title without its series note ('The Fifth Season (The Broken Earth, #1)' → 'The Fifth Season'). */
export const withoutSeries = (title: string): string => {
  const bare = title.replace(SERIES, '').trim()
  return bare === '' ? title.trim() : bare
}

const CLOSERS: Record<string, string> = { ')': '(', ']': '[' }

/**
 * The title without the notes in brackets at its end, each one however nested ('Emma (Penguin
 * Classics)' → 'Emma'; 'Dune (Dune #1) [Deluxe]' → 'Dune'). A title that is all brackets stays whole.
 * Each note is scanned once, from its end back to its opening bracket.
 */
export function withoutNotes(title: string): string {
  let text = title.trimEnd()
  for (;;) {
    const open = CLOSERS[text.at(-1) ?? '']
    if (open === undefined) break
    const close = text.at(-1)!
    let depth = 0
    let at = -1
    for (let i = text.length - 1; i >= 0; i--) {
      if (text[i] === close) depth++
      else if (text[i] === open && --depth === 0) {
        at = i
        break
      }
    }
    // Unbalanced, or the whole title: nothing more to set aside.
    if (at <= 0 || text.slice(0, at).trim() === '') break
    text = text.slice(0, at).trimEnd()
  }
  return text.trim() || title.trim()
}

/**
 * Where a subtitle starts: a colon followed by a space, a spaced dash, or an alternative title after
 * "or," (", or " / "; or" / " or, "). "10:04" or "Sink or Swim" have none. No part of the pattern can
 * match the same text two ways, so a scan is linear.
 */
const SUBTITLE = /:(?:\s|$)|\s[—–]\s|[,;]\s*or[,\s]|\sor,\s/iu

/** The words two titles are compared by: apostrophes dropped ('Philosopher’s' = 'Philosophers'), then case, accents and punctuation. */
const keyOf = (text: string) => wordsOf(text.replace(/['’ʼ]/g, '')).join(' ')

/** A title as the import compares it: whole (its notes in brackets aside), and as its main title and subtitle. */
export interface TitleKeys {
  /** Every word of the title once the notes in brackets at its end are set aside. */
  base: string
  /** The words before the subtitle (all of them when there is none). */
  main: string
  /** The subtitle's words; null when the title has none. */
  subtitle: string | null
  /** The main title as written (what the catalogue's index is asked for). */
  mainText: string
}

export function titleKeys(title: string): TitleKeys {
  const text = withoutNotes(title)
  const m = SUBTITLE.exec(text)
  const mainText = m ? text.slice(0, m.index).trim() : text
  const subtitle = m ? keyOf(text.slice(m.index + m[0].length)) : ''
  // A title that starts with its separator, or has nothing after it, has no subtitle.
  if (!m || keyOf(mainText) === '' || subtitle === '') return { base: keyOf(text), main: keyOf(text), subtitle: null, mainText: text }
  return { base: keyOf(text), main: keyOf(mainText), subtitle, mainText }
}

/**
 * How a catalogue title stands to a row's: the same once notes in brackets are set aside (`same`);
 * the same main title with one of them having a subtitle the other leaves out (`subtitle`); the same
 * main title with two different subtitles, so another work (`sibling`); or unrelated (`none`).
 */
export type TitleRelation = 'same' | 'subtitle' | 'sibling' | 'none'

export function titleRelation(row: TitleKeys, book: TitleKeys): TitleRelation {
  if (row.base === '' || book.base === '') return 'none'
  if (row.base === book.base) return 'same'
  if (row.main !== book.main) return 'none'
  return row.subtitle !== null && book.subtitle !== null ? 'sibling' : 'subtitle'
}

// ---- Authors -----------------------------------------------------------------------------------

const PARTICLES = new Set(['de', 'da', 'di', 'du', 'del', 'della', 'der', 'den', 'des', 'la', 'le', 'van', 'von', 'ter', 'ten', 'st', 'bin', 'al', 'el'])
const SUFFIX = /^\s*(jr|sr|ii|iii|iv)\.?\s*$/i

/**
 * A person's name as the words it is compared by, and whether it is a family name alone. Names
 * written family name first ('Tolkien, J.R.R.') are turned around; initials written together ('JRR',
 * 'JK': short upper-case runs) are each letter an initial; particles ('de', 'von', 'le') are left out
 * of the comparison but for a first word, and one or more of them before the last word with nothing
 * else make a family name alone ('Le Guin'). `keepApostrophes` keeps them inside words, as the search
 * index splits there.
 */
function nameWords(name: string, keepApostrophes = false): { words: string[]; familyOnly: boolean } | undefined {
  const [before, after] = name.split(',', 2)
  // 'Family, Given' only when what comes before the comma is one word: 'Gaiman, Neil', not 'Neil Gaiman, Terry Pratchett'.
  const familyFirst = after !== undefined && after.trim() !== '' && /^\s*\S+\s*$/.test(before!) && !SUFFIX.test(after)
  const ordered = familyFirst ? `${after} ${before}` : name
  const folded = foldAccents(keepApostrophes ? ordered : ordered.replace(/['’ʼ]/g, ''))
  const tokens = (keepApostrophes ? folded.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’ʼ]*/gu) : folded.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu)) ?? []
  if (!tokens.length) return undefined
  let start = tokens.length - 1
  while (start > 0 && PARTICLES.has(tokens[start - 1]!.toLowerCase())) start--
  const familyOnly = start === 0
  const words = tokens
    .filter((t, i) => i === 0 || i === tokens.length - 1 || !PARTICLES.has(t.toLowerCase()))
    .filter((t, i, kept) => !familyOnly || i === kept.length - 1 || !PARTICLES.has(t.toLowerCase()))
    .flatMap((t, i, kept) => (i < kept.length - 1 && t.length <= 3 && t === t.toUpperCase() && /^\p{L}+$/u.test(t) ? [...t.toLowerCase()] : [t.toLowerCase()]))
  return { words, familyOnly }
}

const agree = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))

/** Whether `few` agree one by one, in order, with some of `many`. */
function inOrder(few: string[], many: string[]): boolean {
  let at = 0
  for (const word of few) {
    while (at < many.length && !agree(word, many[at]!)) at++
    if (at === many.length) return false
    at++
  }
  return true
}

/**
 * How a catalogue author stands to a row's: the same person (`same`); one of them a family name
 * alone that the other's name holds, too little to decide (`family`); or someone else (`none`).
 */
export type AuthorRelation = 'same' | 'family' | 'none'

export function authorRelation(a: string, b: string): AuthorRelation {
  const x = nameWords(a)
  const y = nameWords(b)
  if (!x || !y) return 'none'
  if (x.familyOnly && y.familyOnly) return x.words.join(' ') === y.words.join(' ') ? 'same' : 'none'
  if (x.familyOnly || y.familyOnly) {
    const [alone, full] = x.familyOnly ? [x.words, y.words] : [y.words, x.words]
    return alone.every((w) => w.length > 1) && inOrder(alone, full.slice(1)) ? 'family' : 'none'
  }
  const [short, long] = x.words.length <= y.words.length ? [x.words, y.words] : [y.words, x.words]
  if (!agree(short[0]!, long[0]!)) return 'none'
  const family = short.at(-1)!
  // The shorter name's family name, a whole word, is the longer one's last word (its extra names are
  // middle names) or the one before it (the longer one adds a second family name).
  if (family.length < 2) return 'none'
  for (const at of [long.length - 1, long.length - 2]) {
    if (at < 1 || long[at] !== family) continue
    if (inOrder(short.slice(1, -1), long.slice(1, at))) return 'same'
  }
  return 'none'
}

/**
 * Whether two author names are the same person by the rule above: 'J.R.R. Tolkien', 'J. R. R.
 * Tolkien', 'JRR Tolkien' and 'John Ronald Reuel Tolkien' agree; 'Tolkien' alone does not agree with
 * any of them (too little to tell), and neither do 'Jane Austen' and 'J. Austin'.
 */
export const sameAuthor = (a: string, b: string): boolean => authorRelation(a, b) === 'same'

/**
 * The words the catalogue's index is asked for to find an author's books: the family name, and the
 * word before it when the name has one more (it may be the first of two family names), each as the
 * search index splits it (at apostrophes too: 'Cheng’en' is 'cheng' and 'en' there: the longest piece).
 */
export function authorQueryWords(author: string): string[] {
  const parsed = nameWords(author, true)
  if (!parsed) return []
  const { words } = parsed
  const picked = parsed.familyOnly || words.length < 3 ? words.slice(-1) : words.slice(-2)
  const pieces = picked
    .filter((w) => w.length > 1)
    .map((w) => wordsOf(w).reduce<string | undefined>((best, p) => (best === undefined || p.length > best.length ? p : best), undefined))
  return [...new Set(pieces.filter((p): p is string => p !== undefined))]
}

// ---- Deciding ----------------------------------------------------------------------------------

/** The book an imported row's ISBNs find among `found` (the books holding one): the first ISBN's, an ISBN-13 before its ISBN-10 as the row lists them. */
export const firstByIsbn = (isbns: string[], found: { id: string; isbn: string }[]): string | undefined =>
  isbns.map((i) => found.find((b) => b.isbn === i)).find((b) => b !== undefined)?.id

/**
 * Why a row waits for its reader: several works agree with it (`several`); its author is a family
 * name alone (`family_only`) or it has none (`no_author`); its title agrees with a work's once a
 * subtitle is set aside, and the catalogue has that main title with other subtitles too (`subtitle`);
 * no work agrees, but the Add Book form's duplicates check finds books like it (`similar`, decision 0032).
 */
export type ImportWaitReason = 'several' | 'family_only' | 'no_author' | 'subtitle' | 'similar'

export type ImportDecision = { kind: 'match'; id: string } | { kind: 'wait'; reason: ImportWaitReason; ids: string[] } | { kind: 'none' }

/**
 * What the catalogue's `books` (found by the row's main title and family name) make of a row by the
 * rules above: the one work it is, the works it waits for its reader to choose among, or none.
 * `books` come most relied on first; candidates keep that order.
 */
export function decideByTitle(row: { title: string; author: string }, books: { id: string; title: string; author: string }[]): ImportDecision {
  const keys = titleKeys(row.title)
  const noAuthor = nameWords(row.author) === undefined
  const related = books.map((b) => ({
    id: b.id,
    title: titleRelation(keys, titleKeys(b.title)),
    author: noAuthor ? 'family' : authorRelation(row.author, b.author),
  }))
  const agreeing = related.filter((r) => r.author !== 'none' && (r.title === 'same' || r.title === 'subtitle'))
  if (!agreeing.length) return { kind: 'none' }
  if (noAuthor) return { kind: 'wait', reason: 'no_author', ids: agreeing.map((r) => r.id) }
  if (agreeing.some((r) => r.author === 'family')) return { kind: 'wait', reason: 'family_only', ids: agreeing.map((r) => r.id) }
  const same = agreeing.filter((r) => r.title === 'same')
  if (same.length > 1) return { kind: 'wait', reason: 'several', ids: same.map((r) => r.id) }
  if (same.length === 1) return { kind: 'match', id: same[0]!.id }
  if (agreeing.length > 1) return { kind: 'wait', reason: 'several', ids: agreeing.map((r) => r.id) }
  // One work once a subtitle is set aside: unless the main title is shared by works with other subtitles (a series' name, say).
  const siblings = related.filter((r) => r.author === 'same' && r.title === 'sibling')
  if (siblings.length) return { kind: 'wait', reason: 'subtitle', ids: [agreeing[0]!.id, ...siblings.map((r) => r.id)] }
  return { kind: 'match', id: agreeing[0]!.id }
}

import { multiLineText, singleLineText } from '@shelfwise/contracts'
import { isbn10To13, isbn13To10, isbnOfCell, validIsbn10, validIsbn13 } from '@shelfwise/library-files'

// The cells of an imported row that never fail it (issue 14): book details (ISBNs, pages, a year, the
// publisher), left out when they cannot be read, and a review, made plain text. Every step is linear
// in the cell's length (issue 19).

/** The longest publisher the catalogue takes. */
const PUBLISHER_MAX = 200

// ---- ISBNs -------------------------------------------------------------------------------------

/** The valid ISBNs among `cells`, each filled in from the other when it converts. */
export function isbnsOf(...cells: string[]): { isbn13: string | null; isbn10: string | null } {
  let isbn13: string | null = null
  let isbn10: string | null = null
  for (const cell of cells) {
    const isbn = isbnOfCell(cell)
    if (isbn13 === null && validIsbn13(isbn)) isbn13 = isbn
    else if (isbn10 === null && validIsbn10(isbn)) isbn10 = isbn
  }
  return { isbn13: isbn13 ?? (isbn10 && isbn10To13(isbn10)), isbn10: isbn10 ?? (isbn13 && isbn13To10(isbn13)) }
}

// ---- Book details ------------------------------------------------------------------------------

/** Runs of white space as one space, trimmed. */
export const oneSpaced = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The publisher, one-spaced; null when empty or longer than the catalogue takes (a book detail, left out). */
export function publisherOf(text: string): string | null {
  const publisher = oneSpaced(singleLineText(text))
  return publisher === '' || publisher.length > PUBLISHER_MAX ? null : publisher
}

/** A whole number from 1 to `max` (pages); null for anything else. */
export function positiveInt(text: string, max: number): number | null {
  if (!/^\d+$/.test(text)) return null
  const n = Number(text)
  return n >= 1 && n <= max ? n : null
}

/** A year, negative for works before the common era (Goodreads gives the Odyssey -800); 0 is none. */
export function yearOf(text: string): number | null {
  if (!/^-?\d{1,4}$/.test(text)) return null
  return Number(text) || null
}

// ---- A review as plain text ---------------------------------------------------------------------

// A Map, not an object: `&constructor;` must not find Object's constructor.
const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
])

function decodeEntity(entity: string, body: string): string {
  if (body[0] !== '#') return ENTITIES.get(body.toLowerCase()) ?? entity
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1))
  const printable = Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
  return printable ? String.fromCodePoint(code) : entity
}

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/** Whether a tag opens at `i` (a `<`): a letter follows it, or a slash and a letter. */
function opensTag(text: string, i: number): boolean {
  const c = text.charCodeAt(i + 1)
  return isAsciiLetter(c) || (c === 47 && isAsciiLetter(text.charCodeAt(i + 2)))
}

/**
 * `text` without its tags: from a `<` that opens one to the next `>`. The same tags as
 * /<\/?[a-z][^>]*>/gi, found in one pass: that pattern looks for a `>` from every `<a`, to the end
 * of the text when there is none (quadratic), where this scan looks once, and stops once no `>` is left.
 */
export function withoutTags(text: string): string {
  const parts: string[] = []
  let kept = 0
  for (let lt = text.indexOf('<'); lt !== -1; lt = text.indexOf('<', lt + 1)) {
    if (!opensTag(text, lt)) continue
    const gt = text.indexOf('>', lt + 2)
    // No `>` after this `<`, so none after any later one: no more tags.
    if (gt === -1) break
    parts.push(text.slice(kept, lt))
    kept = gt + 1
    lt = gt
  }
  parts.push(text.slice(kept))
  return parts.join('')
}

/**
 * A review as plain text: `<br>` and `<br/>` become line breaks, other markup is dropped, entities
 * (&amp; &lt; &#39; &#8217; &nbsp; …) are decoded once, and it is trimmed; empty is null. A `<` that
 * opens no tag ("I <3 it") is kept. Linear: each pattern below starts only at a `<br` or a `&`, and
 * what it repeats (spaces; letters or digits) cannot hold the next `<br` or `&`, so no character is
 * tried by two starts.
 */
export function plainText(html: string): string | null {
  const text = withoutTags(html.replace(/\r\n?/g, '\n').replace(/<br\s*\/?>/gi, '\n'))
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .trim()
  const clean = multiLineText(text)
  return clean === '' ? null : clean
}

// Goodreads hides a passage of a review as <spoiler>…</spoiler> (sometimes written escaped, as
// &lt;spoiler&gt;); Shelfwise's markup for it is ||…|| (decision 0044), which readers' clients hide
// until asked. Linear: a tag's attributes cannot hold a `<`, so no character is read by two starts.
const SPOILER_TAG = /<\/?spoiler(?:\s[^<>]*)?>/gi

/** A review as plain text (plainText), its Goodreads spoiler tags, escaped or not, turned into ||…||. */
export function reviewText(html: string): string | null {
  const text = plainText(html.replace(SPOILER_TAG, '||'))
  return text === null ? null : text.replace(SPOILER_TAG, '||')
}

// Writes CSV (RFC 4180) that csvRecords, Goodreads, StoryGraph and spreadsheets read back as it was
// written: a field is quoted when it holds a comma, a quote, a line break or starts with a byte order
// mark, quotes inside it are doubled, and every line ends in CR LF.
//
// Every text cell that a spreadsheet would run as a formula is made inert with a leading apostrophe
// (OWASP's defence against CSV injection): one that starts with =, +, - or @ (or their full-width
// forms, which some spreadsheets take too), after spaces or not, or with a tab, CR or LF. These files
// carry the shared catalogue's titles, authors and publishers, which other readers wrote (and the
// reader who added a book can change after others shelved it), so `=HYPERLINK(…)` or `@SUM(1)|cmd`
// would reach the reader's spreadsheet as a live cell. Two kinds stay as they are, being inert
// already: a plain number ('-800', a year before the common era) and a formula that is only a quoted
// ISBN (`="0593135202"`, Goodreads's own ISBN cells, which keep the leading zeros). Goodreads and
// other sites import such a cell with the apostrophe; our own import takes it off again
// (fromInertCell), so a title like '-ism' or '+1' comes back exactly.
//
// Files made to be read as they are given (the tests' and the benchmark's export files, hostile
// cells included) are written with csvQuoted alone: the same quoting, no apostrophe.

/** What a field may be given as: null and undefined are written as an empty field. */
export type CsvValue = string | number | null | undefined

const NEEDS_QUOTES = /[",\r\n]|^\uFEFF/

// Anchored and without nested repetition, so each test reads a cell's start once.
const FORMULA_START = /^'*(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/
const ISBN_FORMULA = /^="[\dXx]*"$/

/**
 * Whether a spreadsheet could run this text as a formula. Leading apostrophes are looked through, so
 * that a text that already starts with one ("'-ism") is made inert too and comes back exactly.
 */
const isFormulaLike = (text: string) => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) && !ISBN_FORMULA.test(text)

/** A text cell a spreadsheet shows as text: an apostrophe before one it would run as a formula. */
export const inertCell = (text: string): string => (isFormulaLike(text) ? `'${text}` : text)

/**
 * A cell as it was before inertCell, for an import reading back a file we wrote: the apostrophe taken
 * off exactly where inertCell put one (a cell such as "'Salem's Lot" keeps its own).
 */
export const fromInertCell = (text: string): string => (text.startsWith("'") && isFormulaLike(text.slice(1)) ? text.slice(1) : text)

/**
 * A text as one CSV field, exactly as given: in quotes, its quotes doubled, when it holds a comma, a
 * quote or a line break or starts with a byte order mark.
 */
export function csvQuoted(text: string): string {
  // split and join, not replaceAll: a field of millions of quotes is one new string, not millions of pieces.
  return NEEDS_QUOTES.test(text) ? `"${text.split('"').join('""')}"` : text
}

function csvField(value: CsvValue): string {
  // Numbers are the writer's own (ratings, counts, pages): only text can carry a formula.
  return csvQuoted(value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : inertCell(value))
}

/**
 * One CSV line, ending in CR LF. A line of one empty field is written `""`: left empty, it would be
 * a blank line, which readers skip.
 */
export function csvLine(fields: readonly CsvValue[]): string {
  if (fields.length === 1 && csvField(fields[0]) === '') return '""\r\n'
  return `${fields.map(csvField).join(',')}\r\n`
}

/** A whole CSV file: the header line, then one line per row. No byte order mark. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [csvLine(header)]
  for (const row of rows) lines.push(csvLine(row))
  return lines.join('')
}

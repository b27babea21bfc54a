// Writes CSV (RFC 4180) that csvRecords, Goodreads, StoryGraph and spreadsheets read back as it was
// written: a field is quoted when it holds a comma, a quote, a line break or starts with a byte order
// mark, quotes inside it are doubled, and every line ends in CR LF.
//
// No guard against spreadsheet formulas: a field starting with =, +, - or @ is written as it is.
// These files are made for other book sites to import, and a Goodreads-format export must carry
// Goodreads's own text exactly: its ISBN cells are `="0593135202"`, and a title or review may start
// with any of those characters. Prefixing a quote or a tab (the usual guard) would change what every
// importer reads, and what we read back ourselves.

/** What a field may be given as: null and undefined are written as an empty field. */
export type CsvValue = string | number | null | undefined

const NEEDS_QUOTES = /[",\r\n]|^\uFEFF/

function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
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

// A CSV reader for the files readers bring from other book sites (RFC 4180): UTF-8 text with or
// without a byte order mark, lines ending in CR LF, LF or a lone CR, and quoted fields that hold
// commas, doubled quotes and line breaks. Each record says the line it starts on, so a report can
// say "line 14" and the reader finds that line in a text editor.
//
// It scans with indexOf and slice, never character by character, and remembers where the next
// comma, LF and CR are until it passes them, so a file with no CR at all is not searched to its end
// once per field: a 10 MB export reads in a few tens of milliseconds.
//
// Lenient where no meaning is lost: a quote inside an unquoted field (`5" single`) is kept as text,
// and records may have different numbers of fields (the caller decides what a short row means).
// Strict where a guess could shift every later field: a quoted field that never closes, or text
// after a closing quote, throws a CsvError naming the line.

/** One record: its fields, and the 1-based physical line it starts on. */
export interface CsvRecord {
  line: number
  fields: string[]
}

/** The file is not valid CSV; `line` is where the problem is, and the message says it in words. */
export class CsvError extends Error {
  readonly line: number

  constructor(line: number, problem: string) {
    super(`Line ${line}: ${problem}`)
    this.name = 'CsvError'
    this.line = line
  }
}

const QUOTE = 34
const COMMA = 44
const LF = 10
const CR = 13
const BOM = 0xfeff

/** The records of `text`, in order. Blank lines (a line end alone) are skipped. Throws CsvError. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  const scanner = new Scanner(text)
  for (let record = scanner.next(); record; record = scanner.next()) yield record
}

/** Gives the event loop its turn (timers, sockets, other requests) before going on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The same records as csvRecords, handing the event loop back at least every `sliceMs`
 * milliseconds so that reading a 10 MB file never stalls the server. The time counted includes
 * what the caller does with each record before asking for the next, so a caller doing a little
 * synchronous work per record keeps the same bound.
 */
export async function* csvRecordsSliced(text: string, sliceMs = 8): AsyncGenerator<CsvRecord> {
  let sliceStart = performance.now()
  for (const record of csvRecords(text)) {
    yield record
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToEventLoop()
      sliceStart = performance.now()
    }
  }
}

/** Reads one record at a time from a string, keeping its place and its line. */
class Scanner {
  private readonly text: string
  private readonly end: number
  private pos: number
  private line = 1
  // The next comma, LF and CR at or after some earlier position, or `end` when there is none left;
  // -1 before the first search. A cached position behind `pos` is searched again from `pos`.
  private nextComma = -1
  private nextLf = -1
  private nextCr = -1

  constructor(text: string) {
    this.text = text
    this.end = text.length
    this.pos = text.charCodeAt(0) === BOM ? 1 : 0
  }

  /** The next record, or null at the end of the text. */
  next(): CsvRecord | null {
    this.skipBlankLines()
    if (this.pos >= this.end) return null
    const line = this.line
    const fields: string[] = []
    for (;;) {
      const quoted = this.text.charCodeAt(this.pos) === QUOTE
      fields.push(quoted ? this.quotedField() : this.unquotedField())
      // Each field reader leaves `pos` on what follows the field: a comma, a line end, or the end.
      if (this.pos >= this.end) break
      const after = this.text.charCodeAt(this.pos)
      if (after === COMMA) {
        this.pos++
        continue
      }
      this.skipLineEnd()
      break
    }
    return { line, fields }
  }

  private skipBlankLines() {
    for (;;) {
      const c = this.text.charCodeAt(this.pos)
      if (c !== LF && c !== CR) return
      this.skipLineEnd()
    }
  }

  /** Steps over the CR LF, LF or CR at `pos`, counting the line. */
  private skipLineEnd() {
    const crlf = this.text.charCodeAt(this.pos) === CR && this.text.charCodeAt(this.pos + 1) === LF
    this.pos += crlf ? 2 : 1
    this.line++
  }

  private find(char: string, from: number): number {
    const i = this.text.indexOf(char, from)
    return i === -1 ? this.end : i
  }

  /** A field without quotes: everything up to the next comma or line end. */
  private unquotedField(): string {
    const start = this.pos
    if (this.nextComma < start) this.nextComma = this.find(',', start)
    if (this.nextLf < start) this.nextLf = this.find('\n', start)
    if (this.nextCr < start) this.nextCr = this.find('\r', start)
    const stop = Math.min(this.nextComma, this.nextLf, this.nextCr)
    this.pos = stop
    return this.text.slice(start, stop)
  }

  /** A field in quotes, `pos` on its opening quote: its text with doubled quotes made single. */
  private quotedField(): string {
    const openedOn = this.line
    let from = this.pos + 1
    let value = ''
    for (;;) {
      const quote = this.text.indexOf('"', from)
      if (quote === -1) throw new CsvError(openedOn, 'a quoted field never closes')
      if (this.text.charCodeAt(quote + 1) === QUOTE) {
        value += this.text.slice(from, quote + 1)
        from = quote + 2
        continue
      }
      value += this.text.slice(from, quote)
      this.countLineEnds(this.pos, quote)
      this.pos = quote + 1
      break
    }
    const after = this.text.charCodeAt(this.pos)
    if (this.pos < this.end && after !== COMMA && after !== LF && after !== CR) {
      throw new CsvError(this.line, 'a quoted field has more text after its closing quote (a quote inside a quoted field must be doubled: "")')
    }
    return value
  }

  /** Counts the line ends (CR LF, LF or a lone CR) between `from` and `to` into `line`. */
  private countLineEnds(from: number, to: number) {
    if (this.nextLf < from) this.nextLf = this.find('\n', from)
    while (this.nextLf < to) {
      this.line++
      this.nextLf = this.find('\n', this.nextLf + 1)
    }
    if (this.nextCr < from) this.nextCr = this.find('\r', from)
    while (this.nextCr < to) {
      if (this.text.charCodeAt(this.nextCr + 1) !== LF) this.line++
      this.nextCr = this.find('\r', this.nextCr + 1)
    }
  }
}

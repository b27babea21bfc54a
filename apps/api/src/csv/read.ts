// A CSV reader for the files readers bring from other book sites (RFC 4180): UTF-8 text with or
// without a byte order mark, lines ending in CR LF, LF or a lone CR, and quoted fields that hold
// commas, doubled quotes and line breaks. Each record says the line it starts on, so a report can
// say "line 14" and the reader finds that line in a text editor.
//
// It scans with indexOf and slice, never character by character, and remembers where the next
// comma, LF and CR are until it passes them, so a file with no CR at all is not searched to its end
// once per field: a 10 MB export reads in a few tens of milliseconds. Each kind of search (comma,
// LF, CR, quote) only moves forward, so the time is linear in the text's length whatever the text
// holds (issue 19).
//
// Capped, so one degenerate record cannot hold the server or its memory: a record of more fields
// than IMPORT_LIMITS.maxFields, or a field longer than maxFieldLength, throws a CsvError naming the
// line as soon as the reader gets there, before the record is kept (ten million commas make 201
// fields, not ten million; a field of five million doubled quotes is read to its 65,537th character,
// not copied piece by piece). A caller that needs only some columns names them once it has the
// header, and the reader gives the others as '' without copying them.
//
// Lenient where no meaning is lost: a quote inside an unquoted field (`5" single`) is kept as text,
// and records may have different numbers of fields (the caller decides what a short row means).
// Strict where a guess could shift every later field: a quoted field that never closes, or text
// after a closing quote, throws a CsvError naming the line.

import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@shelfwise/contracts'

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

export interface CsvOptions {
  /** The most fields a record may have; one more throws a CsvError naming its line. */
  maxFields?: number
  /** The longest a field may be, in characters once read (a doubled quote counts once). */
  maxFieldLength?: number
  /**
   * Called with the first record (the header): the positions of the fields to keep in every later
   * record. The others are read past (still counted and capped) and given as '', so the fields keep
   * their positions. Without it, or when it answers undefined, every field is kept.
   */
  keep?: (header: readonly string[]) => Iterable<number> | undefined
}

/** The records of `text`, in order. Blank lines (a line end alone) are skipped. Throws CsvError. */
export function* csvRecords(text: string, options: CsvOptions = {}): Generator<CsvRecord> {
  const scanner = new Scanner(text, options)
  for (let record = scanner.next(); record; record = scanner.next()) yield record
}

/** Gives the event loop its turn (timers, sockets, other requests) before going on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Inside a record, the clock is looked at again once the reader has moved on this many characters. */
const LOOK_EVERY_CHARS = 64 * 1024

/**
 * The same records as csvRecords, handing the event loop back at least every `sliceMs`
 * milliseconds so that reading a 10 MB file never stalls the server. The time counted includes
 * what the caller does with each record before asking for the next, so a caller doing a little
 * synchronous work per record keeps the same bound. A long record is read a field at a time with
 * the same turns between its fields: one record may fill the whole file (76 fields of 65,536
 * doubled quotes held the loop 0.8 s read whole).
 */
export async function* csvRecordsSliced(text: string, sliceMs = 8, options: CsvOptions = {}): AsyncGenerator<CsvRecord> {
  const scanner = new Scanner(text, options)
  let sliceStart = performance.now()
  let lookedAt = 0
  for (;;) {
    const record = scanner.step()
    if (record === null) return
    if (record === undefined && scanner.position - lookedAt < LOOK_EVERY_CHARS) continue
    if (record) yield record
    lookedAt = scanner.position
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToEventLoop()
      sliceStart = performance.now()
    }
  }
}

/** Reads a string a field at a time, keeping its place, its line and the record under way. */
class Scanner {
  private readonly text: string
  private readonly end: number
  private readonly maxFields: number
  private readonly maxFieldLength: number
  private readonly keepOf: CsvOptions['keep']
  /** The positions kept once the header is read; null while every field is kept. */
  private kept: ReadonlySet<number> | null = null
  private isHeader = true
  /** The record being read, while its fields are read one step at a time. */
  private record: CsvRecord | null = null
  private pos: number
  private line = 1
  // The next comma, LF and CR at or after some earlier position, or `end` when there is none left;
  // -1 before the first search. A cached position behind `pos` is searched again from `pos`.
  private nextComma = -1
  private nextLf = -1
  private nextCr = -1

  constructor(text: string, { maxFields = IMPORT_LIMITS.maxFields, maxFieldLength = IMPORT_LIMITS.maxFieldLength, keep }: CsvOptions) {
    this.text = text
    this.end = text.length
    this.maxFields = maxFields
    this.maxFieldLength = maxFieldLength
    this.keepOf = keep
    this.pos = text.charCodeAt(0) === BOM ? 1 : 0
  }

  /** How far into the text the reader is. */
  get position(): number {
    return this.pos
  }

  /** The next record, or null at the end of the text. */
  next(): CsvRecord | null {
    for (;;) {
      const record = this.step()
      if (record !== undefined) return record
    }
  }

  /**
   * Reads one field: answers the record once its last field is read, undefined while it has more,
   * and null at the end of the text.
   */
  step(): CsvRecord | null | undefined {
    if (this.record === null) {
      this.skipBlankLines()
      if (this.pos >= this.end) return null
      this.record = { line: this.line, fields: [] }
    }
    const record = this.record
    const { fields } = record
    // Refused before the field is read, so a record of ten million commas stops at its 201st.
    if (fields.length === this.maxFields) throw new CsvError(record.line, IMPORT_MESSAGES.tooManyFields)
    const wanted = this.kept === null || this.kept.has(fields.length)
    const quoted = this.text.charCodeAt(this.pos) === QUOTE
    fields.push(quoted ? this.quotedField(wanted) : this.unquotedField(wanted))
    // Each field reader leaves `pos` on what follows the field: a comma, a line end, or the end.
    if (this.pos < this.end) {
      if (this.text.charCodeAt(this.pos) === COMMA) {
        this.pos++
        return undefined
      }
      this.skipLineEnd()
    }
    this.record = null
    if (this.isHeader) {
      this.isHeader = false
      const kept = this.keepOf?.(fields)
      if (kept) this.kept = new Set(kept)
    }
    return record
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

  /** A field without quotes: everything up to the next comma or line end ('' when not `wanted`). */
  private unquotedField(wanted: boolean): string {
    const start = this.pos
    if (this.nextComma < start) this.nextComma = this.find(',', start)
    if (this.nextLf < start) this.nextLf = this.find('\n', start)
    if (this.nextCr < start) this.nextCr = this.find('\r', start)
    const stop = Math.min(this.nextComma, this.nextLf, this.nextCr)
    if (stop - start > this.maxFieldLength) throw new CsvError(this.line, IMPORT_MESSAGES.fieldTooLong)
    this.pos = stop
    return wanted ? this.text.slice(start, stop) : ''
  }

  /**
   * A field in quotes, `pos` on its opening quote: its text with doubled quotes made single ('' when
   * not `wanted`). The closing quote is found first, counting the doubled quotes on the way and
   * stopping once the field is longer than the cap; then the field is cut out once and its doubled
   * quotes made single by a split and a join, which make one flat string. (Joining piece by piece
   * took a second for five million doubled quotes; replaceAll left each field a chain of small
   * pieces, 400 MB of them for one 10 MB record.)
   */
  private quotedField(wanted: boolean): string {
    const openedOn = this.line
    const open = this.pos
    let from = open + 1
    let doubled = 0
    let close: number
    for (;;) {
      const quote = this.text.indexOf('"', from)
      if (quote === -1) throw new CsvError(openedOn, 'a quoted field never closes')
      // The field's length so far, each doubled quote counted once.
      if (quote - open - 1 - doubled > this.maxFieldLength) throw new CsvError(openedOn, IMPORT_MESSAGES.fieldTooLong)
      if (this.text.charCodeAt(quote + 1) !== QUOTE) {
        close = quote
        break
      }
      doubled++
      from = quote + 2
    }
    this.countLineEnds(open, close)
    this.pos = close + 1
    const after = this.text.charCodeAt(this.pos)
    if (this.pos < this.end && after !== COMMA && after !== LF && after !== CR) {
      throw new CsvError(this.line, 'a quoted field has more text after its closing quote (a quote inside a quoted field must be doubled: "")')
    }
    if (!wanted) return ''
    const raw = this.text.slice(open + 1, close)
    return doubled === 0 ? raw : raw.split('""').join('"')
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

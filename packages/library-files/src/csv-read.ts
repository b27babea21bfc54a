// The CSV reader for the files readers bring from other book sites (RFC 4180), the server's and the
// browser preview's: UTF-8 text with or without a byte order mark, lines ending in CR LF, LF or a
// lone CR, and quoted fields that hold commas, doubled quotes and line breaks. Each record says the
// line it starts on, so a report can say "line 14" and the reader finds that line in a text editor.
//
// It scans with indexOf and slice, never character by character, and remembers where the next
// comma, LF and CR are until it passes them, so a file with no CR at all is not searched to its end
// once per field: a 10 MB export reads in a few tens of milliseconds. Each kind of search (comma,
// LF, CR, quote) only moves forward, so the time is linear in the text's length whatever the text
// holds (issue 19).
//
// Capped, so one degenerate record cannot hold the server or its memory (csv-records.ts gives it the
// import's caps): a record of more fields than the cap, or a field longer than the cap, throws a
// CsvError naming the line as soon as the reader gets there, before the record is kept (ten million
// commas make 201 fields, not ten million; a field of five million doubled quotes is read to its
// 65,537th character, not copied piece by piece). A caller that needs only some columns names them
// once it has the header, and the reader gives the others as '' without copying them.
//
// Lenient where no meaning is lost: a quote inside an unquoted field (`5" single`) is kept as text,
// and records may have different numbers of fields (the caller decides what a short row means).
// Strict where a guess could shift every later field: a quoted field that never closes, or text
// after a closing quote, throws a CsvError naming the line.
//
// The browser's preview reads with csvHead: leniently and without caps, so it refuses nothing (the
// server has the last word and says where), and it keeps the first records and only counts the rest.
// This file imports nothing, so the web app loads it without the contracts, which it loads apart.

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
  /** The most fields a record may have (the import's, IMPORT_LIMITS.maxFields, unless given); one more throws a CsvError naming its line. */
  maxFields?: number
  /** The longest a field may be, in characters once read, a doubled quote counted once (the import's unless given). */
  maxFieldLength?: number
  /**
   * Called with the first record (the header): the positions of the fields to keep in every later
   * record. The others are read past (still counted and capped) and given as '', so the fields keep
   * their positions. Without it, or when it answers undefined, every field is kept.
   */
  keep?: (header: readonly string[]) => Iterable<number> | undefined
  /**
   * Read as the preview does: a quoted field that never closes runs to the end of the text, and text
   * after a closing quote belongs to the field (up to the next comma or line end).
   */
  lenient?: boolean
}

/** The most a record and a field may hold, and the words a CsvError says when one holds more. */
export interface Caps {
  maxFields: number
  maxFieldLength: number
  tooManyFields: string
  fieldTooLong: string
}

/**
 * Thrown inside a Scanner given a piece of the text that is not its last (`refill`), when the record
 * under way reaches the end of that piece: what follows decides it (a field's end, a doubled quote,
 * CR LF). The record is read again from its start once the next piece is added.
 */
export const NEED_MORE: unique symbol = Symbol('the record goes on in the next piece of the text')

const NO_CAPS: Caps = { maxFields: Infinity, maxFieldLength: Infinity, tooManyFields: '', fieldTooLong: '' }

/**
 * The first `count` records of `text` (the header among them), and how many records follow, read
 * `lenient` and without caps: it never throws. The rest are counted without keeping any field, only
 * quoted fields (which may hold line ends) and line ends looked for: 10 MB in a few tens of milliseconds.
 */
export function csvHead(text: string, count: number): { records: CsvRecord[]; rest: number } {
  const scanner = new Scanner(text, NO_CAPS, { lenient: true })
  const records: CsvRecord[] = []
  while (records.length < count) {
    const record = scanner.next()
    if (!record) return { records, rest: 0 }
    records.push(record)
  }
  return { records, rest: scanner.countRest() }
}

/** Reads a string a field at a time, keeping its place, its line and the record under way. */
export class Scanner {
  private text: string
  private end: number
  /** Whether the text ends with `end` (false while later pieces of it are still to come: see refill). */
  private final = true
  /** Where the record under way began (before the blank lines ahead of it), and on which line. */
  private recordAt = 0
  private recordLine = 1
  private readonly caps: Caps
  private readonly keepOf: CsvOptions['keep']
  private readonly lenient: boolean
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
  /** Likewise the next quote that opens a field; only countRest looks for it. */
  private nextQuote = -1
  private start: number

  /** `final` false: `text` is the first piece of a text whose next pieces come with refill. */
  constructor(text: string, caps: Caps, { lenient = false, keep }: CsvOptions, final = true) {
    this.text = text
    this.end = text.length
    this.final = final
    this.caps = caps
    this.keepOf = keep
    this.lenient = lenient
    this.start = text.charCodeAt(0) === BOM ? 1 : 0
    this.pos = this.start
  }

  /** How far into the text the reader is. */
  get position(): number {
    return this.pos
  }

  /**
   * Reads on in a new piece of text: `text` is what the last piece held from the start of the record
   * under way (see `rest`) followed by the next piece; `final` says no piece follows it. The line,
   * the header and the columns kept carry over; a record that reached the end of the last piece is
   * read again from its start.
   */
  refill(text: string, final: boolean) {
    this.text = text
    this.end = text.length
    this.final = final
    this.start = 0
    this.pos = 0
    this.line = this.recordLine
    this.record = null
    this.nextComma = this.nextLf = this.nextCr = this.nextQuote = -1
  }

  /** The text from the start of the record under way to the end of the piece. */
  rest(): string {
    return this.text.slice(this.recordAt)
  }

  /** Ends the reading when the text may go on past `end`, so the record is read again with more. */
  private needMoreAt(at: number) {
    if (!this.final && at >= this.end) throw NEED_MORE
  }

  /** The next record, or null at the end of the text. */
  next(): CsvRecord | null {
    for (;;) {
      const record = this.step()
      if (record !== undefined) return record
    }
  }

  /**
   * How many records are left, read to the end of the text without keeping their fields (for
   * csvHead, whose scanner has no caps to count against): only quoted fields (which may hold line
   * ends) and line ends matter, and the text between them is jumped over with indexOf.
   */
  countRest(): number {
    let count = 0
    for (;;) {
      this.skipBlankLines()
      if (this.pos >= this.end) return count
      count++
      for (;;) {
        const quote = this.openingQuote()
        const lineEnd = this.lineEnd()
        if (lineEnd < quote) {
          this.pos = lineEnd
          this.skipLineEnd()
          break
        }
        if (quote === this.end) {
          this.pos = this.end
          break
        }
        this.pos = quote
        // Leaves `pos` on the comma, line end or end after the field.
        this.quotedField(false)
      }
    }
  }

  /**
   * Reads one field: answers the record once its last field is read, undefined while it has more,
   * and null at the end of the text.
   */
  step(): CsvRecord | null | undefined {
    if (this.record === null) {
      this.recordAt = this.pos
      this.recordLine = this.line
      this.skipBlankLines()
      this.needMoreAt(this.pos)
      if (this.pos >= this.end) return null
      this.record = { line: this.line, fields: [] }
    }
    const record = this.record
    const { fields } = record
    // Refused before the field is read, so a record of ten million commas stops at its 201st.
    if (fields.length === this.caps.maxFields) throw new CsvError(record.line, this.caps.tooManyFields)
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
    // A CR last in a piece may be the first half of a CR LF.
    if (this.text.charCodeAt(this.pos) === CR) this.needMoreAt(this.pos + 1)
    const crlf = this.text.charCodeAt(this.pos) === CR && this.text.charCodeAt(this.pos + 1) === LF
    this.pos += crlf ? 2 : 1
    this.line++
  }

  private find(char: string, from: number): number {
    const i = this.text.indexOf(char, from)
    return i === -1 ? this.end : i
  }

  /** The next LF or CR at or after `pos`, or `end`. */
  private lineEnd(): number {
    if (this.nextLf < this.pos) this.nextLf = this.find('\n', this.pos)
    if (this.nextCr < this.pos) this.nextCr = this.find('\r', this.pos)
    return Math.min(this.nextLf, this.nextCr)
  }

  /**
   * The next quote at or after `pos` (outside quoted fields) that opens a field: at the text's start,
   * after a comma or after a line end; any other quote is text. `end` when there is none.
   */
  private openingQuote(): number {
    if (this.nextQuote < this.pos) this.nextQuote = this.find('"', this.pos)
    for (;;) {
      const q = this.nextQuote
      const before = this.text.charCodeAt(q - 1)
      if (q === this.end || q === this.start || before === COMMA || before === LF || before === CR) return q
      this.nextQuote = this.find('"', q + 1)
    }
  }

  /** A field without quotes: everything up to the next comma or line end ('' when not `wanted`). */
  private unquotedField(wanted: boolean): string {
    const start = this.pos
    if (this.nextComma < start) this.nextComma = this.find(',', start)
    if (this.nextLf < start) this.nextLf = this.find('\n', start)
    if (this.nextCr < start) this.nextCr = this.find('\r', start)
    const stop = Math.min(this.nextComma, this.nextLf, this.nextCr)
    if (stop - start > this.caps.maxFieldLength) throw new CsvError(this.line, this.caps.fieldTooLong)
    this.needMoreAt(stop)
    this.pos = stop
    return wanted ? this.text.slice(start, stop) : ''
  }

  /**
   * A field in quotes, `pos` on its opening quote: its text with doubled quotes made single ('' when
   * not `wanted`). The closing quote is found first, counting the doubled quotes on the way and
   * stopping once the field is longer than the cap; then the field is cut out once and its doubled
   * quotes made single by a split and a join, which make one flat string. (Joining piece by piece
   * took a second for five million doubled quotes; replaceAll left each field a chain of small
   * pieces, 400 MB of them for one 10 MB record.) Lenient, a field that never closes ends with the
   * text, and the text after a closing quote up to the next comma or line end is added to it.
   */
  private quotedField(wanted: boolean): string {
    const openedOn = this.line
    const open = this.pos
    let from = open + 1
    let doubled = 0
    let close: number
    for (;;) {
      let quote = this.text.indexOf('"', from)
      if (quote === -1) this.needMoreAt(this.end)
      if (quote === -1) {
        if (!this.lenient) throw new CsvError(openedOn, 'a quoted field never closes')
        quote = this.end
      }
      // The field's length so far, each doubled quote counted once.
      if (quote - open - 1 - doubled > this.caps.maxFieldLength) throw new CsvError(openedOn, this.caps.fieldTooLong)
      // A quote last in a piece may be the first of a doubled one; what follows the closing quote decides the rest.
      this.needMoreAt(quote + 1)
      if (this.text.charCodeAt(quote + 1) !== QUOTE) {
        close = quote
        break
      }
      doubled++
      from = quote + 2
    }
    this.countLineEnds(open, close)
    this.pos = close === this.end ? close : close + 1
    const after = this.text.charCodeAt(this.pos)
    let more = ''
    if (this.pos < this.end && after !== COMMA && after !== LF && after !== CR) {
      if (!this.lenient) {
        throw new CsvError(this.line, 'a quoted field has more text after its closing quote (a quote inside a quoted field must be doubled: "")')
      }
      more = this.unquotedField(wanted)
    }
    if (!wanted) return ''
    const raw = this.text.slice(open + 1, close)
    return (doubled === 0 ? raw : raw.split('""').join('"')) + more
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

// A whole file's records under the import's caps (the contracts' IMPORT_LIMITS, refused in the
// contracts' words): read at once, or in slices that hand the event loop back, so that reading a
// 10 MB file never stalls the server.

import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@shelfwise/contracts'
import { NEED_MORE, Scanner, type Caps, type CsvOptions, type CsvRecord } from '#/csv-read.ts'

/** The import's caps (the contracts'), or those `options` give. */
const capsOf = ({ maxFields = IMPORT_LIMITS.maxFields, maxFieldLength = IMPORT_LIMITS.maxFieldLength }: CsvOptions): Caps => ({
  maxFields,
  maxFieldLength,
  tooManyFields: IMPORT_MESSAGES.tooManyFields,
  fieldTooLong: IMPORT_MESSAGES.fieldTooLong,
})

/** The records of `text`, in order. Blank lines (a line end alone) are skipped. Throws CsvError. */
export function* csvRecords(text: string, options: CsvOptions = {}): Generator<CsvRecord> {
  const scanner = new Scanner(text, capsOf(options), options)
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
export async function* csvRecordsSliced(text: string | readonly string[], sliceMs = 8, options: CsvOptions = {}): AsyncGenerator<CsvRecord> {
  // A text in pieces (a file decoded a megabyte at a time) is read a piece at a time: joined into one
  // string, 10 MB held the loop 30 ms on a quiet machine and 95 ms beside the database (issue 26).
  const pieces = typeof text === 'string' ? [text] : text.filter((piece) => piece.length > 0)
  let next = 1
  const scanner = new Scanner(pieces[0] ?? '', capsOf(options), options, pieces.length <= 1)
  let sliceStart = performance.now()
  let lookedAt = 0
  for (;;) {
    let record: CsvRecord | null | undefined
    try {
      record = scanner.step()
    } catch (err) {
      if (err !== NEED_MORE) throw err
      // The record under way goes on in the next piece: read again from its start with it, and with
      // as many more pieces as it already holds, so that a record spanning many pieces is read again
      // a few times in all (its text doubles each time), not once per piece.
      const rest = scanner.rest()
      let more = ''
      do more += pieces[next++]!
      while (next < pieces.length && more.length < rest.length)
      scanner.refill(rest + more, next >= pieces.length)
      lookedAt = 0
      continue
    }
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

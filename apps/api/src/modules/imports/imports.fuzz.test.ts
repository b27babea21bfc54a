import { expect, it } from 'vitest'
import fc from 'fast-check'
import { ImportJobSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'
import { multipart } from '../../../test/support/multipart.ts'
import { GOODREADS_HEADER, quote } from '../../../test/support/import-files.ts'

// Hostile and broken export files (issue 14): whatever arrives, the answer is 202, 400 or 413 — never
// a 5xx — a refused file leaves no trace, and an accepted one ends 'done' with every row accounted for.

const STORYGRAPH_COLUMNS = ['Title', 'Authors', 'ISBN/UID', 'Read Status', 'Star Rating', 'Dates Read', 'Read Count', 'Review']

/** A cell: plain, quoted-looking, Goodreads ISBN forms, dates good and bad, markup, other scripts. */
const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    '=""',
    '="0593135202"',
    '="9780593135204"',
    '="97805931352X4"',
    '2024/03/15',
    '2024/13/45',
    '0000/00/00',
    '2023/01/01-2023/02/01, 2024/05/05-',
  ),
  fc.constantFrom('read', 'to-read', 'currently-reading', 'did-not-finish', 'paused', 'dnf', 'abandoned', 'weird-shelf'),
  fc.constantFrom('0', '5', '3.75', '-1', '99', 'NaN', '1e9', '4.5'),
  fc.constantFrom('Line<br/>two', '<script>x</script>', '&amp;&lt;&#x41;&#99999999;', 'שלום עולם', '📚'.repeat(3), 'x'.repeat(400)),
  fc.string({ unit: fc.constantFrom('"', ',', '\r', '\n', 'a', '=', ' '), maxLength: 10 }),
)

const header = fc.oneof(
  fc.constant(GOODREADS_HEADER),
  fc.constant(STORYGRAPH_COLUMNS),
  fc.shuffledSubarray(GOODREADS_HEADER, { minLength: 1 }),
  fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 6 }),
)

/** A file: a header, rows of cells, sometimes raw bytes glued on (a broken quote, NUL, a BOM, bad UTF-8). */
const file = fc
  .record({
    header,
    rows: fc.array(fc.array(cell, { maxLength: 26 }), { maxLength: 8 }),
    tail: fc.constantFrom('', '"unclosed', 'a"b,c', '\u0000', '\r\n\r\n', ''),
    bom: fc.boolean(),
    badBytes: fc.boolean(),
    lf: fc.boolean(),
  })
  .map(({ header, rows, tail, bom, badBytes, lf }) => {
    const eol = lf ? '\n' : '\r\n'
    const text = (bom ? '\uFEFF' : '') + [header, ...rows].map((cells) => cells.map(quote).join(',')).join(eol) + eol + tail
    return badBytes ? Buffer.concat([Buffer.from(text), Buffer.from([0xc3, 0x28])]) : Buffer.from(text)
  })

describeEachDialect('imports: fuzzed files', (ctx) => {
  it('answer 202, 400 or 413, never apply part of a refused file, and end every accepted one', { timeout: 120_000 }, async () => {
    const reader = await insertUser(ctx.db)
    await insertBook(ctx.db, { isbn: '9780593135204', title: 'Project Hail Mary', author: 'Andy Weir' })
    const count = async (table: 'imports' | 'importRows' | 'readThroughs' | 'reviews' | 'books') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000)
    const answers = { accepted: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(file, async (bytes) => {
        const before = { imports: await count('imports'), reads: await count('readThroughs'), reviews: await count('reviews'), books: await count('books') }
        const body = multipart([{ name: 'file', value: bytes, filename: 'fuzz.csv', contentType: 'text/csv' }])
        const res = await ctx.app.inject({ method: 'POST', url: '/api/imports', headers: { ...bearer(reader.token), ...body.headers }, payload: body.payload })
        expect([202, 400, 413], res.body).toContain(res.statusCode)
        expect(res.body).not.toMatch(/stack|at \/|node_modules|SQL|sqlite|postgres/i)
        if (res.statusCode !== 202) {
          answers.refused++
          expect({ imports: await count('imports'), reads: await count('readThroughs'), reviews: await count('reviews'), books: await count('books') }).toEqual(
            before,
          )
          return
        }
        answers.accepted++
        const id = ImportJobSchema.parse(res.json())._id
        for (let i = 0; i < 400; i++) {
          const job = ImportJobSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: bearer(reader.token) })).json())
          if (job.status === 'done' || job.status === 'failed') {
            expect(job.status).toBe('done')
            expect(job.processed).toBe(job.total)
            expect(job.imported + job.unchanged + job.needsReview + job.failed + job.skipped).toBe(job.total)
            return
          }
          await new Promise((r) => setTimeout(r, 10))
        }
        throw new Error('an accepted import did not end')
      }),
      { numRuns: 60, seed },
    )
    // Both paths were walked: files taken and applied, files refused.
    expect(answers.accepted, `seed ${seed}`).toBeGreaterThan(0)
    expect(answers.refused, `seed ${seed}`).toBeGreaterThan(0)
  })
})

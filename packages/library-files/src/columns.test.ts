import { describe, expect, it } from 'vitest'
import { foldColumnName, GOODREADS_EXPORT_COLUMNS, IMPORT_COLUMNS, STORYGRAPH_EXPORT_COLUMNS } from '#/columns.ts'

describe('the exports’ columns', () => {
  it('reads each export by columns its own file has, the distinctive ones among the required', () => {
    const files = { goodreads: GOODREADS_EXPORT_COLUMNS, storygraph: STORYGRAPH_EXPORT_COLUMNS }
    for (const source of ['goodreads', 'storygraph'] as const) {
      const { required, optional, distinctive } = IMPORT_COLUMNS[source]
      expect([...required, ...optional].filter((name) => !(files[source] as readonly string[]).includes(name))).toEqual([])
      expect(distinctive.filter((name) => ![...required, ...optional].includes(name))).toEqual([])
    }
    // A distinctive column is the other export's in no way.
    expect(IMPORT_COLUMNS.goodreads.distinctive.filter((name) => (STORYGRAPH_EXPORT_COLUMNS as readonly string[]).includes(name))).toEqual([])
    expect(IMPORT_COLUMNS.storygraph.distinctive.filter((name) => (GOODREADS_EXPORT_COLUMNS as readonly string[]).includes(name))).toEqual([])
  })

  it('compares column names with spacing and letter case set aside', () => {
    expect(foldColumnName('  Exclusive   Shelf ')).toBe(foldColumnName('exclusive shelf'))
    expect(foldColumnName('ISBN/UID')).toBe('isbn/uid')
  })
})

import { describe, expect, it } from 'vitest'
import * as frozen from '#/db/migrations/2026_11_25_0200_books_name_keys.ts'
import { postgresNameKey, sqliteNameKey } from '#/db/name-keys.ts'

// An author or publisher page is one range of the name-key index only while its query spells the
// index's expression exactly: the running code's copy must stay the migration's, letter for letter.
describe('the name keys the queries spell', () => {
  it('are the expressions the frozen migration indexed, on both databases', () => {
    for (const expr of ['author', 'publisher', '\u0000']) {
      expect(sqliteNameKey(expr)).toBe(frozen.sqliteNameKey(expr))
      expect(postgresNameKey(expr)).toBe(frozen.postgresNameKey(expr))
    }
  })
})

// The folded keys of a person's name, as the books_author_key_idx and books_publisher_key_idx indexes
// hold them (migration 2026_11_25_0200, frozen: it keeps its own copy). A query must spell exactly
// the index's expression for the index to serve it, so a change here is a migration that rebuilds
// those indexes. PostgreSQL: lower(unaccent(name)) through the immutable wrapper of 2026_11_22_1300.
// SQLite has no unaccent: lower() (ASCII letters) then one replace() per accented Latin letter
// (U+00C0–U+024F, both cases) to its plain lower-case letter, built-in functions only, so any
// connection to the file (the sqlite3 shell, a backup tool) can still write books.

/** Letters that are not a base letter plus marks, folded as a reader would type them. */
const SPECIAL_FOLDS: [string, string][] = [
  ['Æ', 'ae'],
  ['æ', 'ae'],
  ['Ø', 'o'],
  ['ø', 'o'],
  ['Œ', 'oe'],
  ['œ', 'oe'],
  ['Đ', 'd'],
  ['đ', 'd'],
  ['Ł', 'l'],
  ['ł', 'l'],
  ['ß', 'ss'],
  ['ı', 'i'],
]

/**
 * Each accented Latin letter of U+00C0–U+024F with its plain lower-case letter, then the special
 * folds. Canonical decompositions never change (Unicode's stability policy): the list is the same on
 * every Node, so the spelling matches the index the migration built.
 */
function accentFolds(): [string, string][] {
  const folds: [string, string][] = []
  for (let cp = 0xc0; cp <= 0x24f; cp++) {
    const letter = String.fromCodePoint(cp)
    const plain = letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    if (plain !== letter && /^[a-z]$/.test(plain)) folds.push([letter, plain])
  }
  return [...folds, ...SPECIAL_FOLDS]
}

/** The SQLite key of a text expression (trusted SQL: a column name, or a placeholder). */
export function sqliteNameKey(expr: string): string {
  let key = `lower(${expr})`
  for (const [from, to] of accentFolds()) key = `replace(${key}, '${from}', '${to}')`
  return key
}

/** The PostgreSQL key of a text expression (trusted SQL, as above). */
export const postgresNameKey = (expr: string): string => `lower(shelfwise_unaccent(${expr}))`

/**
 * Any text folded for search and order (issue 22's library): every letter's marks dropped (NFD), the
 * special folds, lower case. SQLite calls it as shelfwise_fold() (registered on each connection, for
 * queries only: no index or stored row holds it); PostgreSQL's counterpart is postgresNameKey.
 */
export function foldText(text: string): string {
  let folded = text.normalize('NFD').replace(/\p{M}/gu, '')
  for (const [from, to] of SPECIAL_FOLDS) folded = folded.replaceAll(from, to)
  return folded.toLowerCase()
}

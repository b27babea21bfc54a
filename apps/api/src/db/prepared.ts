// PostgreSQL parses and plans every statement it is sent unless the statement was prepared on its
// connection; on the book page that took longer than running the statements (issue 26). So a
// statement text the server sends again and again is named, and the pg driver prepares it on each
// connection the first time it runs there, then sends only its values:
// - the hottest queries (db/precompiled.ts) are named at once: each has one fixed text;
// - any other text is named once it has been sent SEEN_BEFORE_PREPARED times.
// The names are bounded (MAX_PREPARED per server, so per connection), and so are the counts: a text
// the query builder makes with, say, an IN list of a new length each time is counted, never kept.

const MAX_PREPARED = 200
const SEEN_BEFORE_PREPARED = 20
const MAX_COUNTED = 2_000

const names = new Map<string, string>()
const seen = new Map<string, number>()

const name = (text: string) => {
  if (names.size >= MAX_PREPARED) return undefined
  const given = `shelfwise_${names.size + 1}`
  names.set(text, given)
  seen.delete(text)
  return given
}

/** Marks a statement text to be prepared on each PostgreSQL connection that runs it. */
export function prepareOnPostgres(text: string): void {
  if (!names.has(text)) name(text)
}

/** The name a statement text is prepared under; counts a text not yet named, and names it once it has been sent often enough. */
export function preparedNameOf(text: string): string | undefined {
  // Several statements in one text (a commit and the WAL position after it, db/replicas.ts) cannot be prepared.
  if (text.includes(';')) return undefined
  const known = names.get(text)
  if (known !== undefined || names.size >= MAX_PREPARED) return known
  const n = (seen.get(text) ?? 0) + 1
  if (n >= SEEN_BEFORE_PREPARED) return name(text)
  // Counting starts over when too many texts were seen once or twice (an IN list of every length).
  if (seen.size >= MAX_COUNTED && !seen.has(text)) seen.clear()
  seen.set(text, n)
  return undefined
}

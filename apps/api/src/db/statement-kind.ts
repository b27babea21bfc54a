// Which statements a streaming replica may answer (decision 0063). A replica is read-only and a
// little behind, so only a statement that reads and changes nothing may go there: one SELECT (or
// WITH … SELECT, TABLE, VALUES) without a locking clause, without a data-modifying CTE and without a
// call to a function that writes or needs the primary. Anything we cannot be sure of is a write:
// sending a read to the primary costs a little load, sending a write to a replica fails the request.

/**
 * Functions that change something (a notification, a sequence, a lock, a setting, a transaction id)
 * or refuse to run on a standby, and our own plpgsql function that writes (migration 2026_12_20_0600).
 */
const WRITING_FUNCTION =
  /\b(pg_notify|nextval|setval|pg_advisory_\w+|pg_try_advisory_\w+|set_config|txid_current\w*|pg_current_xact_id\w*|pg_current_wal_\w+|pg_switch_wal|pg_create_\w+|pg_drop_\w+|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|lo_\w+|notification_counts_\w+)\s*\(/

/** Words that make a SELECT write or lock: a data-modifying CTE, SELECT … INTO a new table, FOR UPDATE/SHARE. */
const WRITING_WORD = /\b(insert|update|delete|merge|into|share|lock|truncate|copy|call|do|create|alter|drop|grant|revoke|listen|notify|refresh)\b/

const READING_START = /^\(*\s*(select|with|table|values)\b/

/**
 * The statement's text without what cannot change its meaning for us: comments, string literals
 * (plain, E'…' and dollar-quoted) and quoted identifiers, each replaced by a space. Undefined when a
 * quote or comment is left open, which a valid statement never does.
 */
function codeOnly(sql: string): string | undefined {
  let out = ''
  let i = 0
  while (i < sql.length) {
    const c = sql[i]!
    const next = sql[i + 1]
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end + 1
      out += ' '
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 1
      i += 2
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++
          i += 2
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--
          i += 2
        } else i++
      }
      if (depth > 0) return undefined
      out += ' '
    } else if (c === "'" || c === '"') {
      // A doubled quote is the quote itself; in E'…' a backslash escapes the next character.
      const escaped = c === "'" && /[eE]$/.test(out) && !/\w[eE]$/.test(out)
      i++
      for (;;) {
        if (i >= sql.length) return undefined
        if (escaped && sql[i] === '\\') i += 2
        else if (sql[i] === c && sql[i + 1] === c) i += 2
        else if (sql[i] === c) break
        else i++
      }
      i++
      out += ' '
    } else if (c === '$' && !/\w$/.test(out)) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(sql.slice(i))
      if (!tag) {
        out += c
        i++
        continue
      }
      const end = sql.indexOf(tag[0], i + tag[0].length)
      if (end === -1) return undefined
      i = end + tag[0].length
      out += ' '
    } else {
      out += c
      i++
    }
  }
  return out
}

/** True when a replica may answer this statement: it only reads, and nothing in it needs the primary. */
export function isReadOnlyStatement(sql: string): boolean {
  const code = codeOnly(sql)?.toLowerCase().trim()
  if (!code || !READING_START.test(code)) return false
  // A second statement after a semicolon could be anything.
  if (/;\s*\S/.test(code)) return false
  return !WRITING_WORD.test(code) && !WRITING_FUNCTION.test(code)
}

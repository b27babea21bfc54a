import { Fragment } from 'react'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import type { Comment } from '@shelfwise/contracts'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'

// A link (http or https only, up to the next space or angle bracket or quote) or an @username. One
// character class each, repeated once: the scan is linear in the text.
const TOKEN = /(https?:\/\/[^\s<>"]+)|@([A-Za-z0-9._-]{3,30})/gi
// What commonly follows a link in a sentence and belongs to the sentence, not the link.
const TRAILING = /[.,;:!?)\]]+$/

/** A link's address when it is a well-formed http or https one, else undefined. */
function safeHref(text: string): string | undefined {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

function renderLine(line: string, mentions: Map<string, Comment['mentions'][number]>) {
  const parts: React.ReactNode[] = []
  let at = 0
  for (const m of line.matchAll(TOKEN)) {
    const start = m.index
    let token = m[0]
    let rest = ''
    if (m[1]) {
      const trail = TRAILING.exec(token)?.[0] ?? ''
      token = token.slice(0, token.length - trail.length)
      rest = trail
    }
    const href = m[1] ? safeHref(token) : undefined
    const person = m[2] ? (mentions.get(m[2].toLowerCase()) ?? mentions.get(m[2].replace(/[.-]+$/, '').toLowerCase())) : undefined
    if (!href && !person) continue
    parts.push(line.slice(at, start))
    if (href) {
      parts.push(
        <Link key={start} href={href} target="_blank" rel="noopener noreferrer nofollow ugc" sx={{ overflowWrap: 'anywhere' }}>
          {token}
        </Link>,
        rest,
      )
    } else if (person) {
      const shown = `@${person.username}`
      parts.push(
        <Link key={start} component={RouterLink} to={paths.user.href(person._id)} underline="hover">
          {m[0].slice(0, shown.length)}
        </Link>,
        m[0].slice(shown.length),
      )
    }
    at = start + m[0].length
  }
  parts.push(line.slice(at))
  return parts
}

/** A comment's plain text, its lines kept, its links and its @mentions of real readers made clickable. */
export function CommentText({ text, mentions }: { text: string; mentions: Comment['mentions'] }) {
  const byName = new Map(mentions.map((p) => [p.username.toLowerCase(), p]))
  return text.split('\n').map((line, i) => (
    <Box key={i} component="span" dir="auto" sx={{ display: 'block' }}>
      {line ? <Fragment>{renderLine(line, byName)}</Fragment> : '\u00a0'}
    </Box>
  ))
}

// Atom 1.0 documents (RFC 4287) from plain entries (issue 25, point 7). Every text is escaped, and
// the characters XML 1.0 cannot carry at all (most control characters, lone surrogates, U+FFFE and
// U+FFFF) are dropped, so any title or review makes a well-formed feed.

export interface AtomEntry {
  /** A permanent id: a URI (urn:uuid:…). */
  id: string
  title: string
  /** ISO instants. */
  updated: string
  published: string
  author: string
  /** The page the entry is about. */
  link: string
  /** Plain text. */
  content: string
}

export interface AtomFeed {
  id: string
  title: string
  /** The feed's own address and the page it follows. */
  self: string
  alternate: string
  author: string
  /** The newest entry's moment, or a fixed early one for an empty feed. */
  updated: string
  entries: AtomEntry[]
}

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const SPECIAL = /[&<>"']/g
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text made safe for XML content and attribute values. */
export const escapeXml = (text: string): string => text.replace(NOT_XML, '').replace(SPECIAL, (c) => ENTITIES[c]!)

const el = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`

/** The Atom document of a feed. */
export function atomOf(feed: AtomFeed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  ${el('id', feed.id)}`,
    `  ${el('title', feed.title)}`,
    `  ${el('updated', feed.updated)}`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.alternate)}"/>`,
    `  <author>${el('name', feed.author)}</author>`,
    '  <generator>Shelfwise</generator>',
  ]
  for (const e of feed.entries) {
    lines.push(
      '  <entry>',
      `    ${el('id', e.id)}`,
      `    ${el('title', e.title)}`,
      `    ${el('updated', e.updated)}`,
      `    ${el('published', e.published)}`,
      `    <author>${el('name', e.author)}</author>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>`,
      `    <content type="text">${escapeXml(e.content)}</content>`,
      '  </entry>',
    )
  }
  lines.push('</feed>', '')
  return lines.join('\n')
}

import { z } from 'zod'
import { LIMITS } from '#/constants.ts'

/** Every entity id: an app-made UUIDv7 string, sent as `_id`. */
export const IdSchema = z.uuid({ error: 'must be a valid id' })
export type Id = z.infer<typeof IdSchema>

export const IsoDateTimeSchema = z.string().describe('ISO 8601 date-time')

/** A whole number from `min` to `max`, read from text too (a query string); a bound crossed is named. */
export const wholeNumber = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)

/** One of `values`, which a refusal lists. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` })

export const PagingQuerySchema = z.object({
  limit: wholeNumber(1, LIMITS.pageSizeMax).optional(),
  // A cursor can hold a 300-character title (the by-title orders): 1,300 characters in a script of
  // three-byte letters, under 2,500 even if every letter needed an escape in its JSON.
  cursor: z.string().max(4000, 'is too long').optional(),
})
export type PagingQuery = z.infer<typeof PagingQuerySchema>

export const CountSchema = z.object({ count: z.int() })

/** A yes-or-no in a query string: `true` or `false`, anything else refused by name. */
export const QueryFlagSchema = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true')

/** An http(s) URL, or an empty string for "none". */
export const HttpUrlOrEmptySchema = z
  .string()
  .trim()
  .max(2000, 'is too long')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'must be an http(s) URL')

/**
 * Drops the invisible characters that reorder text (bidi embeddings, overrides, isolates and marks):
 * in a display name they could make it read as something else, or spill over what follows it.
 */
export const withoutBidiControls = (text: string): string => text.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')

// ---- Invisible characters in text a reader writes ----------------------------------------------
//
// Control characters (BEL, ESC: a terminal or a log viewer acts on them), bidi embeddings, overrides
// and isolates (they reorder what follows: a title could read backwards or spill over the page) and
// zero-width characters (a title or name that looks like another) are dropped. What writing systems
// need stays: right-to-left letters carry their own direction, and the marks LRM, RLM and ALM (which
// reorder nothing beyond their neighbours) stay in titles; the zero-width non-joiner (U+200C) stays
// between two letters (Persian writes 'mi-khaham' with one) or after a mark (Indic conjuncts), the
// zero-width joiner (U+200D) likewise and between two emoji (the family and rainbow-flag sequences),
// and tag characters inside a flag (Scotland's and Wales's). Each pattern reads a character and at
// most its two neighbours, so the work is linear in the text. (This comment spells them out: the
// source itself holds no invisible character.)

// eslint-disable-next-line no-control-regex -- control characters are what this drops
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g
const LINE_BREAKS = /\r\n|[\t\n\r\u0085\u2028\u2029]/g
// Soft hyphen, zero-width space, word joiner, invisible operators, deprecated format characters,
// byte order mark, interlinear annotation.
const INVISIBLE = /[\u00AD\u200B\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB]/g
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/g
// A joiner after a mark (a virama: Malayalam's old chillu letters end a word with one) or an emoji
// stays; after a letter, only when a letter, mark or emoji follows. After a Latin, Greek or Cyrillic
// letter a joiner only steers a ligature, which no title needs, and would make 'Her' + U+200C + 'bert'
// pass for 'Herbert': it goes.
const LATINATE = String.raw`\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}`
const LONE_ZWNJ = new RegExp(String.raw`(?<![\p{L}\p{M}])\u200C|(?<=[${LATINATE}])\u200C|(?<=\p{L})\u200C(?![\p{L}\p{M}])`, 'gu')
const LONE_ZWJ = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}])\u200D|(?<=[${LATINATE}])\u200D|(?<=\p{L})\u200D(?![\p{L}\p{M}\p{Extended_Pictographic}])`,
  'gu',
)
const TAGS = /(\u{1F3F4}[\u{E0020}-\u{E007E}]{1,8}\u{E007F})|[\u{E0000}-\u{E007F}]/gu

/** Text without the invisible characters above; line breaks and tabs are left to the caller. */
function withoutInvisibles(text: string): string {
  return text
    .replace(CONTROLS, '')
    .replace(INVISIBLE, '')
    .replace(REORDERING, '')
    .replace(LONE_ZWNJ, '')
    .replace(LONE_ZWJ, '')
    .replace(TAGS, (_m, flag?: string) => flag ?? '')
}

/** A one-line field (a title, an author, a name): invisible characters dropped, a line break or tab made a space. */
export const singleLineText = (text: string): string => withoutInvisibles(text.replace(LINE_BREAKS, ' '))

/** A field of several lines (a review, a bio, a description): the same, its line breaks and tabs kept. */
export const multiLineText = (text: string): string => withoutInvisibles(text)

// A text several times longer than its field takes is refused before it is read through: looking for
// the characters above costs about 100 ms a megabyte, and a body may hold one.
const farTooLong = (max: number, message: string) => [max * 4, { error: message, abort: true }] as const

/** A one-line text field, trimmed, without invisible characters; the caller adds its own min and max. */
export const singleLineField = (max: number, tooLong: string, params?: { error: string }) =>
  z
    .string(params)
    .max(...farTooLong(max, tooLong))
    .overwrite(singleLineText)
    .trim()

/** A text field of several lines, trimmed, without invisible characters but its line breaks; the caller adds its own min and max. */
export const multiLineField = (max: number, tooLong: string, params?: { error: string }) =>
  z
    .string(params)
    .max(...farTooLong(max, tooLong))
    .overwrite(multiLineText)
    .trim()

/**
 * Beside a review's, comment's or post's writer (issue 23, point 5, decision 0051): "author" or
 * "publisher" when the writer is linked to the book as its author or publisher; null otherwise.
 */
export const BadgeSchema = z.enum(['author', 'publisher']).nullable()
export type Badge = z.infer<typeof BadgeSchema>

/** The badge of a writer on a book with these linked author and publisher accounts. */
export const badgeOf = (writerId: string | null, authorUserId: string | null, publisherUserId: string | null): Badge =>
  writerId === null ? null : writerId === authorUserId ? 'author' : writerId === publisherUserId ? 'publisher' : null

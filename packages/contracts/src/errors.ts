import { z } from 'zod'

export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
}

export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

// Validation messages are written as the end of a sentence ('must be at least 6 characters long');
// the server puts the field's name in front in plain words, so a reader never sees 'newPassword:'.

/** Field names that do not read well once split into words. */
const FIELD_WORDS: Record<string, string> = {
  body: 'The request body',
  _id: 'Id',
  id: 'Id',
  bookId: 'Book id',
  userId: 'User id',
  userType: 'Account type',
  email: 'Email',
  isbn: 'ISBN',
  coverImage: 'Cover image URL',
  amazonLink: 'Amazon link',
  profileImage: 'Profile image',
  minRating: 'Minimum rating',
  minPages: 'Minimum pages',
  maxPages: 'Maximum pages',
  minYear: 'Minimum year',
  maxYear: 'Maximum year',
  q: 'Search (q)',
}

/** A field's own words, if it has some (a field a client names `constructor` finds Object's method with a plain lookup). */
const wordsOf = (name: string): string | undefined => (Object.hasOwn(FIELD_WORDS, name) ? FIELD_WORDS[name] : undefined)

/** A field's path in words: 'newPassword' → 'New password', 'author_username' → 'Author username', 'genre.2' → 'Genre 3'. */
export function fieldInWords(path: string): string {
  const whole = wordsOf(path)
  if (whole) return whole
  const words = path
    .split('.')
    .filter(Boolean)
    .map((part) => {
      if (/^\d+$/.test(part)) return String(Number(part) + 1)
      const own = wordsOf(part)
      if (own) return own.toLowerCase()
      return part
        .replace(/([a-z\d])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase()
    })
  const text = words.join(' ').replace(/\s+/g, ' ').trim() || 'A value'
  // Keep acronyms as they are written in FIELD_WORDS (ISBN, URL) when they start the sentence.
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
}

/** zod's own wording (where a schema gave none) turned into the end of a sentence. */
function plainFragment(message: string): string | undefined {
  const type = /^Invalid input: expected (\w+)/.exec(message)
  if (type) return `must be ${TYPE_WORDS[type[1]!] ?? type[1]}`
  const option = /^Invalid option: expected one of (.+)$/.exec(message)
  if (option) return `must be one of ${option[1]!.replaceAll('"', '').split('|').join(', ')}`
  return undefined
}

const STARTS_AS_PREDICATE = /^(is|are|must|may|can|cannot|should|has|have|needs|was|does)\b/

/**
 * One sentence naming the field for a validation failure: ('newPassword', 'is too common; …') →
 * 'New password is too common; …'. A message that is already a sentence of its own keeps its words.
 */
export function validationSentence(path: string, message: string): string {
  const fragment = plainFragment(message) ?? message
  if (STARTS_AS_PREDICATE.test(fragment)) return `${fieldInWords(path)} ${fragment}`
  if (/^[a-z]/.test(fragment)) return fragment.charAt(0).toUpperCase() + fragment.slice(1)
  return `${fieldInWords(path)} is not valid: ${fragment.charAt(0).toLowerCase()}${fragment.slice(1)}`
}

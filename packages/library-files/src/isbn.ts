// ISBNs as readers type them and book files write them. An ISBN-10 is nine digits and a check
// character (a digit or X, for ten); an ISBN-13 is thirteen digits, the last a check digit. An
// ISBN-10 is also written as an ISBN-13: 978, its first nine digits and a new check digit; an ISBN-13
// has a 10-character form only under the 978 prefix (979 ISBNs have none).

const ISBN10 = /^\d{9}[\dX]$/
const ISBN13 = /^\d{13}$/

/** An ISBN as stored and compared: spaces and hyphens taken out, x made X ('0-441-01359-x' → '044101359X'). */
export const compactIsbn = (text: string): string => text.replace(/[\s-]/g, '').toUpperCase()

/** A Goodreads ISBN cell (`="0593135202"`, a formula that keeps the leading zeros; `=""` for none) as its ISBN, compact. */
export const isbnOfCell = (cell: string): string => compactIsbn(cell.trim().replace(/^=/, '').replace(/^"|"$/g, ''))

/** Whether a compact ISBN has an ISBN-10's shape (its check character not looked at). */
export const isIsbn10Shape = (isbn: string): boolean => ISBN10.test(isbn)

/** Whether a compact ISBN has the shape of an ISBN-10 or an ISBN-13 (its check character not looked at). */
export const isIsbnShape = (isbn: string): boolean => ISBN10.test(isbn) || ISBN13.test(isbn)

const digit = (c: string) => (c === 'X' ? 10 : Number(c))

/** ISBN-10's weighted sum: 10 × the first character, 9 × the second, and so on. */
function sum10(chars: string): number {
  let sum = 0
  for (let i = 0; i < chars.length; i++) sum += (10 - i) * digit(chars[i]!)
  return sum
}

/** ISBN-13's weighted sum: the digits at even places once, at odd places thrice. */
function sum13(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(digits[i])
  return sum
}

/** Whether `isbn` (compact) is an ISBN-10 with a right check character. */
export const validIsbn10 = (isbn: string): boolean => ISBN10.test(isbn) && sum10(isbn) % 11 === 0

/** Whether `isbn` (compact) is an ISBN-13 with a right check digit. */
export const validIsbn13 = (isbn: string): boolean => ISBN13.test(isbn) && sum13(isbn) % 10 === 0

/** The ISBN-13 that twelve digits begin: them and their check digit. */
export const withIsbn13Check = (twelve: string): string => `${twelve}${(10 - (sum13(twelve) % 10)) % 10}`

/** The ISBN-10 that nine digits begin: them and their check character. */
export function withIsbn10Check(nine: string): string {
  const check = (11 - (sum10(nine) % 11)) % 11
  return `${nine}${check === 10 ? 'X' : check}`
}

/** The ISBN-13 of a valid ISBN-10, else null. */
export const isbn10To13 = (isbn10: string): string | null => (validIsbn10(isbn10) ? withIsbn13Check(`978${isbn10.slice(0, 9)}`) : null)

/** The ISBN-10 of a valid 978 ISBN-13, else null. */
export const isbn13To10 = (isbn13: string): string | null => (validIsbn13(isbn13) && isbn13.startsWith('978') ? withIsbn10Check(isbn13.slice(3, 12)) : null)

import { MAX_WORDS, wordsOf } from '#/modules/books/books.search-terms.ts'

// The keys the catalogue's lookups compare books by (decision 0011): a title and an author as their
// words, letter case, accents and punctuation aside, and the words an index is asked for to narrow
// the catalogue to a few candidates. No database; unit-tested on their own (books.match-keys.test.ts).

/** The key two books with the same title (or author) share: their words, folded, in order. */
const matchKey = (text: string): string => wordsOf(text).join(' ')

/** Distinct words of a text for the index query (the comparison afterwards uses all of them). */
export const queryWords = (text: string) => [...new Set(wordsOf(text))].slice(0, MAX_WORDS)

/** Whether a book has the title and author given: their words equal after folding. */
export const sameTitleAndAuthor = (title: string, author: string) => {
  const titleKey = matchKey(title)
  const authorKey = matchKey(author)
  return (r: { title: string; author: string }) => matchKey(r.title) === titleKey && matchKey(r.author) === authorKey
}

/** Words too common to narrow a title lookup (English articles, conjunctions and prepositions). */
const COMMON_WORDS = new Set(['the', 'a', 'an', 'and', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'or', 'is', 's'])

/**
 * The words of a title a lookup asks the index for: the commonest match most of the catalogue and
 * slow the lookup down, so they are left out (all are asked when every word is common); the
 * comparison afterwards checks every word of the title anyway.
 */
export const lookupWords = (titleWords: string[]): string[] => {
  const rare = titleWords.filter((w) => !COMMON_WORDS.has(w))
  return rare.length ? rare : titleWords
}

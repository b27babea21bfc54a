import { describe, expect, it } from 'vitest'
import {
  authorQueryWords,
  authorRelation,
  decideByTitle,
  firstByIsbn,
  sameAuthor,
  titleKeys,
  titleRelation,
  withoutNotes,
  withoutSeries,
} from '#/modules/books/books.import-match.ts'

// The rule that decides whether an imported row is a catalogue work by title and author (decisions
// 0020 and 0029): a wrong match files a reader's history under another book and a missed one adds a
// duplicate work for everyone, so titles and authors are compared as a reader would and doubt waits.

const relation = (a: string, b: string) => titleRelation(titleKeys(a), titleKeys(b))

describe('titles as a reader compares them', () => {
  it('set aside notes in brackets at the end, however many and however nested', () => {
    expect(withoutSeries('The Fifth Season (The Broken Earth, #1)')).toBe('The Fifth Season')
    expect(withoutNotes('Emma (Penguin Classics)')).toBe('Emma')
    expect(withoutNotes('Crime and Punishment (Penguin Classics)')).toBe('Crime and Punishment')
    expect(withoutNotes('Dune (Dune Chronicles (Original), #1) [Deluxe Edition]')).toBe('Dune')
    // A title that is all brackets, or whose brackets do not close, stays as it is.
    expect(withoutNotes('(Untitled)')).toBe('(Untitled)')
    expect(withoutNotes('Emma)')).toBe('Emma)')
    expect(relation('Emma (Penguin Classics)', 'Emma')).toBe('same')
    expect(relation("Harry Potter and the Philosopher's Stone (Harry Potter, #1)", 'Harry Potter and the Philosophers Stone')).toBe('same')
    expect(relation('Les Misérables', 'les miserables')).toBe('same')
  })

  it('set aside a subtitle after a colon, a spaced dash or "or," when the other title has none', () => {
    expect(titleKeys('Frankenstein: The 1818 Text')).toMatchObject({ main: 'frankenstein', subtitle: 'the 1818 text', mainText: 'Frankenstein' })
    expect(titleKeys('Moby-Dick or, The Whale')).toMatchObject({ main: 'moby dick', subtitle: 'the whale' })
    expect(titleKeys('Frankenstein; or, The Modern Prometheus')).toMatchObject({ main: 'frankenstein', subtitle: 'the modern prometheus' })
    expect(titleKeys('Twelfth Night, or What You Will')).toMatchObject({ main: 'twelfth night', subtitle: 'what you will' })
    expect(titleKeys('Middlemarch — A Study of Provincial Life').main).toBe('middlemarch')
    for (const [row, work] of [
      ['Frankenstein: The 1818 Text', 'Frankenstein'],
      ['Orlando: A Biography', 'Orlando'],
      ['Moby-Dick or, The Whale', 'Moby-Dick'],
      ['Orlando', 'Orlando: A Biography'],
      ['Frankenstein: The 1818 Text (Penguin Classics)', 'Frankenstein'],
    ])
      expect(relation(row!, work!), row).toBe('subtitle')
  })

  it('keep titles that only look like they have a subtitle, and never take a title for a part of it', () => {
    expect(titleKeys('10:04').subtitle).toBeNull()
    expect(titleKeys('Sink or Swim').subtitle).toBeNull()
    expect(titleKeys('To Be or Not to Be').subtitle).toBeNull()
    expect(titleKeys(': The Colon First').subtitle).toBeNull()
    expect(relation('The Secret History', 'Secret')).toBe('none')
    expect(relation('Secret', 'The Secret History')).toBe('none')
    expect(relation('Emma', 'Emma Brown')).toBe('none')
    // Two subtitles: two works that share a main title (a series' name, say).
    expect(relation('The Dark Tower: The Gunslinger', 'The Dark Tower: The Drawing of the Three')).toBe('sibling')
    expect(relation('', '')).toBe('none')
  })

  it('in time linear in the title, long runs of spaces, brackets and commas too', () => {
    const started = performance.now()
    for (const title of [
      'a' + ' '.repeat(40_000) + 'b',
      '(x' + ' '.repeat(40_000) + '#1',
      '(Saga #1)' + ' '.repeat(40_000) + '.',
      'x' + ')'.repeat(40_000),
      'x' + '(a)'.repeat(20_000),
      'x' + ','.repeat(20_000) + ' '.repeat(20_000) + 'o',
      'x' + ':'.repeat(40_000),
    ])
      titleKeys(title)
    expect(performance.now() - started).toBeLessThan(300)
    expect(withoutSeries('Emma   (Austen Novels, #4)  ')).toBe('Emma')
  })
})

describe('authors as a reader compares them', () => {
  /** Each pair of names compared, the answer expected of all of them. */
  const expectEach = <T>(compare: (a: string, b: string) => T, expected: T, pairs: [string, string][]) => {
    for (const [a, b] of pairs) expect(compare(a, b), `${a} ~ ${b}`).toBe(expected)
  }

  it('takes initials for the names they start, in any spelling, and names written family name first', () => {
    for (const other of ['J. R. R. Tolkien', 'JRR Tolkien', 'John Ronald Reuel Tolkien', 'Tolkien, J.R.R.', 'j.r.r. tolkien'])
      expect(sameAuthor('J.R.R. Tolkien', other), other).toBe(true)
    expectEach(sameAuthor, true, [
      ['Ursula K. Le Guin', 'Ursula Le Guin'],
      ['Gabriel García Márquez', 'Gabriel Garcia Marquez'],
      ['Wu Cheng’en', "Wu Cheng'en"],
      ['Martin Luther King, Jr.', 'Martin Luther King'],
    ])
  })

  it('recognises extra middle names and a second family name', () => {
    expectEach(authorRelation, 'same', [
      ['Mary Wollstonecraft Shelley', 'Mary Shelley'],
      ['Miguel de Cervantes Saavedra', 'Miguel de Cervantes'],
      ['Miguel de Cervantes', 'Miguel de Cervantes Saavedra'],
      ['Fyodor Mikhailovich Dostoevsky', 'Fyodor Dostoevsky'],
      ['Johann Wolfgang von Goethe', 'J. W. Goethe'],
    ])
  })

  it('never takes another author', () => {
    expectEach(sameAuthor, false, [
      ['Jane Austen', 'Emma Tennant'],
      ['Jane Austen', 'J. Austin'],
      ['Anne Brontë', 'Charlotte Brontë'],
      ['Christopher Tolkien', 'J.R.R. Tolkien'],
      ['Percy Bysshe Shelley', 'Mary Shelley'],
      ['John A. Smith', 'John B. Smith'],
      ['H. G. Wells', 'George Wells'],
      // Two authors in one field are not one author written family name first.
      ['Neil Gaiman, Terry Pratchett', 'Terry Pratchett'],
      ['', 'Someone'],
    ])
  })

  it('finds a family name alone too little to decide, and one-word names the same only when equal', () => {
    expectEach(authorRelation, 'family', [
      ['Austen', 'Jane Austen'],
      ['Jane Austen', 'Austen'],
      ['Le Guin', 'Ursula K. Le Guin'],
      ['Cervantes', 'Miguel de Cervantes Saavedra'],
      ['Tolkien', 'J.R.R. Tolkien'],
    ])
    expect(authorRelation('Austen', 'Jane Austin')).toBe('none')
    expect(authorRelation('Voltaire', 'Voltaire')).toBe('same')
    expect(authorRelation('Voltaire', 'Stendhal')).toBe('none')
  })

  it('searches by the family name, and the word before it, as the index splits them', () => {
    expect(authorQueryWords('Wu Cheng’en')).toEqual(['cheng'])
    expect(authorQueryWords("Flannery O'Connor")).toEqual(['connor'])
    expect(authorQueryWords('Tolkien, J.R.R.')).toEqual(['tolkien'])
    expect(authorQueryWords('J.R.R. Tolkien')).toEqual(['tolkien'])
    expect(authorQueryWords('Mary Wollstonecraft Shelley')).toEqual(['wollstonecraft', 'shelley'])
    expect(authorQueryWords('Miguel de Cervantes Saavedra')).toEqual(['cervantes', 'saavedra'])
    expect(authorQueryWords('Austen')).toEqual(['austen'])
    expect(authorQueryWords('')).toEqual([])
  })
})

describe('deciding a row by title and author', () => {
  const book = (id: string, title: string, author: string) => ({ id, title, author })
  const austen = [book('emma', 'Emma', 'Jane Austen'), book('persuasion', 'Persuasion', 'Jane Austen')]

  it('finds the one work, notes and subtitles and extra names set aside', () => {
    expect(decideByTitle({ title: 'Emma (Penguin Classics)', author: 'Jane Austen' }, austen)).toEqual({ kind: 'match', id: 'emma' })
    expect(decideByTitle({ title: 'Frankenstein: The 1818 Text', author: 'Mary Wollstonecraft Shelley' }, [book('f', 'Frankenstein', 'Mary Shelley')])).toEqual(
      {
        kind: 'match',
        id: 'f',
      },
    )
    expect(decideByTitle({ title: 'Don Quixote', author: 'Miguel de Cervantes Saavedra' }, [book('q', 'Don Quixote', 'Miguel de Cervantes')])).toEqual({
      kind: 'match',
      id: 'q',
    })
    // The work with the title as written is taken before one that only agrees with a subtitle aside.
    const both = [book('f18', 'Frankenstein: The 1818 Text', 'Mary Shelley'), book('f', 'Frankenstein', 'Mary Shelley')]
    expect(decideByTitle({ title: 'Frankenstein', author: 'Mary Shelley' }, both)).toEqual({ kind: 'match', id: 'f' })
  })

  it('never takes another author’s book of the same title, nor a longer title', () => {
    expect(decideByTitle({ title: 'Emma', author: 'Emma Tennant' }, austen)).toEqual({ kind: 'none' })
    expect(decideByTitle({ title: 'Secret', author: 'Donna Tartt' }, [book('s', 'The Secret History', 'Donna Tartt')])).toEqual({ kind: 'none' })
    expect(decideByTitle({ title: 'Emma', author: 'Jane Austen' }, [])).toEqual({ kind: 'none' })
  })

  it('waits for the reader with the candidates when in doubt', () => {
    expect(decideByTitle({ title: 'Persuasion', author: 'Austen' }, austen)).toEqual({ kind: 'wait', reason: 'family_only', ids: ['persuasion'] })
    expect(decideByTitle({ title: 'Persuasion', author: '' }, austen)).toEqual({ kind: 'wait', reason: 'no_author', ids: ['persuasion'] })
    const twice = [book('e1', 'Emma', 'Jane Austen'), book('e2', 'Emma', 'J. Austen')]
    expect(decideByTitle({ title: 'Emma', author: 'Jane Austen' }, twice)).toEqual({ kind: 'wait', reason: 'several', ids: ['e1', 'e2'] })
    const series = [book('dt7', 'The Dark Tower', 'Stephen King'), book('dt2', 'The Dark Tower: The Drawing of the Three', 'Stephen King')]
    expect(decideByTitle({ title: 'The Dark Tower: The Gunslinger', author: 'Stephen King' }, series)).toEqual({
      kind: 'wait',
      reason: 'subtitle',
      ids: ['dt7', 'dt2'],
    })
  })

  it("takes the book of the row's first ISBN a book holds, an ISBN-13 before its ISBN-10", () => {
    const found = [
      { id: 'by10', isbn: '0261103342' },
      { id: 'by13', isbn: '9780261103344' },
    ]
    expect(firstByIsbn(['9780261103344', '0261103342'], found)).toBe('by13')
    expect(firstByIsbn(['9780000000002', '0261103342'], found)).toBe('by10')
    expect(firstByIsbn(['9780000000002'], found)).toBeUndefined()
  })
})

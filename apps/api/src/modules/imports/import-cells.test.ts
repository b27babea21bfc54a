import { describe, expect, it } from 'vitest'
import { isbnsOf, oneSpaced, plainText, positiveInt, publisherOf, reviewText, withoutTags, yearOf } from '#/modules/imports/import-cells.ts'

// The cells of an imported row that never fail it (import-cells.ts), on their own.

describe('book details', () => {
  it('takes valid ISBNs only, from ="…" cells too, each form filled in from the other when it converts', () => {
    expect(isbnsOf('="9780261103344"', '="0261103342"')).toEqual({ isbn13: '9780261103344', isbn10: '0261103342' })
    expect(isbnsOf('', '0-261-10334-2')).toEqual({ isbn13: '9780261103344', isbn10: '0261103342' })
    expect(isbnsOf('9790000000001')).toEqual({ isbn13: '9790000000001', isbn10: null })
    expect(isbnsOf('9780261103345', 'B00ABCDEFG')).toEqual({ isbn13: null, isbn10: null })
  })

  it('leaves out pages and years that are not numbers, 0 pages or a year 0', () => {
    expect(positiveInt('320', 100_000)).toBe(320)
    for (const text of ['0', '-5', '12.5', '1e3', '', '100001']) expect(positiveInt(text, 100_000), text).toBeNull()
    expect(yearOf('-800')).toBe(-800)
    expect(yearOf('1937')).toBe(1937)
    for (const text of ['0', '19371', 'c. 1937', '']) expect(yearOf(text), text).toBeNull()
  })

  it('keeps a publisher on one line with single spaces, and leaves out an empty one or one longer than 200 characters', () => {
    expect(oneSpaced('  Allen \t and\n Unwin ')).toBe('Allen and Unwin')
    expect(publisherOf(' Allen\n&   Unwin ')).toBe('Allen & Unwin')
    expect(publisherOf('   ')).toBeNull()
    expect(publisherOf('x'.repeat(201))).toBeNull()
    expect(publisherOf('x'.repeat(200))).toBe('x'.repeat(200))
  })
})

describe('a review', () => {
  it('becomes plain text: <br> a line break, other markup dropped, entities decoded once, none when empty', () => {
    expect(plainText('Loved it.<br/><br />Read it <b>twice</b> &amp; again &#8217;&#x41;&amp;lt;')).toBe('Loved it.\n\nRead it twice & again ’A&lt;')
    expect(plainText('I <3 it, 2 < 3 &unknown;')).toBe('I <3 it, 2 < 3 &unknown;')
    expect(plainText(' <p></p> ')).toBeNull()
  })

  it('loses only what opens a tag and runs to its >', () => {
    expect(withoutTags('a <a href="x">b</a> <3 <')).toBe('a b <3 <')
    expect(withoutTags('<a')).toBe('<a')
  })
})

describe('a review’s Goodreads spoilers (decision 0044)', () => {
  it('turns <spoiler>…</spoiler>, as tags or escaped, into ||…||, never leaving the tags as text', () => {
    expect(reviewText('Great.<br/><spoiler>He dies</spoiler> Sad.')).toBe('Great.\n||He dies|| Sad.')
    expect(reviewText('Wait: &lt;spoiler&gt;the twin did it&lt;/spoiler&gt;!')).toBe('Wait: ||the twin did it||!')
    expect(reviewText('<SPOILER class="x">a</Spoiler>')).toBe('||a||')
    expect(reviewText('no spoilers, just <b>bold</b>')).toBe('no spoilers, just bold')
    expect(reviewText('<spoiler></spoiler>')).toBe('||||')
    expect(reviewText('   ')).toBeNull()
  })

  it('stays linear on a long run of unclosed tags', () => {
    const started = performance.now()
    reviewText('<spoiler'.repeat(20_000))
    expect(performance.now() - started).toBeLessThan(500)
  })
})

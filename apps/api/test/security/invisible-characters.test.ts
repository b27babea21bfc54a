import { expect, it } from 'vitest'
import { AuthResultSchema, BookSchema, ErrorBodySchema, ReviewSchema, UserSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../support/context.ts'
import { callerOf } from '../support/calls.ts'
import { insertUser } from '../support/factories.ts'

// Control and format characters in what readers write (issue 19): BEL and ESC (a terminal or log
// viewer acts on them), bidi overrides and isolates (a title that reads backwards or spills over the
// page) and zero-width characters (a title or name that looks like another) are dropped from one-line
// fields; fields of several lines keep their line breaks. What writing systems need stays: Arabic
// and Hebrew text, the zero-width non-joiner in Persian, the joiner inside emoji sequences, flags.

const BEL = '\u0007'
const ESC = '\u001b'
const RLO = '\u202E'
const LRI = '\u2066'
const PDI = '\u2069'
const ZWSP = '\u200B'
const WJ = '\u2060'
const BOM = '\uFEFF'
const ZWNJ = '\u200C'
const ZWJ = '\u200D'
const RLM = '\u200F'

const FAMILY = `👩${ZWJ}👩${ZWJ}👧`
const RAINBOW = `🏳️${ZWJ}🌈`
const SCOTLAND = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'

describeEachDialect('invisible characters in what readers write', (ctx) => {
  const call = callerOf(ctx)
  const addBook = async (token: string, book: object) => {
    const res = await call('POST', '/api/books', token, { role: 'none', ...book })
    expect(res.statusCode, res.body).toBe(201)
    return BookSchema.parse((await call('GET', `/api/books/${(res.json() as { _id: string })._id}`)).json())
  }

  it('drops control, reordering and zero-width characters from a book’s one-line fields, keeps the description’s lines, and keeps what right-to-left text, Persian, Indic scripts and emoji need', async () => {
    const { token } = await insertUser(ctx.db)
    const book = await addBook(token, {
      title: `${ZWSP}Dune${BEL} Mess${WJ}iah${ESC}${RLO}`,
      author: `${BOM}Frank${ZWJ} Her${ZWNJ}bert${LRI}`,
      publisher: `Ace${PDI}\r\nBooks\t`,
      edition: `First${BEL}`,
      language: `Eng${ZWSP}lish`,
      genre: [`Sci${ESC}ence Fiction`, `${RLO}Classic`],
      description: `Line one${BEL}\nLine two${RLO}\r\nLine three`,
    })
    expect(book).toMatchObject({
      title: 'Dune Messiah',
      author: 'Frank Herbert',
      publisher: 'Ace Books',
      edition: 'First',
      language: 'English',
      description: 'Line one\nLine two\r\nLine three',
    })
    expect(book.genre.toSorted()).toEqual(['Classic', 'Science Fiction'])

    // What writing systems need stays exactly: right-to-left text with its marks, the Persian
    // non-joiner, the Indic joiner after a virama, emoji sequences and flags.
    for (const title of [
      'مئة عام من العزلة',
      `ספר הדקדוק הפנימי${RLM}!`,
      `می${ZWNJ}خواهم بخوانم`,
      `क्${ZWJ}ष and ക്${ZWJ}`,
      `Our family ${FAMILY} ${RAINBOW}`,
      `Flags ${SCOTLAND}`,
      `עברית and English, 2024 — العربية`,
    ]) {
      const book = await addBook(token, { title, author: 'نجيب محفوظ' })
      expect(book.title, JSON.stringify(title)).toBe(title)
      expect(book.author).toBe('نجيب محفوظ')
    }
  })

  it('refuses a title made only of invisible characters as empty, naming the field', async () => {
    const { token } = await insertUser(ctx.db)
    const res = await call('POST', '/api/books', token, { title: `${ZWSP}${RLO}${BEL}${BOM} `, author: 'Someone', role: 'none' })
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).message).toBe('Title is required')
  })

  it('drops them from display names at sign-up and in the profile, keeps the bio’s and a review’s lines', async () => {
    const username = `inv_${Date.now()}`
    const signed = await call('POST', '/api/auth/register', undefined, {
      name: `Maya${ZWSP}${BEL} Reads${RLO}${ESC}`,
      username,
      email: `${username}@example.test`,
      password: 'a fine long passphrase 42',
      userType: 'Reader',
    })
    expect(signed.statusCode, signed.body).toBe(201)
    const { token, user } = AuthResultSchema.parse(signed.json())
    expect(user.name).toBe('Maya Reads')

    const updated = await call('PUT', '/api/users/profile/update', token, { name: `${LRI}Maya${WJ} R.${PDI}`, bio: `Reader.${BEL}\nWriter${ZWSP}.` })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(UserSchema.parse(updated.json())).toMatchObject({ name: 'Maya R.', bio: 'Reader.\nWriter.' })

    const book = await addBook(token, { title: 'A book to review', author: 'Someone' })
    const reviewed = await call('POST', `/api/reviews/book/${book._id}`, token, { rating: 4, comment: `Loved it${BEL}${RLO}.\nSecond line ${FAMILY}` })
    expect(reviewed.statusCode, reviewed.body).toBe(201)
    expect(ReviewSchema.parse(reviewed.json()).comment).toBe(`Loved it.\nSecond line ${FAMILY}`)
  })
})

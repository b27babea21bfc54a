import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { bookAsEdition, primaryEditionOf, type Book, type Edition } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, validationFailed, type FakeRequest, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildEdition, buildUser, signIn } from '#/test/factories.ts'
import { audioLength, parseAudioLength } from '#/features/books/components/edition-text.ts'

const edition = buildEdition
/** A work and its editions, answering the book page's calls for the work and for each edition. */
function editionsServer(work: Book, others: Edition[], extra: Record<string, Handler> = {}) {
  // Read at each call: an edition added meanwhile is counted and listed.
  const all = () => [primaryEditionOf(work), ...others]
  const routes: Record<string, Handler> = {
    [`GET /books/${work._id}`]: () => ({ body: { ...work, editionCount: all().length } }),
    [`GET /books/${work._id}/editions`]: (req) => pagedAnswer(all())(req),
    [`GET /reviews/book/${work._id}`]: { body: [], headers: { 'X-Total-Count': '0' } },
    ...extra,
  }
  for (const e of others) routes[`GET /books/${e._id}`] = () => ({ body: { ...bookAsEdition(work, e), editionCount: all().length } })
  return fakeApi(routes)
}

const emma = () =>
  buildBook({ title: 'Emma', author: 'Jane Austen', isbn: '9780141439587', pageCount: 474, format: 'hardcover', editionCount: 1, publisher: 'John Murray' })

describe('a book’s other editions', () => {
  it('"Other editions (n)" opens the work’s editions with their facts, pages of 50 read on Load More, each linking to its page', async () => {
    const work = emma()
    const others = [
      edition(work, {
        isbn: '9780141199887',
        format: 'paperback',
        pageCount: 512,
        publisher: 'Penguin Classics',
        publishedDate: '2003-05-01',
        language: 'English',
        edition: 'Penguin Classics',
        coverImage: 'https://covers.example/emma-penguin.jpg',
      }),
      edition(work, { format: 'audiobook', audioSeconds: 36_000 + 30 * 60 + 20, publisher: 'Naxos', language: 'English' }),
      // A publisher written right to left, an emoji in the note.
      edition(work, { format: 'ebook', publisher: 'دار المدى', language: 'العربية', edition: '📚 طبعة' }),
      ...Array.from({ length: 197 }, (_, i) =>
        edition(work, { format: 'paperback', isbn: `97800000${String(i).padStart(5, '0')}`, edition: `Printing ${i + 1}` }),
      ),
    ]
    const { callsTo } = editionsServer(work, others)
    renderApp(`/books/${work._id}`)

    const open = await screen.findByRole('button', { name: 'Other editions (200)' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')
    const list = await screen.findByRole('list', { name: 'Other editions' })
    // The page shows the main edition: the list leaves it out.
    expect(within(list).getAllByRole('listitem')).toHaveLength(49)
    const penguin = within(list).getByRole('link', { name: 'Paperback · Penguin Classics, 2003' })
    expect(penguin).toHaveAttribute('href', `/books/${others[0]!._id}`)
    expect(within(penguin.closest('li')!).getByText('Penguin Classics · May 2003 · English · 512 pages · ISBN 9780141199887')).toBeInTheDocument()
    const audio = within(list).getByRole('link', { name: 'Audiobook' })
    expect(within(audio.closest('li')!).getByText('Naxos · English · 10:30 long')).toBeInTheDocument()
    // Right-to-left text a reader wrote is isolated, so the line keeps its order around it.
    const arabic = within(list).getByRole('link', { name: 'E-book · \u2068📚 طبعة\u2069' })
    expect(arabic).toHaveAttribute('dir', 'auto')
    expect(within(arabic.closest('li')!).getByText('\u2068دار المدى\u2069 · \u2068العربية\u2069')).toBeInTheDocument()
    expect(screen.getByText('49 of 200 shown')).toBeInTheDocument()
    expect(callsTo(`GET /books/${work._id}/editions`)[0]!.query.get('limit')).toBe('50')

    for (const shown of [99, 149, 199, 200]) {
      fireEvent.click(screen.getByRole('button', { name: 'Load More' }))
      // Counted without role queries, which take long over 200 rows in jsdom.
      await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(shown))
    }
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument()
    expect(list.lastElementChild).toHaveTextContent('Paperback · Printing 197')
  })

  it('is not shown to a visitor when the work has one edition; a signed-in reader is offered to add one', async () => {
    const work = emma()
    editionsServer(work, [])
    const { unmount } = renderApp(`/books/${work._id}`)
    await screen.findByRole('heading', { name: 'Emma', level: 1 })
    // The facts say the format, then nothing about editions.
    expect(screen.getByText('Hardcover')).toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('region', { name: 'Editions' })).not.toBeInTheDocument()
    unmount()

    signIn(buildUser())
    renderApp(`/books/${work._id}`)
    const section = await screen.findByRole('region', { name: 'Editions' })
    expect(within(section).getByText('This is the only edition on Shelfwise so far.')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: /Other editions/ })).not.toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Add an edition' })).toBeInTheDocument()
  })

  it('an edition’s page says which edition it shows, links to the main one, and lists the others with the main one marked', async () => {
    const work = emma()
    const penguin = edition(work, { isbn: '9780141199887', format: 'paperback', pageCount: 512, publishedDate: '2003-05-01', publisher: 'Penguin Classics' })
    const audio = edition(work, { format: 'audiobook', audioSeconds: 37_800 })
    editionsServer(work, [penguin, audio])
    renderApp(`/books/${penguin._id}`)

    const banner = await screen.findByText('Paperback edition, 2003 · ISBN 9780141199887')
    const main = within(banner.closest('[role="note"]') as HTMLElement).getByRole('link', { name: 'See the main edition' })
    expect(main).toHaveAttribute('href', `/books/${work._id}`)
    // The facts are the edition's.
    expect(screen.getByText('512')).toBeInTheDocument()
    expect(screen.getByText('Paperback')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Other editions (2)' }))
    const list = await screen.findByRole('list', { name: 'Other editions' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole('link', { name: 'Hardcover · First, 2020' })).toHaveAttribute('href', `/books/${work._id}`)
    expect(within(items[0]!).getByText('Main edition')).toBeInTheDocument()
    expect(within(items[1]!).getByRole('link', { name: 'Audiobook' })).toHaveAttribute('href', `/books/${audio._id}`)
  })

  it('an audiobook’s page gives its length as h:mm and no empty page count', async () => {
    const work = emma()
    const audio = edition(work, { format: 'audiobook', audioSeconds: 9 * 3600 + 5 * 60 })
    editionsServer(work, [audio])
    renderApp(`/books/${audio._id}`)
    expect(await screen.findByText('9:05 (h:mm)')).toBeInTheDocument()
    expect(screen.queryByText('Pages')).not.toBeInTheDocument()
    expect(screen.getByText('Audiobook edition')).toBeInTheDocument()
  })
})

describe('Add an edition', () => {
  const open = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Add an edition' }))
    return screen.findByRole('dialog', { name: 'Add an edition' })
  }

  it('checks the form before sending, shows the API’s messages beside their fields, then sends the edition and lists it', async () => {
    signIn(buildUser())
    const work = emma()
    let answer: 'held' | 'pages' | 'ok' = 'held'
    const added: Edition[] = []
    const { callsTo } = editionsServer(work, added, {
      [`POST /books/${work._id}/editions`]: (req: FakeRequest) => {
        if (answer === 'held')
          return { status: 409, body: { message: 'This ISBN is already on Shelfwise, as an edition of "Emma" by Jane Austen', code: 'conflict' } }
        if (answer === 'pages')
          return validationFailed('Page count must be at most 100000', { pageCount: 'must be at most 100000', publisher: 'must be at most 200 characters' })
        const made = edition(work, { ...(req.body as Partial<Edition>) })
        added.push(made)
        return { status: 201, body: made }
      },
    })
    renderApp(`/books/${work._id}`)
    let dialog = await open()

    // A paperback needs an ISBN: said before anything is sent, in the API's words.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Format' }), { target: { value: 'paperback' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add edition' }))
    const isbn = within(dialog).getByRole('textbox', { name: 'ISBN' })
    expect(await within(dialog).findByText('ISBN is required, unless the format is ebook or audiobook')).toBeInTheDocument()
    await waitFor(() => expect(isbn).toHaveFocus())
    expect(isbn).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo(`POST /books/${work._id}/editions`)).toHaveLength(0)

    // An ISBN another book holds: the API's 409 beside the ISBN.
    fireEvent.change(isbn, { target: { value: '978-0-14-119988-7' } })
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Pages' }), { target: { value: '512' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Publisher' }), { target: { value: 'Penguin Classics' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add edition' }))
    expect(await within(dialog).findByText('This ISBN is already on Shelfwise, as an edition of "Emma" by Jane Austen')).toBeInTheDocument()

    // A refusal naming fields: each message beside its field.
    answer = 'pages'
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add edition' }))
    expect(await within(dialog).findByText('Page count must be at most 100000')).toBeInTheDocument()
    expect(within(dialog).getByText('Publisher must be at most 200 characters')).toBeInTheDocument()
    expect(within(dialog).queryByText(/already on Shelfwise/)).not.toBeInTheDocument()

    answer = 'ok'
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add edition' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(`POST /books/${work._id}/editions`).at(-1)!.body).toEqual({
      format: 'paperback',
      isbn: '978-0-14-119988-7',
      pageCount: 512,
      audioSeconds: null,
      publisher: 'Penguin Classics',
      publishedDate: null,
      language: '',
      edition: '',
      coverImage: '',
    })
    const success = await screen.findByText(/Edition added/)
    expect(within(success.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Paperback' })).toHaveAttribute('href', `/books/${added[0]!._id}`)
    // The work is read again: it now has another edition, listed.
    const list = await screen.findByRole('list', { name: 'Other editions' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Other editions (1)' })).toHaveAttribute('aria-expanded', 'true')
    dialog = await open()
    expect(within(dialog).getByRole('textbox', { name: 'ISBN' })).toHaveValue('')
  })

  it('takes an audiobook’s length as h:mm instead of pages, and needs no ISBN for it', async () => {
    signIn(buildUser())
    const work = emma()
    const { callsTo } = editionsServer(work, [], {
      [`POST /books/${work._id}/editions`]: (req: FakeRequest) => ({ status: 201, body: edition(work, req.body as Partial<Edition>) }),
    })
    renderApp(`/books/${work._id}`)
    const dialog = await open()
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Format' }), { target: { value: 'audiobook' } })
    expect(within(dialog).queryByRole('spinbutton', { name: 'Pages' })).not.toBeInTheDocument()
    const length = within(dialog).getByRole('textbox', { name: 'Length (h:mm)' })
    fireEvent.change(length, { target: { value: '10 hours' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add edition' }))
    expect(await within(dialog).findByText('Length must be hours and minutes, like 10:30')).toBeInTheDocument()
    fireEvent.change(length, { target: { value: '10:30' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add edition' }))
    await waitFor(() => expect(callsTo(`POST /books/${work._id}/editions`)).toHaveLength(1))
    expect(callsTo(`POST /books/${work._id}/editions`)[0]!.body).toMatchObject({ format: 'audiobook', isbn: '', pageCount: null, audioSeconds: 37_800 })
  })
})

describe('an audiobook’s length in words', () => {
  it('reads and writes h:mm, to the nearest minute', () => {
    expect(audioLength(36_000)).toBe('10:00')
    expect(audioLength(37_829)).toBe('10:30')
    expect(audioLength(59)).toBe('0:01')
    expect(parseAudioLength('10:30')).toBe(37_800)
    expect(parseAudioLength(' 7 ')).toBe(25_200)
    expect(parseAudioLength('0:00')).toBeUndefined()
    expect(parseAudioLength('1:75')).toBeUndefined()
    expect(parseAudioLength('ten')).toBeUndefined()
  })
})

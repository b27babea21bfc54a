import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ImportJob } from '@shelfwise/contracts'
import { csvQuoted, GOODREADS_EXPORT_COLUMNS, STORYGRAPH_EXPORT_COLUMNS } from '@shelfwise/library-files'
import { renderApp } from '#/test/render.tsx'
import { textsOf } from '#/test/queries.ts'
import { fakeApi, pagedAnswer, type Handler } from '#/test/fake-api.ts'
import { buildImportJob, buildUser, signIn } from '#/test/factories.ts'

// The preview of a chosen export, read in the browser before anything is sent (issue 14).

const GOODREADS_HEADER = GOODREADS_EXPORT_COLUMNS.join(',')
const STORYGRAPH_HEADER = STORYGRAPH_EXPORT_COLUMNS.join(',')

/** A Goodreads row: its title, author, rating and shelf, the other 20 cells as the export leaves them. */
const goodreadsRow = (id: number, title: string, author: string, rating: number, shelf: string, review = '') =>
  [id, title, author, '', '', '="0593135202"', '=""', rating, '4.1', '', '', '', '', '', '', '2024/03/15', '', '', shelf, review, '', '', '1', '0']
    .map((v) => csvQuoted(String(v)))
    .join(',')

const GOODREADS_FILE =
  '\uFEFF' +
  [
    GOODREADS_HEADER,
    goodreadsRow(1, 'The Fifth Season (The Broken Earth, #1)', 'N. K. Jemisin', 5, 'read', 'Loved it.<br/><br/>Again, "twice".'),
    goodreadsRow(2, 'Kindred', 'Octavia E. Butler', 0, 'to-read', 'A review\r\nover two lines'),
    goodreadsRow(3, '', 'Nobody', 0, 'read'),
    goodreadsRow(4, 'ספר הדקדוק הפנימי', 'דויד גרוסמן', 4, 'currently-reading'),
    goodreadsRow(5, 'Piranesi', 'Susanna Clarke', 3, 'did-not-finish'),
    goodreadsRow(6, 'The sixth, not shown', 'Anyone', 2, 'read'),
    goodreadsRow(7, 'The seventh', 'Anyone', 1, 'read'),
  ].join('\r\n') +
  '\r\n'

const queued = (over: Partial<ImportJob> = {}): ImportJob => buildImportJob({ status: 'queued', total: 7, finishedAt: null, ...over })

function importApi(routes: Record<string, Handler> = {}) {
  signIn(buildUser({ username: 'ada' }))
  return fakeApi({ 'GET /imports': { body: [] }, 'GET /me/imported-books': { body: [] }, ...routes })
}

async function openImport() {
  renderApp('/import')
  return screen.findByLabelText('Export file (CSV)')
}

const choose = (field: HTMLElement, file: File | null) => fireEvent.change(field, { target: { files: file ? [file] : [] } })
const csvFile = (text: string, name = 'goodreads_library_export.csv') => new File([text], name, { type: 'text/csv' })
/**
 * A row's title, author, shelf and rating, as its cells hold them (the author is in its column, and
 * under the title on a phone, where its column is left out).
 */
const cellTexts = (tr: HTMLElement) => Array.from((tr as HTMLTableRowElement).cells, (td) => td.firstChild?.textContent ?? '')
/** The live summary under the file field (other statuses on the screen aside). */
const summary = () => screen.getAllByRole('status').find((el) => el.closest('form'))!

describe('the preview of a chosen file', () => {
  it('says a Goodreads export is one, counts its books and shows its first five rows, before anything is sent', async () => {
    const { callsTo } = importApi()
    const field = await openImport()
    choose(field, csvFile(GOODREADS_FILE))

    expect(await screen.findByText('Looks like a Goodreads export')).toBeInTheDocument()
    expect(summary()).toHaveTextContent('Looks like a Goodreads export · 7 books')
    const table = screen.getByRole('table', { name: 'The first 5 of 7 books' })
    expect(textsOf(table, 'columnheader')).toEqual(['Title', 'Author', 'Shelf', 'Rating'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map(cellTexts)).toEqual([
      ['The Fifth Season (The Broken Earth, #1)', 'N. K. Jemisin', 'read', '5'],
      ['Kindred', 'Octavia E. Butler', 'to-read', ''],
      ['No title', 'Nobody', 'read', ''],
      ['ספר הדקדוק הפנימי', 'דויד גרוסמן', 'currently-reading', '4'],
      ['Piranesi', 'Susanna Clarke', 'did-not-finish', '3'],
    ])
    // Reader text keeps its own direction: a Hebrew title reads right to left.
    expect(within(rows[3]!).getByText('ספר הדקדוק הפנימי')).toHaveAttribute('dir', 'auto')
    for (const author of within(rows[3]!).getAllByText('דויד גרוסמן')) expect(author).toHaveAttribute('dir', 'auto')
    expect(rows[0]!.querySelector('.author-under')).toHaveTextContent('N. K. Jemisin')
    expect(screen.queryByText('The sixth, not shown')).not.toBeInTheDocument()
    expect(callsTo('POST /imports')).toHaveLength(0)
  })

  it('says a StoryGraph export is one, with its status and quarter-star rating; a single book is "1 book"', async () => {
    importApi()
    const field = await openImport()
    const row = ['Piranesi', 'Susanna Clarke', '', '9781635575637', 'hardcover', 'read', '2024/01/02', '2024/02/01', '2024/01/05-2024/02/01', '1']
    choose(field, csvFile(`${STORYGRAPH_HEADER}\n${row.join(',')},,,,,,,,3.75,,,,,\n`, 'storygraph.csv'))
    expect(await screen.findByText('Looks like a StoryGraph export')).toBeInTheDocument()
    expect(screen.getByText('1 book')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'The one book in the file' })
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument()
    expect(cellTexts(within(table).getAllByRole('row')[1]!)).toEqual(['Piranesi', 'Susanna Clarke', 'read', '3.75'])
  })

  it('counts a long file with separators: "1,234 books"', async () => {
    importApi()
    const field = await openImport()
    const rows = Array.from({ length: 1234 }, (_, i) => `"Book ${i}, with a comma",Someone,,,,read,4`)
    choose(field, csvFile(`${STORYGRAPH_HEADER.split(',').slice(0, 7).join(',')}\n${rows.join('\n')}\n`))
    expect(await screen.findByText('1,234 books')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'The first 5 of 1,234 books' })).toBeInTheDocument()
  })

  it('warns when the file looks like neither export, and still sends it: the server has the last word', async () => {
    const refusal =
      'This is not a Goodreads or StoryGraph export: a Goodreads export has the columns Title, Author, ISBN, ISBN13, My Rating and Exclusive Shelf'
    const { callsTo } = importApi({ 'POST /imports': { status: 400, body: { message: refusal, code: 'bad_request' } } })
    const field = await openImport()
    choose(field, csvFile('Title,Author,Year\nMiddlemarch,George Eliot,1871\nEmma,Jane Austen,1815\n', 'books.csv'))
    expect(
      await screen.findByText(
        'This does not look like a Goodreads or StoryGraph export: it has none of the columns Book Id, Exclusive Shelf, ISBN/UID or Read Status. ' +
          'You can still send it; the import will say what is missing.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('2 books')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'All 2 books in the file' })
    expect(within(table).getByRole('columnheader', { name: 'Shelf or status' })).toBeInTheDocument()
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('MiddlemarchGeorge Eliot')

    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(refusal)))
    expect(callsTo('POST /imports')).toHaveLength(1)
  })

  it('has no table for a file with none of its columns, or with no rows', async () => {
    importApi()
    const field = await openImport()
    choose(field, csvFile('Name,Email\nAda,ada@example.com\n', 'people.csv'))
    expect(await screen.findByText('1 book')).toBeInTheDocument()
    expect(screen.getByText(/^This does not look like a Goodreads or StoryGraph export/)).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()

    choose(field, csvFile(`${GOODREADS_HEADER}\r\n`))
    expect(await screen.findByText('0 books')).toBeInTheDocument()
    expect(screen.getByText('Looks like a Goodreads export')).toBeInTheDocument()
    expect(screen.queryByText(/^This does not look like/)).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('does not read a file over 10 MB: it says at once that it is too large', async () => {
    const { callsTo } = importApi()
    const field = await openImport()
    const big = csvFile(GOODREADS_FILE)
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    const read = vi.spyOn(big, 'text')
    choose(field, big)
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('The file is larger than 10 MB')))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(read).not.toHaveBeenCalled()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(summary()).toHaveTextContent(/^$/)
    expect(callsTo('POST /imports')).toHaveLength(0)
  })

  it('says so when the file cannot be read, and can still send it', async () => {
    importApi()
    const field = await openImport()
    const file = csvFile(GOODREADS_FILE)
    vi.spyOn(file, 'text').mockRejectedValue(new DOMException('The file could not be read', 'NotReadableError'))
    choose(field, file)
    expect(await screen.findByText('This file could not be read for a preview. You can still send it.')).toBeInTheDocument()
  })

  it('follows the chosen file: another file replaces the preview, a slow earlier one is dropped, none clears it', async () => {
    importApi()
    const field = await openImport()
    let finishSlow!: (text: string) => void
    const slow = csvFile('')
    vi.spyOn(slow, 'text').mockReturnValue(new Promise((resolve) => (finishSlow = resolve)))
    choose(field, slow)
    expect(await screen.findByText('Reading the file…')).toBeInTheDocument()

    choose(field, csvFile(GOODREADS_FILE))
    expect(await screen.findByText('7 books')).toBeInTheDocument()
    finishSlow('Title,Author\nA,B\n')
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.getByText('7 books')).toBeInTheDocument()
    expect(screen.queryByText('1 book')).not.toBeInTheDocument()

    choose(field, null)
    await waitFor(() => expect(screen.queryByText('7 books')).not.toBeInTheDocument())
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('goes once the import starts: the job takes its place', async () => {
    const started = queued()
    importApi({
      'POST /imports': { status: 202, body: started },
      [`GET /imports/${started._id}`]: { pending: true },
      [`GET /imports/${started._id}/rows`]: pagedAnswer([]),
    })
    const field = await openImport()
    choose(field, csvFile(GOODREADS_FILE))
    expect(await screen.findByRole('table', { name: 'The first 5 of 7 books' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByText('Looks like a Goodreads export')).not.toBeInTheDocument()
    expect(field).toHaveValue('')
  })
})

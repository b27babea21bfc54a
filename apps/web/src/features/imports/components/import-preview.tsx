import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { alpha } from '@mui/material/styles'
import type { CsvPreview } from '#/features/imports/csv-preview.ts'
import { PREVIEW_TEXT, booksText } from '#/features/imports/components/import-texts.ts'

/** The chosen file's preview: being read, read (what it looks like), or not readable. */
export type FilePreview = { state: 'reading' } | { state: 'ready'; preview: CsvPreview } | { state: 'unreadable' }

/** What the file looks like and how many books it has; a file like neither export gets a warning (it can still be sent). */
function Summary({ preview }: { preview: FilePreview }) {
  if (preview.state === 'reading') return <Typography sx={{ color: 'text.secondary' }}>{PREVIEW_TEXT.reading}</Typography>
  if (preview.state === 'unreadable') return <Typography sx={{ color: 'text.secondary' }}>{PREVIEW_TEXT.unreadable}</Typography>
  const { source, total } = preview.preview
  if (!source) {
    return (
      <>
        <Box
          sx={(t) => ({
            px: 2,
            py: 1.5,
            borderRadius: 1,
            bgcolor: alpha(t.palette.warning.main, 0.12),
            borderLeft: `4px solid ${t.palette.warning.main}`,
            fontWeight: 500,
            overflowWrap: 'anywhere',
          })}
        >
          {PREVIEW_TEXT.notAnExport}
        </Box>
        <Typography sx={{ mt: 1 }}>{booksText(total)}</Typography>
      </>
    )
  }
  return (
    <Typography>
      <Box component="span" sx={{ fontWeight: 700 }}>
        {PREVIEW_TEXT.looksLike(source)}
      </Box>
      {' · '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {booksText(total)}
      </Box>
    </Typography>
  )
}

/** Reader text in its own direction: a Hebrew or Arabic title reads right to left, from the cell's right edge. */
const ReaderText = ({ value, fallback }: { value: string; fallback?: string }) =>
  value ? (
    <Box component="span" dir="auto" sx={{ display: 'block', textAlign: 'start' }}>
      {value}
    </Box>
  ) : fallback ? (
    <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
      {fallback}
    </Box>
  ) : null

/**
 * The file's first rows as a small table: title, author, shelf or status, rating. On a phone the
 * author goes under the title (its column is left out), so the title keeps room to be read.
 */
function PreviewTable({ preview }: { preview: CsvPreview }) {
  const { rows, total, source } = preview
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        mt: 1.5,
        tableLayout: 'fixed',
        borderCollapse: 'collapse',
        typography: 'body2',
        '& caption': { captionSide: 'top', textAlign: 'start', color: 'text.secondary', pb: 0.5 },
        '& th, & td': { textAlign: 'start', verticalAlign: 'top', px: 0.75, py: 0.75, borderBottom: 1, borderColor: 'divider' },
        '& th:first-of-type, & td:first-of-type': { pl: 0.5 },
        '& th': { fontWeight: 700, bgcolor: 'action.hover' },
        // Reader text breaks anywhere it must (a 200-letter word); a shelf at its hyphens first.
        '& td': { overflowWrap: 'anywhere' },
        '& .title': { width: { sm: '40%' } },
        '& .author': { width: '26%', display: { xs: 'none', sm: 'table-cell' } },
        '& .author-under': { display: { xs: 'block', sm: 'none' }, color: 'text.secondary' },
        '& .shelf': { width: { xs: '6.5em', sm: '20%' } },
        '& .rating': { width: { xs: '4.5em', sm: '14%' } },
      }}
    >
      <caption>{PREVIEW_TEXT.caption(rows.length, total)}</caption>
      <thead>
        <tr>
          <th scope="col" className="title">
            {PREVIEW_TEXT.columns.title}
          </th>
          <th scope="col" className="author">
            {PREVIEW_TEXT.columns.author}
          </th>
          <th scope="col" className="shelf">
            {PREVIEW_TEXT.shelfColumn(source)}
          </th>
          <th scope="col" className="rating">
            {PREVIEW_TEXT.columns.rating}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          // Rows have no identity of their own: the file's order is theirs.
          <tr key={i}>
            <td>
              <ReaderText value={row.title} fallback={PREVIEW_TEXT.noTitle} />
              {row.author && (
                <span className="author-under">
                  <ReaderText value={row.author} />
                </span>
              )}
            </td>
            <td className="author">
              <ReaderText value={row.author} />
            </td>
            <td>{row.shelf}</td>
            <td>{row.rating}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  )
}

/**
 * The preview of the chosen file, before it is sent: a live summary (which export it looks like,
 * how many books) and its first rows. Always in the page, empty until a file is chosen, so that what
 * it says is announced.
 */
export function ImportPreview({ preview }: { preview: FilePreview | null }) {
  return (
    <Box sx={{ justifySelf: 'stretch', minWidth: 0 }}>
      <Box role="status">{preview && <Summary preview={preview} />}</Box>
      {preview?.state === 'ready' && preview.preview.rows.length > 0 && preview.preview.hasColumns && <PreviewTable preview={preview.preview} />}
    </Box>
  )
}

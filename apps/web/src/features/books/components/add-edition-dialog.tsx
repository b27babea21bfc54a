import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import type { Book, Edition } from '@shelfwise/contracts'
import { ApiError, loadContracts, type FieldIssue } from '#/lib/api-client.ts'
import { useAddEdition, type EditionBody } from '#/features/books/api/editions.ts'
import { BOOK_FORMAT_LABELS, parseAudioLength } from '#/features/books/components/edition-text.ts'

const FAILED = 'Could not add the edition. Please try again.'

type Field = 'format' | 'isbn' | 'pageCount' | 'audioSeconds' | 'publisher' | 'publishedDate' | 'language' | 'edition' | 'coverImage'
/** The fields in the order the form shows them: the first one with a problem is focused. */
const FIELDS: Field[] = ['format', 'isbn', 'pageCount', 'audioSeconds', 'publisher', 'publishedDate', 'language', 'edition', 'coverImage']
type Values = Record<Field, string>
interface FieldExtra {
  helperText?: string
  type?: string
  placeholder?: string
  htmlInput?: Record<string, unknown>
  /** The choices of a select. */
  options?: ReactNode
}
const EMPTY: Values = { format: '', isbn: '', pageCount: '', audioSeconds: '', publisher: '', publishedDate: '', language: '', edition: '', coverImage: '' }
const LENGTH_PROBLEM = 'Length must be hours and minutes, like 10:30'

const isField = (path: string): path is Field => (FIELDS as string[]).includes(path)

/** The body sent: the length typed as h:mm in seconds; pages only for what is not an audiobook. */
function bodyOf(v: Values): EditionBody {
  const audio = v.format === 'audiobook'
  return {
    format: v.format || null,
    isbn: v.isbn,
    pageCount: audio || v.pageCount.trim() === '' ? null : v.pageCount.trim(),
    audioSeconds: audio && v.audioSeconds.trim() !== '' ? (parseAudioLength(v.audioSeconds) ?? null) : null,
    publisher: v.publisher,
    publishedDate: v.publishedDate || null,
    language: v.language,
    edition: v.edition,
    coverImage: v.coverImage,
  }
}

/** Each field's first problem, in the server's words (one sentence naming the field). */
async function problemsOf(issues: FieldIssue[]): Promise<Partial<Record<Field, string>>> {
  const { validationSentence } = await loadContracts()
  const out: Partial<Record<Field, string>> = {}
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? ''
    // The length is typed as h:mm here: the API's words about seconds would not match the field.
    if (isField(field)) out[field] ??= field === 'audioSeconds' ? LENGTH_PROBLEM : validationSentence(issue.path, issue.message)
  }
  return out
}

/**
 * "Add an edition" (decision 0027): a signed-in reader adds an edition of the work a page shows.
 * Every problem shows beside its field — the contract's checks before sending, then the API's
 * (a wrong check digit, an ISBN another book holds) — and the first one is focused.
 */
export default function AddEditionDialog({ book, onClose, onAdded }: { book: Book; onClose: () => void; onAdded: (edition: Edition) => void }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'))
  const add = useAddEdition(book._id, book.editionId ?? book._id)
  const [values, setValues] = useState<Values>(EMPTY)
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const isAudio = values.format === 'audiobook'

  const show = (found: Partial<Record<Field, string>>) => {
    setProblems(found)
    const first = FIELDS.find((f) => found[f])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const body = bodyOf(values)
    const found: Partial<Record<Field, string>> = {}
    if (isAudio && values.audioSeconds.trim() !== '' && body.audioSeconds === null) found.audioSeconds = LENGTH_PROBLEM
    const { CreateEditionInputSchema } = await loadContracts()
    const parsed = CreateEditionInputSchema.safeParse(body)
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
      Object.assign(found, { ...(await problemsOf(issues)), ...found })
    }
    if (Object.keys(found).length) return show(found)
    show({})
    try {
      onAdded(await add.mutateAsync({ ...body, pageCount: body.pageCount === null ? null : Number(body.pageCount) }))
    } catch (err) {
      if (!(err instanceof ApiError) || !err.fromServer) return setFailure(FAILED)
      if (err.issues.length) return show(await problemsOf(err.issues))
      // A wrong check digit, or an ISBN another book or edition holds: said beside the ISBN.
      if (/^(This )?ISBN\b/.test(err.message)) return show({ isbn: err.message })
      setFailure(err.message)
    }
  }

  const field = (name: Field, label: string, extra: FieldExtra = {}) => (
    <TextField
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(problems[name])}
      helperText={problems[name] ?? extra.helperText}
      fullWidth
      size="small"
      {...(extra.type ? { type: extra.type } : {})}
      {...(extra.placeholder ? { placeholder: extra.placeholder } : {})}
      select={Boolean(extra.options)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { dir: 'auto', ...extra.htmlInput } }}
    >
      {extra.options}
    </TextField>
  )

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby="add-edition-title">
      <Box
        component="form"
        ref={formRef}
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
      >
        <DialogTitle id="add-edition-title">Add an edition</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {`Another printing of ${book.title} by ${book.author}: its ratings and reviews stay with the book.`}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
              {failure}
            </Alert>
          )}
          {field('format', 'Format', {
            options: (
              <>
                <option value="">Not known</option>
                {Object.entries(BOOK_FORMAT_LABELS).map(([f, label]) => (
                  <option key={f} value={f}>
                    {label}
                  </option>
                ))}
              </>
            ),
          })}
          {field('isbn', 'ISBN', { helperText: 'ISBN-10 or ISBN-13; an e-book or audiobook may have none', htmlInput: { autoComplete: 'off' } })}
          {isAudio
            ? field('audioSeconds', 'Length (h:mm)', { placeholder: '10:30', htmlInput: { inputMode: 'numeric' } })
            : field('pageCount', 'Pages', { type: 'number', htmlInput: { min: 1, inputMode: 'numeric' } })}
          {field('publisher', 'Publisher')}
          {field('publishedDate', 'Published date', { type: 'date' })}
          {field('language', 'Language')}
          {field('edition', 'Edition', { helperText: 'For example Penguin Classics or 2nd edition' })}
          {field('coverImage', 'Cover image URL', { type: 'url' })}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add edition'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

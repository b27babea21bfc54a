import { useEffect, useRef, useState, type ComponentType } from 'react'
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form'
import { Link as RouterLink, useLocation, useNavigate } from '#/lib/router/react.tsx'
import { useQueryClient } from '@tanstack/react-query'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Link from '@mui/material/Link'
import UploadIcon from '@mui/icons-material/Upload'
import type { Book, BookDuplicate } from '@shelfwise/contracts'
import { ADD_BOOK_CATEGORIES } from '@shelfwise/contracts/constants'
import { compactIsbn } from '@shelfwise/library-files/isbn'
import { BOOK_MESSAGES } from '#/features/books/components/add-book-values.ts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ApiError, errorMessage } from '#/lib/api-client.ts'
import { refuseImage, uploadImage } from '#/lib/upload-image.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { clearDraft, readDraft, writeDraft } from '#/lib/drafts.ts'
import { FormTextField } from '#/components/form-text-field.tsx'
import { LeaveConfirmDialog, useLeaveGuard } from '#/components/feedback/leave-guard.tsx'
import { NoteWithAction } from '#/components/feedback/note-with-action.tsx'
import { useCreateBook } from '#/features/books/api/create-book.ts'
import { useUpdateBook } from '#/features/books/api/change-book.ts'
import { bookDuplicatesQuery, isCheckable, useBookDuplicates, type DuplicateCheck } from '#/features/books/api/find-duplicates.ts'
import {
  ADD_BOOK_TEXT,
  checkBookForm,
  EMPTY_BOOK_FORM,
  FIELD_ORDER,
  fieldErrorsFromIssues,
  formValuesOf,
  OPTIONAL_FIELDS,
  toBookBody,
  type BookField,
  type BookFormValues,
} from '#/features/books/components/add-book-values.ts'
import { DuplicateNotice } from '#/features/books/components/duplicate-notice.tsx'
import { GenreField } from '#/features/books/components/genre-field.tsx'
import type { PersonFieldProps } from '#/components/person-field.ts'

const REDIRECT_AFTER_ADD_MS = 1500
const DRAFT_KEY = 'add-book'

const isFormDraft = (v: unknown): v is BookFormValues =>
  typeof v === 'object' &&
  v !== null &&
  Object.entries(EMPTY_BOOK_FORM).every(([k, empty]) => {
    const value = (v as Record<string, unknown>)[k]
    return typeof value === 'string' || (empty === null && value === null)
  })

/** Typed text (a chosen role alone is not worth asking about). */
const hasText = (v: BookFormValues) => FIELD_ORDER.some((f) => f !== 'role' && String(v[f] ?? '').trim() !== '')

/** Worth keeping and asking about on leaving: adding, anything typed; correcting, anything changed from the book as it was. */
const isWorthKeeping = (v: BookFormValues, saved: BookFormValues | undefined) => (saved ? FIELD_ORDER.some((f) => v[f] !== saved[f]) : hasText(v))

const checkOf = (v: BookFormValues): DuplicateCheck => ({ isbn: compactIsbn(v.isbn.trim()), title: v.title.trim(), author: v.author.trim() })
const sameCheck = (a: DuplicateCheck | null, b: DuplicateCheck) => a !== null && a.isbn === b.isbn && a.title === b.title && a.author === b.author

// Every problem at once, each beside its field (react-hook-form keeps them by field name).
const resolver: Resolver<BookFormValues> = async (values) => {
  const problems = await checkBookForm(values)
  const fields = Object.keys(problems) as BookField[]
  if (!fields.length) return { values, errors: {} }
  const errors: FieldErrors<BookFormValues> = {}
  for (const f of fields) errors[f] = { type: 'validate', message: problems[f] }
  return { values: {}, errors }
}

/**
 * The Add a New Book form: every problem shown at once beside its field (the server's too), the first
 * one focused and scrolled into view; books it may repeat pointed out before it is added; what is
 * typed kept in this tab until it is added (a trip to /login and back included); leaving asks first.
 * Given a book, the same form corrects it (for the reader who added it) and then returns to its page.
 */
export function AddBookForm({ book, PersonField }: { book?: Book; PersonField: ComponentType<PersonFieldProps> }) {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const { user, isAuthenticated } = useAuth()
  // On success, the book added (its page is linked) or corrected.
  const [status, setStatus] = useState<{ kind: 'success'; added: Book } | { kind: 'error'; detail?: string } | null>(null)
  const [isUploading, setUploading] = useState(false)
  const [isChecking, setChecking] = useState(false)
  const created = useCreateBook()
  const updated = useUpdateBook(book?._id ?? '')
  const mutation = book ? updated : created
  const draftKey = book ? `edit-book:${book._id}` : DRAFT_KEY
  const text = book
    ? { done: ADD_BOOK_TEXT.updated, failed: ADD_BOOK_TEXT.updateFailed, submit: 'Save Changes', busy: 'Saving...' }
    : { done: ADD_BOOK_TEXT.added, failed: ADD_BOOK_TEXT.failed, submit: 'Add Book', busy: 'Adding...' }
  const formRef = useRef<HTMLFormElement>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  const [saved] = useState(() => (book ? formValuesOf(book, user?.username ?? null) : EMPTY_BOOK_FORM))
  const [initial] = useState(() => readDraft(draftKey, isFormDraft) ?? saved)
  const { control, handleSubmit, setError, clearErrors, getValues, setValue, watch } = useForm<BookFormValues>({
    defaultValues: initial,
    resolver,
    shouldFocusError: false,
  })
  const [hasTyped, setHasTyped] = useState(() => isWorthKeeping(initial, book && saved))
  const isSent = status?.kind === 'success'
  const guard = useLeaveGuard(hasTyped && !isSent)

  // Kept in this tab as it is typed, until the book is added (without drawing the form again per key).
  useEffect(() => {
    const sub = watch((v) => {
      const all = { ...EMPTY_BOOK_FORM, ...v } as BookFormValues
      const typed = isWorthKeeping(all, book && saved)
      setHasTyped(typed)
      if (typed || (!book && all.role)) writeDraft(draftKey, all)
      else clearDraft(draftKey)
    })
    return () => sub.unsubscribe()
  }, [watch, draftKey, book, saved])

  // The spec's move after adding; called off when the reader follows the message's link first (the
  // form stays on screen while the next page's code loads, and the move would then take them away).
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    if (!isSent) return
    redirect.current = setTimeout(() => navigate(book ? paths.book.href(book._id) : paths.profile.href()), REDIRECT_AFTER_ADD_MS)
    return () => clearTimeout(redirect.current)
  }, [isSent, navigate, book])

  // The duplicate check: asked when the reader leaves the ISBN, title or author (and at submit).
  const [checked, setChecked] = useState<DuplicateCheck | null>(() => (!book && hasText(initial) ? checkOf(initial) : null))
  const duplicates = useBookDuplicates(checked)
  // A book being corrected is not a duplicate of itself.
  const others = (list: BookDuplicate[]) => (book ? list.filter((d) => d.book._id !== book._id) : list)
  const [addAnyway, setAddAnyway] = useState<string[]>([])
  const [noticeFocus, setNoticeFocus] = useState(0)
  const [isbn, title, author] = useWatch({ control, name: ['isbn', 'title', 'author'] })
  const now = checkOf({ ...EMPTY_BOOK_FORM, isbn, title, author })
  // Once added, the book is on Shelfwise: it is no duplicate of itself.
  const found = sameCheck(checked, now) && !isSent ? others(duplicates.data ?? []) : []
  const sameIsbn = found.filter((d) => d.reasons.includes('isbn'))
  const sameTitle = found.filter((d) => !d.reasons.includes('isbn') && !addAnyway.includes(d.book._id))
  const checkNow = () => setChecked(checkOf(getValues()))

  useEffect(() => {
    if (noticeFocus === 0) return
    noticeRef.current?.scrollIntoView?.({ block: 'center' })
    noticeRef.current?.focus({ preventScroll: true })
  }, [noticeFocus])

  const focusField = (field: BookField | undefined) => {
    if (!field) return
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)
    el?.scrollIntoView?.({ block: 'center' })
    el?.focus({ preventScroll: true })
  }
  const showFieldErrors = (problems: Partial<Record<BookField, string>>) => {
    for (const f of FIELD_ORDER) if (problems[f]) setError(f, { type: 'server', message: problems[f] })
    focusField(FIELD_ORDER.find((f) => problems[f]))
  }

  const onValid = async (v: BookFormValues) => {
    setStatus(null)
    const check = checkOf(v)
    let matches: BookDuplicate[] = []
    if (isCheckable(check)) {
      setChecked(check)
      setChecking(true)
      // A failed check never stops the book: the server still refuses a taken ISBN.
      matches = others(await queryClient.fetchQuery(bookDuplicatesQuery(check)).catch(() => []))
      setChecking(false)
    }
    // A correction sending the book's ISBN back as it was is not stopped by it: an imported book's ISBN
    // that another book holds by now stays as it is, and the rest of the correction is saved.
    if (book && check.isbn === compactIsbn(book.isbn)) {
      matches = matches.filter((d) => d.reasons.includes('title_author')).map((d) => ({ ...d, reasons: ['title_author'] }))
    }
    if (matches.some((d) => d.reasons.includes('isbn'))) return showFieldErrors({ isbn: BOOK_MESSAGES.isbnTaken })
    if (matches.some((d) => !d.reasons.includes('isbn') && !addAnyway.includes(d.book._id))) return setNoticeFocus((n) => n + 1)
    if (!isAuthenticated) {
      // The reader's own Submit: the trip to /login is not a leaving to ask about; the form is kept.
      guard.allowNext()
      navigate(paths.login.href(), { state: { from: location } })
      return
    }
    try {
      const added = await mutation.mutateAsync(toBookBody(v, user?.username ?? null))
      clearDraft(draftKey)
      setStatus({ kind: 'success', added })
    } catch (err) {
      setStatus({ kind: 'error', detail: err instanceof ApiError && err.fromServer ? err.message : undefined })
      if (!(err instanceof ApiError)) return
      if (err.status === 409 && err.message === BOOK_MESSAGES.isbnTaken) {
        // Added meanwhile: the notice under ISBN links to it.
        void queryClient.invalidateQueries({ queryKey: bookDuplicatesQuery(check).queryKey })
        showFieldErrors({ isbn: BOOK_MESSAGES.isbnTaken })
      } else if (err.issues.length) {
        showFieldErrors(fieldErrorsFromIssues(err.issues))
      }
    }
  }
  const onSubmit = handleSubmit(onValid, (errors) => focusField(FIELD_ORDER.find((f) => errors[f])))

  const signIn = () => {
    // What is typed stays (kept as a draft); the trip is the reader's own.
    guard.allowNext()
    navigate(paths.login.href(), { state: { from: location } })
  }

  // A cover uploaded as a profile image is (lib/upload-image.ts), shown by its address on this site.
  const uploadCover = async (file: File) => {
    const refusal = refuseImage(file)
    if (refusal) return showFieldErrors({ coverImage: refusal })
    setUploading(true)
    try {
      const { imageUrl } = await uploadImage(file)
      if (!imageUrl) throw new Error(ADD_BOOK_TEXT.coverFailed)
      setValue('coverImage', new URL(imageUrl, window.location.origin).href, { shouldDirty: true })
      clearErrors('coverImage')
    } catch (err) {
      showFieldErrors({ coverImage: errorMessage(err, ADD_BOOK_TEXT.coverFailed) })
    } finally {
      setUploading(false)
    }
  }
  const [coverImage] = useWatch({ control, name: ['coverImage'] })

  const field = (name: BookField, label: string, extra: Record<string, unknown> = {}) => {
    const isOptional = OPTIONAL_FIELDS.includes(name)
    return (
      <FormTextField
        control={control}
        name={name}
        label={label}
        required={!isOptional}
        fullWidth
        {...(isOptional ? { helperText: ADD_BOOK_TEXT.optional } : {})}
        {...extra}
      />
    )
  }
  const auto = { slotProps: { htmlInput: { dir: 'auto' } } }
  const person = (name: 'author' | 'publisher', username: 'author_username' | 'publisher_username', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f, fieldState }) => (
        <Controller
          name={username}
          control={control}
          render={({ field: u }) => (
            <PersonField
              label={label}
              required
              name={name}
              inputRef={f.ref}
              value={f.value}
              onChange={(n, handle) => {
                f.onChange(n)
                u.onChange(handle)
              }}
              onBlur={name === 'author' ? checkNow : undefined}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  )

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {!isAuthenticated && !book && (
        <NoteWithAction action={ADD_BOOK_TEXT.signIn} onAction={signIn}>
          {ADD_BOOK_TEXT.signedOut}
        </NoteWithAction>
      )}
      {status?.kind === 'success' && (
        <Alert severity="success" sx={{ overflowWrap: 'anywhere' }}>
          {text.done}
          {!book && (
            <>
              {' '}
              <Link component={RouterLink} to={paths.book.href(status.added._id)} onClick={() => clearTimeout(redirect.current)} sx={{ fontWeight: 600 }}>
                {ADD_BOOK_TEXT.viewBook}: <bdi>{status.added.title}</bdi>
              </Link>
            </>
          )}
        </Alert>
      )}
      {status?.kind === 'error' && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          <div>{text.failed}</div>
          {status.detail && <div>{status.detail}</div>}
        </Alert>
      )}
      <Controller
        name="role"
        control={control}
        render={({ field: f, fieldState }) => (
          <FormControl required error={Boolean(fieldState.error)}>
            <FormLabel id="role-label">Are you the author or the publisher of this book?</FormLabel>
            <RadioGroup
              row
              aria-labelledby="role-label"
              aria-describedby={fieldState.error ? 'role-error' : undefined}
              name="role"
              value={f.value}
              onChange={(e) => f.onChange(e.target.value)}
            >
              <FormControlLabel value="author" control={<Radio inputRef={f.ref} />} label="Author" />
              <FormControlLabel value="publisher" control={<Radio />} label="Publisher" />
              <FormControlLabel value="none" control={<Radio />} label="None" />
            </RadioGroup>
            {fieldState.error && (
              <Alert id="role-error" severity="error" sx={{ mt: 1 }}>
                {fieldState.error.message}
              </Alert>
            )}
          </FormControl>
        )}
      />
      {field('title', 'Title', { ...auto, onBlur: checkNow })}
      {person('author', 'author_username', 'Author')}
      {sameTitle.length > 0 && (
        <DuplicateNotice
          ref={noticeRef}
          kind="title"
          matches={sameTitle}
          onAddAnyway={() => setAddAnyway((ids) => [...ids, ...sameTitle.map((d) => d.book._id)])}
        />
      )}
      {field('description', 'Description', { ...auto, multiline: true, minRows: 4 })}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {coverImage.trim() && <BookCover title={getValues('title') || 'the new book'} src={coverImage.trim()} compact sx={{ width: 56, flexShrink: 0 }} />}
        <Box sx={{ display: 'grid', gap: 1, flex: 1, minWidth: 0 }}>
          {field('coverImage', 'Cover Image URL', { type: 'url' })}
          <Box>
            <Button
              component="label"
              variant="outlined"
              size="small"
              startIcon={isUploading ? <CircularProgress size={16} /> : <UploadIcon />}
              disabled={isUploading || !isAuthenticated}
            >
              {isUploading ? ADD_BOOK_TEXT.uploadingCover : ADD_BOOK_TEXT.uploadCover}
              <input
                type="file"
                accept="image/*"
                hidden
                aria-label="Cover image file"
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  e.target.value = ''
                  if (file) void uploadCover(file)
                }}
              />
            </Button>
          </Box>
        </Box>
      </Box>
      {person('publisher', 'publisher_username', 'Publisher')}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        {field('publishedDate', 'Published Date', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
        {field('language', 'Language', auto)}
        {field('edition', 'Edition', auto)}
        {field('pageCount', 'Page Count', { type: 'number', slotProps: { htmlInput: { min: 1 } } })}
      </Box>
      {field('amazonLink', 'Amazon Link', { type: 'url' })}
      {field('isbn', 'ISBN', { onBlur: checkNow })}
      {sameIsbn.length > 0 && <DuplicateNotice kind="isbn" matches={sameIsbn} />}
      <Controller
        name="genre"
        control={control}
        render={({ field: f, fieldState }) => (
          <GenreField
            value={f.value}
            onChange={f.onChange}
            inputRef={f.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'e.g. Fantasy, Adventure, Romance'}
          />
        )}
      />
      {field('category', 'Category', {
        select: true,
        slotProps: { select: { native: true }, inputLabel: { shrink: true } },
        children: [
          <option key="" value="" disabled>
            Choose a category
          </option>,
          ...ADD_BOOK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          )),
        ],
      })}
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending || isChecking || isSent}>
        {mutation.isPending ? text.busy : text.submit}
      </Button>
      <LeaveConfirmDialog guard={guard} />
    </Box>
  )
}

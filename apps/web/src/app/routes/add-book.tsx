import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useLocation, useNavigate } from 'react-router'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Paper from '@mui/material/Paper'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Typography from '@mui/material/Typography'
import { ADD_BOOK_CATEGORIES, CreateBookInputSchema } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ApiError } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { FormTextField } from '#/components/form-text-field.tsx'
import { useCreateBook } from '#/features/books/api/create-book.ts'
import { UserSuggestField } from '#/features/users/components/user-suggest-field.tsx'

export const ADD_BOOK_TEXT = {
  roleRequired: 'Please specify whether you are the author or publisher.',
  added: 'Book added successfully!',
  failed: 'Failed to add book.',
} as const
export const REDIRECT_AFTER_ADD_MS = 1500

interface Values {
  role: '' | 'author' | 'publisher' | 'none'
  title: string
  author: string
  author_username: string | null
  description: string
  coverImage: string
  publisher: string
  publisher_username: string | null
  publishedDate: string
  language: string
  edition: string
  pageCount: string
  amazonLink: string
  isbn: string
  genre: string
  category: string
}

const empty: Values = {
  role: '', title: '', author: '', author_username: null, description: '', coverImage: '', publisher: '', publisher_username: null,
  publishedDate: '', language: '', edition: '', pageCount: '', amazonLink: '', isbn: '', genre: '', category: '',
}

const requiredFields: (keyof Values)[] = ['title', 'author', 'description', 'coverImage', 'publisher', 'publishedDate', 'language', 'edition', 'pageCount', 'amazonLink', 'isbn', 'genre', 'category']

export const splitGenres = (text: string) => text.split(',').map((g) => g.trim()).filter(Boolean)

/** The body of POST /books, as the spec's client builds it (§5). */
export function toBookBody(v: Values, signedInUsername: string | null) {
  const now = new Date().toISOString()
  return {
    title: v.title.trim(),
    author: v.author.trim(),
    author_username: v.author_username ?? (v.role === 'author' ? signedInUsername : null),
    description: v.description.trim(),
    coverImage: v.coverImage.trim(),
    publisher: v.publisher.trim(),
    publisher_username: v.publisher_username ?? (v.role === 'publisher' ? signedInUsername : null),
    publishedDate: v.publishedDate,
    language: v.language.trim(),
    edition: v.edition.trim(),
    pageCount: Number(v.pageCount),
    amazonLink: v.amazonLink.trim(),
    isbn: v.isbn.trim(),
    genre: splitGenres(v.genre),
    category: v.category,
    role: v.role || undefined,
    listed_by_username: v.role === 'none' ? signedInUsername : null,
    averageRating: 0,
    totalReviews: 0,
    createdAt: now,
    updatedAt: now,
  }
}

export function AddBookRoute() {
  const navigate = useNavigate()
  const location = useLocation()
  const { user, isAuthenticated } = useAuth()
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; detail?: string } | null>(null)
  const mutation = useCreateBook()
  const { control, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: empty,
    resolver: formResolver<Values>(
      (v) => (v.role === '' ? ADD_BOOK_TEXT.roleRequired : undefined),
      CreateBookInputSchema,
      (v) => toBookBody(v, null),
    ),
  })

  useEffect(() => {
    if (status?.kind !== 'success') return
    const t = setTimeout(() => navigate(paths.profile.href()), REDIRECT_AFTER_ADD_MS)
    return () => clearTimeout(t)
  }, [status, navigate])

  const onSubmit = handleSubmit(async (v) => {
    const missing = requiredFields.filter((f) => String(v[f] ?? '').trim() === '')
    if (missing.length) {
      for (const f of missing) setError(f, { type: 'required', message: 'This field is required' })
      return
    }
    if (Number(v.pageCount) < 1) {
      setError('pageCount', { type: 'min', message: 'Page Count must be at least 1' })
      return
    }
    if (!isAuthenticated) {
      navigate(paths.login.href(), { state: { from: location } })
      return
    }
    setStatus(null)
    try {
      await mutation.mutateAsync(toBookBody(v, user?.username ?? null))
      setStatus({ kind: 'success' })
    } catch (err) {
      setStatus({ kind: 'error', detail: err instanceof ApiError && err.fromServer ? err.message : undefined })
    }
  })

  const rootError = formState.errors.root?.message
  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <FormTextField control={control} name={name} label={label} required fullWidth {...extra} />
  )

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>Add a New Book</Typography>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
          {status?.kind === 'success' && <Alert severity="success">{ADD_BOOK_TEXT.added}</Alert>}
          {status?.kind === 'error' && (
            <Alert severity="error">
              <div>{ADD_BOOK_TEXT.failed}</div>
              {status.detail && <div>{status.detail}</div>}
            </Alert>
          )}
          {rootError && <Alert severity="error">{rootError}</Alert>}
          <Controller
            name="role"
            control={control}
            render={({ field: f }) => (
              <FormControl required>
                <FormLabel id="role-label">Are you the author or the publisher of this book?</FormLabel>
                <RadioGroup row aria-labelledby="role-label" name="role" value={f.value} onChange={(e) => f.onChange(e.target.value)}>
                  <FormControlLabel value="author" control={<Radio />} label="Author" />
                  <FormControlLabel value="publisher" control={<Radio />} label="Publisher" />
                  <FormControlLabel value="none" control={<Radio />} label="None" />
                </RadioGroup>
              </FormControl>
            )}
          />
          {field('title', 'Title')}
          <Controller
            name="author"
            control={control}
            render={({ field: f, fieldState }) => (
              <Controller
                name="author_username"
                control={control}
                render={({ field: u }) => (
                  <UserSuggestField
                    label="Author"
                    required
                    value={f.value}
                    onChange={(name, username) => { f.onChange(name); u.onChange(username) }}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
          {field('description', 'Description', { multiline: true, minRows: 4 })}
          {field('coverImage', 'Cover Image URL', { type: 'url' })}
          <Controller
            name="publisher"
            control={control}
            render={({ field: f, fieldState }) => (
              <Controller
                name="publisher_username"
                control={control}
                render={({ field: u }) => (
                  <UserSuggestField
                    label="Publisher"
                    required
                    value={f.value}
                    onChange={(name, username) => { f.onChange(name); u.onChange(username) }}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {field('publishedDate', 'Published Date', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
            {field('language', 'Language')}
            {field('edition', 'Edition')}
            {field('pageCount', 'Page Count', { type: 'number', slotProps: { htmlInput: { min: 1 } } })}
          </Box>
          {field('amazonLink', 'Amazon Link', { type: 'url' })}
          {field('isbn', 'ISBN')}
          {field('genre', 'Genre', { helperText: 'e.g. Fantasy, Adventure, Romance' })}
          {field('category', 'Category', {
            select: true,
            slotProps: { select: { native: true }, inputLabel: { shrink: true } },
            children: [<option key="" value="" disabled>Choose a category</option>, ...ADD_BOOK_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)],
          })}
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending || status?.kind === 'success'}>
            {mutation.isPending ? 'Adding...' : 'Add Book'}
          </Button>
        </Box>
      </Paper>
    </Container>
  )
}

import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Rating from '@mui/material/Rating'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { CreateReviewInputSchema } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { useCreateReview } from '#/features/reviews/api/create-review.ts'

export const SUBMIT_REVIEW_ERROR = 'Failed to submit review'

interface Values { rating: number; content: string }

interface Props {
  bookId: string
  open: boolean
  onClose: () => void
  isAuthenticated: boolean
  /** Called when a signed-out reader presses Submit: the page sends them to /login. */
  onRequireLogin: () => void
}

export default function WriteReviewDialog({ bookId, open, onClose, isAuthenticated, onRequireLogin }: Props) {
  const [error, setError] = useState<string | null>(null)
  const { control, handleSubmit, watch, reset, formState } = useForm<Values>({
    defaultValues: { rating: 0, content: '' },
    resolver: formResolver<Values>(() => undefined, CreateReviewInputSchema, (v) => ({ rating: v.rating, content: v.content })),
  })
  const mutation = useCreateReview(bookId, {
    onSuccess: () => {
      reset({ rating: 0, content: '' })
      onClose()
    },
    onError: (err) => setError(errorMessage(err, SUBMIT_REVIEW_ERROR)),
  })
  const rating = watch('rating')
  const content = watch('content')
  const canSubmit = rating > 0 && content.trim() !== '' && !mutation.isPending

  const onSubmit = handleSubmit((v) => {
    if (!isAuthenticated) {
      onRequireLogin()
      return
    }
    setError(null)
    mutation.mutate({ rating: v.rating, content: v.content.trim() })
  })
  const fieldError = formState.errors.rating?.message ?? formState.errors.content?.message

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="write-review-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="write-review-title">Write a Review</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {fieldError && <Alert severity="error">{fieldError}</Alert>}
          <Box>
            <Typography id="review-rating-label">Rating</Typography>
            <Controller
              name="rating"
              control={control}
              render={({ field }) => (
                <Rating
                  name="rating"
                  value={field.value}
                  onChange={(_, v) => field.onChange(v ?? 0)}
                  size="large"
                  max={5}
                  // A named radio group: screen readers announce 'Rating' and each star ('4 Stars').
                  role="radiogroup"
                  aria-labelledby="review-rating-label"
                  // The focused radio is visually hidden: ring the stars while the keyboard is in them.
                  sx={{ borderRadius: 1, '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 } }}
                />
              )}
            />
          </Box>
          <Controller
            name="content"
            control={control}
            render={({ field }) => (
              <TextField {...field} inputRef={field.ref} label="Your Review" multiline minRows={4} fullWidth />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!canSubmit}>
            {mutation.isPending ? 'Submitting...' : 'Submit Review'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

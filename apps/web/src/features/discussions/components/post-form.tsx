import { useState } from 'react'
import { useForm } from 'react-hook-form'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { Position } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { useFormSubmit } from '#/lib/form-submit.ts'
import { FormTextField } from '#/components/form-text-field.tsx'
import { choiceOf, NO_POSITION, PositionField, positionOf, type PositionChoice } from '#/components/spoilers/position-field.tsx'
import { DISCUSSION_TEXT } from '#/features/discussions/components/discussion-texts.ts'
import { POSITION_TEXT } from '#/components/spoilers/position-texts.ts'

interface Values {
  title: string
  text: string
}

/**
 * A post's form: its text (and a title, for a new discussion or when its opening post is edited) and
 * how far in it is. `initial` fills it to edit a post. `send` gets the trimmed values (`position`
 * left out when none is chosen); the server's reason shows above the fields when it refuses.
 */
export function PostForm({
  id,
  withTitle = false,
  textLabel,
  submit,
  failed,
  busy,
  send,
  onCancel,
  initial,
}: {
  id: string
  withTitle?: boolean
  textLabel: string
  submit: string
  failed: string
  busy: boolean
  send: (v: { title: string; text: string; position?: Position }) => Promise<void>
  onCancel?: () => void
  initial?: { title?: string; text: string; position: Position | null }
}) {
  const [choice, setChoice] = useState<PositionChoice>(() => choiceOf(initial?.position))
  const [positionError, setPositionError] = useState<string>()
  const form = useForm<Values>({
    defaultValues: { title: initial?.title ?? '', text: initial?.text ?? '' },
    resolver: formResolver<Values>((v) =>
      withTitle && v.title.trim() === '' ? 'Give the discussion a title' : v.text.trim() === '' ? 'Write something first' : undefined,
    ),
  })
  const { message, onSubmit } = useFormSubmit(
    form,
    async (v) => {
      const { position, error } = positionOf(choice)
      setPositionError(error)
      if (error) return
      await send({ title: v.title.trim(), text: v.text.trim(), ...(position ? { position } : {}) })
      form.reset()
      setChoice(NO_POSITION)
    },
    (err) => errorMessage(err, failed),
  )
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={submit} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {message && <Alert severity="error">{message}</Alert>}
      {withTitle && (
        <FormTextField
          control={form.control}
          name="title"
          id={`${id}-title`}
          label={DISCUSSION_TEXT.titleLabel}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      )}
      <FormTextField
        control={form.control}
        name="text"
        id={`${id}-text`}
        label={textLabel}
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
        helperText={DISCUSSION_TEXT.spoilerHint}
      />
      <PositionField id={id} choice={choice} onChange={setChoice} error={positionError} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {POSITION_TEXT.readersBehind}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submit}
        </Button>
        {onCancel && (
          <Button type="button" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Box>
    </Box>
  )
}

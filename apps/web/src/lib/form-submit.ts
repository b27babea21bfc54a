import { useState, type FormEvent } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * The submit of a form that asks the server: it clears the last server message, runs the form's own
 * checks, then `send`; what a failure says is kept to show above the fields. `message` is the form's
 * own check (the spec's words) or else the server's.
 */
export function useFormSubmit<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'handleSubmit' | 'formState'>,
  send: (values: V) => Promise<void>,
  messageOf: (err: unknown) => string,
): { message: string | null; onSubmit: (e: FormEvent) => void; clearMessage: () => void } {
  const [error, setError] = useState<string | null>(null)
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(values)
    } catch (err) {
      setError(messageOf(err))
    }
  })
  return {
    message: form.formState.errors.root?.message ?? error,
    onSubmit: (e) => {
      setError(null)
      void submit(e)
    },
    clearMessage: () => setError(null),
  }
}

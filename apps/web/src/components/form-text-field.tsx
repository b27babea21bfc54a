import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { Controller } from 'react-hook-form'
import TextField, { type TextFieldProps } from '@mui/material/TextField'

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name'> & { name: FieldPath<T>; control: Control<T> }

/** A TextField wired to react-hook-form: MUI's error and helperText set once (CONVENTIONS 18). */
export function FormTextField<T extends FieldValues>({ name, control, helperText, onBlur, ...props }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={(e) => {
            field.onBlur()
            onBlur?.(e)
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  )
}

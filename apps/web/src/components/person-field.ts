import type { Ref } from 'react'

/**
 * A field for a person's name that may link a reader (Add Book's Author and Publisher): the form
 * that holds it (books) and the field that suggests readers (users) meet on this shape, since one
 * feature may not import the other.
 */
export interface PersonFieldProps {
  label: string
  value: string
  /** The name typed or picked, and the picked reader's username (null for a name typed freely). */
  onChange: (name: string, username: string | null) => void
  error?: boolean
  helperText?: string
  required?: boolean
  /** The input's name (a form finds the field to focus by it). */
  name?: string
  inputRef?: Ref<HTMLInputElement>
  onBlur?: () => void
}

import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/**
 * The spec's form-level checks first (their exact words go to `errors.root`), then the shared
 * contract schema for field-by-field messages.
 */
export function formResolver<T extends FieldValues>(
  check: (values: T) => string | undefined,
  schema?: z.ZodType,
  toInput: (values: T) => unknown = (v) => v,
): Resolver<T> {
  const zr = schema ? zodResolver(schema as never) : undefined
  return async (values, context, options) => {
    const message = check(values)
    if (message) return { values: {}, errors: { root: { type: 'form', message } } } as never
    if (!zr) return { values, errors: {} }
    const result = await (zr as unknown as Resolver<FieldValues>)(toInput(values) as FieldValues, context, options as never)
    // The form keeps its own values (the schema may reshape them for the wire).
    return Object.keys(result.errors).length ? (result as never) : { values, errors: {} }
  }
}

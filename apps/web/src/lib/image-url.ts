/** A profile image path made absolute: origin + /uploads/ for a relative one; URLs as they are. */
export function profileImageUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('data:') || value.startsWith('blob:')) return value
  const origin = globalThis.location?.origin ?? ''
  if (value.startsWith('/uploads/')) return `${origin}${value}`
  if (value.startsWith('uploads/')) return `${origin}/${value}`
  return `${origin}/uploads/${value.replace(/^\/+/, '')}`
}
